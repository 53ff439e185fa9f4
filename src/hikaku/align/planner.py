"""The alignment plan: the whole-document view the agent starts from.

1. Identical chunks (normalised text unique in both documents) are anchors, and so are
   chunks identical but for their own number, or but for clause numbers (their own and
   those they cite, 第6条 or Section 4.1) that follow the renumbering the anchors give
   (:func:`~hikaku.align.anchors.renumbering_free_pairs`);
   those of the text in document order (LIS; a heading alone is no bound) split the
   documents into gaps, the others are chunks that moved.
2. Each gap is aligned by the dynamic programme of :mod:`hikaku.align.dp` over lexical
   similarity, with 1:1 pairs, splits (1:2, 1:3) and merges (2:1, 3:1). A gap too large
   for it is first cut at secondary anchors (mutual best matches), so that the work
   stays near-linear in document length.
3. Every group gets its calibrated probability of being right (from its similarity, its
   margin over the competition in its row and column, the length ratio and whether it is
   a split or merge; :mod:`hikaku.align.calibration`) and is *certain* when it is
   identical or that probability reaches the calibration's ``certain``. Only the
   uncertain ones go to the agent.

A reviewer's decisions (:class:`~hikaku.align.constraints.Constraints`) come first: fixed
groups are settled and cut the gaps like anchors, forbidden pairs are never aligned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import numpy as np

from ..document import ClauseRef, section_of
from .anchors import fitting, longest_increasing_subsequence, renumbering_free_pairs, unique_pairs
from .calibration import Calibration, Habit
from .constraints import Constraints
from .dp import OPS, align_gap
from .gapwork import GapScores
from .large_gaps import cut_large
from .neighbours import Neighbours, lead_over, over_background
from .order import settled_in_order
from .plan import AlignmentParams, Plan, PlannedGroup
from .sections import ScopedSimilarity, SectionMap
from .similarity import TextSimilarity

__all__ = ["AlignmentParams", "PlannedGroup", "Plan", "plan_alignment"]

_PIECES = 256  # pieces of a huge gap scored at once


def plan_alignment(
    keys_a: Sequence[str],
    keys_b: Sequence[str],
    texts_a: Sequence[str],
    texts_b: Sequence[str],
    params: AlignmentParams | None = None,
    *,
    normalized: bool = False,
    number_free_keys: tuple[Sequence[str], Sequence[str]] | None = None,
    sections: SectionMap | None = None,
    labels: tuple[Sequence[str | None], Sequence[str | None]] | None = None,
    numbers: tuple[Sequence[ClauseRef | None], Sequence[ClauseRef | None]] | None = None,
    constraints: Constraints | None = None,
    headings: tuple[Sequence[bool], Sequence[bool]] | None = None,
) -> tuple[Plan, TextSimilarity]:
    """Plan the alignment of A and B. *keys* are the identity keys (normalised text);
    with *normalized* the texts are the keys themselves (NFKC, whitespace collapsed).
    *number_free_keys* are the keys without the chunks' own numbers (``text.without_label``;
    empty for a chunk without one): a clause that only changed its number is anchored too.
    *numbers* are the chunks' own numbers (``document.references.own_ref``): with them, a
    chunk whose clause numbers (its own, those it cites) changed only as the renumbering
    says is anchored too.
    *sections*: which sections of A and B correspond (:mod:`hikaku.align.sections`);
    chunks pair only within corresponding sections, as anchors and by similarity.
    *labels* are the chunks' structural labels (第5条; None without): two chunks the
    programme left alone in a gap that carry the same label, only they in the gap, are
    proposed as a pair (a clause that kept its number but not its text: 「第5条　削除」);
    the agent weighs the proposal like any other.
    *constraints*: a reviewer's fixed groups (anchors) and forbidden pairs.
    *headings*: which chunks are a heading alone (``document.structure.is_heading_only``): their
    anchors pair, but only the text's anchors cut the gaps."""
    params = params or AlignmentParams()
    cons = constraints or Constraints()
    similarity: Callable[..., TextSimilarity] = TextSimilarity
    raw_keys = (keys_a, keys_b)  # unqualified: the clause numbers in them are read
    if sections is not None:  # sections first: anchors and similarity respect them
        keys_a, keys_b = sections.qualified_keys(keys_a, keys_b)
        if number_free_keys is not None:
            number_free_keys = sections.qualified_keys(*number_free_keys)
        similarity = partial(ScopedSimilarity, sections=sections)
    na, nb = len(texts_a), len(texts_b)
    free_keys = number_free_keys
    if cons:  # a fixed chunk is nobody else's anchor
        keys_a, keys_b = _blank(keys_a, cons.fixed_a), _blank(keys_b, cons.fixed_b)
        if free_keys is not None:
            free_keys = (_blank(free_keys[0], cons.fixed_a), _blank(free_keys[1], cons.fixed_b))
    pairs = [p for p in unique_pairs(keys_a, keys_b) if not cons.forbids(*p)]
    renumbered: set[tuple[int, int]] = set()
    if free_keys is not None:
        ta, tb = {i for i, _ in pairs}, {j for _, j in pairs}
        free_a = ["" if i in ta else k for i, k in enumerate(free_keys[0])]
        free_b = ["" if j in tb else k for j, k in enumerate(free_keys[1])]
        renumbered = {p for p in unique_pairs(free_a, free_b) if not cons.forbids(*p)}
        pairs = sorted([*pairs, *renumbered])
    if numbers is not None:  # the renumbering these anchors give, followed by the clause numbers
        of_a = section_of(sections.sections_a, na) if sections is not None else [0] * na
        raw = (_blank(raw_keys[0], cons.fixed_a), _blank(raw_keys[1], cons.fixed_b)) if cons else raw_keys
        followed = renumbering_free_pairs(pairs, raw, numbers, of_a, cons.forbids,
                                          sections.qualified_keys if sections is not None else None)
        renumbered |= followed
        pairs = sorted([*pairs, *followed])
    fixed_pairs = [(min(g.a), min(g.b)) for g in cons.fixed if g.b]
    alone = [p for p in pairs if headings[0][p[0]] and headings[1][p[1]]] if headings is not None else []
    alone_set = set(alone)
    text = [p for p in pairs if p not in alone_set] if alone else pairs
    # the text's order cuts the gaps: a heading alone anchored (第2章　総則) is no bound, so that a
    # chapter boundary that shifted leaves the article that crossed it in the gap of its counterpart
    in_order = longest_increasing_subsequence(sorted([*text, *fixed_pairs]), end=(na, nb))
    kept = set(in_order) | set(fitting(alone, in_order, (na, nb)))
    used_a = {i for i, _ in pairs} | cons.fixed_a
    used_b = {j for _, j in pairs} | cons.fixed_b
    focus_a = [i for i in range(na) if i not in used_a]
    focus_b = [j for j in range(nb) if j not in used_b]
    sim = similarity(texts_a, texts_b, focus_a=focus_a, focus_b=focus_b, params=params.similarity,
                     normalized=normalized)
    groups: list[PlannedGroup] = []
    for i, j in pairs:
        kind = "renumbered" if (i, j) in renumbered else "identical"
        score = sim.pair(i, j) if kind == "renumbered" else 1.0
        groups.append(PlannedGroup((i,), (j,), score, kind if (i, j) in kept else f"{kind}-moved", True, 1.0,
                                   (j - 1, j + 1), 1.0))
    for g in cons.fixed:
        score = sim.group(g.a, g.b) if g.b else 0.0
        window = (min(g.b) - 1, max(g.b) + 1) if g.b else (-1, nb)
        groups.append(PlannedGroup(g.a, g.b, score, "reviewer", True, 1.0, window, 1.0, reason=g.reason))
    bounds = [(-1, -1), *in_order, (na, nb)]
    singles = []  # 1x1 gaps, the most common kind: scored in one batch
    gaps = []
    for (a0, b0), (a1, b1) in zip(bounds, bounds[1:]):
        ia = [i for i in range(a0 + 1, a1) if i not in used_a]
        ib = [j for j in range(b0 + 1, b1) if j not in used_b]
        if len(ia) == 1 and len(ib) == 1:
            singles.append((ia[0], ib[0], (b0, b1)))
        elif ia:
            gaps.append((ia, ib, (b0, b1)))
    # the scores of every gap aligned whole, made at once (the gaps' chunks are all focus chunks,
    # featurised already: the vocabulary is the same whichever order they are asked in)
    whole = [(ia, ib) for ia, ib, _ in gaps if ib and len(ia) * len(ib) <= params.max_gap_cells]
    made = GapScores(sim, whole, merges=params.allow_merges)
    planner = _GapPlanner(sim, params, labels, cons, scores=made)
    made.prefetch([request for ia, ib in whole for request in planner.group_requests(ia, ib)])
    in_gaps = [g for ia, ib, window in gaps for g in planner.align(ia, ib, window)]
    touched = sum(len(ia) for ia, _, _ in gaps) + len(singles)  # the chunks of A that are no anchor
    habit = params.calibration.habit(sum(1 for g in in_gaps if g.kind in ("split", "merge")), touched)
    if habit is not None:  # an editor who cuts and joins sentences: the gaps again, more freely
        planner = _GapPlanner(sim, params, labels, cons, habit=habit, scores=made)
        in_gaps = [g for ia, ib, window in gaps for g in planner.align(ia, ib, window)]
    groups.extend(in_gaps)
    if singles:
        scores = sim.pairwise([i for i, _, _ in singles], [j for _, j, _ in singles])
        for (i, j, window), score in zip(singles, scores.tolist()):
            groups.extend(planner.align([i], [j], window, s=np.array([[score]], dtype=np.float32)))
    groups.sort(key=lambda g: g.a[0])
    neighbours = Neighbours.of_pairs(sim, texts_a, texts_b, [(g.a, g.b) for g in groups], (used_a, used_b))
    over_background(groups, neighbours, planner._group)  # a group must beat the chunks around it
    claimed = {j for g in groups for j in g.b}
    plan = Plan(groups, [j for j in range(nb) if j not in claimed], na, nb, len(in_order), habit=habit,
                neighbours=neighbours)
    _settle_in_order(plan, sim, params.calibration)
    return plan, sim


