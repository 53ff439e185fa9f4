"""A character-bigram inverted index for fast literal search in large documents.

Scanning a whole document for every search costs O(document) each time; with this
index a literal search only looks into the chunks that contain the needle's rarest
bigram (verified with ``str.find``, so results are exact).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["BigramIndex"]

_SHIFT = np.int64(21)  # code points fit in 21 bits


class BigramIndex:
    def __init__(self, texts: Sequence[str]) -> None:
        combined = []
        for k, t in enumerate(texts):
            if len(t) < 2:
                continue
            c = np.frombuffer(t.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
            # bigram (42 bits) and chunk index (21 bits) in one int64, so one 1-D sort does it
            combined.append((((c[:-1] << _SHIFT) | c[1:]) << _SHIFT) | k)
        if len(texts) >= 1 << 21:
            raise ValueError("too many chunks for the bigram index")
        flat = np.unique(np.concatenate(combined)) if combined else np.zeros(0, dtype=np.int64)
        self._keys = flat >> _SHIFT
        self._owners = (flat & ((1 << 21) - 1)).astype(np.int32)

    def _postings(self, key: int) -> np.ndarray:
        lo = np.searchsorted(self._keys, key, side="left")
        hi = np.searchsorted(self._keys, key, side="right")
        return self._owners[lo:hi]

    def candidates(self, needle: str) -> np.ndarray | None:
        """Chunk indices (sorted) that contain the rarest bigram of *needle* (and the next
        rarest, when the rarest is common): a superset of the chunks containing *needle*;
        None when the needle is too short for the index."""
        if len(needle) < 2:
            return None
        c = [ord(ch) for ch in needle]
        keys = {(c[i] << 21) | c[i + 1] for i in range(len(c) - 1)}
        lists = sorted((self._postings(k) for k in keys), key=len)
        if len(lists) > 1 and len(lists[0]) > 64:  # two common bigrams: their intersection is much smaller
            return np.intersect1d(lists[0], lists[1], assume_unique=True)
        return lists[0]
