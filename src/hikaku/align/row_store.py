"""Sparse rows kept in one growing store: the feature counts of :mod:`.similarity`.

The similarity featurises chunks as it is asked about them (a renumbered anchor's score, a
rival the agent weighs), a few rows at a time, and slices rows for every gap of the plan.
A ``scipy.sparse`` matrix rebuilt by ``vstack`` at each addition copied the whole store each
time, and its fancy indexing costs far more than
the rows it copies when they are few. Here rows are appended to arrays that grow by a share
of their size, and taken by plain numpy gathers: the same values and column order, row for
row, as the stacked matrix indexed by scipy.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

__all__ = ["RowStore"]

_GROWTH = 32  # a full array grows by 1/32 of its size (at least what is added): little room left unused


class RowStore:
    """Rows of ``float32`` values over integer columns, appended and taken by position."""

    def __init__(self) -> None:
        self._data = np.zeros(0, dtype=np.float32)
        self._indices = np.zeros(0, dtype=np.int32)
        self._indptr = np.zeros(1, dtype=np.int64)
        self._nnz = 0
        self._n = 0

    def __len__(self) -> int:
        return self._n

    def reserve(self, rows: int, nnz: int) -> None:
        """Make room for *rows* more rows holding *nnz* entries in all: appended without copying."""
        if self._nnz + nnz > len(self._data):
            self._data = _grown(self._data, self._nnz, self._nnz + nnz)
            self._indices = _grown(self._indices, self._nnz, self._nnz + nnz)
        if self._n + rows + 1 > len(self._indptr):
            self._indptr = _grown(self._indptr, self._n + 1, self._n + rows + 1)

    def append(self, rows: sp.csr_matrix) -> None:
        """Add *rows* (any width: a row's columns are kept as they are) after the others."""
        add, k = rows.nnz, rows.shape[0]
        if self._nnz + add > len(self._data):
            size = max(self._nnz + add, len(self._data) + len(self._data) // _GROWTH)
            self._data = _grown(self._data, self._nnz, size)
            self._indices = _grown(self._indices, self._nnz, size)
        if self._n + k + 1 > len(self._indptr):
            size = max(self._n + k + 1, len(self._indptr) + len(self._indptr) // _GROWTH)
            self._indptr = _grown(self._indptr, self._n + 1, size)
        self._data[self._nnz: self._nnz + add] = rows.data
        self._indices[self._nnz: self._nnz + add] = rows.indices
        self._indptr[self._n + 1: self._n + k + 1] = rows.indptr[1:] + self._nnz
        self._nnz += add
        self._n += k

    def row(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """Row *n*'s columns and values (views of the store: not to be changed)."""
        a, b = self._indptr[n], self._indptr[n + 1]
        return self._indices[a:b], self._data[a:b]

    def lengths(self, rows: np.ndarray | list[int]) -> np.ndarray:
        """How many entries each of the rows at positions *rows* holds."""
        r = np.asarray(rows, dtype=np.int64)
        return self._indptr[r + 1] - self._indptr[r]

    def take(self, rows: np.ndarray | list[int], width: int) -> sp.csr_matrix:
        """The rows at positions *rows*, in that order, as a ``width``-column CSR matrix:
        what ``stacked[rows]`` gives (the same entries in the same order)."""
        r = np.asarray(rows, dtype=np.int64)
        starts = self._indptr[r]
        lengths = self._indptr[r + 1] - starts
        indptr = np.zeros(len(r) + 1, dtype=np.int64)
        np.cumsum(lengths, out=indptr[1:])
        # the position of each taken entry in the store: its row's start, then one by one
        at = np.repeat(starts - indptr[:-1], lengths) + np.arange(int(indptr[-1]), dtype=np.int64)
        index_dtype = np.int32 if max(width, int(indptr[-1])) < np.iinfo(np.int32).max else np.int64
        return sp.csr_matrix((self._data[at], self._indices[at].astype(index_dtype, copy=False),
                              indptr.astype(index_dtype, copy=False)), shape=(len(r), width), copy=False)


def _grown(a: np.ndarray, used: int, size: int) -> np.ndarray:
    out = np.empty(size, dtype=a.dtype)
    out[:used] = a[:used]
    return out
