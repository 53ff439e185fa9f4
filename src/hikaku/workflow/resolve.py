"""Settle the final alignment from the plan's settled groups and the agent's decisions.

Competition for a B chunk is decided globally: settled groups (identical anchors,
certain plan matches) keep their chunks; agent decisions are honoured from the most
to the least convincing, and a decision that lost its chunk falls back to its next
alternative or becomes a deletion. B chunks nobody holds are additions. Pairs that
break the document order (outside the longest order-preserving chain) are *moved*.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .._models import Document
from ..align import longest_increasing_subsequence

__all__ = ["ResolvedGroup", "resolve"]


@dataclass
class ResolvedGroup:
    a: tuple[int, ...]
    b: tuple[int, ...]
    similarity: float | None
    confidence: float
    decided_by: str
    reason: str = ""
    moved: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        if self.a and self.b:
            return "pair"
        return "deleted" if self.a else "added"


def resolve(results: Sequence[dict[str, Any]], doc_a: Document, doc_b: Document, *, tau: float) -> list[ResolvedGroup]:
    pos_a = doc_a.position
    pos_b = doc_b.position
    taken: dict[int, ResolvedGroup] = {}
    out: list[ResolvedGroup] = []

    def take(r: dict[str, Any], b_ids: Sequence[str], similarity: float | None, reason: str) -> ResolvedGroup:
        g = ResolvedGroup(
            a=tuple(pos_a(i) for i in r["a_ids"]),  # type: ignore[misc]
            b=tuple(pos_b(j) for j in b_ids),  # type: ignore[misc]
            similarity=similarity,
            confidence=float(r.get("confidence", 1.0)),
            decided_by=r.get("decided_by", "plan"),
            reason=reason,
        )
        if r.get("description") and list(b_ids) == list(r["b_ids"]):  # the LLM's account of what changed
            g.extra["description"] = r["description"]
        for j in g.b:
            taken[j] = g
        out.append(g)
        return g

    settled = [r for r in results if r.get("decided_by") != "agent"]
    decisions = [r for r in results if r.get("decided_by") == "agent"]
    for r in settled:
        take(r, r["b_ids"], r.get("similarity"), r.get("reason", ""))
    decisions.sort(key=lambda r: (-float(r.get("score", 0.0)), pos_a(r["a_ids"][0]) or 0))
    for r in decisions:
        options: list[tuple[list[str], float | None, str]] = []
        if r["b_ids"]:
            options.append((r["b_ids"], r.get("similarity"), r.get("reason", "")))
            for b_ids, score in r.get("alternatives", []):
                if score >= tau:
                    options.append((list(b_ids), score, "fallback: its first choice went to a closer chunk"))
        for b_ids, similarity, reason in options:
            if all(pos_b(j) not in taken for j in b_ids):
                take(r, b_ids, similarity, reason)
                break
        else:
            lost = ""
            if r["b_ids"]:
                winner = taken.get(pos_b(r["b_ids"][0]))  # type: ignore[arg-type]
                holder = ",".join(doc_a.chunks[i].id for i in winner.a) if winner else "?"
                lost = f"its counterpart {','.join(r['b_ids'])} went to {holder}"
            g = take(r, [], None, lost or r.get("reason", "no counterpart in B"))
            if lost:
                g.confidence = 0.5
    for j in range(len(doc_b.chunks)):
        if j not in taken:
            out.append(ResolvedGroup(a=(), b=(j,), similarity=None, confidence=1.0, decided_by="resolver",
                                     reason="no chunk of A corresponds"))
    pairs = sorted((min(g.a), min(g.b)) for g in out if g.a and g.b)
    chain = set(longest_increasing_subsequence(pairs))
    for g in out:
        if g.a and g.b and (min(g.a), min(g.b)) not in chain:
            g.moved = True
    return _in_reading_order(out)


def _in_reading_order(groups: list[ResolvedGroup]) -> list[ResolvedGroup]:
    """Pairs and additions in B order; a deletion right after the pair of the A chunk
    before it (or at the start)."""
    b_of_a = sorted((i, min(g.b)) for g in groups if g.a and g.b and not g.moved for i in g.a)
    keys_a = [i for i, _ in b_of_a]

    def key(g: ResolvedGroup) -> tuple[float, int, int]:
        if g.b:
            return (float(min(g.b)), 1, min(g.a) if g.a else -1)
        k = bisect.bisect_left(keys_a, min(g.a))
        return ((b_of_a[k - 1][1] if k else -1.0) + 0.5, 0, min(g.a))

    return sorted(groups, key=key)
