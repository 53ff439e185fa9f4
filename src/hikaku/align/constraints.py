"""Constraints on an alignment, known before any agent runs: a reviewer's decisions
(``hikaku.review``) turned into positions of the two documents.

- *fixed* groups are settled: A chunks paired with B chunks (the plan treats them as
  anchors: they cut the documents into gaps like identical chunks do), or A chunks with no
  counterpart (``b == ()``: deleted);
- *forbidden* pairs ``(i, j)`` are never aligned: not by the plan's dynamic programme, not
  by an agent, not by the resolver's fall-backs;
- *added* B chunks have no counterpart: nobody may take them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Constraints", "FixedGroup"]


@dataclass(frozen=True)
class FixedGroup:
    a: tuple[int, ...]
    b: tuple[int, ...]  # empty: the A chunks are deleted
    reason: str = ""


@dataclass(frozen=True)
class Constraints:
    fixed: tuple[FixedGroup, ...] = ()
    forbidden: frozenset[tuple[int, int]] = frozenset()
    added_b: frozenset[int] = frozenset()
    _fixed_a: frozenset[int] = field(init=False, repr=False, compare=False)
    _fixed_b: frozenset[int] = field(init=False, repr=False, compare=False)
    _touched_a: frozenset[int] = field(init=False, repr=False, compare=False)
    _touched_b: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_fixed_a", frozenset(i for g in self.fixed for i in g.a))
        object.__setattr__(self, "_fixed_b", frozenset(j for g in self.fixed for j in g.b) | self.added_b)
        object.__setattr__(self, "_touched_a", frozenset(i for i, _ in self.forbidden))
        object.__setattr__(self, "_touched_b", frozenset(j for _, j in self.forbidden))

    def __bool__(self) -> bool:
        return bool(self.fixed or self.forbidden or self.added_b)

    @property
    def fixed_a(self) -> frozenset[int]:
        """A chunks whose fate is settled (paired or deleted)."""
        return self._fixed_a

    @property
    def fixed_b(self) -> frozenset[int]:
        """B chunks whose fate is settled (paired by a fixed group, or added)."""
        return self._fixed_b

    def forbids(self, i: int, j: int) -> bool:
        return (i, j) in self.forbidden

    def allows(self, ia: Iterable[int], ib: Iterable[int]) -> bool:
        """Whether an agent or the plan may align A chunks *ia* with B chunks *ib* (not
        fixed ones, and no forbidden pair among them)."""
        ia, ib = tuple(ia), tuple(ib)
        if any(i in self._fixed_a for i in ia) or any(j in self._fixed_b for j in ib):
            return False
        return not self.forbidden or not any((i, j) in self.forbidden for i in ia for j in ib)

    def ruled_out_a(self, i: int) -> bool:
        """A chunk *i* had a counterpart ruled out by a reviewer."""
        return i in self._touched_a

    def ruled_out_b(self, j: int) -> bool:
        return j in self._touched_b
