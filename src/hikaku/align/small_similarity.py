"""The TF-IDF cosines of a few chunks with a few others, without sparse matrices.

The agent asks, for each group it examines, the similarity of one or two A chunks with a few
candidates, thousands of times in a large comparison; building the scipy matrices for a 1 × 5
product cost about ten times its arithmetic. Here each row is weighed on its own as
:meth:`.similarity.TextSimilarity._weigh` weighs it (the same float32 operations, the squares
summed by the same ``np.add.reduceat``) and each cosine is the sum of the two rows' products
over their common terms in ascending order, one after another in float32 — the order and the
products of the sparse product: the same numbers to the last bit (a test compares them).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["cosines", "tf_idf", "weighed"]

SMALL = 64  # products of at most so many pairs are computed here


def tf_idf(counts: np.ndarray, idf: np.ndarray) -> np.ndarray:
    """The terms' weights before the row's length is made 1: ``(1 + log count) · idf``."""
    return (1.0 + np.log(counts)) * idf


def weighed(indices: np.ndarray, counts: np.ndarray, idf: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A row's terms and its TF-IDF weights (:func:`tf_idf`), divided by the root of the sum
    of their squares (a row without terms stays empty)."""
    w = tf_idf(counts, idf[indices])
    if len(w):
        norm = np.sqrt(np.add.reduceat(w**2, np.zeros(1, dtype=np.int64)))
        if norm[0] != 0:
            w /= norm.astype(np.float32)
    return indices, w


def cosines(rows_a: Sequence[tuple[np.ndarray, np.ndarray]], rows_b: Sequence[tuple[np.ndarray, np.ndarray]]
            ) -> np.ndarray:
    """The cosine of each weighed row of *rows_a* with each of *rows_b* (terms ascending)."""
    out = np.zeros((len(rows_a), len(rows_b)), dtype=np.float32)
    for r, (ia, wa) in enumerate(rows_a):
        if not len(ia):
            continue
        for c, (ib, wb) in enumerate(rows_b):
            if not len(ib):
                continue
            at = np.minimum(np.searchsorted(ia, ib), len(ia) - 1)
            common = ia[at] == ib  # the B row's terms the A row holds, in ascending order
            if common.any():
                out[r, c] = np.cumsum(wa[at[common]] * wb[common])[-1]  # (sequential: np.sum adds in pairs)
    return out
