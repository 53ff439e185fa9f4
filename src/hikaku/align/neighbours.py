"""The chunks around a pair: how similar a document's unrelated chunks are to each other.

Two clauses are the same clause revised when the new one keeps what told the old one apart
from its neighbours, not merely what they all share. Items of a list written on one pattern
(「…の場合は、…を支払います。」, "We share personal information with … on our behalf.") are
similar to each other by their boilerplate alone: an item replaced by an unrelated one reaches
the similarity its siblings have with each other (bench/RESULTS.md, Figures behind the code) and, alone
between unchanged neighbours, has no competitor in its gap. What it does not reach is more than
its neighbours: the old item is about as similar to the new one as to the unchanged items beside
it, and the new one as to the old items beside the old one.

:class:`Neighbours` gives a group that *background*: how alike each version's own clauses are,
the best similarity of its A chunks with the A chunks around them and of its B chunks with the B
chunks around them — those around it that have a counterpart of their own (an anchor, the same text in both
documents, or a group the plan made of them). Such a chunk is another clause, and an unchanged
sibling measures the document's boilerplate as well as any; a chunk around it without one may be
the pair's own other half or its true counterpart (a near copy the writer put a few sentences
earlier) and is a rival, not the background. So is a chunk whose counterpart is one of the pair's
own chunks (*partners*): for a candidate other than the plan's proposal, the proposal beside it is
its competitor for the same clause, weighed as such, not the document's boilerplate. Within a
version, not across: where the chunks around are unchanged the two are the same numbers, and where
they changed too the versions compared with each other measure the revision's coincidences (a
premium table's row whose old amount is the next row's new one), not the document's boilerplate.

A pair no more similar than its background is never reported as one clause (the plan does not
settle it, the agent does not link it, an LLM's answer naming it is refused, no move is made of
it): its wording does not tell it from the chunks around it, and its place alone does not make it
the counterpart. The exception is near copies (:mod:`.told_apart`): a one-to-one pair that keeps
what told its chunks apart from the chunks around them — a table's row whose amount alone changed
keeps its age — has no background (0). A group's *margin* (the pair model's feature:
``align.planner``) and a candidate's *lead* (the candidate model's: ``agent.examination``) are
over this background as well as over their rivals (:func:`lead_over`).

Why ``NEIGHBOURS`` such chunks on either side: if a chunk of B is unrelated to a chunk of A, its
similarity with it is one more draw of the similarities unrelated chunks of the document have —
those the background is the best of. It beats the background's 4 × ``NEIGHBOURS`` draws (the A
chunk against the A chunks around it, the B chunk against the B chunks around it, each side) by chance
with probability at most 1 / (4 × ``NEIGHBOURS`` + 1): 2.4 % at 10, before any other evidence
is weighed. They are looked for within ``SEARCH`` × ``NEIGHBOURS`` positions. The false-pair rate the whole
decision reaches is measured on the dev pairs with clauses replaced by unrelated ones (bench/calibrate.py,
bench/RESULTS.md), and so is a smaller reach (Figures behind the code).

A clause kept only for its number (「第9条　削除」: ``document.is_placeholder``) has no wording
of its own: every such placeholder reads alike, and its counterpart is found by its number. It
neither has a background nor is one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Protocol, TypeVar

import numpy as np

from ..document import is_placeholder
from .told_apart import told_apart

__all__ = ["NEIGHBOURS", "Neighbours", "lead_over", "over_background"]

NEIGHBOURS = 10  # the chunks on either side of a group that measure its background (see above)
SEARCH = 4  # ... looked for this many times as far (work, not judgement)
_BLOCK = 16384  # pairs scored at once (the sparse rows of both sides: a few MB)
_SIDES = ("a", "b")


def lead_over(similarity: float, rival: float) -> float:
    """How far a pair of this *similarity* leads a *rival* (its best competitor, or its
    background): the share of the rival's distance from identity the pair covers,
    1 − (1 − similarity) / (1 − rival), in [−1, 1] — 0 when it is no closer than the rival, 1
    when identical, below 0 when the rival is closer (Lowe's ratio test). A lead in these terms
    reads alike in an essay, whose unrelated sentences are 0.3 alike, and in a list whose items
    share 0.8 of their wording: an item replaced by an unrelated one (0.72 against its
    siblings' 0.82) is far behind (−0.56), an item edited (0.95 against 0.76) far ahead (0.79)."""
    if rival >= 1.0:
        return 1.0 if similarity >= 1.0 else -1.0
    return max(-1.0, min(1.0, 1.0 - (1.0 - similarity) / (1.0 - rival)))


class Scores(Protocol):
    """What the background is measured with (a ``TextSimilarity``, or its scores across sections)."""

    def matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray: ...

    def pairwise(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray: ...

    def within_pairwise(self, side: str, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray: ...

    def wording(self, side: str, i: int) -> frozenset[str]: ...

    def within_groups(self, side: str, groups: Sequence[Sequence[int]], others: Sequence[int]) -> np.ndarray: ...


class Neighbours:
    """The background of groups of A and B chunks (positions) under one similarity; *texts_a*
    and *texts_b* are the chunks' texts (read only to tell placeholders, near the groups asked
    about); *others*: the chunks of A and of B that have a counterpart of their own (None: every
    chunk); *partners*: those counterparts, of A chunks (positions of B) and of B chunks
    (positions of A) — a chunk paired with one of a group's own chunks is no background of it."""

    def __init__(self, similarity: Scores, texts_a: Sequence[str], texts_b: Sequence[str], *,
                 reach: int = NEIGHBOURS, others: tuple[Collection[int], Collection[int]] | None = None,
                 partners: tuple[Mapping[int, Collection[int]], Mapping[int, Collection[int]]] | None = None) -> None:
        self.sim = similarity
        self.texts = (texts_a, texts_b)
        self.reach = reach
        self.others = others
        self.partners = partners
        self._blank: tuple[dict[int, bool], dict[int, bool]] = ({}, {})
        self._sorted: list[np.ndarray | None] = [None, None]  # the positions of *others*, sorted (made when needed)

    @classmethod
    def of_pairs(cls, similarity: Scores, texts_a: Sequence[str], texts_b: Sequence[str],
                 pairs: Sequence[tuple[Sequence[int], Sequence[int]]],
                 anchored: tuple[Collection[int], Collection[int]] = ((), ())) -> Neighbours:
        """The neighbours of a plan: *pairs* its groups (A positions, B positions; those without
        either side pair nothing), *anchored* the chunks of A and B anchored besides (the other
        clauses are these and what the groups pair)."""
        partners: tuple[dict[int, set[int]], dict[int, set[int]]] = ({}, {})
        for ga, gb in pairs:
            for i in ga:
                partners[0].setdefault(i, set()).update(gb)
            for j in gb:
                partners[1].setdefault(j, set()).update(ga)
        others = ({i for i, b in partners[0].items() if b} | set(anchored[0]),
                  {j for j, a in partners[1].items() if a} | set(anchored[1]))
        return cls(similarity, texts_a, texts_b, others=others, partners=partners)

    def scored_by(self, similarity: Scores) -> Neighbours:
        """The same neighbours, their similarities from *similarity* (the scores across sections)."""
        return Neighbours(similarity, *self.texts, reach=self.reach, others=self.others, partners=self.partners)

    def paired_with(self, group: Sequence[int], side: int) -> set[int]:
        """The chunks of the other side paired with the chunks of *group* (A, *side* 0, or B)."""
        if self.partners is None:
            return set()
        of = self.partners[side]
        return {k for g in group for k in of.get(g, ())}

    def blank(self, side: int, k: int) -> bool:
        """Whether chunk *k* of A (*side* 0) or B (1) is a placeholder (read once)."""
        known = self._blank[side]
        got = known.get(k)
        if got is None:
            got = known[k] = is_placeholder(self.texts[side][k])
        return got

    def around(self, group: Sequence[int], side: int, skip: Collection[int] = ()) -> list[int]:
        """The ``reach`` nearest chunks before *group* (positions of A, *side* 0, or B) and after
        it that have a counterpart of their own and are no placeholder, within ``SEARCH`` times as far
        (*skip*: positions that are not counted: those paired with the other side of the group)."""
        own = set(group) | set(skip)
        lo, hi = min(group), max(group)
        far = SEARCH * self.reach
        before = [k for k in self._eligible(side, lo - far, lo) if k not in own]
        after = [k for k in self._eligible(side, hi + 1, hi + 1 + far) if k not in own]
        return self._first(before[::-1], side) + self._first(after, side)

    def _eligible(self, side: int, start: int, stop: int) -> list[int]:
        """The positions in [start, stop) that have a counterpart of their own (all, without *others*)."""
        start, stop = max(0, start), min(len(self.texts[side]), stop)
        if self.others is None:
            return list(range(start, stop))
        got = self._sorted[side]
        if got is None:
            got = self._sorted[side] = np.array(sorted(self.others[side]), dtype=np.int64)
        return got[np.searchsorted(got, start): np.searchsorted(got, stop)].tolist()

    def _first(self, positions: list[int], side: int) -> list[int]:
        """The first ``reach`` of *positions* that are no placeholder, in position order."""
        out = []
        for k in positions:
            if not self.blank(side, k):
                out.append(k)
                if len(out) == self.reach:
                    break
        return sorted(out)

    def background(self, groups: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[float]:
        """For each (A positions, B positions): the best similarity of the A chunks with an A chunk
        around them, and of the B chunks with a B chunk around them (0 without any; 0 for a group
        holding a placeholder)."""
        if len(groups) > 1 and len({tuple(ga) for ga, _ in groups}) == 1 and all(len(gb) == 1 for _, gb in groups):
            return self._of_candidates(tuple(groups[0][0]), [gb[0] for _, gb in groups])
        best = np.zeros(len(groups), dtype=np.float64)
        singles: tuple[list[int], list[int]] = ([], [])  # (side 0, side 1): the chunk, the chunk around
        around: tuple[list[int], list[int]] = ([], [])
        owner: tuple[list[int], list[int]] = ([], [])
        several: list[tuple[int, tuple[int, ...], tuple[int, ...], list[int], list[int]]] = []
        near_of: dict[int, tuple[int, int, list[int], list[int]]] = {}
        for k, (ga, gb) in enumerate(groups):
            if not ga or not gb or any(self.blank(0, i) for i in ga) or any(self.blank(1, j) for j in gb):
                continue
            near_a = self.around(ga, 0, self.paired_with(gb, 1))
            near_b = self.around(gb, 1, self.paired_with(ga, 0))
            if len(ga) == 1 and len(gb) == 1:
                near_of[k] = (ga[0], gb[0], near_a, near_b)
                for side, own, near in ((0, ga[0], near_a), (1, gb[0], near_b)):
                    singles[side].extend([own] * len(near))
                    around[side].extend(near)
                    owner[side].extend([k] * len(near))
            elif near_a or near_b:
                several.append((k, tuple(ga), tuple(gb), near_a, near_b))
        for side in (0, 1):  # one-to-one groups, a block at a time (bounded scratch)
            for start in range(0, len(singles[side]), _BLOCK):
                scores = self.sim.within_pairwise(_SIDES[side], singles[side][start:start + _BLOCK],
                                                  around[side][start:start + _BLOCK])
                np.maximum.at(best, np.asarray(owner[side][start:start + _BLOCK]), scores.astype(np.float64))
        for k, ga, gb, near_a, near_b in several:
            found = [float(self.sim.within_groups(_SIDES[side], [own], near).max())
                     for side, own, near in ((0, ga, near_a), (1, gb, near_b)) if near]
            best[k] = max(found)
        self._unless_told_apart(best, near_of)
        return [float(x) for x in best]

    def _unless_told_apart(self, best: np.ndarray, near_of: dict[int, tuple[int, int, list[int], list[int]]]) -> None:
        """No background (0) for the one-to-one pairs no more similar than theirs that keep what told
        their chunks apart from the chunks around them (:mod:`.told_apart`): those are near copies
        of them (a table's rows), not clauses whose likeness is the document's boilerplate."""
        ks = [k for k in near_of if best[k] > 0]
        for start in range(0, len(ks), _BLOCK):
            part = ks[start:start + _BLOCK]
            sims = self.sim.pairwise([near_of[k][0] for k in part], [near_of[k][1] for k in part])
            for k, s in zip(part, sims.tolist()):
                if s <= best[k] and self._told_apart(*near_of[k]):
                    best[k] = 0.0

    def _told_apart(self, i: int, j: int, near_a: Sequence[int], near_b: Sequence[int]) -> bool:
        w = self.sim.wording
        return told_apart(w("a", i), [w("a", k) for k in near_a], w("b", j), [w("b", k) for k in near_b])

    def _of_candidates(self, ga: tuple[int, ...], js: list[int]) -> list[float]:
        """The background of one A group with each of several B chunks (an agent's candidates):
        the A group against the A chunks around it scored once, each candidate against its own."""
        out = [0.0] * len(js)
        if not ga or any(self.blank(0, i) for i in ga):
            return out
        near_a = self.around(ga, 0)
        live = [k for k, j in enumerate(js) if not self.blank(1, j)]
        skip_b = self.paired_with(ga, 0)
        near_b = {k: self.around((js[k],), 1, skip_b) for k in live}
        row = dict(zip(near_a, self.sim.within_groups("a", [ga], near_a)[0].tolist())) if near_a else {}
        firsts = [js[k] for k in live for _ in near_b[k]]
        seconds = [j for k in live for j in near_b[k]]
        scores = iter(self.sim.within_pairwise("b", firsts, seconds).tolist()) if firsts else iter(())
        for k in live:
            found = [next(scores) for _ in near_b[k]]
            # a candidate paired with an A chunk around the group: its A chunks around without that one
            mine = self.paired_with((js[k],), 1) & set(near_a)
            if mine:
                own = self.around(ga, 0, mine)
                found += self.sim.within_groups("a", [ga], own)[0].tolist() if own else []
            else:
                found += list(row.values())
            out[k] = max(found, default=0.0)
        if len(ga) == 1 and live:  # the candidates no more similar than their background: told apart?
            sims = self.sim.matrix(list(ga), [js[k] for k in live])[0].tolist()
            for k, s in zip(live, sims):
                if 0 < out[k] and s <= out[k]:
                    own = self.around(ga, 0, self.paired_with((js[k],), 1))
                    if self._told_apart(ga[0], js[k], own, near_b[k]):
                        out[k] = 0.0
        return out


class Weighed(Protocol):
    """What :func:`over_background` reads and sets of a group (``planner.PlannedGroup``; a
    protocol, so that this module does not import the planner that imports it)."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    kind: str
    similarity: float
    margin: float
    window: tuple[int, int]
    probability: float
    certain: bool
    background: float

    @property
    def distinct(self) -> bool: ...


G = TypeVar("G", bound=Weighed)


def over_background(groups: Sequence[G], neighbours: Neighbours,
                    weigh: Callable[[tuple[int, ...], tuple[int, ...], float, float, tuple[int, int]], G]
                    ) -> None:
    """Each planned group's margin over its background too (*weigh* gives a group its probability
    and whether it is certain from its margin: the planner's): a group that beats its rivals in the
    gap but not the document's own boilerplate (a list item replaced by an unrelated one between
    unchanged siblings) is less probable, and is never certain when no more similar than its
    background."""
    todo = [g for g in groups if g.b and g.kind in ("match", "split", "merge") and g.probability < 1.0]
    for g, background in zip(todo, neighbours.background([(g.a, g.b) for g in todo])):
        over = lead_over(g.similarity, background)
        g.margin = min(g.margin, over) if g.kind == "match" else over
        g.background = background
        weighed = weigh(g.a, g.b, g.similarity, g.margin, g.window)
        g.probability, g.certain = weighed.probability, weighed.certain and g.distinct
