"""The revision summary (改定の要旨) and the section of changes that may disadvantage the customer
(要確認：不利になりうる変更) as every report opens with them, decided once: the Markdown, HTML, Word
and Excel renderers only lay them out."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..changes import revision_summary, said_by_facts, type_label
from ..result import Change, ComparisonResult, RevisionSummary
from ..wording import wording

__all__ = ["AttentionRow", "SummaryView", "summary_view", "MAX_ENTRIES"]

MAX_ENTRIES = 300  # rows listed by section in a report's summary (the JSON holds them all)


@dataclass(frozen=True)
class AttentionRow:
    change: int  # index in result.changes
    item: str
    codes: str  # what kind of signal, in words
    evidence: str


@dataclass(frozen=True)
class SummaryView:
    title: str
    replacements: list[str] = field(default_factory=list)  # 「労働者」 → 「社員」（37か所の条項）
    folded: list[tuple[str, list[str]]] = field(default_factory=list)  # 「労働者」 → 「社員」 のみ（N件）, items
    attention_title: str = ""
    attention: list[AttentionRow] = field(default_factory=list)
    attention_more: int = 0  # rows with a signal beyond MAX_ENTRIES (the JSON holds them all)
    sections: list[tuple[str, list[tuple[int, str]]]] = field(default_factory=list)  # section, (row, line)
    more: int = 0  # rows beyond MAX_ENTRIES
    text: str = ""  # an LLM's summary, checked


def _summary(result: ComparisonResult, lang: str) -> RevisionSummary:
    if result.summary is not None:
        return result.summary
    roots = frozenset(t for t in (result.document_a.title, result.document_b.title) if t)
    return revision_summary(result.changes, lang, roots=roots, top=result.document_b.title or result.document_a.title)


def _line(c: Change, description: str, lang: str) -> str:
    w = wording(lang)
    sep, item = w("text.subject_sep"), c.item or w("report.none")
    if c.type == "modified" and not c.repealed and description:
        return f"{item}{sep}{description}"
    said = type_label(c, lang)
    return f"{item}{sep}{said}" + (f"{w('text.clause_sep')}{description}" if description else "")


def summary_view(result: ComparisonResult, lang: str, *, limit: int = MAX_ENTRIES) -> SummaryView:
    """What the summary section of a report says, in *lang*."""
    w = wording(lang)
    s = _summary(result, lang)
    q, qc, sep = w("text.quote_open"), w("text.quote_close"), w("text.clause_sep")
    replacements = [w("report.summary.replaced_in", old=f"{q}{r.old}{qc}", new=f"{q}{r.new}{qc}", n=len(r.changes))
                    for r in s.replacements]
    folded_rows = set(s.folded)
    folded = []
    for r in s.replacements:
        items = [result.changes[k].item for k in r.changes if k in folded_rows and k < len(result.changes)]
        if items:
            folded.append((w("report.summary.replaced_folded", old=f"{q}{r.old}{qc}", new=f"{q}{r.new}{qc}",
                             n=len(items)), items))
    attention = []
    for k in s.attention[:limit]:
        if k >= len(result.changes):
            continue
        c = result.changes[k]
        codes = sep.join(dict.fromkeys(w(f"report.attention.code.{a.code}") for a in c.attention))
        evidence = sep.join(dict.fromkeys(a.evidence for a in c.attention))
        attention.append(AttentionRow(k, c.item, codes, evidence))
    sections: list[tuple[str, list[tuple[int, str]]]] = []
    shown = 0
    total = 0
    for section in s.sections:
        lines = []
        for e in section.entries:
            total += 1
            if shown >= limit or e.change >= len(result.changes):
                continue
            c = result.changes[e.change]
            description = said_by_facts(c, lang, s.replacements) or e.description  # in the report's language
            lines.append((e.change, _line(c, description, lang)))
            shown += 1
        if lines:
            sections.append((section.section, lines))
    return SummaryView(title=w("report.summary.title"), replacements=replacements, folded=folded,
                       attention_title=w("report.attention.title"), attention=attention,
                       attention_more=max(0, len(s.attention) - limit), sections=sections, more=total - shown,
                       text=s.text)
