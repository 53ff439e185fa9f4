"""A text in NFKC with invisible characters dropped, and where each of its characters came from:
numbers and references are read in the folded text (「３か月」 as 「3か月」, ⑴ as (1)), quotes are
cut from the original."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..text import INVISIBLE, nfkc

__all__ = ["Folded", "fold"]


@dataclass(frozen=True, slots=True)
class Folded:
    """*text* folded; ``origin[i]`` is the index in the original of the character that gave
    ``text[i]`` (one more entry: the original's length)."""

    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the folded span ``[start, end)``."""
        if end <= start:
            at = self.origin[start]
            return at, at
        return self.origin[start], self.origin[end - 1] + 1


def fold(text: str) -> Folded:
    """NFKC of *text* without its invisible characters, character by character where NFKC would
    change the length (half-width katakana with their sound marks, ligatures), else at once."""
    folded = nfkc(text)
    if len(folded) == len(text) and not INVISIBLE.search(text):
        return Folded(folded, tuple(range(len(text) + 1)))
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        if INVISIBLE.match(ch):
            continue
        piece = unicodedata.normalize("NFKC", ch)
        out.append(piece)
        origin.extend([i] * len(piece))
    origin.append(len(text))
    return Folded("".join(out), tuple(origin))
