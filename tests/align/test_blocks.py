"""Many sparse products as one (align/blocks.py): each block's product the same, to the
last bit, as the block's own scipy product."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from hikaku.align.blocks import block_products


def _rows(rng: np.random.Generator, n: int, width: int, dtype: type) -> sp.csr_matrix:
    dense = rng.random((n, width)) * (rng.random((n, width)) < 0.4)
    if dtype is np.int32:
        dense = (dense > 0).astype(np.int32)
    m = sp.csr_matrix(dense.astype(dtype))
    # entries out of column order in some rows: the product follows the stored order
    if m.nnz:
        for r in range(0, n, 2):
            lo, hi = m.indptr[r], m.indptr[r + 1]
            m.indices[lo:hi] = m.indices[lo:hi][::-1].copy()
            m.data[lo:hi] = m.data[lo:hi][::-1].copy()
        m.has_sorted_indices = False
    return m


@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_each_block_is_its_own_product_to_the_bit(dtype):
    rng = np.random.default_rng(3)
    sizes = [(3, 4), (1, 1), (0, 2), (2, 0), (7, 5), (1, 6), (4, 1)]
    width = 40
    a = _rows(rng, sum(n for n, _ in sizes), width, dtype)
    b = _rows(rng, sum(m for _, m in sizes), width, dtype)
    got = block_products(a, b, sizes)
    ra = rb = 0
    for (n, m), block in zip(sizes, got):
        expected = (a[ra: ra + n] @ b[rb: rb + m].T).toarray() if n and m else np.zeros((n, m), dtype=dtype)
        assert block.shape == (n, m) and block.dtype == expected.dtype
        assert block.tobytes() == expected.tobytes()
        ra, rb = ra + n, rb + m


def test_many_terms_summed_in_the_stored_order():
    """Float32 sums whose value depends on the order of the terms: the same as scipy's."""
    rng = np.random.default_rng(11)
    width = 2000
    a = sp.csr_matrix((rng.random((6, width)) ** 8).astype(np.float32))
    b = sp.csr_matrix((rng.random((9, width)) ** 8).astype(np.float32))
    sizes = [(2, 3), (4, 6)]
    got = block_products(a, b, sizes)
    assert got[0].tobytes() == (a[:2] @ b[:3].T).toarray().tobytes()
    assert got[1].tobytes() == (a[2:] @ b[3:].T).toarray().tobytes()


def test_sizes_must_cover_the_rows():
    a = sp.csr_matrix(np.ones((2, 3), dtype=np.float32))
    with pytest.raises(ValueError):
        block_products(a, a, [(1, 2)])
