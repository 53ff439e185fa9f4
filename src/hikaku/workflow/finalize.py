"""Turn resolved groups into the public ComparisonResult."""

from __future__ import annotations

import time
from typing import Any

from .._models import Change, ChangeDiff, Chunk, ChunkCost, ComparisonResult, DocumentInfo, Stats
from ..agent.keywords import structural_label
from ..report import describe_change, item_label, labels
from ..report.inline import diff_spans, inline_ops
from ..report.noise import cosmetic_kind
from ..tools.document_store import heading_path_of
from .runtime import ComparisonRuntime
from .state import ComparisonState

__all__ = ["build_result"]


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("hikaku")
    except Exception:  # running from a source tree
        return "0+unknown"


def build_result(rt: ComparisonRuntime, state: ComparisonState) -> ComparisonResult:
    a, b = rt.document_a, rt.document_b
    lang = rt.options.lang
    changes: list[Change] = []
    for g in state.get("changes", []):
        ca = [a.chunks[i] for i in g["a"]]
        cb = [b.chunks[j] for j in g["b"]]
        changes.append(_change(ca, cb, g, lang, strict=rt.options.strict))
    stats = _stats(rt, state, changes)
    return ComparisonResult(
        hikaku_version=_version(),
        document_a=DocumentInfo(id=a.id, title=a.title, chunk_count=len(a.chunks), source=a.source),
        document_b=DocumentInfo(id=b.id, title=b.title, chunk_count=len(b.chunks), source=b.source),
        changes=changes,
        stats=stats,
        notes=_notes(stats, labels(lang)),
    )


def _change(ca: list[Chunk], cb: list[Chunk], g: dict[str, Any], lang: str, *, strict: bool) -> Change:
    """One row: its type, its description (moved / split / merged first) and its inline diff."""
    L = labels(lang)
    a_text = "\n".join(c.content for c in ca)
    b_text = "\n".join(c.content for c in cb)
    kind = cosmetic_kind(a_text, b_text) if ca and cb else None
    parts: list[str] = []
    summary_by, offline_summary, diff = "offline", None, None
    if ca and cb:
        one_to_one = len(ca) == len(cb) == 1  # a split or a merge is a change even with the same words
        if one_to_one and (a_text == b_text or (kind is not None and not strict)):
            ctype = "unchanged"
            if kind is not None:
                parts.append(L[f"cosmetic_{kind}"])
        else:
            ctype = "modified"
            ops = inline_ops(a_text, b_text)  # one diff for the highlights and the description
            if kind is not None:
                parts.append(L[f"cosmetic_{kind}"])
            else:
                parts.append(describe_change(a_text, b_text, lang, renumbering=not g["moved"], ops=ops))
                if g.get("description"):
                    offline_summary, summary_by = parts.pop(), "llm"
                    parts.append(g["description"])
            sa, sb = diff_spans(a_text, b_text, ops)
            diff = ChangeDiff(a=sa, b=sb)
        shape = _shape(ca, cb, bool(g["moved"]), L)
        if shape:
            parts.insert(0, shape)
    else:
        ctype = "deleted" if ca else "added"
        if ca and g.get("description"):
            parts.append(g["description"])
            summary_by = "llm"
    path = _section_path((cb or ca)[0])
    return Change(
        type=ctype,  # type: ignore[arg-type]
        a_ids=[c.id for c in ca],
        b_ids=[c.id for c in cb],
        item=item_label(ca, cb),
        summary=L["sep"].join(p for p in parts if p),
        confidence=round(float(g["confidence"]), 4),
        moved=bool(g["moved"]),
        cosmetic=kind is not None,
        cosmetic_kind=kind,
        similarity=None if g["similarity"] is None else round(float(g["similarity"]), 4),
        a_text=a_text,
        b_text=b_text,
        decided_by=g["decided_by"],
        summary_by=summary_by,  # type: ignore[arg-type]
        offline_summary=offline_summary,
        path=path,
        diff=diff,
    )


def _section_path(chunk: Chunk) -> list[str]:
    """The headings a chunk sits under; a heading-only chunk opens its own section."""
    path = heading_path_of(chunk)
    heading = chunk.metadata.get("heading")
    if chunk.metadata.get("kind") == "heading" and isinstance(heading, str) and heading.strip():
        path = [*path, heading.strip()]
    return path


