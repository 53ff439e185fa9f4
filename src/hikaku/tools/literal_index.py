"""A character-bigram inverted index for fast literal search in large documents.

Scanning a whole document for every search costs O(document) each time; with this
index a literal search only looks into the chunks that contain every bigram of the
needle (verified with ``str.find``, so results are exact). The postings — for every
distinct bigram the chunks holding it, 4 bytes a chunk — come from one sorted array of
(bigram, chunk) pairs packed in 64-bit integers, made a block of texts at a time with a
sort and a mask (no hashing of millions of values, no array per chunk).

Bigrams holding a whitespace character are not indexed: the index may be built on text
whose whitespace was collapsed (the comparison's match keys), and a needle's other
bigrams still narrow the search.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..system import give_back

__all__ = ["BigramIndex"]

_BITS = 21  # code points fit in 21 bits
_MASK = (1 << _BITS) - 1
_CHECK = 8  # candidates few enough to verify directly rather than intersect further
_BLOCK_CHARS = 1 << 18  # texts indexed a block at a time: ~50 bytes of scratch per character


class BigramIndex:
    def __init__(self, texts: Iterable[str]) -> None:
        parts = []
        block: list[str] = []
        size = first = n = 0
        for k, t in enumerate(texts):
            n = k + 1
            block.append(t)
            size += len(t)
            if size >= _BLOCK_CHARS:
                parts.append(_pairs(block, first))
                block, size, first = [], 0, n
        if block:
            parts.append(_pairs(block, first))
        if n >= 1 << _BITS:
            raise ValueError("too many chunks for the bigram index")
        flat = np.empty(sum(len(p) for p in parts), dtype=np.int64)
        at = 0
        while parts:  # each block's pairs let go as soon as copied
            part = parts.pop(0)
            flat[at: at + len(part)] = part
            at += len(part)
        flat.sort()  # distinct within each chunk already, hence distinct overall
        # as postings lists: the distinct bigrams, where each one's chunks start, the chunks
        # the chunks, cast a buffer at a time (no int64 copy of the pairs)
        self._chunks = np.empty(len(flat), dtype=np.int32)
        np.bitwise_and(flat, _MASK, out=self._chunks, casting="unsafe")
        flat >>= _BITS  # the bigrams, in place
        if len(flat):
            new = np.empty(len(flat), dtype=bool)
            new[0] = True
            np.not_equal(flat[1:], flat[:-1], out=new[1:])
            first_of = np.flatnonzero(new)
            del new
        else:
            first_of = np.zeros(0, dtype=np.int64)
        self._keys = flat[first_of]
        self._starts = np.append(first_of, len(flat))
        del flat
        give_back()  # the sort's scratch, in a long document tens of megabytes

    def _postings(self, key: int) -> np.ndarray:
        at = int(np.searchsorted(self._keys, key))
        if at == len(self._keys) or self._keys[at] != key:
            return self._chunks[:0]
        return self._chunks[self._starts[at]: self._starts[at + 1]]

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


def _pairs(texts: list[str], first: int) -> np.ndarray:
    """The distinct (bigram, chunk) pairs of the chunks *first*, *first* + 1, … holding
    *texts*, packed and sorted: the texts' code points end to end, and a bigram only where
    both characters are of one chunk."""
    codes = np.frombuffer("".join(texts).encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
    lengths = np.fromiter((len(t) for t in texts), dtype=np.int64, count=len(texts))
    owner = np.repeat(np.arange(first, first + len(texts), dtype=np.int64), lengths)
    inside = owner[:-1] == owner[1:]
    pairs = ((((codes[:-1] << _BITS) | codes[1:]) << _BITS) | owner[:-1])[inside]
    pairs.sort()
    if len(pairs) > 1:
        pairs = pairs[np.concatenate(([True], pairs[1:] != pairs[:-1]))]
    return pairs
