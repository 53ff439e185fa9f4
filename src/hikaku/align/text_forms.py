"""How the similarity reads a text (:mod:`.similarity`): NFKC, spaces collapsed, lower case, every
number one character told by its value; its character trigrams; its words; the forms of many texts
made when first asked for."""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Sequence

from ..text import lowered, nfkc

__all__ = ["Normalised", "as_values", "lowered_values", "normalize_for_similarity", "tokens", "words"]

_WS = re.compile(r"\s+")


_NUMBER = re.compile(r"[0-9]+(?:[,.][0-9]+)*")
_VALUES = 0xF0000  # numbers become characters of Supplementary Private Use Area-A (65,534 of them)


def as_values(text: str) -> str:
    """*text* with every number one character, told by its value: two numbers are the same value or
    they are not — 2,030 and 2,099 share no more than 2,030 and 5,111, and a row of a premium
    table (「30歳｜…｜2,030円」) is more like its revision (「30歳｜…｜2,099円」) than like the next
    row (「31歳｜…｜2,070円」), which its digits alone made no sure thing. Thousands separators are
    no part of the value (1,000 is 1000)."""
    return _NUMBER.sub(lambda m: chr(_VALUES + zlib.crc32(m.group().replace(",", "").encode()) % 65534), text)


def normalize_for_similarity(text: str) -> str:
    return as_values(_WS.sub(" ", nfkc(text)).strip().lower())


def lowered_values(text: str) -> str:
    return as_values(lowered(text))




def tokens(text: str) -> frozenset[str]:
    """The character trigrams of a normalised text: what two wordings share, in any language
    (no word segmentation; inflected and reordered words still share most of theirs)."""
    t = " ".join(text.split())
    return frozenset(t[k: k + 3] for k in range(max(1, len(t) - 2)))


_LATIN = re.compile(r"[a-z0-9]+")
_NOT_LATIN = re.compile(r"[a-z0-9\s]+")


def words(text: str) -> frozenset[str]:
    """The words of a normalised text, in any language without a segmenter: its Latin words whole,
    and the character pairs of everything else (Japanese, numbers as values, punctuation) —
    "measure how you use" and "show you offers" share "you", not the trigram "how"."""
    out = set(_LATIN.findall(text))
    for run in _NOT_LATIN.split(text):
        out.update(run[k: k + 2] for k in range(max(1, len(run) - 1)) if run)
    out.discard("")
    return frozenset(out)


class Normalised:
    """The texts in the form the similarity compares (``form(texts[i])``), each made when
    first asked for and then kept: most chunks of a large comparison are settled twins
    that no score ever reads, and their lower-cased copies were a tenth of its memory."""

    def __init__(self, texts: Sequence[str], form: Callable[[str], str]) -> None:
        self._texts = texts
        self._form = form
        self._made: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._texts)

    @property
    def texts(self) -> Sequence[str]:
        """The texts as given."""
        return self._texts

    def clear(self) -> None:
        self._made.clear()

    def __getitem__(self, i: int) -> str:
        got = self._made.get(i)
        if got is None:
            got = self._made[i] = self._form(self._texts[i])
        return got
