"""The similarity's features (align/features.py), counted with sorts: the same triples, to the
bit, as the plain count (np.unique over every feature, its values summed in the order counted)."""

from __future__ import annotations

import re
import zlib

import numpy as np
import pytest

from hikaku.align import features
from hikaku.align.features import SimilarityParams, bucket_columns, count_triples, distinct_counts

TEXTS = ["", "a", "第１条　保険金を支払う。", "第1条 保険金を支払う。", "ｶﾀｶﾅ and words words words", "x" * 40,
         "the the the the cat", "\U0001f600 emoji \U0001f600", "Ⅻ ㍻ ﬁ", "aa aa aa aa aa aa aa aa aa", " ",
         "abcdefghij abcdefghijk abcdefghijk supercalifragilistic 0123456789 01234567890 x9y8z7 z0 0z a1 1a",
         "第３条の2 2024年4月1日 ver2 v2 ａｂｃ abc_def a-b", "ab", "9"]


def _plain(texts: list[str], p: SimilarityParams) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The count as first written: every feature a (row, bucket, value) triple, summed by np.unique."""
    joined = "\x00".join(t.replace(" ", "_") for t in texts) + "\x00"
    codes = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    owner = np.repeat(np.arange(len(texts)), [len(t) + 1 for t in texts])
    is_sep = np.concatenate([[0], np.cumsum(codes == 0)])
    rows, cols, vals = [], [], []
    for k in range(p.ngram_min, p.ngram_max + 1):
        m = len(codes) - k + 1
        h = codes[:m].copy()
        for d in range(1, k):
            h = h * features._PRIME + codes[d: d + m]
        valid = (is_sep[k: k + m] - is_sep[:m]) == 0
        h = (h + np.uint64(k)) * features._MIX
        rows.append(owner[:m][valid])
        cols.append((h >> np.uint64(64 - features._BITS)).astype(np.int64)[valid])
        vals.append(np.ones(int(valid.sum()), dtype=np.float32))
    if p.word_weight:
        words = [(r, zlib.crc32(b"w:" + w.encode()) & (features._DIM - 1))
                 for r, t in enumerate(texts) for w in re.findall(r"[a-z0-9]{2,}", t)]
        if words:
            rows.append(np.array([r for r, _ in words]))
            cols.append(np.array([c for _, c in words]))
            vals.append(np.full(len(words), p.word_weight, dtype=np.float32))
    key = np.concatenate(rows) * features._DIM + np.concatenate(cols)
    uniq, inverse = np.unique(key, return_inverse=True)
    return uniq // features._DIM, uniq % features._DIM, np.bincount(inverse, weights=np.concatenate(vals)).astype(
        np.float32)


@pytest.mark.parametrize("weight", [2.0, 0.3, 1 / 3, 0.0])
def test_counted_with_sorts_the_same_as_the_plain_count(weight, monkeypatch):
    texts = [t.lower() for t in TEXTS]
    p = SimilarityParams(word_weight=weight)
    expected = _plain(texts, p)
    got = count_triples(texts, p)
    assert all(x.dtype == y.dtype and x.tobytes() == y.tobytes() for x, y in zip(got, expected))
    # a bucket shared by an n-gram and a word: the word's weight added after the n-grams' ones
    monkeypatch.setattr(features, "_DIM", 1 << 3)  # eight buckets: every feature collides
    monkeypatch.setattr(features, "_BITS", 3)
    expected = _plain(texts, p)
    got = count_triples(texts, p)
    assert all(x.dtype == y.dtype and x.tobytes() == y.tobytes() for x, y in zip(got, expected))


def test_distinct_counts():
    values = np.array([5, 3, 5, 9, 3, 5], dtype=np.int64)
    keys, counts = distinct_counts(values)
    assert keys.tolist() == [3, 5, 9] and counts.tolist() == [2, 3, 1]
    keys, sums = distinct_counts(values, np.array([1, 2, 3, 4, 5, 6]))
    assert keys.tolist() == [3, 5, 9] and sums.tolist() == [7, 10, 4]
    assert [x.tolist() for x in distinct_counts(np.zeros(0, np.int64))] == [[], []]
    assert [x.tolist() for x in distinct_counts(np.zeros(0, np.int64), np.zeros(0, np.int64))] == [[], []]
    with pytest.raises(TypeError):  # float sums depend on their order: not summed here
        distinct_counts(values, np.ones(6))


def test_bucket_columns_are_the_positions_among_the_keys():
    keys = np.array([0, 7, 1000, features._DIM - 1], dtype=np.int64)
    table = bucket_columns(keys)
    buckets = np.array([1000, 0, features._DIM - 1, 7, 7], dtype=np.int64)
    assert table[buckets].tolist() == np.searchsorted(keys, buckets).tolist()
    assert table[5] == -1
