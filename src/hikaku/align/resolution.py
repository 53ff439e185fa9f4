"""Settle the final alignment from the plan's settled groups and the agent's decisions.

Competition for a B chunk is decided globally: a reviewer's groups come first, then the
other settled groups (identical anchors, certain plan matches) keep their chunks; agent decisions are honoured from the most
to the least convincing, and a decision that lost its chunk falls back to its next
alternative or becomes a deletion. B chunks nobody holds are additions. Pairs that
break the order of the text (outside the longest order-preserving chain of the pairs that
hold text) are *moved*; a heading alone moves with what it heads.
No group ever pairs chunks a reviewer ruled out (:class:`Constraints`); a chunk left without
counterpart because of such a ruling is marked as decided by the reviewer.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from ..document import Document, heads, is_heading_only
from .anchors import fitting, longest_increasing_subsequence
from .constraints import Constraints
from .decision import Decision, ResolvedGroup

__all__ = ["resolve", "in_reading_order"]


def resolve(decisions: Sequence[Decision], doc_a: Document, doc_b: Document,
            constraints: Constraints | None = None) -> list[ResolvedGroup]:
    """Decisions' alternatives are the counterparts they would also accept (a policy lists
    only those it judges more likely right than not)."""
    cons = constraints or Constraints()
    def pos_a(chunk_id: str) -> int:
        p = doc_a.position(chunk_id)
        assert p is not None, chunk_id
        return p

    def pos_b(chunk_id: str) -> int:
        p = doc_b.position(chunk_id)
        assert p is not None, chunk_id
        return p

    taken: dict[int, ResolvedGroup] = {}
    out: list[ResolvedGroup] = []

    def take(d: Decision, b_ids: Sequence[str], similarity: float | None, reason: str) -> ResolvedGroup:
        g = ResolvedGroup(
            a=tuple(pos_a(i) for i in d.a_ids),
            b=tuple(pos_b(j) for j in b_ids),
            similarity=similarity,
            confidence=d.confidence,
            decided_by=d.decided_by,
            reason=reason,
            # the LLM's account of what changed holds for the counterpart it chose
            description=d.description if tuple(b_ids) == d.b_ids else "",
        )
        for j in g.b:
            taken[j] = g
        out.append(g)
        return g

    def allowed(d: Decision, b_ids: Sequence[str]) -> bool:
        ia, ib = [pos_a(i) for i in d.a_ids], [pos_b(j) for j in b_ids]
        return all(j not in taken for j in ib) and (d.decided_by == "reviewer" or cons.allows(ia, ib))

    settled = sorted((d for d in decisions if d.settled), key=lambda d: d.decided_by != "reviewer")
    by_agent = [d for d in decisions if not d.settled]
    for d in settled:
        if allowed(d, d.b_ids):
            take(d, d.b_ids, d.similarity, d.reason)
        else:  # only a reviewer's answer during the run takes a chunk the plan had settled
            keeper = taken.get(pos_b(d.b_ids[0])) if d.b_ids else None
            owner = ",".join(doc_a.chunks[i].id for i in keeper.a) if keeper else "?"
            take(d, (), None, f"the reviewer gave its counterpart {','.join(d.b_ids)} to {owner}").confidence = 0.5
    by_agent.sort(key=lambda d: (-d.score, pos_a(d.a_ids[0])))
    for d in by_agent:
        options: list[tuple[tuple[str, ...], float | None, str]] = []
        if d.b_ids:
            options.append((d.b_ids, d.similarity, d.reason))
            for b_ids, score in d.alternatives:
                options.append((b_ids, score, "fallback: its first choice went to a closer chunk"))
        for b_ids, similarity, reason in options:
            if allowed(d, b_ids):
                take(d, b_ids, similarity, reason)
                break
        else:
            lost = ""
            if d.b_ids:
                winner = taken.get(pos_b(d.b_ids[0]))
                holder = ",".join(doc_a.chunks[i].id for i in winner.a) if winner else "?"
                lost = f"its counterpart {','.join(d.b_ids)} went to {holder}"
            g = take(d, (), None, lost or d.reason)
            if lost:
                g.confidence = 0.5
    for g in out:
        if not g.b and g.decided_by != "reviewer" and any(cons.ruled_out_a(i) for i in g.a):
            g.decided_by, g.reason = "reviewer", f"the reviewer ruled out its counterpart ({g.reason})"
    for j in range(len(doc_b.chunks)):
        if j not in taken:
            by_reviewer = j in cons.added_b or cons.ruled_out_b(j)
            out.append(ResolvedGroup(a=(), b=(j,), similarity=None, confidence=1.0,
                                     decided_by="reviewer" if by_reviewer else "resolver",
                                     reason="the reviewer ruled out its counterpart" if by_reviewer
                                     else "no chunk of A corresponds"))
    _mark_moved(out, doc_a, doc_b)
    return in_reading_order(out)


def _mark_moved(groups: list[ResolvedGroup], doc_a: Document, doc_b: Document) -> None:
    """A pair is moved when the order of the text changed: it is outside the longest
    order-preserving chain of the pairs that hold text. A heading alone (第2章　総則) is a
    boundary, not text: it moves with what it heads (its first paired chunk), so a chapter
    boundary that shifted (an article inserted before it, the chapter's last article now the
    next chapter's first) moves nothing, and a chapter put elsewhere with its articles
    moves, heading and all. A heading in the text's order (the document's title before a
    first article that moved) never moves; one out of it that heads nothing paired does."""
    def heading_only(g: ResolvedGroup) -> bool:
        return (all(is_heading_only(doc_a.chunks[i].structure) for i in g.a)
                and all(is_heading_only(doc_b.chunks[j].structure) for j in g.b))

    paired = [g for g in groups if g.a and g.b]
    text = [g for g in paired if not heading_only(g)]
    boundaries = [g for g in paired if heading_only(g)]
    chain = longest_increasing_subsequence(sorted((min(g.a), min(g.b)) for g in text),
                                           end=(len(doc_a.chunks), len(doc_b.chunks)))
    in_chain = set(chain)
    for g in text:
        g.moved = (min(g.a), min(g.b)) not in in_chain
    group_of_a = {i: g for g in text for i in g.a}
    end = (len(doc_a.chunks), len(doc_b.chunks))
    keys = [i for i, _ in chain]  # once for all the boundaries, not once each
    for g in boundaries:
        if fitting([(min(g.a), min(g.b))], chain, end, keys):
            continue  # between the text's pairs around it, in A and in B
        headed = next((group_of_a[k] for k in heads(doc_a.chunks, min(g.a)) if k in group_of_a), None)
        g.moved = headed is None or headed.moved


def in_reading_order(groups: list[ResolvedGroup]) -> list[ResolvedGroup]:
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
