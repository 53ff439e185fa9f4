"""The Markdown table of the seeds: | 項目 | ドキュメントA | ドキュメントB | 変更タイプ |."""

from __future__ import annotations

from .._models import Change, ComparisonResult
from .._text import shorten
from .labels import labels

__all__ = ["render_markdown", "escape_cell", "type_label"]


def escape_cell(text: str, limit: int = 0) -> str:
    """Make text safe for one Markdown table cell: pipes escaped, line breaks as <br>,
    angle brackets as entities (no HTML injection when the Markdown is rendered)."""
    text = shorten(text.strip(), limit) if limit else text.strip()
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    if "\n" not in text and "\r" not in text:
        return text
    return "<br>".join(line.strip() for line in text.splitlines() if line.strip())


def type_label(change: Change, lang: str) -> str:
    L = labels(lang)
    base = L[change.type]
    notes = []
    if change.moved:
        notes.append(L["moved"])
    if change.type in ("modified", "unchanged") and len(change.a_ids) == 1 and len(change.b_ids) > 1:
        notes.append(L["split"])
    if change.type in ("modified", "unchanged") and len(change.a_ids) > 1 and len(change.b_ids) == 1:
        notes.append(L["merged"])
    if change.cosmetic:
        notes.append(L["cosmetic"])
    if notes:
        base += f"（{'・'.join(notes)}）" if lang == "ja" else f" ({', '.join(notes)})"
    return base


def render_markdown(
    result: ComparisonResult, *, lang: str = "ja", include_unchanged: bool = False, max_cell_chars: int = 200
) -> str:
    L = labels(lang)
    a, b = result.document_a, result.document_b
    title_a = a.title or a.id
    title_b = b.title or b.id
    lines = [
        f"## {L['title']}: {escape_cell(title_a)} → {escape_cell(title_b)}",
        "",
        f"| {L['item']} | {L['doc_a']} | {L['doc_b']} | {L['type']} |",
        "|---|---|---|---|",
    ]
    rows = 0
    for c in result.changes:
        if c.type == "unchanged" and not include_unchanged:
            continue
        kind = escape_cell(type_label(c, lang))
        if c.summary and c.type == "modified":
            kind += "<br>" + escape_cell(c.summary, max_cell_chars)
        lines.append(
            f"| {escape_cell(c.item, 60) or L['none']} "
            f"| {escape_cell(c.a_text, max_cell_chars) or L['none']} "
            f"| {escape_cell(c.b_text, max_cell_chars) or L['none']} "
            f"| {kind} |"
        )
        rows += 1
    if rows == 0:
        lines = lines[:2] + [L["no_changes"]]
    counts = result.stats.counts
    sep = " ／ " if lang == "ja" else " / "
    totals = sep.join(f"{L[t]} {counts.get(t, 0)}" for t in ("added", "deleted", "modified", "unchanged"))
    if result.stats.moved:
        totals += f"{sep}{L['moved_total']} {result.stats.moved}"
    lines += ["", f"**{L['totals']}**: {totals}", ""]
    if result.notes:
        lines += [f"**{L['notes']}**:", ""] + [f"- {escape_cell(n)}" for n in result.notes] + [""]
    return "\n".join(lines)
