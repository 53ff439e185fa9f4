"""The structured final answer of the LLM agent, and its validation against the
documents: an answer with ids that do not exist (or are ids of document A), a type that
contradicts its ids, or a pair a reviewer ruled out, is rejected (the policy retries once,
then falls back to the offline policy). What the answer says is then weighed against the
evidence (``hikaku.agent.evidence``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

from ..align import Constraints
from ..document import Document

__all__ = ["ComparisonAnswer", "Problem", "answer_problem", "check_answer", "schema_problem", "MAX_COUNTERPARTS"]

MAX_COUNTERPARTS = 3


class ComparisonAnswer(BaseModel):
    """Final comparison result for the current chunk of document A."""

    counterpart_ids: list[str] = Field(
        default_factory=list,
        description="Ids of the corresponding chunk(s) of document B; several if the chunk was split, "
        "empty if it was deleted.",
    )
    change_type: Literal["unchanged", "modified", "deleted"] = Field(
        description="unchanged: same text; modified: changed; deleted: no counterpart in B."
    )
    description: str = Field(default="", description="What changed, in one or two sentences. Empty if unchanged.")
    confidence: float = Field(ge=0.0, le=1.0, description="Confidence in this answer, from 0 to 1.")


@dataclass(frozen=True)
class Problem:
    """Why a reply of the model cannot be used: its kind (``invalid``, ``wrong_document``,
    ``evidence_deleted``, ``evidence_weaker``, ``evidence_indistinct``, ``loop``, ``plain_text``) and the
    detail."""

    kind: str
    detail: str


def answer_problem(answer: ComparisonAnswer, doc_b: Document, doc_a: Document | None = None, *,
                   a_ids: Sequence[str] = (), constraints: Constraints | None = None) -> Problem | None:
    """Why the answer cannot be used, or None if it can (*constraints*: a reviewer's
    decisions about the A chunks *a_ids*)."""
    ids = list(dict.fromkeys(answer.counterpart_ids))
    unknown = [i for i in ids if doc_b.position(i) is None]
    if unknown:
        in_a = [i for i in unknown if doc_a is not None and doc_a.position(i) is not None]
        if in_a and len(in_a) == len(unknown):
            return Problem("wrong_document",
                           f"counterpart_ids {', '.join(unknown)} do not exist in document B (these are ids of document A)")
        return Problem("invalid", f"counterpart_ids {', '.join(unknown)} do not exist in document B")
    if answer.change_type == "deleted" and ids:
        return Problem("invalid", "change_type is 'deleted' but counterpart_ids is not empty")
    if answer.change_type != "deleted" and not ids:
        return Problem("invalid", f"change_type is '{answer.change_type}' but counterpart_ids is empty")
    if len(ids) > MAX_COUNTERPARTS:
        return Problem("invalid", f"{len(ids)} counterparts: a chunk corresponds to at most {MAX_COUNTERPARTS} chunks of B")
    if constraints and doc_a is not None and ids:
        ia = [p for p in (doc_a.position(i) for i in a_ids) if p is not None]
        ruled = [j for j in ids if not constraints.allows(ia, [doc_b.position(j) or 0])]  # (ids exist: checked above)
        if ruled:
            return Problem("invalid", f"a reviewer ruled out {', '.join(ruled)} as counterpart of {', '.join(a_ids)} "
                           "(another chunk holds it, or it has none): choose another chunk or 'deleted'")
    return None


def check_answer(answer: ComparisonAnswer, doc_b: Document, doc_a: Document | None = None, *,
                 a_ids: Sequence[str] = (), constraints: Constraints | None = None) -> str | None:
    """Why the answer cannot be used (in words), or None if it can."""
    problem = answer_problem(answer, doc_b, doc_a, a_ids=a_ids, constraints=constraints)
    return problem.detail if problem is not None else None


def schema_problem(exc: BaseException) -> str:
    """What does not fit the answer's schema, on one line: each field with the problem and
    the value given (a pydantic error is several lines, with a URL per problem)."""
    from pydantic import ValidationError

    from ..llm import one_line

    error = exc
    while not isinstance(error, ValidationError) and (error.__cause__ or error.__context__) is not None:
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    if not isinstance(error, ValidationError):
        return one_line(str(exc))
    parts = []
    for e in error.errors(include_url=False):
        where = ".".join(str(p) for p in e["loc"]) or "the answer"
        given = one_line(repr(e["input"]), 40) if "input" in e and e["type"] != "missing" else ""
        parts.append(f"{where}: {e['msg']}" + (f" (got {given})" if given else ""))
    return one_line("; ".join(parts))
