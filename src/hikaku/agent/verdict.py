"""The offline policy's verdict: how the weighed candidates of a group become its decision.

The candidates come weighed by the calibration's candidate model, most probable first
(``hikaku.agent.offline``). The most probable is linked when its probability exceeds ½ — the
candidate model's decision boundary — and the action says why it is the one: the plan's
proposal confirmed, a similar chunk outside the expected region (moved), the same label in the
expected place, or a more probable counterpart than the plan's (relinked). Otherwise the group
is deleted. The confidence is the winner's probability less half its runner-up's; the next
candidates above ½ are the decision's alternatives, the first five its weighed candidates (what
a reviewer is shown)."""

from __future__ import annotations

from collections.abc import Sequence

from .base import AgentTask, Decision
from .examination import Candidate
from .messages import Thoughts

__all__ = ["verdict"]


def verdict(t: Thoughts, task: AgentTask, available: Sequence[Candidate], label: str | None) -> Decision:
    """The decision for *task* from its *available* candidates (most probable first); the
    reasoning is added to *t*; *label*: the group's structural label, if any."""
    a_ids = list(task.a_ids)
    best = available[0] if available else None
    alts = [(list(c.b_ids), c.probability) for c in available[1:4] if c.probability > 0.5]
    weighed = [(c.b_ids, c.probability) for c in available[:5]]
    if best is not None and best.probability > 0.5:
        rival = available[1].probability if len(available) > 1 else 0.0
        confidence = min(0.99, max(0.05, best.probability - 0.5 * rival))
        if best.proposal:
            t.add("confirm", b=",".join(best.b_ids), sim=best.similarity, prob=best.probability)
            action, reason = "confirm", "plan confirmed by the tools"
        elif not best.in_window:
            t.add("move", b=best.b_id, sim=best.similarity, prob=best.probability)
            action, reason = "move", "similar chunk outside the expected region"
        elif best.label_match:
            t.add("label", b=best.b_id, label=label, prob=best.probability)
            action, reason = "label", "same label in the expected place"
        else:
            old = task.proposal_similarity if task.proposal_b_ids else 0.0
            t.add("relink", b=best.b_id, score=best.similarity, old=old, prob=best.probability)
            action, reason = "relink", "a more probable counterpart"
        return _decision(a_ids, list(best.b_ids), action, best.similarity, best.probability, confidence,
                         reason, alts, t.lines, weighed)
    top = best.probability if best is not None else 0.0
    t.add("delete", best=top)
    return _decision(a_ids, [], "delete", None, 1.0 - top, 1.0 - top, "no counterpart in B", [], t.lines, weighed)


def _decision(a_ids: list[str], b_ids: list[str], action: str, similarity: float | None, score: float,
              confidence: float, reason: str, alternatives: list[tuple[list[str], float]],
              thoughts: list[str], weighed: list[tuple[tuple[str, ...], float]]) -> Decision:
    return Decision(tuple(a_ids), tuple(b_ids), "agent", action, similarity, score, confidence, reason,
                    alternatives=tuple((tuple(b), s) for b, s in alternatives), thoughts=tuple(thoughts),
                    candidates=tuple(weighed))
