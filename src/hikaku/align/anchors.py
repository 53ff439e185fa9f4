"""Anchors: chunks whose text (normalised) occurs exactly once in A and once in B.

Such a pair is a certain counterpart. The anchors that keep the document order (the
longest increasing subsequence by position in B; among equally long ones, the one whose
displacement changes least) cut the alignment problem into small gaps; the others are
identical chunks that moved.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Sequence

from ..document import ClauseRef, clause_renumbering, without_refs

__all__ = ["unique_pairs", "renumbering_free_pairs", "longest_increasing_subsequence", "fitting"]


def unique_pairs(keys_a: Sequence[str], keys_b: Sequence[str]) -> list[tuple[int, int]]:
    """(i, j) for every non-empty key that occurs once in A (at i) and once in B (at j),
    sorted by i."""
    ca, cb = Counter(keys_a), Counter(keys_b)
    pos_b = {k: j for j, k in enumerate(keys_b) if cb[k] == 1}
    return [(i, pos_b[k]) for i, k in enumerate(keys_a) if k and ca[k] == 1 and k in pos_b]


def renumbering_free_pairs(
    pairs: Sequence[tuple[int, int]],
    keys: tuple[Sequence[str], Sequence[str]],
    numbers: tuple[Sequence[ClauseRef | None], Sequence[ClauseRef | None]],
    section_of_a: Sequence[int],
    forbids: Callable[[int, int], bool] = lambda i, j: False,
    qualify: Callable[[list[str], list[str]], tuple[list[str], list[str]]] | None = None,
) -> set[tuple[int, int]]:
    """Anchors among the chunks *pairs* left: two chunks whose texts are the same once A's
    clause numbers — its own and those it cites — follow the renumbering: a clause that
    cites a renumbered one and was updated with it («第6条に定める» -> «第7条に定める»,
    "Section 4.1" -> "Section 5.1") is as certain a counterpart as an identical one, moved
    or not.

    *keys* are the identity keys (NFKC text; "" for a chunk that is nobody's anchor),
    *numbers* the chunks' own numbers (:func:`~hikaku.document.references.own_ref`). The
    renumbering is the one the anchors and the *candidates* give
    (:func:`~hikaku.document.references.clause_renumbering`, per numbering section of A):
    the chunks whose texts are the same but for their clause numbers
    (:func:`~hikaku.document.references.without_refs`), unique as such on both sides. A
    candidate is an anchor when every number it holds differs as that renumbering says
    (:meth:`~hikaku.document.references.Renumbering.labels`, the rows' test), so articles
    that cite each other, or a chain of them, are anchored together; one that cites another
    number is a change of substance. *qualify*: the blinded keys made equal only within
    corresponding sections; *forbids*: pairs never anchored (a reviewer's)."""
    taken_a, taken_b = {i for i, _ in pairs}, {j for _, j in pairs}
    blind_a = [without_refs(k) if k and i not in taken_a else "" for i, k in enumerate(keys[0])]
    blind_b = [without_refs(k) if k and j not in taken_b else "" for j, k in enumerate(keys[1])]
    if qualify is not None:
        blind_a, blind_b = qualify(blind_a, blind_b)
    candidates = [p for p in unique_pairs(blind_a, blind_b) if not forbids(*p)]
    if not candidates:
        return set()
    renumbering = clause_renumbering([*pairs, *candidates], numbers[0], numbers[1], section_of_a)
    return {(i, j) for i, j in candidates if renumbering.labels(i, keys[0][i], keys[1][j]) is not None}


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


def fitting(candidates: Sequence[tuple[int, int]], chain: Sequence[tuple[int, int]],
            end: tuple[int, int], keys: Sequence[int] | None = None) -> list[tuple[int, int]]:
    """The *candidates* (headings alone, kept out of the text's *chain*) that fall between the
    chain's consecutive pairs in both documents, as one order-preserving chain of them: a
    heading in the text's order. *end*: the two lengths. *keys*: the chain's A positions
    (``[i for i, _ in chain]``), when the caller asks about many candidates one at a time and
    builds them once (a 50,000-chunk chain is long)."""
    keys = [i for i, _ in chain] if keys is None else keys
    inside = []
    for i, j in sorted(candidates):
        k = bisect.bisect_left(keys, i)
        low = chain[k - 1][1] if k else -1
        high = chain[k][1] if k < len(chain) else end[1]
        if low < j < high:
            inside.append((i, j))
    return longest_increasing_subsequence(inside)
