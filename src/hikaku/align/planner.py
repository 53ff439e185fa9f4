"""The alignment plan: the whole-document view the agent starts from.

1. Identical chunks (normalised text unique in both documents) are anchors; those in
   document order (LIS) split the documents into gaps, the others are identical chunks
   that moved.
2. Each gap is aligned by the dynamic programme of :mod:`hikaku.align.dp` over lexical
   similarity. A gap too large for it is first cut at secondary anchors (mutual best
   matches), so that the work stays near-linear in document length.
3. Every group gets a margin (how clearly it beats the competition in its row and
   column) and is marked *certain* when it is identical, or similar and unrivalled.
   Only the uncertain ones go to the agent.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from .anchors import longest_increasing_subsequence, unique_pairs
from .dp import DPParams, align_gap
from .sections import ScopedSimilarity, SectionMap
from .similarity import SimilarityParams, TextSimilarity

__all__ = ["AlignmentParams", "PlannedGroup", "Plan", "plan_alignment"]


@dataclass(frozen=True)
class AlignmentParams:
    dp: DPParams = DPParams()
    similarity: SimilarityParams = SimilarityParams()
    certain_similarity: float = 0.8
    certain_margin: float = 0.15
    max_gap_cells: int = 40_000
    secondary_anchor_cosine: float = 0.5


@dataclass
class PlannedGroup:
    """A chunks ``a`` aligned with B chunks ``b`` (positions); ``b == ()`` when the plan
    found no counterpart. ``window`` is the B region where a counterpart is expected:
    positions strictly between ``window[0]`` and ``window[1]``."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    similarity: float
    kind: str  # identical | identical-moved | match | merge | split | unmatched
    certain: bool
    margin: float
    window: tuple[int, int]


@dataclass
class Plan:
    groups: list[PlannedGroup]
    unmatched_b: list[int]
    n_a: int
    n_b: int
    anchors_in_order: int = 0
    group_of_a: dict[int, PlannedGroup] = field(default_factory=dict)
    owner_of_b: dict[int, PlannedGroup] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for g in self.groups:
            for i in g.a:
                self.group_of_a[i] = g
            for j in g.b:
                self.owner_of_b[j] = g


def plan_alignment(
    keys_a: Sequence[str],
    keys_b: Sequence[str],
    texts_a: Sequence[str],
    texts_b: Sequence[str],
    params: AlignmentParams = AlignmentParams(),
    *,
    normalized: bool = False,
    sections: SectionMap | None = None,
) -> tuple[Plan, TextSimilarity]:
    """Plan the alignment of A and B. *keys* are the identity keys (normalised text);
    with *normalized* the texts are the keys themselves (NFKC, whitespace collapsed).
    *sections*: which sections of A and B correspond (:mod:`hikaku.align.sections`);
    chunks pair only within corresponding sections, as anchors and by similarity."""
    similarity: Callable[..., TextSimilarity] = TextSimilarity
    if sections is not None:  # sections first: anchors and similarity respect them
        keys_a, keys_b = sections.qualified_keys(keys_a, keys_b)
        similarity = partial(ScopedSimilarity, sections=sections)
    na, nb = len(texts_a), len(texts_b)
    pairs = unique_pairs(keys_a, keys_b)
    in_order = longest_increasing_subsequence(pairs)
    kept = set(in_order)
    groups: list[PlannedGroup] = []
    used_a: set[int] = set()
    used_b: set[int] = set()
    for i, j in pairs:
        moved = (i, j) not in kept
        groups.append(
            PlannedGroup((i,), (j,), 1.0, "identical-moved" if moved else "identical", True, 1.0, (j - 1, j + 1))
        )
        used_a.add(i)
        used_b.add(j)
    focus_a = [i for i in range(na) if i not in used_a]
    focus_b = [j for j in range(nb) if j not in used_b]
    sim = similarity(texts_a, texts_b, focus_a=focus_a, focus_b=focus_b, params=params.similarity,
                     normalized=normalized)
    planner = _GapPlanner(sim, params)
    bounds = [(-1, -1), *in_order, (na, nb)]
    singles = []  # 1x1 gaps, the most common kind: scored in one batch
    for (a0, b0), (a1, b1) in zip(bounds, bounds[1:]):
        ia = [i for i in range(a0 + 1, a1) if i not in used_a]
        ib = [j for j in range(b0 + 1, b1) if j not in used_b]
        if len(ia) == 1 and len(ib) == 1:
            singles.append((ia[0], ib[0], (b0, b1)))
        elif ia:
            groups.extend(planner.align(ia, ib, (b0, b1)))
    if singles:
        scores = sim.pairwise([i for i, _, _ in singles], [j for _, j, _ in singles])
        for (i, j, window), score in zip(singles, scores.tolist()):
            groups.extend(planner.align([i], [j], window, s=np.array([[score]], dtype=np.float32)))
    groups.sort(key=lambda g: g.a[0])
    claimed = {j for g in groups for j in g.b}
    return Plan(groups, [j for j in range(nb) if j not in claimed], na, nb, len(in_order)), sim


