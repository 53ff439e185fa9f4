import random
import re
import unicodedata

from hikaku.text.plain import PLAIN_RANGES, is_plain, nfkc_head
from hikaku.tools.safe_regex import normalize_with_offsets


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
    plain = [chr(cp) for cp in range(0x110000) if re.fullmatch(f"[{PLAIN_RANGES}]", chr(cp))]
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


def test_a_text_normalises_in_pieces_cut_before_a_plain_character():
    rng = random.Random(12)
    alphabet = ("aAeé\u00a8\u00b4\u0301\u0323ｶﾀガカ゛゜ﾞﾟ\u3099ＡＢ　社写［］①㈱㍻ﬁ…第条の一二十１２（）\u1100\u1161\u11a8"
                + "".join(chr(c) for c in range(0x3000, 0x3100)))
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        whole = unicodedata.normalize("NFKC", text)
        for at_least in (0, 1, 5, 16):
            head, complete = nfkc_head(text, at_least)
            assert whole.startswith(head)
            assert complete == (head == whole and not any(is_plain(c) for c in text[at_least:]))
            if not complete:
                cut = next(j for j in range(at_least, len(text)) if is_plain(text[j]))
                assert head == unicodedata.normalize("NFKC", text[:cut])
                assert whole == head + unicodedata.normalize("NFKC", text[cut:])
    assert nfkc_head("第十二条\u3000保険金の支払", 4) == ("第十二条", False)
    assert nfkc_head("第１２条\u3000保険金", 3) == ("第12", False)
    assert nfkc_head("ｶﾞ", 1) == ("ガ", True)  # the voicing mark joins the kana before it: no cut there
    assert nfkc_head("Article 4", 20) == ("Article 4", True)
