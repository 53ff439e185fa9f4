"""The scores of the plan's gaps, made for all of them at once.

Each gap between anchors is aligned on its similarity matrix and, for its splits and merges,
on how much of each chunk's wording derives from each chunk of the other side and on the
similarities of the groups offered (:meth:`GapScores.prefetch`). Asked for gap by gap, they
were thousands of small numpy and scipy computations, each paying fixed costs many
times over its arithmetic; :class:`GapScores` makes them a batch of gaps at a time (one sparse
product for the similarities of a batch, one for the trigrams they share) and hands each gap its
own. A batch holds about ``BATCH_CHUNKS`` chunks: its arrays stay in the processor's cache (all
the gaps of a 50,000-chunk pair at once are slower than one by one).
The values are those of the gap's own computation, to the last bit (:mod:`.blocks`); a gap it
was not given (a piece of a huge gap, cut later) is computed on its own, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .similarity import TextSimilarity
from .trigrams import shared_blocks

__all__ = ["GapScores", "derivations"]

_Key = tuple[tuple[int, ...], tuple[int, ...]]
_Gap = tuple[Sequence[int], Sequence[int]]
_GroupKey = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
BATCH_CHUNKS = 1024  # of both sides, per batch (measured: 256 to 4,096 all near the best)


def derivations(sim: TextSimilarity, gaps: Sequence[tuple[Sequence[int], Sequence[int]]]
                ) -> list[tuple[np.ndarray, np.ndarray]]:
    """For every gap (A chunks *ia*, B chunks *ib*), for every A chunk *i* and B chunk *j*: the
    share of *j*'s trigrams found in *i* (``derivation(sim, "b", j, "a", i)``) and of *i*'s
    found in *j* — integers divided by integers, the same values to the bit."""
    shared, len_a, len_b = shared_blocks([sim.norm_a[i] for ia, _ in gaps for i in ia],
                                         [sim.norm_b[j] for _, ib in gaps for j in ib],
                                         [(len(ia), len(ib)) for ia, ib in gaps])
    out = []
    at_a = at_b = 0
    for (ia, ib), s in zip(gaps, shared):
        la, lb = len_a[at_a: at_a + len(ia)], len_b[at_b: at_b + len(ib)]
        out.append((s / lb[None, :], s / la[:, None]))
        at_a, at_b = at_a + len(ia), at_b + len(ib)
    return out


class GapScores:
    """The similarity matrices of *gaps* and, with *merges*, the derivations of those with a
    split or merge to offer (two chunks on one side), made at once; any other gap's on demand."""

    def __init__(self, sim: TextSimilarity, gaps: Sequence[tuple[Sequence[int], Sequence[int]]] = (),
                 *, merges: bool = True) -> None:
        self.sim = sim
        keys = [(tuple(ia), tuple(ib)) for ia, ib in gaps]
        self._matrices: dict[_Key, np.ndarray] = {}
        for batch in _batches(keys):
            self._matrices.update(zip(batch, sim.matrices(batch)))
        self._derivations: dict[_Key, tuple[np.ndarray, np.ndarray]] = {}
        self._groups: dict[_GroupKey, np.ndarray] = {}
        for batch in _batches([k for k in keys if len(k[0]) > 1 or len(k[1]) > 1] if merges else []):
            self._derivations.update(zip(batch, derivations(sim, batch)))

    def prefetch(self, requests: Sequence[tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]]) -> None:
        """Compute the group similarities of *requests* (A groups × B groups, as
        ``sim.group_matrix`` takes them) a batch at a time, for :meth:`group_matrix`."""
        keys = [(tuple(map(tuple, ga)), tuple(map(tuple, gb))) for ga, gb in requests]
        run: list[_GroupKey] = []
        held = 0
        for key in [*keys, None]:
            if key is not None:
                run.append(key)
                held += sum(map(len, key[0])) + sum(map(len, key[1]))
            if run and (key is None or held >= BATCH_CHUNKS):
                self._groups.update(zip(run, self.sim.group_matrices(run)))
                run, held = [], 0

    def group_matrix(self, groups_a: Sequence[Sequence[int]], groups_b: Sequence[Sequence[int]]) -> np.ndarray:
        """``sim.group_matrix(groups_a, groups_b)``."""
        got = self._groups.get((tuple(map(tuple, groups_a)), tuple(map(tuple, groups_b))))
        return self.sim.group_matrix(groups_a, groups_b) if got is None else got

    def matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """``sim.matrix(ia, ib)``."""
        got = self._matrices.get((tuple(ia), tuple(ib)))
        return self.sim.matrix(ia, ib) if got is None else got

    def derivations(self, ia: Sequence[int], ib: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """``derivations(sim, [(ia, ib)])[0]``."""
        got = self._derivations.get((tuple(ia), tuple(ib)))
        return derivations(self.sim, [(ia, ib)])[0] if got is None else got


def _batches(gaps: list[_Key]) -> list[list[_Key]]:
    """The gaps in order, cut into runs of about ``BATCH_CHUNKS`` chunks."""
    out: list[list[_Key]] = []
    run: list[_Key] = []
    held = 0
    for gap in gaps:
        run.append(gap)
        held += len(gap[0]) + len(gap[1])
        if held >= BATCH_CHUNKS:
            out.append(run)
            run, held = [], 0
    if run:
        out.append(run)
    return out
