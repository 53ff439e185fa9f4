"""The features of :mod:`.similarity`: hashed character 1–3-grams and Latin words of many
texts at once, counted with numpy a block of texts at a time, and what a TF-IDF weighting
needs of them (the vocabulary of buckets and their document frequencies) gathered block by
block: the features of 2 × 50,000 chunks never exist all at once as triples of 64-bit integers.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["SimilarityParams", "bucket_columns", "count_triples", "count_blocks", "distinct", "distinct_counts",
           "even_sample"]

_BITS = 22
_DIM = 1 << _BITS
_MIX = np.uint64(0x9E3779B97F4A7C15)
_PRIME = np.uint64(0x100000001B3)
_SPELLED = 10  # characters of a word told by a number: 36 symbols and "none", 37**10 < 2**63
_PLACES = 37 ** np.arange(_SPELLED - 1, -1, -1, dtype=np.int64)
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
    """Sorted distinct *values* and how many times each occurs (or the sum of its integer
    *weights*: exact in any order, so the sort need not be stable — NumPy's unstable sorts are
    many times faster)."""
    if weights is None:
        v = np.sort(values)
        first = _run_starts(v)
        return v[first], np.diff(np.append(first, len(v))).astype(np.int64)
    if weights.dtype.kind not in "iub":
        raise TypeError("distinct_counts sums integer weights only")
    order = np.argsort(values)
    v = values[order]
    first = _run_starts(v)
    return v[first], (np.add.reduceat(weights[order], first) if len(v) else np.zeros(0, np.int64))


def _run_starts(v: np.ndarray) -> np.ndarray:
    """Where each run of equal values of the sorted *v* starts."""
    if not len(v):
        return np.zeros(0, np.int64)
    return np.flatnonzero(np.concatenate(([True], v[1:] != v[:-1])))


def _count_block(texts: Sequence[str], p: SimilarityParams) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n = len(texts)
    joined = "\x00".join(t.replace(" ", "_") for t in texts) + "\x00"
    codes = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    lengths = np.fromiter((len(t) + 1 for t in texts), dtype=np.int64, count=n)
    owner = np.repeat(np.arange(n, dtype=np.int64), lengths)
    is_sep = np.concatenate([[0], np.cumsum(codes == 0)])
    grams = []  # (row, bucket) of every n-gram, as row * _DIM + bucket
    for k in range(p.ngram_min, p.ngram_max + 1):
        m = len(codes) - k + 1
        if m <= 0:
            continue
        h = codes[:m].copy()
        for d in range(1, k):
            h = h * _PRIME + codes[d: d + m]
        valid = (is_sep[k: k + m] - is_sep[:m]) == 0
        h = (h + np.uint64(k)) * _MIX
        grams.append(owner[:m][valid] * _DIM + (h >> np.uint64(64 - _BITS)).astype(np.int64)[valid])
    keys, counts = distinct_counts(np.concatenate(grams) if grams else np.zeros(0, np.int64))
    summed = counts.astype(np.float64)
    words = _word_keys(joined, codes, owner) if p.word_weight else np.zeros(0, np.int64)
    if len(words):
        keys, summed = _with_words(keys, summed, *distinct_counts(words), p.word_weight)
    return keys // _DIM, keys % _DIM, summed.astype(np.float32)


def _word_keys(joined: str, codes: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """(row, bucket) of every Latin word (what ``[a-z0-9]{2,}`` finds: a run of two or more) of the
    texts *joined* (their code points *codes*, the row of each in *owner*), as row * _DIM +
    bucket, in order: the runs found with numpy, each distinct word hashed once."""
    word = ((codes >= 97) & (codes <= 122)) | ((codes >= 48) & (codes <= 57))
    edges = np.diff(np.concatenate(([0], word.view(np.int8), [0])))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    long = ends - starts >= 2
    starts, ends = starts[long], ends[long]
    if not len(starts):
        return np.zeros(0, np.int64)
    # a word of up to _SPELLED characters is told by a number (its characters as digits 1-36):
    # only the distinct ones are cut out of the text and hashed
    lengths = ends - starts
    at = np.minimum(starts[:, None] + np.arange(_SPELLED), len(codes) - 1)
    c = codes[at].astype(np.int64)
    digit = np.where(c >= 97, c - 96, c - 21) * (np.arange(_SPELLED) < lengths[:, None])
    spelled = np.where(lengths <= _SPELLED, digit @ _PLACES, -1 - np.arange(len(starts)))  # longer: its own
    distinct_words, inverse = np.unique(spelled, return_inverse=True)
    one = np.empty(len(distinct_words), dtype=np.int64)  # an occurrence of each distinct word
    one[inverse] = np.arange(len(starts))
    buckets = np.fromiter((zlib.crc32(b"w:" + joined[a:b].encode()) & (_DIM - 1)
                           for a, b in zip(starts[one].tolist(), ends[one].tolist())),
                          dtype=np.int64, count=len(distinct_words))
    return owner[starts] * _DIM + buckets[inverse]


def _with_words(keys: np.ndarray, summed: np.ndarray, word_keys: np.ndarray, word_counts: np.ndarray,
                weight: float) -> tuple[np.ndarray, np.ndarray]:
    """The n-grams' (key, count) and the words' merged, a word adding *weight* (as a float32, a
    feature's value) once per occurrence after the n-grams' ones, in double precision: the sums,
    to the last bit, of adding every feature's value in the order they were counted."""
    weight = float(np.float32(weight))
    at = np.searchsorted(keys, word_keys)  # the words are few: each looked up among the n-grams
    held = at < len(keys)
    held[held] = keys[at[held]] == word_keys[held]
    merged = np.insert(keys, at[~held], word_keys[~held])  # the words no n-gram shares a bucket with
    out = np.insert(summed, at[~held], 0.0)
    at = np.searchsorted(merged, word_keys)
    for k in range(int(word_counts.max())):
        out[at[word_counts > k]] += weight
    return merged, out


def bucket_columns(keys: np.ndarray) -> np.ndarray:
    """A table from every hashed bucket to its position among the sorted distinct *keys*
    (``table[b] == np.searchsorted(keys, b)`` for a bucket *b* of *keys*; -1 for the others):
    a gather where a binary search per feature missed the cache at every step."""
    table = np.full(_DIM, -1, dtype=np.int32)
    table[keys] = np.arange(len(keys), dtype=np.int32)
    return table


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
