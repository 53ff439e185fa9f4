"""Review mode in the workflow: the reviewer's decisions of the run, the agent's questions
(a LangGraph ``interrupt`` in the ``ask_reviewer`` node) and what the result says about
them (rows marked 対象外, decisions that did not apply, the review queue).

``react_agent`` → (``ask_reviewer`` when a front answers questions and the agent cannot
decide a chunk of the step) → ``process_comparison_results``. The node runs again from its
start when the run resumes with an answer (LangGraph's rule); the agent's decisions it reads
are in the checkpoint, so nothing is examined twice.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any, Literal

from langgraph.runtime import Runtime
from langgraph.types import interrupt

from ..align import Decision
from ..result import Change, ReviewItem
from ..review import (
    Answer,
    Doubt,
    NotApplied,
    Question,
    find_candidates,
    not_applied_notes,
    review_queue,
    text_sha256,
)
from ..wording import LANGS, wording
from .runtime import ComparisonRuntime
from .state import ComparisonState

__all__ = ["ReviewOutcome", "ask_reviewer", "question_for", "route_after_agent", "review_outcome"]

log = logging.getLogger(__name__)

def route_after_agent(state: ComparisonState, runtime: Runtime[ComparisonRuntime]
                      ) -> Literal["ask_reviewer", "process_comparison_results"]:
    rt = runtime.context
    if rt.review.ask and any(rt.review.doubt(d).uncertain() for d in state.get("agent_outputs") or []):
        return "ask_reviewer"
    return "process_comparison_results"


def question_for(rt: ComparisonRuntime, d: Decision, doubt: Doubt, number: int) -> Question:
    a, b = rt.document_a, rt.document_b
    chunks = [c for c in (a.get(i) for i in d.a_ids) if c is not None]

    def holders(b_id: str) -> tuple[str, ...]:
        claim = rt.view.claim(b_id)
        return claim.a_ids if claim is not None else ()

    forbidden = rt.review.applied.constraints
    ia = [p for p in (a.position(i) for i in d.a_ids) if p is not None]

    def allowed(b_ids: tuple[str, ...]) -> bool:  # a pair the reviewer ruled out is no candidate
        return not any(forbidden.forbids(i, j) for i in ia for j in (b.position(x) for x in b_ids) if j is not None)

    candidates = find_candidates(rt.registry, a, b, d.a_ids, known=d.candidates, chosen=d.b_ids, holders=holders,
                                 similarities=rt.view.similarities, allowed=allowed)
    from ..changes import item_label

    return Question(
        a_ids=d.a_ids, a_sha256=tuple(text_sha256(c.content) for c in chunks), item=item_label(chunks, []),
        a_text="\n".join(c.content for c in chunks), path=chunks[0].structure.section_path if chunks else (),
        doubt=doubt.value, reasons=doubt.reasons, agent_choice=d.b_ids, candidates=tuple(candidates), number=number,
    )


def ask_reviewer(state: ComparisonState, runtime: Runtime[ComparisonRuntime]) -> dict[str, Any]:
    """Ask about each decision of the step the agent cannot take (in order; one interrupt
    each) and replace it with the reviewer's answer."""
    rt = runtime.context
    w = wording(rt.options.lang if rt.options.lang in LANGS else "ja")
    asked = state.get("questions_asked", 0)
    out: list[Decision] = []
    thoughts: list[str] = []
    for d in state.get("agent_outputs") or []:
        doubt = rt.review.doubt(d)
        if not (rt.review.ask and doubt.uncertain()):
            out.append(d)
            continue
        asked += 1
        question = question_for(rt, d, doubt, asked)
        reply = interrupt(question.to_dict())
        try:
            answer = Answer.from_dict(reply) if isinstance(reply, dict) else Answer("skip")
            answer.check(question)
        except ValueError as e:
            log.warning("chunk %s: unusable answer %r (%s); left to the review queue", d.a_ids[0], reply, e)
            thoughts.append(f"[{d.a_ids[0]}] " + w("review.answered.invalid", b=reply))
            out.append(d)
            continue
        thoughts.append(f"[{d.a_ids[0]}] " + w(f"review.answered.{answer.verdict}", b=",".join(answer.b_ids)))
        if answer.verdict == "skip":
            out.append(d)
            continue
        reason = "the reviewer's answer" + (f": {answer.note}" if answer.note else "")
        similarity = rt.view.group_similarity(d.a_ids, answer.b_ids) if answer.b_ids else None
        out.append(replace(d, b_ids=answer.b_ids, decided_by="reviewer", action="asked",
                           similarity=None if similarity is None else round(similarity, 6), score=1.0,
                           confidence=1.0, reason=reason, alternatives=()))
        with rt.lock:  # chunks under way in a window read the view
            rt.view.record(out[-1])  # the next question (and chunk) sees the answer
    return {"agent_outputs": out, "agent_thoughts": thoughts, "questions_asked": asked, "current_step": "ask_reviewer"}


@dataclass(frozen=True)
class ReviewOutcome:
    changes: list[Change]
    queue: list[ReviewItem]
    notes: list[str]
    stats: dict[str, int]


def _ignored(changes: list[Change], rt: ComparisonRuntime) -> tuple[list[Change], list[NotApplied]]:
    """Mark the rows a reviewer put out of scope; a rule whose chunks no row holds together
    did not apply."""
    a, b = rt.document_a, rt.document_b
    out = list(changes)
    missed = []
    for rule in rt.review.applied.ignore:
        a_id = a.chunks[rule.a].id if rule.a is not None else None
        b_id = b.chunks[rule.b].id if rule.b is not None else None
        k = next((k for k, c in enumerate(out) if (a_id is None or a_id in c.a_ids) and (b_id is None or b_id in c.b_ids)),
                 None)
        if k is None:
            missed.append(NotApplied(rule.decision, "row_changed"))
        else:
            out[k] = out[k].model_copy(update={"ignored": True})
    return out, missed


def review_outcome(rt: ComparisonRuntime, state: ComparisonState, changes: list[Change]) -> ReviewOutcome:
    applied = rt.review.applied
    changes, missed = _ignored(changes, rt)
    not_applied = [*applied.not_applied, *missed]
    queue = review_queue(changes, state.get("comparison_results", []), rt.review.certain)
    return ReviewOutcome(
        changes=changes, queue=queue, notes=not_applied_notes(not_applied, rt.options.lang),
        stats={"decisions_applied": len(applied.applied) - len(missed), "decisions_not_applied": len(not_applied),
               "questions_asked": int(state.get("questions_asked", 0))},
    )
