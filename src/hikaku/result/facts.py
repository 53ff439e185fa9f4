"""What a change says, typed: the facts of a modified pair (``Change.facts``), the signals of a
change that may disadvantage the customer or employee (``Change.attention``) and the revision
summary of the whole comparison (``ComparisonResult.summary``, 改定の要旨). Part of the
``hikaku.comparison/v1`` contract (docs/result-schema.md); ``hikaku.changes`` computes them.

A fact is a frozen dataclass told apart by its ``kind``; quoted text is as the document writes it
(items and terms up to about 40 characters, sentences and provisos 60, then …), numbers in NFKC
(「３か月」 reads 「3か月」). List markers, numbering and whitespace are never facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, Field

__all__ = [
    "ATTENTION_CODES",
    "Attention",
    "AttentionCode",
    "Fact",
    "FACT_KINDS",
    "HeadingFact",
    "ItemFact",
    "NumberFact",
    "ProvisoFact",
    "ReferenceFact",
    "Replacement",
    "RevisionSummary",
    "SectionSummary",
    "SentenceFact",
    "SummaryEntry",
    "TermFact",
]

FACT_KINDS = ("number", "item_removed", "item_added", "term", "proviso_added", "proviso_removed", "reference",
              "heading", "sentence_added", "sentence_removed")


@dataclass(frozen=True, slots=True, kw_only=True)
class NumberFact:
    """A changed value: 「入院給付金日額の20倍 → 25倍」 is old ``20倍``, new ``25倍``, unit ``倍``,
    subject ``入院給付金日額`` (what it counts), context ``入院給付金日額の`` (the words right
    before it, as written); ``change`` says whether the value went ``up`` or ``down`` when both
    are in one unit (days, months and years are one; so are 円 and 万円), else ``""``. *old* is
    what stood in its place when it was no number (「__円」)."""

    kind: Literal["number"] = "number"
    old: str
    new: str
    unit: str = ""
    subject: str = ""
    context: str = ""
    change: Literal["up", "down", "same", ""] = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemFact:
    """An item of an enumeration or a list removed or added: 「肝硬変」 of 「がん、…、肝硬変、慢性腎不全」,
    the text of a numbered or bulleted line without its marker, a table row."""

    kind: Literal["item_removed", "item_added"]
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TermFact:
    """A word or phrase replaced (「労働者」 → 「社員」); *old* or *new* is empty when a phrase was
    only added or only removed inside a sentence."""

    kind: Literal["term"] = "term"
    old: str
    new: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvisoFact:
    """A proviso, exclusion or limitation added or removed: a ただし書き, 「…を除く」, 「…に限る」, 対象外,
    "except", "provided that", "unless"."""

    kind: Literal["proviso_added", "proviso_removed"]
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReferenceFact:
    """A clause reference changed (第12条 → 第13条, 前条 → 前項, Section 4.1 → Section 5.1). *own*: the
    clause's own number; *shifted*: it follows the document's renumbering (条ずれ)."""

    kind: Literal["reference"] = "reference"
    old: str
    new: str
    own: bool = False
    shifted: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class HeadingFact:
    """A title renamed: a heading, or a clause's caption (（休暇） → （年次有給休暇）)."""

    kind: Literal["heading"] = "heading"
    old: str
    new: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SentenceFact:
    """A sentence added or removed (a paragraph's number is no part of it)."""

    kind: Literal["sentence_added", "sentence_removed"]
    text: str


Fact = Annotated[NumberFact | ItemFact | TermFact | ProvisoFact | ReferenceFact | HeadingFact | SentenceFact,
                 Field(discriminator="kind")]

AttentionCode = Literal["coverage_removed", "benefit_decreased", "charge_increased", "period_against",
                        "exclusion_added"]
ATTENTION_CODES: tuple[AttentionCode, ...] = ("coverage_removed", "benefit_decreased", "charge_increased",
                                              "period_against", "exclusion_added")


@dataclass(frozen=True, slots=True, kw_only=True)
class Attention:
    """A clear signal that a change may disadvantage the customer or employee (不利益変更の可能性):
    ``coverage_removed`` (an item removed from an enumeration of covered events or benefits, a
    benefit provision removed), ``benefit_decreased`` (an amount paid to them decreased),
    ``charge_increased`` (a premium, fee or charge increased), ``period_against`` (a waiting,
    exclusion or notice period changed against them), ``exclusion_added`` (a new exclusion or
    limiting proviso). *evidence*: what was found, in the report's language."""

    code: AttentionCode
    evidence: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Replacement:
    """A replacement applied throughout (「労働者」 → 「社員」): the rows (indices of ``changes``)
    where it was made."""

    old: str
    new: str
    changes: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryEntry:
    """One changed row in the summary: its index in ``changes``, item, type and what changed
    (the row's facts, replacements applied throughout left out). A dataclass with slots, as the
    facts: a summary may hold one for each of 50,000 rows."""

    change: int
    item: str = ""
    type: str = ""
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionSummary:
    """The changed rows of one section (its heading path under the documents' titles)."""

    section: str = ""
    entries: list[SummaryEntry] = field(default_factory=list)


class RevisionSummary(BaseModel):
    """改定の要旨: counts, replacements applied throughout (stated once; ``folded``: the rows
    that differ by nothing else), the rows that may disadvantage the customer or employee, and
    the changed rows grouped by section. ``text``: a few sentences an LLM wrote from it, kept
    only when every number, quoted term and article number in them occurs in the facts or the
    texts (empty offline)."""

    counts: dict[str, int] = Field(default_factory=dict)
    replacements: list[Replacement] = Field(default_factory=list)
    folded: list[int] = Field(default_factory=list)
    attention: list[int] = Field(default_factory=list)
    sections: list[SectionSummary] = Field(default_factory=list)
    text: str = ""