def _settle_in_order(plan: Plan, sim: TextSimilarity, calibration: Calibration) -> None:
    """Settle the pairs their neighbours keep in sequence that the pair model finds certain
    without a rival (:mod:`.order`): their ``order`` is that probability. The order allows no
    rival (its margin is its similarity, ``lead_over(s, 0)``), but the background stands
    (:mod:`.neighbours`): a list item replaced by an unrelated one sits in sequence too, no more
    similar than the items around it, and is never settled so."""
    model = calibration.pair

    def alone(g: PlannedGroup) -> float:  # no rival the order allows: its margin is its similarity
        if not g.distinct:
            return 0.0
        return model.probability({"similarity": g.similarity, "margin": g.similarity, "group": 0.0,
                                  "length_ratio": sim.length_ratio(g.a, g.b)})

    found = settled_in_order(plan.groups, plan.group_of_a, plan.n_a, plan.n_b, alone, calibration.certain.value)
    for k, p in found.items():
        plan.groups[k] = replace(plan.groups[k], order=p)
    if found:
        plan.__post_init__()  # (the maps hold the groups)


def _blank(keys: Sequence[str], positions: frozenset[int]) -> list[str]:
    return ["" if k in positions else key for k, key in enumerate(keys)]


class _GapPlanner:
    def __init__(self, sim: TextSimilarity, params: AlignmentParams,
                 labels: tuple[Sequence[str | None], Sequence[str | None]] | None = None,
                 constraints: Constraints | None = None, *, habit: Habit | None = None,
                 scores: GapScores | None = None) -> None:
        self.sim = sim
        self.scores = scores or GapScores(sim)  # the gaps' matrices and derivations, made at once
        self.p = params
        # splits and merges offered from this derivation, worth this much more (an editor's habit)
        self.habit = habit
        self.derivation = params.calibration.derivation.value if habit is None else habit.derivation
        self.bonus = 0.0 if habit is None else habit.bonus
        self.dp = params.dp
        self.labels = labels
        self.cons = constraints or Constraints()

    def _forbidden_mask(self, ia: list[int], ib: list[int]) -> np.ndarray | None:
        """True where the reviewer forbade the pair (None: nothing forbidden in this gap)."""
        if not self.cons.forbidden:
            return None
        mask = np.array([[self.cons.forbids(i, j) for j in ib] for i in ia], dtype=bool).reshape(len(ia), len(ib))
        return mask if mask.any() else None

    def _ops(self, ia: list[int], ib: list[int], s: np.ndarray) -> dict[tuple[int, int], np.ndarray]:
        """The similarity matrix of every operation of the gap (−inf where a split or merge
        is not offered: a part that does not derive from the other side)."""
        scores = {(1, 1): np.asarray(s, dtype=np.float64)}
        for da, db, ok, (rows, groups_a), (cols, groups_b) in self._offers(ia, ib):
            full = np.full((len(ia), len(ib)), -np.inf)
            if len(rows):  # scored only where some cell is offered (each cell on its own: the same values)
                sub = np.full(ok.shape, -np.inf)
                sub[np.ix_(rows, cols)] = self.scores.group_matrix(groups_a, groups_b).astype(np.float64)
                full[da - 1:, db - 1:] = np.where(ok, sub, -np.inf)
            scores[(da, db)] = full
        return scores

    def group_requests(self, ia: list[int], ib: list[int]) -> list[tuple[list[tuple[int, ...]], list[tuple[int, ...]]]]:
        """The groups whose similarities aligning the gap asks for (``GapScores.prefetch``)."""
        return [(groups_a, groups_b) for _, _, _, (_, groups_a), (_, groups_b) in self._offers(ia, ib) if groups_a]

    def _offers(self, ia: list[int], ib: list[int]) -> list[tuple[int, int, np.ndarray, tuple[np.ndarray, list],
                                                                  tuple[np.ndarray, list]]]:
        """Each split and merge (da, db) that fits the gap: where it is offered, and the rows
        and columns (with their groups) that hold an offered cell."""
        n, m = len(ia), len(ib)
        if not self.p.allow_merges or (n < 2 and m < 2):
            return []
        from_a, from_b = self.scores.derivations(ia, ib)  # how much of each chunk's wording each draws on
        out = []
        for da, db in OPS[1:]:
            if da > n or db > m:
                continue
            ga = [tuple(ia[r - da + 1: r + 1]) for r in range(da - 1, n)]
            gb = [tuple(ib[c - db + 1: c + 1]) for c in range(db - 1, m)]
            # how much every part draws from the other side, the least (_derives, for every cell):
            # a split's B parts from its A chunk, a merge's A parts from its B chunk
            if da == 1:  # OPS: one side is always a single chunk
                least = np.minimum.reduce([from_a[:, k: m - db + 1 + k] for k in range(db)])
            else:
                least = np.minimum.reduce([from_b[k: n - da + 1 + k, :] for k in range(da)])
            ok = least >= self.derivation
            if self.cons.forbidden:  # (fixed chunks are in no gap)
                ok &= np.array([[self.cons.allows(x, y) for y in gb] for x in ga], dtype=bool).reshape(ok.shape)
            rows, cols = np.flatnonzero(ok.any(axis=1)), np.flatnonzero(ok.any(axis=0))
            out.append((da, db, ok, (rows, [ga[r] for r in rows]), (cols, [gb[c] for c in cols])))
        return out

    def _group(self, ga: tuple[int, ...], gb: tuple[int, ...], score: float, margin: float,
               window: tuple[int, int]) -> PlannedGroup:
        one_to_one = len(ga) == len(gb) == 1
        kind = "match" if one_to_one else ("merge" if len(ga) > 1 else "split")
        # identical text (a repeated chunk such as 「削除」) placed in order is certain:
        # any rival would be another copy of the same text
        same = one_to_one and self.sim.norm_a[ga[0]] == self.sim.norm_b[gb[0]]
        prob = 1.0 if same else self.p.calibration.pair.probability(
            {"similarity": score, "margin": margin, "group": 0.0 if one_to_one else 1.0,
             "length_ratio": self.sim.length_ratio(ga, gb)})
        certain = same or prob >= self.p.calibration.certain.value
        return PlannedGroup(ga, gb, score, kind, certain, margin, window, prob)

    def align(
        self, ia: list[int], ib: list[int], window: tuple[int, int], s: np.ndarray | None = None
    ) -> list[PlannedGroup]:
        """Align one gap (*s*: its similarity matrix, if already computed)."""
        if not ib:
            return [PlannedGroup((i,), (), 0.0, "unmatched", False, 0.0, window) for i in ia]
        if len(ia) * len(ib) > self.p.max_gap_cells:
            return self._split_large(ia, ib, window)
        if s is None:
            s = self.scores.matrix(ia, ib)
        forbidden = self._forbidden_mask(ia, ib)
        ops_s = s
        if forbidden is not None:  # never aligned; no rival either
            ops_s = np.where(forbidden, -np.inf, s)
            s = np.where(forbidden, 0.0, s)
        out: list[PlannedGroup] = []
        matched_a: set[int] = set()
        ops = self._ops(ia, ib, ops_s)
        bonused = {k: v if k == (1, 1) or not self.bonus else v + self.bonus for k, v in ops.items()}
        for la, lb, score in align_gap(bonused, self.dp):
            if self.bonus and (len(la), len(lb)) != (1, 1):  # the group's similarity, without the bonus
                score = float(ops[(len(la), len(lb))][la[-1], lb[-1]])
            ga = tuple(ia[x] for x in la)
            gb = tuple(ib[y] for y in lb)
            matched_a.update(ga)
            margin = _margin(s, la[0], lb[0]) if len(la) == len(lb) == 1 else 0.0
            out.append(self._group(ga, gb, score, margin, window))
        matched_b = {j for g in out for j in g.b}
        same_label = self._same_label([i for i in ia if i not in matched_a], [j for j in ib if j not in matched_b])
        for r, i in enumerate(ia):
            if i in same_label:
                j = same_label[i]
                out.append(PlannedGroup((i,), (j,), float(s[r][ib.index(j)]), "same-label", False, 0.0, window))
            elif i not in matched_a:
                best = float(s[r].max()) if s.shape[1] else 0.0
                out.append(PlannedGroup((i,), (), best, "unmatched", False, 0.0, window))
        return out

    def _same_label(self, free_a: list[int], free_b: list[int]) -> dict[int, int]:
        """Chunks left alone on both sides that carry the same label, unique among them."""
        if self.labels is None or not free_a or not free_b:
            return {}
        la, lb = self.labels
        count_a = Counter(la[i] for i in free_a if la[i])
        count_b = Counter(lb[j] for j in free_b if lb[j])
        by_label = {lb[j]: j for j in free_b if lb[j] and count_b[lb[j]] == 1}
        pairs = {i: by_label[la[i]] for i in free_a if la[i] and count_a[la[i]] == 1 and la[i] in by_label}
        # chunks of sections that do not correspond never pair (their similarity is 0: sections.py)
        return {i: j for i, j in pairs.items() if not self.cons.forbids(i, j) and self.sim.matrix([i], [j])[0, 0] > 0}

    def _split_large(self, ia: list[int], ib: list[int], window: tuple[int, int]) -> list[PlannedGroup]:
        """Cut a huge gap along the heaviest order-keeping chain of candidate pairs, found without
        every pair's similarity (:mod:`.large_gaps`: work and memory linear in the gap's size), into
        pieces of at most ``large_piece_cells``; a stretch the chain does not cut small enough is
        cut along its diagonal. A cut opens the piece after it and is aligned there like any pair,
        not fixed: a sentence cut in two is most like its first half, and the second half, which
        follows, must stay within its reach. The pieces are scored a batch at a time, as the
        plan's gaps are (:class:`.gapwork.GapScores`)."""
        allowed = (lambda i, j: not self.cons.forbids(i, j)) if self.cons.forbidden else None
        cells = max(1, min(self.p.large_piece_cells, self.p.max_gap_cells))  # so that no piece is cut again
        pieces: list[tuple[list[int], list[int], tuple[int, int]]] = []
        for r0, c0, r1, c1, (s0, s1) in cut_large(self.sim, ia, ib, cells, allowed):
            sub_a, sub_b = ia[r0:r1], ib[c0:c1]
            lo = ib[s0 - 1] if s0 > 0 else window[0]  # the stretch's bounds: a diagonal piece looks as far
            hi = ib[s1] if s1 < len(ib) else window[1]
            if sub_a:
                pieces.append((sub_a, sub_b, (lo, hi)))
        out: list[PlannedGroup] = []
        for k in range(0, len(pieces), _PIECES):  # scored a batch of pieces at a time (bounded memory)
            batch = pieces[k:k + _PIECES]
            scored = [(a, b) for a, b, _ in batch if b]
            scores = GapScores(self.sim, scored, merges=self.p.allow_merges)
            planner = _GapPlanner(self.sim, self.p, self.labels, self.cons, habit=self.habit, scores=scores)
            scores.prefetch([request for a, b in scored for request in planner.group_requests(a, b)])
            out.extend(g for a, b, w in batch for g in planner.align(a, b, w))
        return out


def _margin(s: np.ndarray, r: int, c: int) -> float:
    """How far pair (r, c) leads the best rival in its row and its column (:func:`.neighbours.lead_over`)."""
    row, col = s[r], s[:, c]
    rival_row = max((float(part.max()) for part in (row[:c], row[c + 1:]) if part.size), default=0.0)
    rival_col = max((float(part.max()) for part in (col[:r], col[r + 1:]) if part.size), default=0.0)
    return lead_over(float(s[r, c]), max(rival_row, rival_col))
