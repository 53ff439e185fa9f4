"""The alignment objective: one order-preserving dynamic programme over a gap between anchors.

It maximises

    Σ over chosen groups (s_g − τ)  +  β · (number of groups that directly follow another group)

where a group is one of the operations 1:1, 1:2 and 1:3 (a split), 2:1 and 3:1 (a merge), and
s_g is the similarity of the group's texts taken as one (the concatenation of its chunks). A
chunk left alone (deleted or added) scores 0, so a group is worth taking when its texts are
more similar than τ; β is the gap cost: a run of pairs is worth more than the same pairs
interrupted by additions and deletions (a rewritten sentence that sits where its old version
was is more likely the same sentence). A split or merge is only offered when every part derives
from the other side (``group_ok``, decided by the caller); then it competes on equal terms
with the 1:1 pair and an addition: it wins exactly when the concatenation is the closer
counterpart. τ and β are the calibration's (``hikaku.align.calibration``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

__all__ = ["DPParams", "OPS", "align_gap"]

_NEG = float("-inf")
OPS: tuple[tuple[int, int], ...] = ((1, 1), (1, 2), (2, 1), (1, 3), (3, 1))


@dataclass(frozen=True)
class DPParams:
    tau: float = 0.5  # a group must be more similar than this to be worth taking
    continuity_bonus: float = 0.05  # β: a group that directly follows another one


Step = tuple[str, int, int, tuple[int, int] | None]


def align_gap(scores: Mapping[tuple[int, int], np.ndarray], p: DPParams
              ) -> list[tuple[tuple[int, ...], tuple[int, ...], float]]:
    """Align a gap of n A chunks and m B chunks.

    ``scores[(da, db)]`` is an n×m matrix: entry [i, j] is the similarity of A[i−da+1 … i]
    with B[j−db+1 … j] (``-inf`` where the group does not exist or is not allowed).
    ``scores[(1, 1)]`` is required. Returns (a indices, b indices, similarity) in order,
    local to the gap.
    """
    s11 = scores[(1, 1)]
    n, m = s11.shape
    if n == 0 or m == 0:
        return []
    tau, beta = p.tau, p.continuity_bonus
    ops = [(da, db, scores[(da, db)].tolist()) for da, db in OPS if (da, db) in scores]
    # M: best score with the last step a group; G: last step a gap. Back-pointers keep
    # (state, i, j, op) of the predecessor.
    M = [[_NEG] * (m + 1) for _ in range(n + 1)]
    G = [[_NEG] * (m + 1) for _ in range(n + 1)]
    bm: dict[tuple[int, int], Step | None] = {}
    bg: dict[tuple[int, int], Step | None] = {}
    arg: Step | None
    M[0][0] = 0.0  # the gap's start is an anchor (or the document start): a "group"
    for i in range(n + 1):
        Mi, Gi = M[i], G[i]
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            best, arg = _NEG, None
            if i > 0:
                if M[i - 1][j] > best:
                    best, arg = M[i - 1][j], ("M", i - 1, j, None)
                if G[i - 1][j] > best:
                    best, arg = G[i - 1][j], ("G", i - 1, j, None)
            if j > 0:
                if Mi[j - 1] > best:
                    best, arg = Mi[j - 1], ("M", i, j - 1, None)
                if Gi[j - 1] > best:
                    best, arg = Gi[j - 1], ("G", i, j - 1, None)
            Gi[j] = best
            bg[(i, j)] = arg
            best, arg = _NEG, None
            for da, db, sl in ops:
                if i < da or j < db:
                    continue
                s = sl[i - 1][j - 1]
                if s == _NEG:
                    continue
                gain = s - tau
                v = M[i - da][j - db] + gain + beta
                if v > best:
                    best, arg = v, ("M", i - da, j - db, (da, db))
                v = G[i - da][j - db] + gain
                if v > best:
                    best, arg = v, ("G", i - da, j - db, (da, db))
            Mi[j] = best
            bm[(i, j)] = arg
    state = "M" if M[n][m] + beta >= G[n][m] else "G"
    i, j = n, m
    out: list[tuple[tuple[int, ...], tuple[int, ...], float]] = []
    while i > 0 or j > 0:
        step = (bm if state == "M" else bg)[(i, j)]
        assert step is not None  # every cell on the best path was reached
        st, pi, pj, op = step
        if state == "M" and op is not None:
            out.append((tuple(range(pi, i)), tuple(range(pj, j)), float(scores[op][i - 1][j - 1])))
        state, i, j = st, pi, pj
    return out[::-1]
