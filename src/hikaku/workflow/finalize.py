"""Turn the resolved alignment into the public ComparisonResult: its rows (built by
``hikaku.changes``), counts, costs and notes."""

from __future__ import annotations

import logging
import time

from .._version import __version__
from ..changes import build_changes, revision_summary, summary_digest, ungrounded
from ..crossrefs import check_references
from ..document import Document, DocumentNote
from ..result import CHANGE_TYPES, Change, ChunkCost, ComparisonResult, DocumentInfo, RevisionSummary, Stats
from ..wording import Wording, wording
from .ask_reviewer import review_outcome
from .runtime import ComparisonRuntime
from .state import ComparisonState

__all__ = ["build_result", "document_notes"]

log = logging.getLogger(__name__)


def build_result(rt: ComparisonRuntime, state: ComparisonState) -> ComparisonResult:
    a, b = rt.document_a, rt.document_b
    lang = rt.options.lang
    w = wording(lang)
    held = rt.view.sections  # the documents' numbering sections, read by the plan
    changes = build_changes(a, b, state.get("changes", []), lang, strict=rt.options.strict, numbers=rt.numbers,
                            sections=None if held is None else (held.sections_a, held.sections_b))
    review = review_outcome(rt, state, changes)  # rows 対象外, the review queue, decisions not applied
    changes = review.changes
    started = time.perf_counter()
    references = check_references(a, b, changes, numbers=rt.numbers,
                                  sections=None if held is None else (held.sections_a, held.sections_b))
    rt.timings_ms["references"] = (time.perf_counter() - started) * 1000
    stats = _stats(rt, state, changes).model_copy(update=review.stats)
    roots = frozenset(t for t in (a.title, b.title) if t)
    summary = revision_summary(changes, lang, roots=roots, top=b.title or a.title)
    worded: list[str] = []
    if rt.options.llm_revision_summary and rt.chat_model is not None and summary.sections:
        summary, stats, worded = _worded(rt, changes, summary, stats, w)
    return ComparisonResult(
        hikaku_version=__version__,
        document_a=DocumentInfo(id=a.id, title=a.title, chunk_count=len(a.chunks), source=a.source,
                                chunk_ids=[c.id for c in a.chunks]),
        document_b=DocumentInfo(id=b.id, title=b.title, chunk_count=len(b.chunks), source=b.source,
                                chunk_ids=[c.id for c in b.chunks]),
        changes=changes,
        stats=stats,
        notes=document_notes(a, b, lang) + _notes(stats, w) + _refused(changes, w) + worded + review.notes,
        review_queue=review.queue,
        references=references,
        summary=summary,
    )


def _worded(rt: ComparisonRuntime, changes: list[Change], summary: RevisionSummary, stats: Stats,
            w: Wording) -> tuple[RevisionSummary, Stats, list[str]]:
    """The revision summary in the LLM's words (options.llm_revision_summary), one call, kept when
    it names nothing the facts and the changed rows' texts do not hold; counted in the stats."""
    from ..agent import write_revision_summary

    if rt.budget.closed_reason() is not None:
        return summary, stats, []
    digest = summary_digest(summary, changes, rt.options.lang)
    try:
        written = write_revision_summary(rt.chat_model, digest, rt.options.lang)
    except Exception as exc:  # the comparison stands without it: say so, once
        from ..llm import describe_error

        log.warning("the LLM's revision summary failed: %s", exc)
        return summary, stats.model_copy(update={"llm_requests": stats.llm_requests + 1,
                                                  "llm_failed": stats.llm_failed + 1}), [
            w("report.note.llm_summary_failed", detail=describe_error(exc))]
    rt.budget.spend(written.input_tokens + written.output_tokens)
    rows = {e.change for s in summary.sections for e in s.entries}
    sources = [digest, *(t for k in sorted(rows) for t in (changes[k].a_text, changes[k].b_text))]
    missing = ungrounded(written.text, sources) if written.text else ["(empty)"]
    usage = {"llm_calls": stats.llm_calls + 1, "llm_requests": stats.llm_requests + 1,
             "llm_input_tokens": stats.llm_input_tokens + written.input_tokens,
             "llm_output_tokens": stats.llm_output_tokens + written.output_tokens}
    if missing:
        usage["llm_descriptions_refused"] = stats.llm_descriptions_refused + 1
        note = w("report.note.llm_summary_refused", detail=", ".join(missing[:5]))
        return summary, stats.model_copy(update=usage), [note]
    usage["llm_descriptions_kept"] = stats.llm_descriptions_kept + 1
    return summary.model_copy(update={"text": written.text}), stats.model_copy(update=usage), []


def _refused(changes: list[Change], w: Wording) -> list[str]:
    """One note when descriptions the LLM wrote were refused (a number, term or article found in
    neither text nor the facts): how many, and the last one."""
    refused = [c for c in changes if c.refused_summary]
    if not refused:
        return []
    last = refused[-1]
    detail = f"{last.item}: {last.refused_summary}"
    return [w("report.note.llm_descriptions", n=len(refused), detail=detail[:200])]


