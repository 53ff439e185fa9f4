"""Clauses moved across sections: what the sections kept apart, matched document-wide.

Sections come first (:mod:`.sections`): a clause pairs only within the section that corresponds
to its own, so that the boilerplate every rider repeats never pairs two riders. A clause moved
into another section — a rider split in two, one of its benefit clauses now in the new rider
under another number, its amount raised — is then left deleted from A and added to B, and the
report would tell the reviewer the benefit was removed.

After the alignment, the clauses left alone on both sides are matched across sections: every
deleted clause of A with every added clause of B that the sections kept it from, weighed by the
pair model (``Calibration.pair``, the probability the plan's groups get) from their similarity,
their margin over the competition (the other clauses left alone, in their row and column, and the
chunks around each: :mod:`.neighbours`), their length ratio. Only a pair more similar than its
background is considered; the most probable pairs are taken one to one while above ½ (a wrong
pair costs two chunks their verdict, as does a missed one). Such a pair is a move: 移動 + 変更
with what changed (「第4条 → 手術保障特約 第3条へ移動、手術給付金：15万円 → 20万円」: ``changes.rows``,
the row's facts); its confidence is its probability, so that one below ``certain`` is in the
review queue.

Within one section the agent already looked document-wide (its tools search all of B that
may pair); only the pairs the sections ruled out are looked at here, so a document of one
numbering (an essay, a statute) is aligned as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .calibration import LogisticModel
from .constraints import Constraints
from .decision import ResolvedGroup
from .neighbours import Neighbours, lead_over
from .resolution import in_reading_order
from .sections import SectionMap
from .similarity import TextSimilarity

__all__ = ["Move", "Across", "moves_across", "with_moves"]

REASON = "moved across sections: a clause left deleted matched document-wide with one left added"


@dataclass(frozen=True)
class Move:
    """A clause of A (position) and a clause of B in another section, probably the same clause."""

    a: int
    b: int
    similarity: float
    probability: float


class Across:
    """A similarity's scores across sections too (a ``ScopedSimilarity``'s own, unmasked)."""

    def __init__(self, sim: TextSimilarity) -> None:
        self.sim = sim

    def matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        return TextSimilarity.matrix(self.sim, ia, ib)

    def pairwise(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        return TextSimilarity.pairwise(self.sim, ia, ib)

    def group_matrix(self, groups_a: Sequence[Sequence[int]], groups_b: Sequence[Sequence[int]]) -> np.ndarray:
        return TextSimilarity.group_matrix(self.sim, groups_a, groups_b)

    def wording(self, side: str, i: int) -> frozenset[str]:
        return self.sim.wording(side, i)

    def within_pairwise(self, side: str, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        return TextSimilarity.within_pairwise(self.sim, side, ia, ib)

    def within_groups(self, side: str, groups: Sequence[Sequence[int]], others: Sequence[int]) -> np.ndarray:
        return TextSimilarity.within_groups(self.sim, side, groups, others)

    def length_ratio(self, ia: Sequence[int], ib: Sequence[int]) -> float:
        return self.sim.length_ratio(ia, ib)


TOP = 5  # the pairs of a row weighed (the most similar); the others are rivals only (work, not judgement)
BLOCK_CELLS = 1 << 20  # scores held at once (rows of *ia* × all of *ib*: 4 MB), whatever the documents' size

Allowed = Callable[[Sequence[int], Sequence[int]], np.ndarray]


def weigh(across: Across, neighbours: Neighbours, pair: LogisticModel, ia: Sequence[int], ib: Sequence[int],
          allowed: Allowed | None = None) -> list[Move]:
    """The ``TOP`` most similar pairs of each row of *ia* × *ib* (where *allowed(rows, columns)*
    says so) that are more similar than their background, with the pair model's probability; the
    margin is over the other pairs of its row and column and over the background. The scores are
    made a block of rows at a time; what is kept is ``TOP`` cells a row and the two best of a
    column (memory linear in the chunks)."""
    if not len(ia) or not len(ib):
        return []
    rows = max(1, BLOCK_CELLS // len(ib))
    cells: list[tuple[int, int, float]] = []  # (row, column, score) of each row's best
    row_rival: list[tuple[float, float]] = []  # each row's two best scores (to tell a cell's rival in its row)
    col_best = np.zeros((2, len(ib)), dtype=np.float64)  # each column's two best scores ...
    col_row = np.full(len(ib), -1, dtype=np.int64)  # ... and the row of the best
    for r0 in range(0, len(ia), rows):
        block = list(ia[r0:r0 + rows])
        s = across.matrix(block, ib).astype(np.float64)
        if allowed is not None:
            s = np.where(allowed(block, ib), s, 0.0)
        top = np.argsort(-s, axis=1, kind="stable")[:, :TOP]
        for k in range(len(block)):
            best = [(r0 + k, int(c), float(s[k, c])) for c in top[k] if s[k, c] > 0]
            cells += best
            two = sorted(s[k], reverse=True)[:2] if len(ib) > 1 else [float(s[k, 0]), 0.0]
            row_rival.append((float(two[0]), float(two[1])))
        # each column's two best over the rows so far
        order = np.argsort(-s, axis=0, kind="stable")[:2]
        first = s[order[0], np.arange(len(ib))]
        second = s[order[1], np.arange(len(ib))] if len(block) > 1 else np.zeros(len(ib))
        for value, row in ((first, order[0] + r0), (second, order[1] + r0 if len(block) > 1 else None)):
            better = value > col_best[0]
            col_best[1] = np.where(better, col_best[0], np.maximum(col_best[1], value))
            if row is not None:
                col_row = np.where(better, row, col_row)
            col_best[0] = np.where(better, value, col_best[0])
    backgrounds = neighbours.background([((ia[r],), (ib[c],)) for r, c, _ in cells])
    out = []
    for (r, c, score), background in zip(cells, backgrounds):
        if score <= background:
            continue  # no more similar than the chunks around it (.neighbours)
        first, second = row_rival[r]
        in_row = second if first == score else first  # the best other cell of its row
        in_col = col_best[1, c] if col_row[c] == r else col_best[0, c]
        rival = max(in_row, float(in_col), background)
        p = pair.probability({"similarity": score, "margin": lead_over(score, rival), "group": 0.0,
                              "length_ratio": across.length_ratio((ia[r],), (ib[c],))})
        out.append(Move(ia[r], ib[c], score, p))
    return out


def moves_across(sim: TextSimilarity, sections: SectionMap, pair: LogisticModel, neighbours: Neighbours,
                 deleted: Sequence[int], added: Sequence[int], constraints: Constraints | None = None) -> list[Move]:
    """The moves among the clauses of A left *deleted* and the clauses of B left *added*
    (positions; headings alone and placeholders are the caller's to leave out), one to one, most
    probable first, each above ½; never a pair a reviewer ruled out (*constraints*). *neighbours*:
    the plan's (their backgrounds are measured across sections here)."""
    ia = [i for i in deleted if sections.of_a[i] >= 0]
    ib = [j for j in added if sections.of_b[j] >= 0]
    if not ia or not ib or not sections.constrained:
        return []
    across = Across(sim)

    def kept_apart(rows: Sequence[int], cols: Sequence[int]) -> np.ndarray:
        """What the agent could not pair: another section's clauses; never what a reviewer ruled out."""
        out = ~sections.mask(rows, cols)
        if constraints is not None and constraints.forbidden:
            out &= np.array([[not constraints.forbids(i, j) for j in cols] for i in rows], dtype=bool).reshape(out.shape)
        return out

    weighed = weigh(across, neighbours.scored_by(across), pair, ia, ib, kept_apart)
    taken_a: set[int] = set()
    taken_b: set[int] = set()
    out = []
    for m in sorted(weighed, key=lambda m: (-m.probability, m.a, m.b)):
        if m.probability > 0.5 and m.a not in taken_a and m.b not in taken_b:
            out.append(m)
            taken_a.add(m.a)
            taken_b.add(m.b)
    return sorted(out, key=lambda m: m.a)


def with_moves(groups: Sequence[ResolvedGroup], moves: Sequence[Move]) -> list[ResolvedGroup]:
    """*groups* with each move's deletion and addition made one moved pair (its confidence: its
    probability), in reading order."""
    if not moves:
        return list(groups)
    by_a = {m.a: m for m in moves}
    by_b = {m.b for m in moves}
    out = [g for g in groups if not (g.a and not g.b and g.a[0] in by_a) and not (g.b and not g.a and g.b[0] in by_b)]
    out += [ResolvedGroup(a=(m.a,), b=(m.b,), similarity=m.similarity, confidence=m.probability,
                          decided_by="resolver", reason=REASON, moved=True) for m in moves]
    return in_reading_order(out)
