"""Heading recognition decides body text by the first character alone, without normalising
the line: exact, because NFKC of a line opens with a character a heading pattern starts with
only when NFKC of its first character does."""

from __future__ import annotations

import sys
import unicodedata

from hikaku.document.headings import _OPENERS, _lead, detect_heading, is_caption


def _decomposable() -> list[str]:
    """Every character NFKC changes (those with a decomposition), and the openers themselves."""
    out = [chr(cp) for cp in range(sys.maxunicode + 1)
           if not 0xD800 <= cp <= 0xDFFF and unicodedata.decomposition(chr(cp))]
    return out + sorted(_OPENERS) + [chr(cp) for cp in range(128)]


def test_the_lead_is_what_nfkc_of_the_line_opens_with_whenever_a_pattern_could_care():
    tails = ["", "第1条（目的）", "\u0300\u0301 x", "\u0323", "1) 目的", "ｶﾞ"]
    checked = 0
    for c in _decomposable():
        for tail in tails:
            line = c + tail
            first = unicodedata.normalize("NFKC", line)[:1]
            if first.isascii() or first in _OPENERS:
                assert _lead(line) == first, (hex(ord(c)), tail)
                checked += 1
    assert checked > 5000


def test_full_width_and_enclosed_forms_still_open_headings():
    assert detect_heading("第１条（目的）", markdown=False).kind == "article"
    assert detect_heading("⑴ 保険金の支払", markdown=False).kind == "item"  # NFKC: (1)
    assert detect_heading("Ｓｅｃｔｉｏｎ 2.1 Fees", markdown=False).kind == "article"
    assert detect_heading("︻重要事項︼", markdown=False).kind == "bracket"  # the vertical 【 】
    assert is_caption("（目的）") and is_caption("﹙目的﹚") and is_caption("(Purpose)")
    assert detect_heading("保険金の支払について定める。", markdown=False) is None
    assert not is_caption("目的（この約款の趣旨）")
