"""The A chunks nearest a B chunk by cosine, found without every cosine in full
(align/_leaders.py): the same positions as the k best of the full product, ties included,
whether the longest postings are held dense or not."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from hikaku._top import best
from hikaku.align import _leaders
from hikaku.align._leaders import CosineLeaders


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
    monkeypatch.setattr(_leaders, "_DENSE_BYTES", dense_bytes)
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
