"""Where a B chunk's rivals are sought: the A chunks in question (the plan did not settle them),
of a corresponding section, and — when they are many — near the B chunk's place.

A candidate's *lead* is over its best rival (the candidate model of the agent), and finding the
few A chunks most like a B chunk by cosine reads every A chunk in question
(:class:`hikaku.align.leaders.CosineLeaders`). That is the agent's work per B chunk asked about,
so a comparison where most chunks are in question (a premium table whose every amount changed:
20,000 rows, each a candidate of several groups) was quadratic. The pool is therefore at most
``POOL`` A chunks in question: all of them when they are no more (the same rivals as ever), else
the ``POOL`` around the B chunk's place — the A position of the nearest B chunk at or before it
that the plan paired —, taken from windows of ``POOL`` chunks that overlap by half, so that the
place lies in the middle half of its window. Work per B chunk O(POOL), memory O(chunks in
question) beside the last few windows' indexes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from ..align import Plan, SectionMap, TextSimilarity

__all__ = ["POOL", "RivalSearch"]

POOL = 8192  # A chunks in question a B chunk's rivals are sought among (the work of one search)
_WINDOWS = 3  # windows whose indexes are kept (the agent goes through the document in order)

_Leaders = Callable[[Sequence[int], Sequence[np.ndarray], int], list[np.ndarray]]


class RivalSearch:
    """``find(js, k)``: for each B chunk of *js*, the positions of its *k* nearest A chunks in
    question by cosine (:meth:`TextSimilarity.cosine_leaders`), best first, ties by position."""

    def __init__(self, plan: Plan, similarity: TextSimilarity, sections: SectionMap | None,
                 question: Sequence[int]) -> None:
        self.similarity = similarity
        self.sections = sections
        self.question = np.asarray(question, dtype=np.int64)
        self._plan = plan
        self._place: np.ndarray | None = None
        self._leaders: OrderedDict[int, _Leaders] = OrderedDict()  # window start -> its index
        self._pools: dict[tuple[int, int], np.ndarray] = {}  # (section, window start) -> pool in it
        self._sections: dict[int, np.ndarray] = {}  # B section -> those of the question it may pair with

    def find(self, js: Sequence[int], k: int) -> list[list[int]]:
        starts = [self._window(j) for j in js]
        out: list[list[int]] = [[] for _ in js]
        for start in dict.fromkeys(starts):
            mine = [n for n, s in enumerate(starts) if s == start]
            leaders = self._leaders_at(start)
            pools = [self._pool(js[n], start) for n in mine]
            for n, found in zip(mine, leaders([js[n] for n in mine], pools, k)):
                out[n] = (self.question[start + found]).tolist()
        return out

    def _window(self, j: int) -> int:
        """The first position (in the question) of the window B chunk *j* is searched in."""
        n = len(self.question)
        if n <= POOL:
            return 0
        if self._place is None:
            self._place = _places(self._plan)
        center = int(np.searchsorted(self.question, self._place[j]))
        half = POOL // 2
        return min(max(0, (center - half + half // 2) // half * half), (n - POOL + half - 1) // half * half)

    def _leaders_at(self, start: int) -> _Leaders:
        got = self._leaders.get(start)
        if got is None:
            got = self._leaders[start] = self.similarity.cosine_leaders(
                self.question[start:start + POOL].tolist())
            if len(self._leaders) > _WINDOWS:
                self._leaders.popitem(last=False)
        else:
            self._leaders.move_to_end(start)
        return got

    def _pool(self, j: int, start: int) -> np.ndarray:
        """The positions (in the window) of the A chunks B chunk *j* may pair with."""
        section = self.sections.of_b[j] if self.sections is not None else 0
        got = self._pools.get((section, start))
        if got is None:
            keep = self._sections.get(section)
            if keep is None:  # the same for every B chunk of one section
                keep = self._sections[section] = (
                    np.flatnonzero(self.sections.mask(self.question.tolist(), [j])[:, 0])
                    if self.sections is not None else np.arange(len(self.question)))
            inside = keep[(keep >= start) & (keep < start + POOL)]
            got = self._pools[(section, start)] = inside - start
        return got


def _places(plan: Plan) -> np.ndarray:
    """For each B position, the A position of the nearest B chunk at or before it that the plan
    paired (0 before the first)."""
    place = np.full(plan.n_b, -1, dtype=np.int64)
    for j, g in plan.owner_of_b.items():
        if g.a:
            place[j] = g.a[0]
    known = np.flatnonzero(place >= 0)
    if not len(known):
        return np.zeros(plan.n_b, dtype=np.int64)
    last = np.maximum.accumulate(np.where(place >= 0, np.arange(plan.n_b), -1))
    return np.where(last >= 0, place[np.maximum(last, 0)], 0)
