"""The A chunks most similar by cosine to a B chunk, found without every cosine in full.

A B chunk's cosine with each of thousands of A chunks is a sum over its terms of the terms'
postings among them; character unigrams and bigrams are in most chunks, and their postings
were nearly all of that work on a large, dense pair. Here the longest postings are held as a dense matrix, so that their
part of every cosine is one matrix product; the others go through the sparse product. That
sum, in another order, is within a known bound of the cosine (:func:`_bound`), so only the
A chunks whose approximate cosine comes within twice the bound of the *k*-th best can be
among the *k* best; their cosines are then computed exactly as the full product computes
them (each chunk's terms added in ascending order, in float32), and the *k* best taken with
ties in order of position: the same chunks, to the last bit of the decision, as from every
cosine in full. (What it saves: bench/RESULTS.md, "Figures behind the code".)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp

from ..system import best

__all__ = ["CosineLeaders"]

_DENSE_SHARE = 8  # a term's postings are held dense when they reach an eighth of the A chunks
_DENSE_BYTES = 8 << 20  # at most 8 MB of them, the longest first
_U = 2.0 ** -24  # float32's unit roundoff
_EXACT_BLOCK = 256  # A chunks scored exactly at once


class CosineLeaders:
    """*rows*: the weighed (unit-length, non-negative) TF-IDF rows of the A chunks, one row
    each, the terms of a row in ascending order."""

    def __init__(self, rows: sp.csr_matrix) -> None:
        self.rows = rows
        self.width = rows.shape[1]
        n = rows.shape[0]
        by_term = rows.T.tocsr()
        postings = np.diff(by_term.indptr)
        room = max(0, _DENSE_BYTES // (4 * max(n, 1)))
        longest = np.argsort(-postings, kind="stable")[:room]
        dense = np.sort(longest[postings[longest] * _DENSE_SHARE >= n]) if n else np.zeros(0, np.int64)
        self.slot = np.full(self.width, -1, dtype=np.int64)  # term -> its row of the dense part
        self.slot[dense] = np.arange(len(dense))
        self.dense = by_term[dense].toarray() if len(dense) else np.zeros((0, n), dtype=np.float32)
        kept = self.slot < 0  # the other terms' postings, as a sparse matrix (the dense rows empty)
        lengths = np.where(kept, postings, 0)
        take = np.repeat(kept, postings)
        self.sparse = sp.csr_matrix((by_term.data[take], by_term.indices[take],
                                     np.concatenate([[0], np.cumsum(lengths)])), shape=by_term.shape)

    def __call__(self, vectors: sp.csr_matrix, pools: Sequence[np.ndarray], k: int) -> list[np.ndarray]:
        """For each row of *vectors* (weighed rows of B chunks, their terms in ascending order;
        terms past the A rows' width belong to no A chunk), the positions among ``pools[r]``
        (A chunk positions, ascending) of its *k* largest cosines with the A chunks, largest
        first, ties in order of position."""
        v = _narrowed(vectors, self.width)
        counts = np.diff(v.indptr)
        slot = self.slot[v.indices]
        in_dense = slot >= 0
        x = np.zeros((v.shape[0], len(self.dense)), dtype=np.float32)
        x[np.repeat(np.arange(v.shape[0]), counts)[in_dense], slot[in_dense]] = v.data[in_dense]
        approx = x @ self.dense
        rest = _entries(v, ~in_dense)
        approx += (rest @ self.sparse).toarray()
        out = []
        for r, pool in enumerate(pools):
            if k <= 0 or not len(pool):
                out.append(pool[:0])
                continue
            values = approx[r, pool]
            if len(pool) <= k:
                near = np.arange(len(pool))
            else:
                kth = np.partition(values, len(pool) - k)[len(pool) - k]
                near = np.flatnonzero(values >= kth - 2 * _bound(int(counts[r]), len(self.dense)))
            # a chunk that shares no term has the approximate cosine 0 and the exact one (products of
            # positive weights are positive): only the others are scored
            exact = np.zeros(len(near), dtype=np.float32)
            shared = np.flatnonzero(values[near] > 0)
            for s in range(0, len(shared), _EXACT_BLOCK):  # (a bounded scratch)
                part = shared[s:s + _EXACT_BLOCK]
                exact[part] = self._exact(pool[near[part]], v, r)
            out.append(pool[near[best(exact, k)]])
        return out

    def _exact(self, ia: np.ndarray, v: sp.csr_matrix, r: int) -> np.ndarray:
        """The cosines of the A chunks *ia* with row *r* of *v*, to the bit as the sparse
        product makes them: each A chunk's products with the row, in the order of its terms
        (ascending), added one after another in float32 (a term the row lacks adds an exact 0)."""
        x = np.zeros(self.width, dtype=np.float32)
        x[v.indices[v.indptr[r]:v.indptr[r + 1]]] = v.data[v.indptr[r]:v.indptr[r + 1]]
        if not len(ia):
            return np.zeros(0, dtype=np.float32)
        starts, ends = self.rows.indptr[ia], self.rows.indptr[ia + 1]
        lengths = ends - starts
        before = np.zeros(len(ia), dtype=np.int64)  # entries of the chunks before each
        np.cumsum(lengths[:-1], out=before[1:])
        products = np.zeros((len(ia), int(lengths.max()) + 1), dtype=np.float32)
        at = np.repeat(starts - before, lengths) + np.arange(lengths.sum())
        cols = np.arange(lengths.sum()) - np.repeat(before, lengths)
        products[np.repeat(np.arange(len(ia)), lengths), cols] = self.rows.data[at] * x[self.rows.indices[at]]
        return np.cumsum(products, axis=1)[:, -1]  # (a sequential sum: np.sum would add in pairs)


def _bound(terms: int, dense: int) -> float:
    """How far the approximate cosine can be from the exact: both are float32 sums of at most
    *terms* (+ *dense*) non-negative products whose sum is at most 1 (unit rows), and a sum of
    n such products is within (n + 1)·u / (1 - (n + 1)·u) of the true value (the products' own
    roundings included; a fused multiply-add only rounds less). Some roundoffs more for the
    rows' norms, themselves rounded."""
    n = 2 * terms + dense + 8
    return n * _U / (1.0 - n * _U)


def _narrowed(vectors: sp.csr_matrix, width: int) -> sp.csr_matrix:
    """*vectors* without their terms past *width* (no A chunk holds one), *width* wide."""
    if vectors.shape[1] == width:
        return vectors
    return _entries(vectors, vectors.indices < width, width)


def _entries(m: sp.csr_matrix, keep: np.ndarray, width: int | None = None) -> sp.csr_matrix:
    """The entries *keep* of *m* (a new matrix: *m* untouched), *width* wide (default: *m*'s)."""
    row = np.repeat(np.arange(m.shape[0]), np.diff(m.indptr))
    indptr = np.concatenate([[0], np.cumsum(np.bincount(row[keep], minlength=m.shape[0]))])
    return sp.csr_matrix((m.data[keep], m.indices[keep], indptr),
                         shape=(m.shape[0], m.shape[1] if width is None else width))
