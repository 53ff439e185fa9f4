"""Text as hikaku reads it: Unicode normalisation (NFKC and what it leaves, ``normalize``),
the characters NFKC reads one at a time (``plain``), sentences, shortening, CJK detection.

The bottom of the house: every room may use it; it imports nothing of hikaku's."""

from __future__ import annotations

from .normalization import (
    INVISIBLE,
    LIST_MARKER,
    contains_cjk,
    is_cosmetic_change,
    lowered,
    match_key,
    nfkc,
    normalize,
    recall,
    remembering,
    shorten,
    split_sentences,
    text_codec,
    visible,
    without_label,
    without_list_marker,
)
from .plain import PLAIN_RANGES, is_plain, nfkc_head

__all__ = [
    "INVISIBLE",
    "LIST_MARKER",
    "PLAIN_RANGES",
    "contains_cjk",
    "is_cosmetic_change",
    "is_plain",
    "lowered",
    "match_key",
    "nfkc",
    "nfkc_head",
    "normalize",
    "recall",
    "remembering",
    "shorten",
    "split_sentences",
    "text_codec",
    "visible",
    "without_label",
    "without_list_marker",
]
