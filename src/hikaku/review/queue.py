"""How doubtful a decision is, and the review queue: the rows a reviewer should check,
most doubtful first.

The doubt of a row is an estimate of the probability that it is wrong, from the
calibration's probabilities only (no constant of its own), the largest of:

- 1 − its calibrated confidence (``Change.confidence``);
- 1 − the share of its counterpart among the candidates the agent weighed: each candidate's
  calibrated probability *p* (the candidate model: P(it is the counterpart | its evidence)) is
  evidence for one of competing hypotheses, "no counterpart" being the reference, so that the
  counterpart's share is odds(p) / (1 + Σ odds) — two equally probable candidates make a doubt
  of one half, however probable each looks alone;
- when an LLM decided, the probability of the offline policy's choice if it differs.

A row is *uncertain* when its doubt exceeds 1 − ``certain``: hikaku would not have settled it
without an agent (the calibration's ``certain`` is the probability at which the plan settles a
group on its own). The same test tells when the agent *cannot decide* a chunk and asks the
reviewer (``--interactive``); without anyone to ask, the chunk is in the queue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..align import Decision
from ..result import Change, ReviewCandidate, ReviewItem

__all__ = ["Doubt", "doubt_of", "review_queue"]

_EDGE = 1e-6  # a probability of exactly 0 or 1 has no finite odds


@dataclass(frozen=True)
class Doubt:
    value: float  # estimated probability that the decision is wrong
    reasons: tuple[str, ...]  # low_confidence | close_competitor | llm_offline_disagree
    competitors: tuple[tuple[tuple[str, ...], float], ...]  # other counterparts, most probable first
    offline_choice: tuple[str, ...] | None = None  # when it differs from the LLM's

    def uncertain(self) -> bool:
        return bool(self.reasons)


def _odds(p: float) -> float:
    p = min(max(p, _EDGE), 1.0 - _EDGE)
    return p / (1.0 - p)


def doubt_of(decision: Decision | None, b_ids: Sequence[str], confidence: float, certain: float) -> Doubt:
    """The doubt of a row (or of an agent's decision) pairing with *b_ids* (empty: deleted)
    with calibrated *confidence*; *decision* is what the policy knew (candidates, offline choice)."""
    limit = 1.0 - certain
    chosen = tuple(b_ids)
    weighed: dict[tuple[str, ...], float] = {}
    offline: tuple[str, ...] | None = None
    offline_p = 0.0
    if decision is not None and decision.decided_by == "agent":
        weighed = dict(decision.candidates)
        if decision.policy == "llm" and decision.offline_choice == chosen:
            # the LLM and the offline examination agree: the doubt is the calibrated one (an
            # LLM's own confidence is not calibrated; it neither adds doubt nor removes it)
            confidence = decision.offline_probability
        if decision.offline_choice is not None and decision.offline_choice != chosen and decision.policy == "llm":
            offline, offline_p = decision.offline_choice, decision.offline_probability
    if chosen and chosen not in weighed:
        weighed[chosen] = confidence  # (a counterpart the policy did not weigh: its own probability)
    odds = {b: _odds(p) for b, p in weighed.items()}
    total = 1.0 + sum(odds.values())
    share = (odds[chosen] if chosen else 1.0) / total
    competitors = tuple(sorted(((b, p) for b, p in weighed.items() if b != chosen), key=lambda x: -x[1]))
    rivals = sum(odds[b] for b, _ in competitors) / total
    value = max(1.0 - confidence, 1.0 - share, offline_p)
    reasons = []
    if 1.0 - confidence > limit or (chosen and 1.0 / total > limit):
        reasons.append("low_confidence")
    if rivals > limit:
        reasons.append("close_competitor")
    if offline is not None and offline_p > limit:
        reasons.append("llm_offline_disagree")
    if value > limit and not reasons:  # several small doubts together
        reasons.append("low_confidence")
    return Doubt(round(value, 4), tuple(reasons), competitors, offline)


def review_queue(changes: Sequence[Change], decisions: Sequence[Decision], certain: float) -> list[ReviewItem]:
    """The uncertain rows of *changes* (not those a reviewer paired, deleted or put out of
    scope, nor a deletion or addition left by a pairing the reviewer ruled out: every row that
    says ``decided_by: reviewer``), most doubtful first; *decisions* are the run's (the state's
    ``comparison_results``)."""
    by_a = {a: d for d in decisions for a in d.a_ids}
    # the doubt of a row no agent weighed depends on its confidence and on whether it has a
    # counterpart alone: worked out once for each (most rows of a large comparison share a few)
    plain: dict[tuple[bool, float], Doubt] = {}
    items = []
    for k, c in enumerate(changes):
        d = by_a.get(c.a_ids[0]) if c.a_ids else None
        if c.ignored or c.decided_by == "reviewer":  # the row says a reviewer decided it: not also in doubt
            continue
        if c.decided_by == "resolver" and d is not None and tuple(d.a_ids) != tuple(c.a_ids):
            d = None  # a row the resolver made of more chunks (joined by meaning): its own confidence
        elif d is None or d.decided_by == "reviewer":
            continue
        if d is None or d.decided_by != "agent":
            key = (bool(c.b_ids), c.confidence)
            found = plain.get(key)
            doubt = found if found is not None else plain.setdefault(key, doubt_of(d, c.b_ids, c.confidence, certain))
        else:
            doubt = doubt_of(d, c.b_ids, c.confidence, certain)
        if not doubt.uncertain():
            continue
        items.append(ReviewItem(
            change=k, a_ids=list(c.a_ids), b_ids=list(c.b_ids), doubt=doubt.value, reasons=list(doubt.reasons),  # type: ignore[arg-type]
            competitors=[ReviewCandidate(b_ids=list(b), probability=round(p, 4)) for b, p in doubt.competitors[:3]],
            offline_b_ids=list(doubt.offline_choice) if doubt.offline_choice is not None else None,
        ))
    items.sort(key=lambda x: (-x.doubt, x.change))
    return items