def document_notes(a: Document, b: Document, lang: str) -> list[str]:
    """What the loaders noted about the inputs (a PDF page read in a doubtful order), each
    naming its document, in the report's language: ``Document A (a.pdf): page 3: …``,
    ``ドキュメントA（a.pdf）: 3ページ: …``; a kind of note without words of its own, in English."""
    w = wording(lang)
    return [w("report.note.document", doc=w(f"report.column.{key}"), source=doc.source or doc.id, note=_note(note, w))
            for key, doc in (("doc_a", a), ("doc_b", b)) for note in doc.notes]


def _note(note: DocumentNote, w: Wording) -> str:
    key = f"report.doc_note.{note.kind}"  # (its own keys: a caller's kind never meets another note's words)
    if key not in w or not note.pages:
        return note.text
    pages = w("report.pages.many" if len(note.pages) > 1 else "report.pages.one",
              pages=", ".join(map(str, note.pages[:10])))
    if len(note.pages) > 10:
        pages += w("report.pages.more", n=len(note.pages))
    return w(key, pages=pages, detail=note.detail)


# why the LLM's decision was not used, in the order the notes give them
FALLBACK_KINDS = ("unavailable", "budget", "error", "invalid", "wrong_document", "evidence_deleted",
                  "evidence_weaker", "evidence_indistinct", "loop", "plain_text")


def _notes(stats: Stats, w: Wording) -> list[str]:
    """One note per kind of fallback: how many chunks, and the last reason given."""
    notes = []
    for kind in (*FALLBACK_KINDS, *sorted(set(stats.llm_fallbacks) - set(FALLBACK_KINDS))):
        details = [c.fallback.split(":", 1)[1].strip() for c in stats.per_chunk
                   if c.fallback and c.fallback.split(":", 1)[0] == kind]
        if details:
            key = f"report.note.{kind}" if kind in FALLBACK_KINDS else "report.note.other"
            notes.append(w(key, n=len(details), detail=details[-1], kind=kind))
    return notes


def _stats(rt: ComparisonRuntime, state: ComparisonState, changes: list[Change]) -> Stats:
    counts: dict[str, int] = {t: 0 for t in CHANGE_TYPES}
    for c in changes:
        counts[c.type] += 1
    a = rt.document_a
    decisions = state.get("comparison_results", [])
    agent = [d for d in decisions if not d.settled or d.action == "asked"]  # (a reviewer answered the agent)
    settled = [d for d in decisions if d.settled and d.action != "asked"]
    registry = rt.registry
    timings = {k: round(v, 1) for k, v in rt.timings_ms.items()}
    timings["total"] = round((time.perf_counter() - rt.started) * 1000, 1)
    # in document order (decisions of concurrent chunks arrive as they finish)
    agent.sort(key=lambda d: a.position(d.a_ids[0]) or 0)
    per_chunk = [
        ChunkCost(a_ids=list(d.a_ids), policy=d.policy, llm_calls=d.usage.llm_calls,
                  input_tokens=d.usage.input_tokens, output_tokens=d.usage.output_tokens,
                  tool_calls=d.usage.tool_calls, fallback=str(d.fallback) if d.fallback else None,
                  llm_requests=d.usage.llm_requests, llm_failed=d.usage.llm_failed,
                  llm_rejected=d.usage.llm_rejected)
        for d in agent
    ]
    fallbacks: dict[str, int] = {}
    for d in agent:
        if d.fallback:
            fallbacks[d.fallback.kind] = fallbacks.get(d.fallback.kind, 0) + 1
    return Stats(
        counts=counts,
        moved=sum(1 for c in changes if c.moved),
        cosmetic=sum(1 for c in changes if c.cosmetic),
        renumbered=sum(1 for c in changes if c.renumbered),
        repealed=sum(1 for c in changes if c.repealed),
        splits=sum(1 for c in changes if len(c.a_ids) == 1 and len(c.b_ids) > 1),
        merges=sum(1 for c in changes if len(c.a_ids) > 1 and len(c.b_ids) == 1),
        timings_ms=timings,
        tool_calls=dict(sorted(registry.calls.items())),
        tool_calls_total=sum(registry.calls.values()),
        llm_calls=sum(c.llm_calls for c in per_chunk),
        llm_input_tokens=sum(c.input_tokens for c in per_chunk),
        llm_output_tokens=sum(c.output_tokens for c in per_chunk),
        llm_requests=sum(c.llm_requests for c in per_chunk),
        llm_failed=sum(c.llm_failed for c in per_chunk),
        llm_rejected=sum(c.llm_rejected for c in per_chunk),
        llm_descriptions_kept=sum(1 for c in changes if c.summary_by == "llm"),
        llm_descriptions_refused=sum(1 for c in changes if c.refused_summary),
        policy=rt.policy.name,
        chunks_settled_without_agent=sum(len(d.a_ids) for d in settled),
        chunks_examined_by_agent=sum(len(d.a_ids) for d in agent),
        embedding_model=rt.embedding_model,
        embedded_texts=rt.embedded_texts,
        llm_model=rt.model_name,
        llm_fallbacks=fallbacks,
        per_chunk=per_chunk,
        run_id=rt.run_id,
    )
