"""Many small sparse products as one: the similarity matrices of all the gaps of a plan.

The plan scores each gap between anchors on its own — thousands of products of a few rows by
a few rows, each paying scipy's fixed costs (index checks, a transpose, a conversion) many
times over its arithmetic. :func:`block_products` makes them one product over all the gaps:
the rows of every gap are stacked, and each gap's columns are given a range of their own, so
that a row of one gap meets only the rows of its own gap.

The values are those of each gap's own product to the last bit: scipy's sparse product adds,
for an entry (i, j), the products of row *i*'s stored entries in their stored order (each
term is one column of *j*'s row at most); here every row keeps its entries in their order
(a column renamed, never moved), and a term no row of the other side holds, which adds
nothing in either product, is left out.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp

__all__ = ["block_products"]


def block_products(a: sp.csr_matrix, b: sp.csr_matrix, sizes: Sequence[tuple[int, int]]) -> list[np.ndarray]:
    """``[(a[block k] @ b[block k].T).toarray() for every k]``: block *k* is the next
    ``sizes[k][0]`` rows of *a* and the next ``sizes[k][1]`` rows of *b* (the blocks in
    order, taking every row). *a* and *b* share their columns (the same width)."""
    n = np.array([s[0] for s in sizes], dtype=np.int64).reshape(-1)
    m = np.array([s[1] for s in sizes], dtype=np.int64).reshape(-1)
    if int(n.sum()) != a.shape[0] or int(m.sum()) != b.shape[0]:
        raise ValueError("the blocks' sizes do not add up to the matrices' rows")
    width = max(a.shape[1], b.shape[1], 1)
    k = len(sizes)
    # b transposed: a row per column (block, term) any of its block's b rows holds, sorted
    b_rows = np.repeat(np.arange(b.shape[0], dtype=np.int64), np.diff(b.indptr))
    b_keys = np.repeat(np.arange(k, dtype=np.int64), m)[b_rows] * width + b.indices
    order = np.argsort(b_keys)  # the order among equal keys is free: they are different rows of b
    b_keys = b_keys[order]
    first = np.ones(len(b_keys), dtype=bool)
    first[1:] = b_keys[1:] != b_keys[:-1]
    keys = b_keys[first]
    bt = sp.csr_matrix((b.data[order], b_rows[order], np.append(np.flatnonzero(first), len(b_keys))),
                       shape=(len(keys), b.shape[0]))
    # every entry of a renamed to its column, in its place; those no b row of its block holds dropped
    block_of_a = np.repeat(np.arange(k, dtype=np.int64), n)
    a_rows = np.repeat(np.arange(a.shape[0], dtype=np.int64), np.diff(a.indptr))
    a_keys = block_of_a[a_rows] * width + a.indices
    order = np.argsort(a_keys)
    at = np.searchsorted(keys, a_keys[order])  # sorted needles: each search starts where the last ended
    held = at < len(keys)
    held[held] = keys[at[held]] == a_keys[order[held]]
    column = np.full(a.nnz, -1, dtype=np.int64)
    column[order[held]] = at[held]
    kept = column >= 0
    indptr = np.zeros(a.shape[0] + 1, dtype=np.int64)
    np.cumsum(np.bincount(a_rows[kept], minlength=a.shape[0]), out=indptr[1:])
    renamed = sp.csr_matrix((a.data[kept], column[kept], indptr), shape=(a.shape[0], len(keys)))
    product = (renamed @ bt).tocoo()
    # each block's dense matrix, laid end to end in one buffer
    offsets = np.zeros(len(sizes) + 1, dtype=np.int64)
    np.cumsum(n * m, out=offsets[1:])
    first_a = np.concatenate([[0], np.cumsum(n)])[:-1]
    first_b = np.concatenate([[0], np.cumsum(m)])[:-1]
    out = np.zeros(int(offsets[-1]), dtype=product.dtype)
    r, c = product.row.astype(np.int64), product.col.astype(np.int64)
    g = block_of_a[r]
    out[offsets[g] + (r - first_a[g]) * m[g] + (c - first_b[g])] = product.data
    return [out[offsets[g]: offsets[g + 1]].reshape(int(n[g]), int(m[g])) for g in range(k)]

