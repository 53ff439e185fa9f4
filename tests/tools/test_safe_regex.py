import random
import re
import unicodedata

from hikaku.tools._safe_regex import _PLAIN_RANGES, is_plain, normalize_with_offsets


def _seconds() -> set[str]:
    """Characters that compose with a character before them: the second of a two-character
    canonical decomposition, and Hangul's vowel and final jamo (composed by rule)."""
    out = {chr(c) for c in range(0x1161, 0x1176)} | {chr(c) for c in range(0x11A8, 0x11C3)}
    for cp in range(0x110000):
        d = unicodedata.decomposition(chr(cp))
        if d and not d.startswith("<") and len(d.split()) == 2:
            out.add(chr(int(d.split()[1], 16)))
    return out


def test_every_plain_character_is_assigned_and_starts_with_a_starter_that_composes_with_nothing_before():
    seconds = _seconds()
    plain = [chr(cp) for cp in range(0x110000) if re.fullmatch(f"[{_PLAIN_RANGES}]", chr(cp))]
    assert len(plain) > 30000
    for ch in plain:
        assert unicodedata.category(ch) != "Cn", hex(ord(ch))  # assigned: its properties never change
        first = unicodedata.normalize("NFKD", ch)[0]
        assert unicodedata.combining(first) == 0 and first not in seconds, hex(ord(ch))


def test_a_plain_text_normalises_character_by_character():
    rng = random.Random(11)
    alphabet = "aAeé\u00a8\u00b4ｶﾀガカ゛゜ＡＢ　社写［］①㈱㍻ﬁ…" + "".join(chr(c) for c in range(0x3000, 0x3100))
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
        if is_plain(text):
            assert unicodedata.normalize("NFKC", text) == "".join(unicodedata.normalize("NFKC", c) for c in text)
            assert normalize_with_offsets(text)[0] == unicodedata.normalize("NFKC", text)
    for text in ("ｶﾞ", "e\u0301", "\u1100\u1161", "ㄱㅏ", "ﾊﾟ", "か\u3099"):  # the second character joins the first
        assert not is_plain(text)
        assert unicodedata.normalize("NFKC", text) != "".join(unicodedata.normalize("NFKC", c) for c in text)
    assert is_plain("") and is_plain("第５条　保険金は［写A］What if it snows?") and is_plain("café ①")
