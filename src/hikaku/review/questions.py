"""The agent's question to the reviewer and the reviewer's answer.

When the agent cannot decide a chunk (its doubt says so: :func:`hikaku.review.doubt_of`) and a
front can ask (``hikaku compare --interactive``, the web app's "ask me"), the workflow pauses
with a :class:`Question` (a LangGraph ``interrupt``; the question travels as a plain dict, so
that it survives in the checkpoint) and continues with the :class:`Answer`. The front records
the answer as decisions (:meth:`Answer.records`), so the next run does not ask again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..wording import Message
from .candidates import Candidate
from .decisions import ReviewerDecision, excerpt, now_iso

__all__ = ["Question", "Answer", "AnswerVerdict"]

AnswerVerdict = Literal["match", "no_match", "skip"]


@dataclass(frozen=True)
class Question:
    a_ids: tuple[str, ...]
    a_sha256: tuple[str, ...]
    item: str
    a_text: str
    path: tuple[str, ...]
    doubt: float  # estimated probability that the agent's decision is wrong
    reasons: tuple[str, ...]  # low_confidence | close_competitor | llm_offline_disagree
    agent_choice: tuple[str, ...]  # what the agent would decide (empty: deleted)
    candidates: tuple[Candidate, ...] = ()
    number: int = 0  # 1, 2 … within the run

    def candidate(self, b_ids: tuple[str, ...] | list[str]) -> Candidate | None:
        return next((c for c in self.candidates if c.b_ids == tuple(b_ids)), None)

    def to_dict(self) -> dict[str, Any]:
        return {"a_ids": list(self.a_ids), "a_sha256": list(self.a_sha256), "item": self.item, "a_text": self.a_text,
                "path": list(self.path), "doubt": self.doubt, "reasons": list(self.reasons),
                "agent_choice": list(self.agent_choice), "candidates": [c.to_dict() for c in self.candidates],
                "number": self.number}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Question:
        return cls(
            a_ids=tuple(data["a_ids"]), a_sha256=tuple(data["a_sha256"]), item=str(data.get("item", "")),
            a_text=str(data.get("a_text", "")), path=tuple(data.get("path") or ()), doubt=float(data.get("doubt", 0.0)),
            reasons=tuple(data.get("reasons") or ()), agent_choice=tuple(data.get("agent_choice") or ()),
            candidates=tuple(Candidate.from_dict(c) for c in data.get("candidates") or ()),
            number=int(data.get("number", 0)),
        )


@dataclass(frozen=True)
class Answer:
    """``match`` with one of the question's candidates (*b_ids*), ``no_match`` (the chunk has
    no counterpart: deleted) or ``skip`` (leave it to the agent; the row goes to the review queue)."""

    verdict: AnswerVerdict
    b_ids: tuple[str, ...] = ()
    note: str = ""
    by: str = ""
    at: str = field(default_factory=now_iso)

    def __post_init__(self) -> None:
        object.__setattr__(self, "b_ids", tuple(self.b_ids))
        if self.verdict not in ("match", "no_match", "skip"):
            raise ValueError(Message("review.error.bad_verdict", verdict=self.verdict))
        if (self.verdict == "match") != bool(self.b_ids):
            raise ValueError(Message("review.error.match_names_b"))

    def check(self, question: Question) -> None:
        """A match must choose one of the question's candidates."""
        if self.verdict == "match" and question.candidate(self.b_ids) is None:
            raise ValueError(Message("review.error.not_a_candidate", b=", ".join(self.b_ids)))

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "b_ids": list(self.b_ids), "note": self.note, "by": self.by, "at": self.at}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Answer:
        return cls(verdict=data.get("verdict", "skip"), b_ids=tuple(data.get("b_ids") or ()),
                   note=str(data.get("note") or ""), by=str(data.get("by") or ""), at=str(data.get("at") or now_iso()))

    def records(self, question: Question, run: str | None = None) -> list[ReviewerDecision]:
        """The answer as decisions (none for ``skip``): each A chunk with each chosen B
        chunk (``match``), or each A chunk without counterpart (``no_match``)."""
        if self.verdict == "skip":
            return []
        a_excerpt = excerpt(question.a_text)

        def record(a: str, b: str | None, b_excerpt: str = "") -> ReviewerDecision:
            return ReviewerDecision(a_sha256=a, b_sha256=b, verdict="match" if b else "no_match", note=self.note,
                                    by=self.by, at=self.at, a_excerpt=a_excerpt, b_excerpt=b_excerpt, run=run)

        if self.verdict == "no_match":
            return [record(h, None) for h in question.a_sha256]
        c = question.candidate(self.b_ids)
        if c is None:
            raise ValueError(Message("review.error.not_a_candidate", b=", ".join(self.b_ids)))
        return [record(ha, hb, excerpt(c.text)) for ha in question.a_sha256 for hb in c.b_sha256]
