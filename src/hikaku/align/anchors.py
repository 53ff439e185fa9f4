"""Anchors: chunks whose text (normalised) occurs exactly once in A and once in B.

Such a pair is a certain counterpart. The anchors that keep the document order (the
longest increasing subsequence by position in B) cut the alignment problem into small
gaps; the others are identical chunks that moved.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Sequence

__all__ = ["unique_pairs", "longest_increasing_subsequence"]


def unique_pairs(keys_a: Sequence[str], keys_b: Sequence[str]) -> list[tuple[int, int]]:
    """(i, j) for every non-empty key that occurs once in A (at i) and once in B (at j),
    sorted by i."""
    ca, cb = Counter(keys_a), Counter(keys_b)
    pos_b = {k: j for j, k in enumerate(keys_b) if cb[k] == 1}
    return [(i, pos_b[k]) for i, k in enumerate(keys_a) if k and ca[k] == 1 and k in pos_b]


def longest_increasing_subsequence(pairs: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest subsequence of *pairs* (sorted by first item) whose second items
    increase strictly. O(n log n); ties resolved towards the earliest pairs."""
    tails: list[int] = []
    tail_idx: list[int] = []
    prev = [-1] * len(pairs)
    for n, (_, b) in enumerate(pairs):
        k = bisect.bisect_left(tails, b)
        if k > 0:
            prev[n] = tail_idx[k - 1]
        if k == len(tails):
            tails.append(b)
            tail_idx.append(n)
        else:
            tails[k] = b
            tail_idx[k] = n
    out = []
    n = tail_idx[-1] if tail_idx else -1
    while n >= 0:
        out.append(pairs[n])
        n = prev[n]
    return out[::-1]
