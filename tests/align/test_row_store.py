"""The similarity's row store (align/row_store.py): rows taken are those of the stacked matrix
indexed by scipy, entry for entry and in the same order."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from hikaku.align.row_store import RowStore


def _random_rows(rng: np.random.Generator, n: int, width: int) -> sp.csr_matrix:
    m = sp.random(n, width, density=0.3, format="csr", dtype=np.float32, random_state=rng)
    if n > 1:  # a row without entries
        m = sp.vstack([m[:1], sp.csr_matrix((1, width), dtype=np.float32), m[1:]], format="csr")
    return m


def test_rows_taken_are_the_stacked_rows():
    rng = np.random.default_rng(7)
    store = RowStore()
    blocks = []
    width = 5
    for n in (3, 1, 0, 6, 2):  # widths grow as a vocabulary does: old rows keep their columns
        width += 3
        block = _random_rows(rng, n, width)
        blocks.append(block)
        store.append(block)
    stacked = sp.vstack([sp.csr_matrix((b.data, b.indices, b.indptr), shape=(b.shape[0], width)) for b in blocks],
                        format="csr")
    assert len(store) == stacked.shape[0]
    for rows in ([0], [1, 0, 1], list(range(len(store)))[::-1], [len(store) - 1], []):
        got, expected = store.take(rows, width), stacked[rows]
        assert got.shape == expected.shape and got.dtype == expected.dtype == np.float32
        assert np.array_equal(got.indptr, expected.indptr) and np.array_equal(got.indices, expected.indices)
        assert np.array_equal(got.data, expected.data)


def test_reserved_room_is_filled_without_growing_and_then_grows():
    store = RowStore()
    store.reserve(3, 4)
    data = store._data
    store.append(sp.csr_matrix(np.array([[1, 0, 2], [0, 0, 0], [0, 3, 4]], dtype=np.float32)))
    assert store._data is data and len(store) == 3
    store.append(sp.csr_matrix(np.array([[5, 6, 7]], dtype=np.float32)))  # past the reservation
    assert store.take([3, 0], 3).toarray().tolist() == [[5, 6, 7], [1, 0, 2]]
