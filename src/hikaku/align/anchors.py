"""Anchors: chunks whose text (normalised) occurs exactly once in A and once in B.

Such a pair is a certain counterpart. The anchors that keep the document order (the
longest increasing subsequence by position in B; among equally long ones, the one whose
displacement changes least) cut the alignment problem into small gaps; the others are
identical chunks that moved.
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


def longest_increasing_subsequence(pairs: Sequence[tuple[int, int]],
                                   end: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """The longest subsequence of *pairs* (sorted by first item, second items distinct) whose
    second items increase strictly; among the longest, the one whose displacement (j − i)
    changes least along the chain, from the documents' start (displacement 0) to *end* (the
    two lengths; without it the chain's end is free). When an identical chunk moved, two
    chains can be equally long — one keeps the moved chunk and drops a neighbour that stayed —
    and the one kept is the chain that stays in step with the chunks around it.

    Levels (the length of the longest chain ending at a pair) by patience sorting, O(n log n);
    then the least total change of displacement over the pairs of consecutive levels
    (quadratic only in how many pairs compete at one level); remaining ties go to the latest
    pairs."""
    if not pairs:
        return []
    tails: list[int] = []
    levels: list[list[int]] = []  # per level: pair indices in order (their second items decrease)
    for n, (_, b) in enumerate(pairs):
        k = bisect.bisect_left(tails, b)
        if k == len(tails):
            tails.append(b)
            levels.append([])
        else:
            tails[k] = b
        levels[k].append(n)

    def shift(n: int) -> int:
        return pairs[n][1] - pairs[n][0]

    end_shift = None if end is None else end[1] - end[0]
    cost: dict[int, int] = {}
    succ: dict[int, int] = {}
    for n in levels[-1]:
        cost[n] = 0 if end_shift is None else abs(shift(n) - end_shift)
    for k in range(len(levels) - 2, -1, -1):
        upper = levels[k + 1]
        for n in levels[k]:
            best, arg = -1, -1
            # a successor comes later in A (a suffix of the level) and in B (its second
            # items decrease along the level: a prefix of that suffix)
            for s in upper[bisect.bisect_right(upper, n):]:
                if pairs[s][1] <= pairs[n][1]:
                    break
                if s in cost:  # s is on a chain of full length
                    c = cost[s] + abs(shift(s) - shift(n))
                    if best < 0 or c < best or (c == best and s > arg):
                        best, arg = c, s
            if arg >= 0:  # else n is on no chain of full length
                cost[n], succ[n] = best, arg
    first, best = -1, -1
    for n in levels[0]:
        if n in cost:
            c = cost[n] + abs(shift(n))
            if best < 0 or c < best or (c == best and n > first):
                first, best = n, c
    out = []
    n = first
    while True:
        out.append(pairs[n])
        if n not in succ:
            break
        n = succ[n]
    return out
