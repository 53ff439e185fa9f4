"""Match a reviewer's decisions to the chunks of two documents (by the hash of their text)
and turn them into the :class:`~hikaku.align.Constraints` the plan and the agents obey.

A decision is about a pair of texts, so only the decisions that name a text of these two
documents concern this comparison: a decision none of whose texts occurs in either document
is about other documents (a project or a decisions file holds many) and is left out, neither
applied nor reported — a report never quotes another document. A decision that does concern
the comparison but does not apply is never dropped silently: it is returned in
``not_applied`` with the reason (one of its texts is not in the documents any more, its text
occurs several times so that the chunk it meant is ambiguous, or a later decision contradicts
it), and the comparison lists it in its notes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Set
from dataclasses import dataclass, field
from typing import Literal

from ..align import Constraints, FixedGroup
from ..document import Document
from .decisions import DecisionSet, ReviewerDecision, contradicts, text_sha256

__all__ = ["AppliedDecisions", "IgnoreRule", "NotApplied", "apply_decisions", "chunk_hashes", "concerns"]

NotAppliedReason = Literal["a_not_found", "b_not_found", "a_ambiguous", "b_ambiguous", "contradicted", "row_changed"]


@dataclass(frozen=True)
class NotApplied:
    decision: ReviewerDecision
    reason: NotAppliedReason
    occurrences: int = 0  # for an ambiguous text: how often it occurs


@dataclass(frozen=True)
class IgnoreRule:
    """Mark the row holding A chunk *a* and/or B chunk *b* (positions) as 対象外."""

    a: int | None
    b: int | None
    decision: ReviewerDecision


@dataclass(frozen=True)
class AppliedDecisions:
    constraints: Constraints = field(default_factory=Constraints)
    ignore: tuple[IgnoreRule, ...] = ()
    applied: tuple[ReviewerDecision, ...] = ()
    not_applied: tuple[NotApplied, ...] = ()

    @property
    def digest(self) -> str:
        """Of the decisions applied: part of a run's fingerprint (a run resumes only with the same)."""
        return DecisionSet(self.applied).digest() if self.applied else ""


def chunk_hashes(document: Document) -> dict[str, list[int]]:
    """Hash of each chunk's text -> its positions (a text may occur more than once)."""
    out: dict[str, list[int]] = defaultdict(list)
    for k, c in enumerate(document.chunks):
        out[text_sha256(c.content)].append(k)
    return out


def _latest_first(decisions: list[ReviewerDecision]) -> list[tuple[int, ReviewerDecision]]:
    """Decisions with their index, the most recent first (by ``at``, then by order in the file)."""
    return sorted(enumerate(decisions), key=lambda x: (x[1].at, x[0]), reverse=True)


def concerns(decision: ReviewerDecision, texts: Set[str]) -> bool:
    """Whether *decision* is about a comparison whose chunks have the text hashes *texts*
    (both documents): at least one of the texts it names occurs there."""
    return any(h is not None and h in texts for h in decision.key)


def apply_decisions(decisions: Iterable[ReviewerDecision], doc_a: Document, doc_b: Document) -> AppliedDecisions:
    given = list(decisions)
    if not given:  # most runs: no reviewer, and hashing every chunk of both documents costs seconds at scale
        return AppliedDecisions()
    hashes_a, hashes_b = chunk_hashes(doc_a), chunk_hashes(doc_b)
    texts = hashes_a.keys() | hashes_b.keys()
    items = [d for d in given if concerns(d, texts)]  # the others are about other documents
    if not items:
        return AppliedDecisions()
    not_applied: list[NotApplied] = []
    # a later decision wins over one it contradicts
    kept: list[tuple[int, ReviewerDecision]] = []
    for k, d in _latest_first(items):
        if any(contradicts(d, e) for _, e in kept):
            not_applied.append(NotApplied(d, "contradicted"))
        else:
            kept.append((k, d))
    kept.sort()
    fixed_edges: list[tuple[int, int, ReviewerDecision]] = []
    deleted: dict[int, ReviewerDecision] = {}
    added: set[int] = set()
    forbidden: set[tuple[int, int]] = set()
    ignore: list[IgnoreRule] = []
    applied: list[ReviewerDecision] = []
    for _, d in kept:
        pa = hashes_a.get(d.a_sha256, []) if d.a_sha256 else []
        pb = hashes_b.get(d.b_sha256, []) if d.b_sha256 else []
        if d.a_sha256 and not pa:
            not_applied.append(NotApplied(d, "a_not_found"))
            continue
        if d.b_sha256 and not pb:
            not_applied.append(NotApplied(d, "b_not_found"))
            continue
        pair_rule = d.verdict == "no_match" and pa and pb  # "this text is not that text": every copy
        if not pair_rule and len(pa) > 1:
            not_applied.append(NotApplied(d, "a_ambiguous", len(pa)))
            continue
        if not pair_rule and len(pb) > 1:
            not_applied.append(NotApplied(d, "b_ambiguous", len(pb)))
            continue
        applied.append(d)
        if d.verdict == "ignore":
            ignore.append(IgnoreRule(pa[0] if pa else None, pb[0] if pb else None, d))
        elif d.verdict == "match":
            fixed_edges.append((pa[0], pb[0], d))
        elif pa and pb:
            forbidden.update((i, j) for i in pa for j in pb)
        elif pa:
            deleted[pa[0]] = d
        else:
            added.add(pb[0])
    fixed = _components(fixed_edges)
    fixed += [FixedGroup((i,), (), _reason([d])) for i, d in sorted(deleted.items())]
    constraints = Constraints(tuple(fixed), frozenset(forbidden), frozenset(added))
    order = {id(d): k for k, d in enumerate(items)}
    not_applied.sort(key=lambda n: order[id(n.decision)])
    return AppliedDecisions(constraints, tuple(ignore), tuple(applied), tuple(not_applied))


def _reason(decisions: list[ReviewerDecision]) -> str:
    notes = [d.note for d in decisions if d.note]
    return "; ".join(dict.fromkeys(notes)) or "a reviewer's decision"


def _components(edges: list[tuple[int, int, ReviewerDecision]]) -> list[FixedGroup]:
    """Match decisions that share a chunk make one group (a split or a merge)."""
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j, _ in edges:
        parent[find(("a", i))] = find(("b", j))
    groups: dict[tuple[str, int], tuple[set[int], set[int], list[ReviewerDecision]]] = {}
    for i, j, d in edges:
        a, b, ds = groups.setdefault(find(("a", i)), (set(), set(), []))
        a.add(i)
        b.add(j)
        ds.append(d)
    return sorted((FixedGroup(tuple(sorted(a)), tuple(sorted(b)), _reason(ds)) for a, b, ds in groups.values()),
                  key=lambda g: g.a)
