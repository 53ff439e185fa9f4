"""The evidence guard: an LLM's answer may improve on the offline decision, but it never
overrides strong evidence.

Before the model's turn, the LLM policy has the offline policy examine the chunk with the
same tools (tool calls, no model): its candidates, each with the calibration's probability
that it is the counterpart (``hikaku.align.calibration``: the candidate model). An answer
is rejected when

- it says ``deleted`` while an available candidate is *certain* — its probability reaches
  the calibration's ``certain``, the level at which the plan settles a pair without asking
  anyone — and no other chunk claims that candidate more probably;
- it names an *implausible* counterpart while a plausible one is available: the named
  counterpart's probability (weighed by the same model, also when the LLM found it on its
  own) is below ½ — the candidate model's own decision boundary, below which a link is more
  likely wrong than right — while an available candidate reaches ½, i.e. one the offline
  policy would link, certain or not (a nonsense answer must not turn a probable split into
  削除 + 追加);
- it names a counterpart no more similar to the chunk than the chunks around them are (its
  background, ``align.neighbours``): an unrelated clause that shares the document's boilerplate
  is never one clause, whoever says so.

A refused answer is asked again once with the problem and the evidence; refused again, the
offline decision stands and the chunk counts toward giving the model up.

Between those bounds the LLM's judgement stands: it may prefer a plausible candidate
(probability ≥ ½) to the best one, delete a chunk whose best candidate is uncertain, or
link one the offline policy would delete; that is where it can do better, and where it
disagrees with the offline policy a reviewer is asked (``hikaku.review``: the reason
``llm_offline_disagree``). No constant here is new: ``certain`` is the calibration's and ½
is the one the offline policy links at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..wording import wording
from .answer import ComparisonAnswer, Problem
from .examination import CandidateEvidence
from .prompts import render

__all__ = ["LINK", "strong_candidates", "guard_answer", "describe_evidence", "evidence_prompt"]

LINK = 0.5  # the candidate model's decision boundary: the offline policy links above it

# the features a candidate's line names, in this order (their words: agent.prompt.flag.* in the catalogue)
_FLAGS = ("proposal", "label", "in_region", "same_path", "sequence", "title")


def strong_candidates(candidates: Sequence[CandidateEvidence], certain: float) -> list[CandidateEvidence]:
    """Available candidates whose probability reaches *certain* and that no other chunk
    claims more probably, most probable first."""
    return sorted((c for c in candidates
                   if c.probability >= certain and (not c.claimed_by or c.claim_probability < c.probability)),
                  key=lambda c: -c.probability)


def guard_answer(answer: ComparisonAnswer, candidates: Sequence[CandidateEvidence], certain: float,
                 probability_of: Callable[[tuple[str, ...]], float],
                 distinct: Callable[[tuple[str, ...]], bool] | None = None) -> Problem | None:
    """Why the (otherwise valid) answer contradicts the evidence, or None.
    *probability_of(b_ids)* weighs a counterpart (ids in document order, as the answer
    gives them) with the candidate model; *distinct(b_ids)*: whether it is more similar than
    its background."""
    if answer.change_type != "deleted" and distinct is not None:
        named = tuple(dict.fromkeys(answer.counterpart_ids))
        if named and not distinct(named):
            return Problem("evidence_indistinct",
                           f"counterpart {', '.join(named)} is no more similar to the chunk than the chunks around "
                           f"them are: its wording does not tell it from the document's boilerplate")
    strong = strong_candidates(candidates, certain)
    if answer.change_type == "deleted":
        if not strong:
            return None  # its best candidate is uncertain: the LLM's call
        best = strong[0]
        return Problem("evidence_deleted",
                       f"change_type 'deleted', but {', '.join(best.b_ids)} is its counterpart with probability "
                       f"{best.probability:.2f} (certain from {certain:.2f})")
    plausible = strong or strong_candidates(candidates, LINK)  # what the offline policy would link
    if not plausible:
        return None
    best = plausible[0]
    ids = tuple(dict.fromkeys(answer.counterpart_ids))
    if set(ids) == set(best.b_ids):
        return None
    p = probability_of(ids)
    if p < LINK:
        level = f"certain from {certain:.2f}" if strong else f"linked from {LINK}"
        return Problem("evidence_weaker",
                       f"counterpart {', '.join(ids)} has probability {p:.2f} (below {LINK}), while "
                       f"{', '.join(best.b_ids)} has {best.probability:.2f} ({level})")
    return None


def describe_evidence(candidates: Sequence[CandidateEvidence], lang: str, limit: int = 5) -> str:
    """The candidates as the retry prompt states them, most probable first."""
    w = wording(lang)
    lines = []
    for c in candidates[:limit]:
        flags = [w(f"agent.prompt.flag.{key}") for key in _FLAGS if c.features.get(key)]
        more = w("agent.prompt.flags", flags=w("text.list_sep").join(flags)) if flags else ""
        if c.claimed_by:
            more += w("agent.prompt.claim", ids=",".join(c.claimed_by))
        lines.append(w("agent.prompt.candidate", ids=", ".join(c.b_ids), probability=c.probability,
                       similarity=c.features.get("similarity", 0.0), more=more))
    return "\n".join(lines) if lines else w("agent.prompt.no_candidate")


def evidence_prompt(problem: Problem, candidates: Sequence[CandidateEvidence], lang: str, answer_tool: str) -> str:
    return render("agent_evidence", lang, problem=problem.detail, evidence=describe_evidence(candidates, lang),
                  answer_tool=answer_tool)
