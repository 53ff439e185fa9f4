"""Order-preserving alignment of one gap between anchors.

A Needleman–Wunsch-style dynamic programme that maximises Σ (similarity − τ) over
the chosen pairs, where a chunk left alone (deleted or added) scores 0. Besides 1:1
pairs it allows a 2:1 merge and a 1:2 split, scored on the concatenated text with a
penalty: a large one in general (a sentence that grew a new neighbour is not a
split), a small one when each part alone already resembles the other side (a clause
cut in two halves is). It gives a bonus β to a pair that directly follows another pair or the
gap's start, and to the last pair before the gap's end: a rewritten sentence that sits
exactly where its old version was is more likely the same sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["DPParams", "align_gap"]

_NEG = float("-inf")


@dataclass(frozen=True)
class DPParams:
    tau: float = 0.5  # a pair must be more similar than this to be worth taking
    continuity_bonus: float = 0.05
    merge_penalty: float = 0.2  # a split/merge must beat a 1:1 pair by this much...
    allow_merges: bool = True
    balanced_penalty: float = 0.05  # ...but only this when both parts alone resemble the other side
    balanced_floor: float = 0.65


def align_gap(
    s: np.ndarray, s21: np.ndarray | None, s12: np.ndarray | None, p: DPParams
) -> list[tuple[tuple[int, ...], tuple[int, ...], float]]:
    """Align a gap of n A chunks and m B chunks.

    *s* is n×m (1:1 similarity), *s21* (n−1)×m (A[i]+A[i+1] vs B[j]) and *s12*
    n×(m−1) (A[i] vs B[j]+B[j+1]); the latter two may be None to disable merges.
    Returns (a indices, b indices, similarity) in order, local to the gap.
    """
    n, m = s.shape
    if n == 0 or m == 0:
        return []
    tau, beta, pen = p.tau, p.continuity_bonus, p.merge_penalty
    sl = s.tolist()
    s21l = s21.tolist() if p.allow_merges and s21 is not None and s12 is not None and n > 1 else None
    s12l = s12.tolist() if p.allow_merges and s21 is not None and s12 is not None and m > 1 else None
    # M: best score with the last step a pair; G: last step a gap. Back-pointers keep
    # (state, i, j, op) of the predecessor.
    M = [[_NEG] * (m + 1) for _ in range(n + 1)]
    G = [[_NEG] * (m + 1) for _ in range(n + 1)]
    Step = tuple[str, int, int, str]
    bm: dict[tuple[int, int], Step | None] = {}
    bg: dict[tuple[int, int], Step | None] = {}
    arg: Step | None
    M[0][0] = 0.0  # the gap's start is an anchor (or the document start): a "pair"
    for i in range(n + 1):
        Mi, Gi = M[i], G[i]
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            best, arg = _NEG, None
            if i > 0:
                if M[i - 1][j] > best:
                    best, arg = M[i - 1][j], ("M", i - 1, j, "del")
                if G[i - 1][j] > best:
                    best, arg = G[i - 1][j], ("G", i - 1, j, "del")
            if j > 0:
                if Mi[j - 1] > best:
                    best, arg = Mi[j - 1], ("M", i, j - 1, "add")
                if Gi[j - 1] > best:
                    best, arg = Gi[j - 1], ("G", i, j - 1, "add")
            Gi[j] = best
            bg[(i, j)] = arg
            best, arg = _NEG, None
            if i > 0 and j > 0:
                gain = sl[i - 1][j - 1] - tau
                v = M[i - 1][j - 1] + gain + beta
                if v > best:
                    best, arg = v, ("M", i - 1, j - 1, "1:1")
                v = G[i - 1][j - 1] + gain
                if v > best:
                    best, arg = v, ("G", i - 1, j - 1, "1:1")
                if s21l is not None and i > 1:
                    balanced = min(sl[i - 2][j - 1], sl[i - 1][j - 1]) >= p.balanced_floor
                    gain = s21l[i - 2][j - 1] - tau - (p.balanced_penalty if balanced else pen)
                    v = max(M[i - 2][j - 1] + beta, G[i - 2][j - 1]) + gain
                    if v > best:
                        st = "M" if M[i - 2][j - 1] + beta >= G[i - 2][j - 1] else "G"
                        best, arg = v, (st, i - 2, j - 1, "2:1")
                if s12l is not None and j > 1:
                    balanced = min(sl[i - 1][j - 2], sl[i - 1][j - 1]) >= p.balanced_floor
                    gain = s12l[i - 1][j - 2] - tau - (p.balanced_penalty if balanced else pen)
                    v = max(M[i - 1][j - 2] + beta, G[i - 1][j - 2]) + gain
                    if v > best:
                        st = "M" if M[i - 1][j - 2] + beta >= G[i - 1][j - 2] else "G"
                        best, arg = v, (st, i - 1, j - 2, "1:2")
            Mi[j] = best
            bm[(i, j)] = arg
    state = "M" if M[n][m] + beta >= G[n][m] else "G"
    i, j = n, m
    out: list[tuple[tuple[int, ...], tuple[int, ...], float]] = []
    while i > 0 or j > 0:
        step = (bm if state == "M" else bg)[(i, j)]
        assert step is not None  # every cell on the best path was reached
        st, pi, pj, op = step
        if op == "1:1":
            out.append(((i - 1,), (j - 1,), float(sl[i - 1][j - 1])))
        elif op == "2:1" and s21l is not None:
            out.append(((i - 2, i - 1), (j - 1,), float(s21l[i - 2][j - 1])))
        elif op == "1:2" and s12l is not None:
            out.append(((i - 1,), (j - 2, j - 1), float(s12l[i - 1][j - 2])))
        state, i, j = st, pi, pj
    return out[::-1]
