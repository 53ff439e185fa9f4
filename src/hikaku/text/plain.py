"""Characters NFKC reads one at a time: a text normalises in pieces cut before them.

A *plain* character's compatibility decomposition starts with a starter (combining class
0) that composes with nothing before it. Nothing before such a character reaches it in
normalisation: canonical reordering stops at a starter, and no composition joins an earlier
character to it (only a second character of a composition — a combining mark, a kana voicing
mark, a Hangul vowel or final — joins one). Hence, when ``text[j]`` is plain,

    NFKC(text) == NFKC(text[:j]) + NFKC(text[j:])

and a text of plain characters only is its characters' NFKC forms end to end. The ranges
hold every character of the scripts and symbols of Japanese and English text that is so
(``tests/test_plain.py`` checks each one against ``unicodedata``); every one of them is
assigned, and Unicode's normalisation stability keeps their decompositions and classes.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["PLAIN_RANGES", "is_plain", "nfkc_head"]

PLAIN_RANGES = (
    "\u0000-\u02ff\u2000-\u2064\u2066-\u2071\u2074-\u208e\u2090-\u209c\u20a0-\u20c0\u2100-\u218b"
    "\u2190-\u2426\u2440-\u244a\u2460-\u2b73\u2b76-\u2b95\u2b97-\u2bff\u3000-\u3029\u3030-\u303f"
    "\u3041-\u3096\u309b-\u30ff\u3220-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufa6d\ufa70-\ufad9"
    "\ufe30-\ufe4f\uff01-\uff9d\uffe0-\uffe6\uffe8-\uffee"
)
_PLAIN = re.compile(f"[{PLAIN_RANGES}]")
_NOT_PLAIN = re.compile(f"[^{PLAIN_RANGES}]")


def is_plain(text: str) -> bool:
    """Whether every character of *text* is plain: its NFKC form is then its characters' NFKC
    forms end to end (not so for ｶﾞ, e + U+0301 or Hangul jamo, whose second character joins
    the first). False means: not known."""
    return _NOT_PLAIN.search(text) is None


def nfkc_head(text: str, at_least: int) -> tuple[str, bool]:
    """NFKC of the opening of *text* that ends right before its first plain character at
    position *at_least* or later — a prefix of ``NFKC(text)``, exactly — and whether that
    opening is the whole text (when no such character comes: the head is then ``NFKC(text)``)."""
    m = _PLAIN.search(text, at_least)
    if m is None:
        return unicodedata.normalize("NFKC", text), True
    return unicodedata.normalize("NFKC", text[: m.start()]), False