def _label(chunks: list[Chunk]) -> str:
    return "・".join(x for x in (structural_label(c) for c in chunks) if x)


def _shape(ca: list[Chunk], cb: list[Chunk], moved: bool, L: dict[str, str]) -> str:
    """「第5条 → 第7条へ移動」, 「分割: 第16条・第17条」, 「統合: 第3条・第4条」."""
    if moved:
        la, lb = _label(ca), _label(cb)
        if la and lb and la != lb:
            return L["moved_to"].format(a=la, b=lb)
        return L["moved_summary"]
    if len(ca) == 1 and len(cb) > 1:
        return f"{L['split']}: {_label(cb)}" if _label(cb) else L["split"]
    if len(ca) > 1 and len(cb) == 1:
        return f"{L['merged']}: {_label(ca)}" if _label(ca) else L["merged"]
    return ""


def _notes(stats: Stats, L: dict[str, str]) -> list[str]:
    notes = []
    for kind in ("budget", "unavailable", "error", "invalid"):
        costs = [c for c in stats.per_chunk if c.fallback and c.fallback.startswith(kind + ":")]
        if costs:
            detail = costs[-1].fallback.split(":", 1)[1].strip()  # type: ignore[union-attr]
            notes.append(L[f"note_{kind}"].format(n=len(costs), detail=detail))
    return notes


def _stats(rt: ComparisonRuntime, state: ComparisonState, changes: list[Change]) -> Stats:
    counts = {t: 0 for t in ("unchanged", "modified", "deleted", "added")}
    for c in changes:
        counts[c.type] += 1
    results: list[dict[str, Any]] = state.get("comparison_results", [])
    agent = [r for r in results if r.get("decided_by") == "agent"]
    settled = [r for r in results if r.get("decided_by") != "agent"]
    registry = rt.registry
    timings = {k: round(v, 1) for k, v in rt.timings_ms.items()}
    timings["total"] = round((time.perf_counter() - rt.started) * 1000, 1)
    per_chunk = []
    for r in agent:
        u = r.get("usage") or {}
        fb = r.get("fallback")
        per_chunk.append(ChunkCost(
            a_ids=list(r["a_ids"]), policy=r.get("policy", "offline"),
            llm_calls=int(u.get("llm_calls", 0)), input_tokens=int(u.get("input_tokens", 0)),
            output_tokens=int(u.get("output_tokens", 0)), tool_calls=int(u.get("tool_calls", 0)),
            fallback=f"{fb['kind']}: {fb['detail']}" if fb else None,
        ))
    fallbacks: dict[str, int] = {}
    for c in per_chunk:
        if c.fallback:
            kind = c.fallback.split(":", 1)[0]
            fallbacks[kind] = fallbacks.get(kind, 0) + 1
    embedded = 0
    if rt.stores is not None:
        embedded = rt.stores.a.index.embedded_texts + rt.stores.b.index.embedded_texts
    return Stats(
        counts=counts,
        moved=sum(1 for c in changes if c.moved),
        cosmetic=sum(1 for c in changes if c.cosmetic),
        splits=sum(1 for c in changes if len(c.a_ids) == 1 and len(c.b_ids) > 1),
        merges=sum(1 for c in changes if len(c.a_ids) > 1 and len(c.b_ids) == 1),
        timings_ms=timings,
        tool_calls=dict(sorted(registry.calls.items())) if registry else {},
        tool_calls_total=sum(registry.calls.values()) if registry else 0,
        llm_calls=sum(c.llm_calls for c in per_chunk),
        llm_input_tokens=sum(c.input_tokens for c in per_chunk),
        llm_output_tokens=sum(c.output_tokens for c in per_chunk),
        policy=getattr(rt.policy, "name", "offline"),
        chunks_settled_without_agent=sum(len(r["a_ids"]) for r in settled),
        chunks_examined_by_agent=sum(len(r["a_ids"]) for r in agent),
        embedding_model=getattr(rt.embedder, "name", None),
        embedded_texts=embedded,
        llm_model=rt.model_name,
        llm_fallbacks=fallbacks,
        per_chunk=per_chunk,
        run_id=rt.run_id,
    )
