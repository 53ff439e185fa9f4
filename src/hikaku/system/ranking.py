"""The *k* largest of many values, ties in order of position."""

from __future__ import annotations

import numpy as np

__all__ = ["best"]


def best(values: np.ndarray, k: int) -> np.ndarray:
    """The positions of the *k* largest *values*, largest first, ties in order of position:
    ``np.argsort(-values, kind="stable")[:k]`` without sorting them all (the same positions at
    any *k*: the first *k* of a deeper cut)."""
    n = len(values)
    if k >= n:
        return np.argsort(-values, kind="stable")
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    kth = np.partition(values, n - k)[n - k]  # the k-th largest
    cand = np.flatnonzero(values >= kth)
    return cand[np.argsort(-values[cand], kind="stable")][:k]
