"""The A chunks nearest a B chunk by cosine, found without every cosine in full
(align/leaders.py): the same positions as the k best of the full product, ties included,
whether the longest postings are held dense or not."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from hikaku.align import leaders as leaders_module
from hikaku.align.leaders import CosineLeaders
from hikaku.system.ranking import best


def _unit_rows(rng, n: int, width: int, per_row: int) -> sp.csr_matrix:
    """Non-negative unit rows, terms ascending: a few common terms (in most rows), the rest rarer."""
    common = rng.random((n, 6)) < 0.9
    rare = rng.random((n, width - 6)) < per_row / width
    m = np.hstack([common * rng.random((n, 6)), rare * rng.random((n, width - 6))]).astype(np.float32)
    m[rng.random(n) < 0.15] = m[0]  # duplicates of the first row: exact ties
    m /= np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)
    return sp.csr_matrix(m)


@pytest.mark.parametrize("dense_bytes", [0, 1 << 20])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_leaders_are_the_k_best_of_the_full_product(seed, dense_bytes, monkeypatch):
    monkeypatch.setattr(leaders_module, "_DENSE_BYTES", dense_bytes)
    rng = np.random.default_rng(seed)
    rows = _unit_rows(rng, 300, 80, 8)
    leaders = CosineLeaders(rows)
    assert (len(leaders.dense) > 0) == (dense_bytes > 0)
    # B chunks: some near an A chunk, some of common terms only, one without terms, one of unseen terms
    vectors = _unit_rows(rng, 12, 80, 8).toarray()
    vectors[3] = rows[0].toarray()  # the duplicated row: ties at the top
    vectors[4] = 0.0
    vectors = np.hstack([vectors, np.zeros((12, 5), dtype=np.float32)])
    vectors[5, -2:] = 0.7  # terms past the A rows' width
    b = sp.csr_matrix(vectors)
    full = (b[:, :80] @ rows.T).toarray()  # every cosine, as the full product makes them
    pools = [np.arange(300), np.flatnonzero(rng.random(300) < 0.3), np.arange(3)]
    for k in (1, 4, 7):
        for pool in pools:
            got = leaders(b, [pool] * 12, k)
            for r in range(12):
                assert got[r].tolist() == pool[best(full[r, pool], k)].tolist()


def test_the_exact_cosines_are_the_sparse_products_to_the_bit():
    rng = np.random.default_rng(5)
    rows = _unit_rows(rng, 200, 300, 40)  # long rows: a pairwise sum would differ in the last bits
    vectors = _unit_rows(rng, 6, 300, 40)
    leaders = CosineLeaders(rows)
    ia = np.array([0, 3, 7, 50, 199, 120])
    for r in range(6):
        got = leaders._exact(ia, vectors, r)
        want = (vectors[r] @ rows.T).toarray().ravel()[ia]
        assert got.dtype == np.float32 and got.view(np.uint32).tolist() == want.view(np.uint32).tolist()


def _near_ties(rng, n: int, width: int) -> sp.csr_matrix:
    """Rows holding the same values permuted over their terms: cosines that differ in the last bits only."""
    base = rng.random(width).astype(np.float32) * (rng.random(width) < 0.5)
    base[:4] += 0.5
    rows = np.empty((n, width), np.float32)
    for i in range(n):
        rows[i, 0] = base[0]
        rows[i, 1:] = base[1:][rng.permutation(width - 1)]
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    return sp.csr_matrix(rows)


@pytest.mark.parametrize("bound_used", [True, False])
def test_the_rounding_bound_keeps_every_near_tie_in_question(bound_used, monkeypatch):
    """Cosines a few roundoffs apart, the approximation summing in another order: with the bound
    the leaders are those of the full product; without it (a bound of 0) they are not."""
    if not bound_used:
        monkeypatch.setattr(leaders_module, "_bound", lambda terms, dense: 0.0)
    rng = np.random.default_rng(0)
    wrong = 0
    for trial in range(60):
        width, n = int(rng.integers(20, 200)), int(rng.integers(20, 300))
        monkeypatch.setattr(leaders_module, "_DENSE_BYTES", 0 if trial % 2 else 8 << 20)
        rows = _near_ties(rng, n, width)
        vectors = rng.random((8, width)).astype(np.float32)
        vectors[:, rng.random(width) < 0.3] = 0
        vectors[0] = 1.0  # every term, equally: the permuted rows tie but for the order of their sums
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        b = sp.csr_matrix(vectors)
        full = (b @ rows.T).toarray()
        leaders = CosineLeaders(rows)
        for k in (1, 3, 8):
            got = leaders(b, [np.arange(n)] * 8, k)
            wrong += sum(got[r].tolist() != best(full[r], k).tolist() for r in range(8))
    assert (wrong == 0) == bound_used


def test_empty_pools_and_no_leaders_asked():
    rng = np.random.default_rng(1)
    rows = _unit_rows(rng, 50, 40, 6)
    leaders = CosineLeaders(rows)
    b = _unit_rows(rng, 2, 40, 6)
    empty = np.zeros(0, dtype=np.int64)
    assert [x.tolist() for x in leaders(b, [empty, np.arange(50)], 4)][0] == []
    assert [x.tolist() for x in leaders(b, [np.arange(50)] * 2, 0)] == [[], []]
