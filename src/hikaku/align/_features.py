"""The features of :mod:`.similarity`: hashed character 1–3-grams and Latin words of many
texts at once, counted with numpy a block of texts at a time, and what a TF-IDF weighting
needs of them (the vocabulary of buckets and their document frequencies) gathered block by
block: the features of 2 × 50,000 chunks never exist all at once as triples of 64-bit integers.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["SimilarityParams", "count_triples", "count_blocks", "distinct", "distinct_counts", "even_sample"]

_BITS = 22
_DIM = 1 << _BITS
_MIX = np.uint64(0x9E3779B97F4A7C15)
_PRIME = np.uint64(0x100000001B3)
_WORD = re.compile(r"[a-z0-9]{2,}")
_BLOCK_CHARS = 1 << 18  # texts featurised a block at a time: ~100 bytes of scratch per character


@dataclass(frozen=True)
class SimilarityParams:
    ngram_min: int = 1
    ngram_max: int = 3
    word_weight: float = 2.0
    cosine_weight: float = 0.5
    idf_sample: int = 1500


def count_blocks(texts: Sequence[str], p: SimilarityParams
                 ) -> Iterator[tuple[int, int, np.ndarray, np.ndarray, np.ndarray]]:
    """(first row, number of rows, rows, hashed buckets, counts) of each block of about
    ``_BLOCK_CHARS`` characters: the triples of :func:`count_triples`, rows counted from 0
    for the whole of *texts*; a row lies in one block."""
    start = size = 0
    for k, t in enumerate(texts):
        size += len(t) + 1
        if size >= _BLOCK_CHARS or k == len(texts) - 1:
            r, c, v = _count_block(texts[start: k + 1], p)
            yield start, k + 1 - start, r + start, c, v
            start, size = k + 1, 0


def count_triples(texts: Sequence[str], p: SimilarityParams) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Raw feature counts as (row, hashed bucket, count) triples, duplicates summed, in
    row order (by bucket within a row)."""
    parts = [(r, c, v) for _, _, r, c, v in count_blocks(texts, p)]
    if not parts:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float32)
    if len(parts) == 1:
        return parts[0]
    return (np.concatenate([x[0] for x in parts]), np.concatenate([x[1] for x in parts]),
            np.concatenate([x[2] for x in parts]))


def distinct_counts(values: np.ndarray, weights: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Sorted distinct *values* and how many times each occurs (or the sum of its *weights*)."""
    order = np.argsort(values, kind="stable")
    v = values[order]
    if not len(v):
        return v, np.zeros(0, np.int64)
    first = np.flatnonzero(np.concatenate(([True], v[1:] != v[:-1])))
    w = np.ones(len(v), np.int64) if weights is None else weights[order]
    return v[first], np.add.reduceat(w, first)


def _count_block(texts: Sequence[str], p: SimilarityParams) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n = len(texts)
    joined = "\x00".join(t.replace(" ", "_") for t in texts) + "\x00"
    codes = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    lengths = np.fromiter((len(t) + 1 for t in texts), dtype=np.int64, count=n)
    owner = np.repeat(np.arange(n, dtype=np.int64), lengths)
    is_sep = np.concatenate([[0], np.cumsum(codes == 0)])
    rows, cols, vals = [], [], []
    for k in range(p.ngram_min, p.ngram_max + 1):
        m = len(codes) - k + 1
        if m <= 0:
            continue
        h = codes[:m].copy()
        for d in range(1, k):
            h = h * _PRIME + codes[d: d + m]
        valid = (is_sep[k: k + m] - is_sep[:m]) == 0
        h = (h + np.uint64(k)) * _MIX
        rows.append(owner[:m][valid])
        cols.append((h >> np.uint64(64 - _BITS)).astype(np.int64)[valid])
        vals.append(np.ones(int(valid.sum()), dtype=np.float32))
    if p.word_weight:
        wr: list[int] = []
        wc: list[int] = []
        for row, t in enumerate(texts):
            for w in _WORD.findall(t):
                wr.append(row)
                wc.append(zlib.crc32(b"w:" + w.encode()) & (_DIM - 1))
        if wr:
            rows.append(np.asarray(wr, dtype=np.int64))
            cols.append(np.asarray(wc, dtype=np.int64))
            vals.append(np.full(len(wr), p.word_weight, dtype=np.float32))
    r, c, v = np.concatenate(rows), np.concatenate(cols), np.concatenate(vals)
    key = r * _DIM + c
    uniq, inverse = np.unique(key, return_inverse=True)
    summed = np.bincount(inverse, weights=v).astype(np.float32)
    return uniq // _DIM, uniq % _DIM, summed


def distinct(values: np.ndarray) -> np.ndarray:
    """np.unique by a sort and a mask (NumPy 2's np.unique hashes: many times slower here)."""
    out = np.sort(values)
    if len(out) > 1:
        out = out[np.concatenate(([True], out[1:] != out[:-1]))]
    return out


def even_sample(items: list, k: int) -> list:
    if k <= 0 or not items:
        return []
    if len(items) <= k:
        return items
    step = len(items) / k
    return [items[int(n * step)] for n in range(k)]
