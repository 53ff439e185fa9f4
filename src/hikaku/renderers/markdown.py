"""The Markdown table of the seeds: | 項目 | ドキュメントA | ドキュメントB | 変更タイプ |."""

from __future__ import annotations

from .._exceptions import ConfigurationError
from ..changes import type_label
from ..result import ComparisonResult
from ..text import shorten
from ..wording import Wording, wording
from .options import RenderOptions
from .pages import page_text
from .references import reference_lines
from .revision import SummaryView, summary_view
from .totals import totals_line

__all__ = ["render", "render_markdown", "escape_cell", "highlighted_cell", "DIFF_STYLES"]

DIFF_STYLES = ("md", "html", "none")
_MARKS = {"md": (("~~", "~~"), ("**", "**")), "html": (("<del>", "</del>"), ("<ins>", "</ins>"))}


def escape_cell(text: str, limit: int = 0) -> str:
    """Make text safe for one Markdown table cell: pipes escaped, line breaks as <br>,
    angle brackets as entities (no HTML injection when the Markdown is rendered)."""
    text = shorten(text.strip(), limit) if limit else text.strip()
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    if "\n" not in text and "\r" not in text:
        return text
    return "<br>".join(line.strip() for line in text.splitlines() if line.strip())


def _escape_inline(text: str, style: str) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    if style == "md":  # the text's own asterisks and tildes must not open or close a highlight
        text = text.replace("*", "\\*").replace("~", "\\~")
    return text


