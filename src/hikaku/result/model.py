"""The comparison result hikaku writes.

The JSON form of :class:`ComparisonResult` is the public contract
``hikaku.comparison/v1`` documented in ``docs/result-schema.md``; renderers
(``hikaku.renderers``) turn it into Markdown, CSV, HTML and the other formats.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .facts import Attention, Fact, RevisionSummary

__all__ = [
    "SCHEMA",
    "CHANGE_TYPES",
    "ChangeType",
    "Change",
    "DocumentInfo",
    "ChangeDiff",
    "ChunkCost",
    "ReviewCandidate",
    "ReviewItem",
    "REVIEW_REASONS",
    "REFERENCE_KINDS",
    "ReferenceFlag",
    "ReferenceKind",
    "Stats",
    "ComparisonResult",
]

SCHEMA = "hikaku.comparison/v1"

ChangeType = Literal["unchanged", "modified", "deleted", "added"]
CHANGE_TYPES: tuple[ChangeType, ...] = ("unchanged", "modified", "deleted", "added")


class ChangeDiff(BaseModel):
    """Where the texts of a modified pair differ: ``[start, end)`` character offsets into
    ``a_text`` (removed) and ``b_text`` (inserted)."""

    a: list[tuple[int, int]] = Field(default_factory=list)
    b: list[tuple[int, int]] = Field(default_factory=list)


class Change(BaseModel):
    """One row of the comparison.

    ``a_ids`` / ``b_ids`` are lists so that a split (one chunk of A becoming two of B)
    or a merge (two of A becoming one of B) is a single change. ``added`` has no
    ``a_ids`` and ``deleted`` no ``b_ids``.
    """

    type: ChangeType
    a_ids: list[str] = Field(default_factory=list)
    b_ids: list[str] = Field(default_factory=list)
    item: str = ""
    summary: str = ""
    confidence: float = 1.0
    moved: bool = False
    cosmetic: bool = False
    cosmetic_kind: str | None = None  # invisible | whitespace | width | list_marker | page_artefact
    similarity: float | None = None
    a_text: str = ""
    b_text: str = ""
    decided_by: str = ""
    summary_by: Literal["offline", "llm"] = "offline"
    offline_summary: str | None = None  # when the LLM wrote ``summary``: hikaku's own description, as evidence
    path: list[str] = Field(default_factory=list)  # heading path of the chunk (B side, else A)
    diff: ChangeDiff | None = None  # inline differences of a modified pair
    # only clause numbers differ (its own and the references that shifted with it): 第12条 → 第13条
    renumbered: bool = False
    renumbering: list[tuple[str, str]] = Field(default_factory=list)  # (old, new) numbers, its own first
    ignored: bool = False  # a reviewer marked the row 対象外 (out of the review's scope)
    # B keeps the clause's number and nothing else (「第9条　削除」): the clause was deleted, its number kept
    repealed: bool = False
    # the pages of the original each side's text is on (1-based; PDF and Word), none for formats without pages
    a_pages: list[int] = Field(default_factory=list)
    b_pages: list[int] = Field(default_factory=list)
    facts: list[Fact] = Field(default_factory=list)  # what changed, typed (hikaku.result.facts)
    attention: list[Attention] = Field(default_factory=list)  # signals that it may disadvantage the customer
    # the LLM's description when it named a number, term or article found in neither text nor the facts
    refused_summary: str | None = None

    def model_post_init(self, context: Any, /) -> None:
        # pydantic keeps, per instance, the set of the fields given: a set of every field's name
        # is most of a row's memory (bench/RESULTS.md, "Figures behind the code"). Rows are made with every
        # field, so they share one such set: setting a field adds a name it holds (no change),
        # and a copy (model_copy) gets its own set, as before.
        if len(self.__pydantic_fields_set__) == len(_CHANGE_FIELDS) and self.__pydantic_fields_set__ == _CHANGE_FIELDS:
            object.__setattr__(self, "__pydantic_fields_set__", _CHANGE_FIELDS)


_CHANGE_FIELDS: set[str] = set(Change.model_fields)


ReviewReason = Literal["low_confidence", "close_competitor", "llm_offline_disagree"]
REVIEW_REASONS: tuple[ReviewReason, ...] = ("low_confidence", "close_competitor", "llm_offline_disagree")


class ReviewCandidate(BaseModel):
    """Another counterpart the agent weighed for a row, with its calibrated probability."""

    b_ids: list[str]
    probability: float


class ReviewItem(BaseModel):
    """A row a reviewer should check: ``change`` is its index in ``changes``. ``doubt`` is
    the estimated probability that the row is wrong (the largest of: 1 − its confidence,
    1 − its counterpart's share among the candidates the agent weighed, the probability of
    the offline policy's choice when an LLM chose otherwise; hikaku.review.queue)."""

    change: int
    a_ids: list[str] = Field(default_factory=list)
    b_ids: list[str] = Field(default_factory=list)
    doubt: float
    reasons: list[ReviewReason] = Field(default_factory=list)
    competitors: list[ReviewCandidate] = Field(default_factory=list)
    offline_b_ids: list[str] | None = None  # the offline policy's counterpart, when an LLM chose otherwise


ReferenceKind = Literal["stale", "deleted_target", "missing_target", "relative_shift"]
REFERENCE_KINDS: tuple[ReferenceKind, ...] = ("stale", "deleted_target", "missing_target", "relative_shift")


class ReferenceFlag(BaseModel):
    """A cross-reference of B to check after the revision (引用ずれ; hikaku.crossrefs):
    ``stale`` — it keeps A's number, but the provision it meant now has another
    (*suggestion*); ``deleted_target`` — the provision it meant was deleted;
    ``missing_target`` — no provision of B has its number; ``relative_shift`` — a relative
    reference (前条, 前項, 次条) whose target changed because provisions were inserted, deleted
    or moved around it. Targets are written as the document cites them (第十五条第二項,
    ``Section 4.2(b)``)."""

    kind: ReferenceKind
    change: int  # index of the citing row in ``changes``
    b_id: str  # the chunk of B that cites
    text: str  # the reference as written in B
    start: int  # where it is in the row's ``b_text``
    end: int
    a_text: str | None = None  # the same reference in A's text; None for a reference new in B
    a_target: str | None = None  # what it pointed at in A
    a_target_ids: list[str] = Field(default_factory=list)
    b_target: str | None = None  # what it points at in B; None when B has no such provision
    b_target_ids: list[str] = Field(default_factory=list)
    suggestion: str | None = None  # the reference as it should read in B; None when none can be given
    suggestion_ids: list[str] = Field(default_factory=list)


class DocumentInfo(BaseModel):
    id: str
    title: str = ""
    chunk_count: int
    source: str | None = None
    # the document's chunks in their order (every id of the rows' a_ids / b_ids once): where a row's
    # text stands in its document, also for a moved one; empty in results written before it existed
    chunk_ids: list[str] = Field(default_factory=list)


class ChunkCost(BaseModel):
    """What examining one chunk (group) of A cost."""

    a_ids: list[str]
    policy: str = "offline"
    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    tool_calls: int = 0
    fallback: str | None = None  # why the LLM did not decide: "<kind>: <detail>" (see Stats.llm_fallbacks)
    llm_requests: int = 0  # every request sent to the model for this chunk (failed and retried ones too)
    llm_failed: int = 0
    llm_rejected: int = 0


class Stats(BaseModel):
    """Counts, timings and costs of one comparison."""

    counts: dict[str, int] = Field(default_factory=dict)
    moved: int = 0
    cosmetic: int = 0
    renumbered: int = 0  # pairs whose only difference is their clause number (条ずれ)
    repealed: int = 0  # clauses B keeps only by their number (「第9条　削除」)
    splits: int = 0
    merges: int = 0
    timings_ms: dict[str, float] = Field(default_factory=dict)
    tool_calls: dict[str, int] = Field(default_factory=dict)
    tool_calls_total: int = 0
    llm_calls: int = 0  # model calls that returned an answer
    llm_input_tokens: int = 0
    llm_output_tokens: int = 0
    llm_requests: int = 0  # every request sent to the model: returned, failed, retried
    llm_failed: int = 0  # requests that failed (HTTP errors, timeouts, dropped connections)
    llm_rejected: int = 0  # model replies hikaku refused (invalid, against the evidence, loops, plain text)
    llm_descriptions_kept: int = 0  # row descriptions (and the summary's text) the LLM wrote that were kept
    llm_descriptions_refused: int = 0  # … refused: a number, quoted term or article found nowhere in the row
    policy: str = "offline"
    chunks_settled_without_agent: int = 0
    chunks_examined_by_agent: int = 0
    embedding_model: str | None = None
    embedded_texts: int = 0
    llm_model: str | None = None
    llm_fallbacks: dict[str, int] = Field(default_factory=dict)  # kind (budget, unavailable, error, …) -> chunks
    per_chunk: list[ChunkCost] = Field(default_factory=list)  # the chunks the agent examined
    run_id: str | None = None
    decisions_applied: int = 0  # a reviewer's decisions (--decisions) that applied to these documents
    decisions_not_applied: int = 0  # … that did not (listed in the notes)
    questions_asked: int = 0  # chunks the agent asked the reviewer about (--interactive)


class ComparisonResult(BaseModel):
    """The result of comparing document A with document B."""

    model_config = ConfigDict(populate_by_name=True)

    schema_id: str = Field(default=SCHEMA, alias="schema")
    hikaku_version: str = ""
    document_a: DocumentInfo
    document_b: DocumentInfo
    changes: list[Change]
    stats: Stats = Field(default_factory=Stats)
    notes: list[str] = Field(default_factory=list)  # what the reader must know (e.g. an LLM budget was reached)
    review_queue: list[ReviewItem] = Field(default_factory=list)  # uncertain rows, most doubtful first
    references: list[ReferenceFlag] = Field(default_factory=list)  # cross-references to check (引用ずれ)
    summary: RevisionSummary | None = None  # 改定の要旨 (hikaku.result.facts); None in results made before it

    def count(self, change_type: ChangeType) -> int:
        return sum(1 for c in self.changes if c.type == change_type)

    def of_type(self, *types: ChangeType) -> list[Change]:
        return [c for c in self.changes if c.type in types]

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)

    def to_json(self, indent: int | None = 2) -> str:
        return self.model_dump_json(by_alias=True, indent=indent)

    def to_json_bytes(self, indent: int | None = 2) -> bytes:
        """:meth:`to_json` encoded in UTF-8, made as bytes directly: a large result's JSON is
        never also held as a Python string (two to four bytes a character)."""
        return self.__pydantic_serializer__.to_json(self, indent=indent, by_alias=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> ComparisonResult:
        return cls.model_validate_json(text)
