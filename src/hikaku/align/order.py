"""Pairs settled by the order: a pair its neighbours keep in sequence has no rival the order allows.

The pair model weighs a planned pair by its similarity and its *margin* over the best rival in
its row and column of the gap (:mod:`.calibration`): another chunk nearly as similar means the
pair may be the wrong one. In a run of pairs that follow one another in both documents — rows
of a premium table (保険料表) whose every amount changed, the sentences of a paragraph revised
in place — those rivals are the run's own chunks: row 30歳 of A is nearly as similar to row 31歳
of B as to its own. When the chunk before a pair's A chunk is paired with the chunk before its B
chunk, and the chunk after with the chunk after (or the pair begins, or ends, both documents),
every rival in its gap is either held by one of those neighbours or lies beyond one of them:
taking it would pair two chunks across a pair the plan keeps in order. Such a pair has no rival
the order allows, and the pair model weighs it as it weighs a pair alone in its gap, its margin
its similarity; it is settled when that probability reaches ``certain``. The calibration's model
and constant decide, as for any pair: the order only says which rivals compete.

It is also where the agent would look: its expected region for the pair (between the
counterparts of its A chunk's neighbours: ``agent.offline``) holds the pair's B chunk alone. The
agent examines the others — a pair whose sequence is broken on one side (a chunk left out next
to it, a neighbour paired elsewhere), a split or merge, a chunk the plan did not pair — so that
the cost of a table whose every row changed is that of the places where its order breaks, not of
all its rows.

The settlement is conditional on the neighbours' pairs, which may themselves be uncertain: such a
pair is not ``certain`` on its own (``PlannedGroup.order``). It is not examined and its row is the
plan's, but against the groups the agent does examine it holds its B chunk as an uncertain group
does — its chunks remain where the agent searches and among the rivals it weighs —, so that their
decisions are those they would be had the agent confirmed it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

__all__ = ["in_sequence", "settled_in_order"]


class _Group(Protocol):  # a planned group (planner.PlannedGroup)
    @property
    def a(self) -> tuple[int, ...]: ...

    @property
    def b(self) -> tuple[int, ...]: ...

    @property
    def kind(self) -> str: ...

    @property
    def certain(self) -> bool: ...


G = TypeVar("G", bound=_Group)


def in_sequence(g: _Group, group_of_a: Mapping[int, _Group], n_a: int, n_b: int) -> bool:
    """Whether the neighbours of the 1:1 pair *g* keep it in sequence: the A chunk before its own
    is in a group whose last B chunk is the one before its B chunk (or both are the documents'
    first), and the A chunk after in a group whose first B chunk is the one after (or both last)."""
    (i,), (j,) = g.a, g.b
    before = group_of_a.get(i - 1)
    after = group_of_a.get(i + 1)
    kept_before = (i == 0 and j == 0) or (before is not None and bool(before.b) and before.b[-1] == j - 1)
    kept_after = (i == n_a - 1 and j == n_b - 1) or (after is not None and bool(after.b) and after.b[0] == j + 1)
    return kept_before and kept_after


def settled_in_order(groups: Sequence[G], group_of_a: Mapping[int, _Group], n_a: int, n_b: int,
                     probability: Callable[[G], float], certain: float) -> dict[int, float]:
    """The uncertain 1:1 pairs of the programme (kind ``match``) among *groups* that their
    neighbours keep in sequence and that the pair model finds certain without a rival, as
    {index in *groups*: that probability}. *probability(g)*: the pair model's probability of
    *g* with its similarity as its margin; *certain*: the calibration's level."""
    found: dict[int, float] = {}
    for k, g in enumerate(groups):
        if g.certain or g.kind != "match" or len(g.a) != 1 or len(g.b) != 1:
            continue
        if in_sequence(g, group_of_a, n_a, n_b):
            p = probability(g)
            if p >= certain:
                found[k] = p
    return found