def _window(text: str, spans: list[tuple[int, int]], limit: int) -> tuple[int, int]:
    """The part of a long text to show: from a little before the first change."""
    if not limit or len(text) <= limit:
        return 0, len(text)
    start = max(0, (spans[0][0] if spans else 0) - limit // 4)
    return start, min(len(text), start + limit)


def highlighted_cell(text: str, spans: list[tuple[int, int]], *, side: str, style: str = "md", limit: int = 0) -> str:
    """A table cell with the changed spans marked (``~~old~~`` / ``**new**``, or
    ``<del>`` / ``<ins>``); long text is cut around the first change with ``…``."""
    if style == "none" or not spans:
        return escape_cell(text, limit)
    lo, hi = _window(text, spans, limit)
    opening, closing = _MARKS[style][0 if side == "a" else 1]
    pieces: list[str] = ["…"] if lo > 0 else []
    pos = lo
    for s, e in [(max(s, lo), min(e, hi)) for s, e in spans if e > lo and s < hi] + [(hi, hi)]:
        if s > pos:
            pieces.append(_escape_inline(text[pos:s], style))
        if e > s:
            marked = []
            for line in text[s:e].split("\n"):
                core = line.strip()
                if core:
                    lead, trail = line[: len(line) - len(line.lstrip())], line[len(line.rstrip()):]
                    marked.append(f"{lead}{opening}{_escape_inline(core, style)}{closing}{trail}")
                else:
                    marked.append(line)
            pieces.append("\n".join(marked))
        pos = max(pos, e)
    if hi < len(text):
        pieces.append("…")
    lines = "".join(pieces).strip().splitlines()
    return "<br>".join(line.strip() for line in lines if line.strip())


def render_markdown(
    result: ComparisonResult, *, lang: str = "ja", include_unchanged: bool = False, max_cell_chars: int = 200,
    diff_style: str = "md",
) -> str:
    w = wording(lang)
    none = w("report.none")
    a, b = result.document_a, result.document_b
    title_a = a.title or a.id
    title_b = b.title or b.id
    view = summary_view(result, lang)
    totals = totals_line(result, lang)
    lines = [f"## {w('report.title')}: {escape_cell(title_a)} → {escape_cell(title_b)}", "",
             *_summary_lines(view, w, totals)]
    head = len(lines)
    lines += [
        f"| {w('report.column.item')} | {w('report.column.doc_a')} | {w('report.column.doc_b')} | "
        f"{w('report.column.type')} |",
        "|---|---|---|---|",
    ]
    rows = 0
    folded: list[str] = []  # renumbered pairs not listed as rows: one line under the table
    replaced = {k for k, c in enumerate(result.changes) if result.summary is not None and k in result.summary.folded}
    for k, c in enumerate(result.changes):
        if k in replaced and not include_unchanged:
            continue  # a replacement made throughout and nothing else: one line under the table
        if c.type == "unchanged" and not include_unchanged:
            if c.renumbered:
                folded.extend(f"{old}→{new}" for old, new in c.renumbering[:1])
            continue
        kind = escape_cell(type_label(c, lang))
        if c.summary and (c.type == "modified" or c.moved or c.cosmetic or c.renumbered):
            kind += "<br>" + escape_cell(c.summary, max_cell_chars)
        spans_a, spans_b = (c.diff.a, c.diff.b) if c.diff is not None and c.type == "modified" else ([], [])
        cell_a = highlighted_cell(c.a_text, spans_a, side="a", style=diff_style, limit=max_cell_chars)
        cell_b = highlighted_cell(c.b_text, spans_b, side="b", style=diff_style, limit=max_cell_chars)
        cell_a, cell_b = _paged(cell_a, c.a_pages), _paged(cell_b, c.b_pages)
        lines.append(f"| {escape_cell(c.item, 60) or none} | {cell_a or none} | {cell_b or none} | {kind} |")
        rows += 1
    if rows == 0:
        lines = lines[:head] + [w("report.no_changes")]
    if folded:
        lines += ["", f"**{w('report.renumbered_folded', n=len(folded))}**: "
                  + escape_cell(w("text.clause_sep").join(_folded(folded)))]
    for said, items in view.folded:
        if not include_unchanged:
            lines += ["", f"**{escape_cell(said)}**: " + escape_cell(w("text.clause_sep").join(_folded(items)))]
    lines += _references(result, lang, w)
    lines += ["", f"**{w('report.totals')}**: {totals}", ""]
    if result.notes:
        lines += [f"**{w('report.notes')}**:", ""] + [f"- {escape_cell(n)}" for n in result.notes] + [""]
    return "\n".join(lines)


def _paged(cell: str, pages: list[int]) -> str:
    """The cell with the page its text is on first (「*p.7*<br>…」), when the document has pages."""
    return f"*{page_text(pages)}*<br>{cell}" if pages and cell else cell


def _references(result: ComparisonResult, lang: str, w: Wording) -> list[str]:
    """The section 引用条項の確認: one table row per reference flagged."""
    found = reference_lines(result, lang)
    if not found:
        return []
    head = " | ".join(w(f"report.column.{k}") for k in ("item", "reference", "reference_kind", "reference_check"))
    lines = ["", f"### {w('report.reference.count', n=len(found))}", "", f"| {head} |", "|---|---|---|---|"]
    for r in found:
        lines.append(f"| {escape_cell(r.item, 60) or w('report.none')} | {escape_cell(r.flag.text)} | {escape_cell(r.kind)} | "
                     f"{escape_cell(r.message)} |")
    return lines


def _summary_lines(view: SummaryView, w: Wording, totals: str) -> list[str]:
    """改定の要旨 and 要確認：不利になりうる変更, before the table (nothing when nothing changed)."""
    if not view.sections and not view.attention:
        return []
    none, sep = w("report.none"), w("text.clause_sep")
    out = [f"### {view.title}", "", f"**{w('report.totals')}**: {totals}", ""]
    if view.text:
        out += [escape_cell(view.text), f"*{w('report.summary.by_llm')}*", ""]
    if view.replacements:
        out += [f"**{w('report.summary.replaced')}**: " + escape_cell(sep.join(view.replacements)), ""]
    for section, entries in view.sections:
        out.append(f"- {escape_cell(section) or none}")
        out += [f"  - {escape_cell(line)}" for _, line in entries]
    if view.more:
        out.append(f"- {w('report.more', n=view.more)}")
    out.append("")
    if view.attention:
        n = len(view.attention) + view.attention_more
        out += [f"### {w('report.attention.count', n=n)}", "",
                f"| {w('report.column.item')} | {w('report.column.type')} | {w('report.column.evidence')} |",
                "|---|---|---|"]
        out += [f"| {escape_cell(a.item, 60) or none} | {escape_cell(a.codes)} | {escape_cell(a.evidence)} |"
                for a in view.attention]
        if view.attention_more:
            out.append(f"| {w('report.more', n=view.attention_more)} | | |")
        out.append("")
    return out


def _folded(shifts: list[str], limit: int = 30) -> list[str]:
    """The renumberings of the folded line, at most *limit* (then …)."""
    return shifts if len(shifts) <= limit else [*shifts[:limit], "…"]


def render(result: ComparisonResult, options: RenderOptions) -> str:
    if options.diff_style not in DIFF_STYLES:
        raise ConfigurationError(f"unknown diff style {options.diff_style!r}; choose one of {', '.join(DIFF_STYLES)}")
    return render_markdown(result, lang=options.lang, include_unchanged=options.include_unchanged,
                           diff_style=options.diff_style, max_cell_chars=options.max_cell_chars)
