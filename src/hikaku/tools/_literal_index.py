"""A character-bigram inverted index for fast literal search in large documents.

Scanning a whole document for every search costs O(document) each time; with this
index a literal search only looks into the chunks that contain every bigram of the
needle (verified with ``str.find``, so results are exact). The postings are one sorted
array of (bigram, chunk) pairs packed in 64-bit integers: 8 bytes per distinct bigram of
a chunk, built with a sort and a mask (no hashing of millions of values).

Bigrams holding a whitespace character are not indexed: the index may be built on text
whose whitespace was collapsed (the comparison's match keys), and a needle's other
bigrams still narrow the search.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

__all__ = ["BigramIndex"]

_BITS = 21  # code points fit in 21 bits
_MASK = (1 << _BITS) - 1
_CHECK = 8  # candidates few enough to verify directly rather than intersect further


class BigramIndex:
    def __init__(self, texts: Iterable[str]) -> None:
        parts = []
        n = 0
        for k, t in enumerate(texts):
            n = k + 1
            if len(t) < 2:
                continue
            c = np.frombuffer(t.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
            pairs = (((c[:-1] << _BITS) | c[1:]) << _BITS) | k  # bigram (42 bits) and chunk (21 bits)
            pairs.sort()
            parts.append(pairs[np.concatenate(([True], pairs[1:] != pairs[:-1]))] if len(pairs) > 1 else pairs)
        if n >= 1 << _BITS:
            raise ValueError("too many chunks for the bigram index")
        flat = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
        del parts
        flat.sort()  # distinct within each chunk already, hence distinct overall
        self._flat = flat

    def _postings(self, key: int) -> np.ndarray:
        lo = np.searchsorted(self._flat, key << _BITS, side="left")
        hi = np.searchsorted(self._flat, (key << _BITS) | _MASK, side="right")
        return (self._flat[lo:hi] & _MASK).astype(np.int32)

    def candidates(self, needle: str) -> np.ndarray | None:
        """Chunk indices (sorted) that contain every bigram of *needle* (but those with a
        whitespace character): a superset of the chunks containing *needle*; None when the
        needle has no such bigram (search everything)."""
        keys = {(ord(x) << _BITS) | ord(y) for x, y in zip(needle, needle[1:]) if not (x.isspace() or y.isspace())}
        if not keys:
            return None
        lists = sorted((self._postings(k) for k in keys), key=len)
        out = lists[0]
        for other in lists[1:]:
            if len(out) <= _CHECK:
                break
            at = np.searchsorted(other, out)
            out = out[other[np.minimum(at, len(other) - 1)] == out] if len(other) else out[:0]
        return out