class _GapPlanner:
    def __init__(self, sim: TextSimilarity, params: AlignmentParams) -> None:
        self.sim = sim
        self.p = params

    def align(
        self, ia: list[int], ib: list[int], window: tuple[int, int], s: np.ndarray | None = None
    ) -> list[PlannedGroup]:
        """Align one gap (*s*: its similarity matrix, if already computed)."""
        if not ib:
            return [PlannedGroup((i,), (), 0.0, "unmatched", False, 0.0, window) for i in ia]
        if len(ia) * len(ib) > self.p.max_gap_cells:
            return self._split_large(ia, ib, window)
        if s is None:
            s = self.sim.matrix(ia, ib)
        s21 = s12 = None
        if self.p.dp.allow_merges:
            if len(ia) > 1:
                s21 = self.sim.group_matrix([(ia[k], ia[k + 1]) for k in range(len(ia) - 1)], [(j,) for j in ib])
            if len(ib) > 1:
                s12 = self.sim.group_matrix([(i,) for i in ia], [(ib[k], ib[k + 1]) for k in range(len(ib) - 1)])
            if s21 is None:
                s21 = np.zeros((0, len(ib)), dtype=np.float32)
            if s12 is None:
                s12 = np.zeros((len(ia), 0), dtype=np.float32)
        out: list[PlannedGroup] = []
        matched_a: set[int] = set()
        for la, lb, score in align_gap(s, s21, s12, self.p.dp):
            ga = tuple(ia[x] for x in la)
            gb = tuple(ib[y] for y in lb)
            matched_a.update(ga)
            if len(la) == 1 and len(lb) == 1:
                margin = _margin(s, la[0], lb[0])
                # identical text (a repeated chunk such as 「削除」) placed in order is certain too:
                # any rival would be another copy of the same text
                same = self.sim.norm_a[ga[0]] == self.sim.norm_b[gb[0]]
                certain = same or (score >= self.p.certain_similarity and margin >= self.p.certain_margin)
                out.append(PlannedGroup(ga, gb, score, "match", certain, margin, window))
            else:
                kind = "merge" if len(la) > 1 else "split"
                out.append(PlannedGroup(ga, gb, score, kind, False, 0.0, window))
        for r, i in enumerate(ia):
            if i not in matched_a:
                best = float(s[r].max()) if s.shape[1] else 0.0
                out.append(PlannedGroup((i,), (), best, "unmatched", False, 0.0, window))
        return out

    def _split_large(self, ia: list[int], ib: list[int], window: tuple[int, int]) -> list[PlannedGroup]:
        """Cut a huge gap at mutual best matches (by cosine) that keep the order; if there
        are none, cut it along the diagonal."""
        cos = self.sim.cosine_matrix(ia, ib)
        best_j = cos.argmax(axis=1)
        best_i = cos.argmax(axis=0)
        mutual = [
            (r, int(c))
            for r, c in enumerate(best_j)
            if best_i[c] == r and cos[r, c] >= self.p.secondary_anchor_cosine
        ]
        cuts = longest_increasing_subsequence(mutual)
        if not cuts:
            return self._split_diagonal(ia, ib, window)
        out: list[PlannedGroup] = []
        s_cuts = self.sim.matrix([ia[r] for r, _ in cuts], [ib[c] for _, c in cuts]).diagonal()
        bounds = [(-1, -1), *cuts, (len(ia), len(ib))]
        for k, ((r0, c0), (r1, c1)) in enumerate(zip(bounds, bounds[1:])):
            sub_a, sub_b = ia[r0 + 1: r1], ib[c0 + 1: c1]
            lo = ib[c0] if c0 >= 0 else window[0]
            hi = ib[c1] if c1 < len(ib) else window[1]
            if sub_a:
                out.extend(self.align(sub_a, sub_b, (lo, hi)))
            if k < len(cuts):
                r, c = cuts[k]
                score = float(s_cuts[k])
                margin = _margin(cos, r, c)
                certain = score >= self.p.certain_similarity and margin >= self.p.certain_margin
                out.append(PlannedGroup((ia[r],), (ib[c],), score, "match", certain, margin, (lo, hi)))
        return out

    def _split_diagonal(self, ia: list[int], ib: list[int], window: tuple[int, int]) -> list[PlannedGroup]:
        pieces = math.ceil(math.sqrt(len(ia) * len(ib) / self.p.max_gap_cells))
        out: list[PlannedGroup] = []
        for k in range(pieces):
            sub_a = ia[k * len(ia) // pieces: (k + 1) * len(ia) // pieces]
            sub_b = ib[k * len(ib) // pieces: (k + 1) * len(ib) // pieces]
            if sub_a:
                out.extend(self.align(sub_a, sub_b, window))
        return out


def _margin(s: np.ndarray, r: int, c: int) -> float:
    """How much pair (r, c) beats the best rival in its row and its column."""
    row = np.delete(s[r], c)
    col = np.delete(s[:, c], r)
    rival = max(float(row.max()) if row.size else 0.0, float(col.max()) if col.size else 0.0)
    return float(s[r, c]) - rival
