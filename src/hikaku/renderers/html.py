"""A standalone HTML report: A and B side by side with the changed spans highlighted, the
heading path as navigation, summary counts and a chart of changes per section, and the
reviewer's desk (``assets/report.js``): a filter for every kind of row, search within the
report, next / previous change (j / k), the whole documents side by side scrolling together.
One file, no external assets (works offline, can be mailed)."""

from __future__ import annotations

import html
import json
from functools import cache
from importlib.resources import files
from string import Template

from ..changes import section_of, type_label
from ..result import Change, ComparisonResult, ReviewItem
from ..wording import Wording, wording
from .options import RenderOptions
from .pages import page_text
from .references import ReferenceLine, reference_lines
from .revision import SummaryView, summary_view
from .totals import totals

__all__ = ["render", "render_html"]

_TYPES = ("added", "deleted", "modified", "unchanged")


@cache
def _asset(name: str) -> str:
    return files("hikaku").joinpath("renderers", "assets", name).read_text(encoding="utf-8")


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _highlight(text: str, spans: list[tuple[int, int]], tag: str) -> str:
    out, pos = [], 0
    for s, e in spans:
        if s > pos:
            out.append(_esc(text[pos:s]))
        out.append(f"<{tag}>{_esc(text[s:e])}</{tag}>")
        pos = max(pos, e)
    out.append(_esc(text[pos:]))
    return "".join(out)


def _chart(changes: list[Change], sections: list[str], section, w: Wording) -> str:
    """Horizontal stacked bars: added / deleted / modified per section (inline SVG)."""
    counts = {s: {t: 0 for t in _TYPES} for s in sections}
    for c in changes:
        counts[section(c)][c.type] += 1
    rows = [(s, counts[s]) for s in sections if any(counts[s][t] for t in _TYPES[:3])]
    if not rows:
        return f'<p class="empty">{_esc(w("report.no_changes"))}</p>'
    top = max(sum(n[t] for t in _TYPES[:3]) for _, n in rows)
    label_w, bar_w, row_h = 220, 360, 18
    colours = {"added": "#1a7f37", "deleted": "#cf222e", "modified": "#d4a72c"}
    parts = []
    for k, (section, n) in enumerate(rows):
        y = k * row_h
        name = section.split(" > ")[-1] if section else w("report.none")
        parts.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end">{_esc(name[:24])}</text>')
        x = float(label_w)
        for t in ("added", "deleted", "modified"):
            if n[t]:
                width = bar_w * n[t] / top
                parts.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{width:.1f}" height="{row_h - 6}" fill="{colours[t]}">'
                             f"<title>{_esc(name)}: {_esc(w(f'report.change.{t}'))} {n[t]}</title></rect>")
                x += width
        total = n["added"] + n["deleted"] + n["modified"]
        parts.append(f'<text x="{x + 4:.1f}" y="{y + 13}">{total}</text>')
    legend_y = len(rows) * row_h + 14
    lx = label_w
    for t in ("added", "deleted", "modified"):
        parts.append(f'<rect x="{lx}" y="{legend_y - 9}" width="10" height="10" fill="{colours[t]}"/>'
                     f'<text x="{lx + 14}" y="{legend_y}">{_esc(w(f"report.change.{t}"))}</text>')
        lx += 80
    height = legend_y + 6
    return (f'<svg role="img" aria-label="{_esc(w("report.chart_title"))}" viewBox="0 0 {label_w + bar_w + 40} {height}" '
            f'width="{label_w + bar_w + 40}" height="{height}">{"".join(parts)}</svg>')


def _reasons(reasons: list[str], w: Wording) -> str:
    return w("text.clause_sep").join(w.get(f"review.reason.{r}", r) or r for r in reasons)


def _badges(c: Change, item: ReviewItem | None, w: Wording) -> str:
    """不利の可能性 (with its evidence), 要確認 (with the doubt), レビュー済 (a reviewer decided the
    row), 対象外."""
    out = []
    if c.attention:
        title = _esc(w("text.clause_sep").join(f"{w(f'report.attention.code.{a.code}')}: {a.evidence}"
                                               for a in c.attention))
        out.append(f'<span class="badge attention" title="{title}">{_esc(w("report.attention.badge"))}</span>')
    if item is not None:
        title = _esc(f"{w('review.doubt')} {item.doubt:.2f}: {_reasons(list(item.reasons), w)}")
        out.append(f'<span class="badge review" title="{title}">{_esc(w("review.to_review"))} {item.doubt:.2f}</span>')
    if c.decided_by == "reviewer":
        out.append(f'<span class="badge reviewed">{_esc(w("review.reviewed"))}</span>')
    if c.ignored:
        out.append(f'<span class="badge ignored">{_esc(w("review.verdict.ignore"))}</span>')
    return "".join(out)


def _queue(result: ComparisonResult, w: Wording, flagged: list[ReferenceLine]) -> str:
    """The review queue: links to the rows, most doubtful first, then the references to check."""
    if not result.review_queue and not flagged:
        return ""
    items = []
    for q in result.review_queue:
        c = result.changes[q.change]
        label = c.item or " ".join(c.a_ids)
        items.append(f'<li><a href="#row-{q.change}">{_esc(label)}</a> <span class="doubt">{_esc(w("review.doubt"))} '
                     f'{q.doubt:.2f}</span> — {_esc(_reasons(list(q.reasons), w))}</li>')
    for r in flagged:
        items.append(f'<li class="reference"><a href="#ref-{r.flag.change}-{r.flag.start}">{_esc(r.item)} '
                     f'{_esc(w("text.quote_open"))}{_esc(r.flag.text)}{_esc(w("text.quote_close"))}</a> — {_esc(r.kind)}</li>')
    title = _esc(w("review.queue_title"))
    return (f'<section class="review-queue" aria-label="{title}"><h2>{title} '
            f'({len(items)})</h2><ol>{"".join(items)}</ol></section>')


def _marked(text: str, spans: list[tuple[int, int]], tag: str, flagged: list[ReferenceLine], row: int) -> str:
    """:func:`_highlight`, with each flagged reference of the text marked (its kind and what to
    check as its title, an anchor the review queue links to)."""
    if not flagged:
        return _highlight(text, spans, tag)
    # ordered by place (two flags on one span keep their order: a ReferenceLine is never compared)
    marks = sorted(((r.flag.start, r.flag.end, r) for r in flagged if 0 <= r.flag.start < r.flag.end <= len(text)),
                   key=lambda m: (m[0], m[1]))
    bounds = sorted({0, len(text), *(x for s, e in spans for x in (s, e)), *(x for s, e, _ in marks for x in (s, e))})
    out = []
    for lo, hi in zip(bounds, bounds[1:]):
        piece = _esc(text[lo:hi])
        if any(s <= lo and hi <= e for s, e in spans):
            piece = f"<{tag}>{piece}</{tag}>"
        mark = next((r for s, e, r in marks if s <= lo and hi <= e), None)
        if mark is not None:
            first = lo == mark.flag.start
            anchor = f' id="ref-{row}-{mark.flag.start}"' if first else ""
            piece = f'<mark class="ref {mark.flag.kind}"{anchor} title="{_esc(mark.kind + ": " + mark.message)}">{piece}</mark>'
        out.append(piece)
    return "".join(out)


def _references(flagged: list[ReferenceLine], w: Wording) -> str:
    """The section 引用条項の確認: every flagged reference, linked to its place."""
    if not flagged:
        return ""
    head = (f'<tr><th class="item">{_esc(w("report.column.item"))}</th><th>{_esc(w("report.column.reference"))}</th>'
            f'<th>{_esc(w("report.column.reference_kind"))}</th><th>{_esc(w("report.column.reference_check"))}</th></tr>')
    rows = "".join(f'<tr class="{r.flag.kind}"><td>{_esc(r.item)}</td><td><a href="#ref-{r.flag.change}-{r.flag.start}">'
                   f'{_esc(r.flag.text)}</a></td><td>{_esc(r.kind)}</td><td>{_esc(r.message)}</td></tr>' for r in flagged)
    title = _esc(w("report.reference.count", n=len(flagged)))
    return (f'<section class="references" id="references" aria-label="{_esc(w("report.reference.title"))}"><h2>{title}</h2>'
            f'<table><thead>{head}</thead><tbody>{rows}</tbody></table></section>')


def _paged(cell: str, pages: list[int], side: str) -> str:
    """The cell with its pages of the original first (「p.7」: the web app opens the page)."""
    if not pages:
        return cell
    return f'<span class="page" data-side="{side}" data-pages="{" ".join(map(str, pages))}">{_esc(page_text(pages))}</span>{cell}'


def _orders(result: ComparisonResult) -> tuple[dict[int, int], dict[int, int]]:
    """Where each row's text stands in document A and in B (row → position), for the whole
    documents side by side: from the documents' chunk ids; a result without them keeps the rows'
    order, which is B's, with each deletion where it stood in A (only a moved row is then out of
    its place in A)."""
    out: list[dict[int, int]] = []
    for info, ids_of in ((result.document_a, lambda c: c.a_ids), (result.document_b, lambda c: c.b_ids)):
        at = {cid: k for k, cid in enumerate(info.chunk_ids)}
        order: dict[int, int] = {}
        for k, c in enumerate(result.changes):
            ids = ids_of(c)
            if ids:
                known = [at[i] for i in ids if i in at]
                order[k] = min(known) if known else len(at) + k
        out.append(order)
    return out[0], out[1]


def _summary(view: SummaryView, w: Wording) -> str:
    """改定の要旨 (the replacements made throughout, the rows they alone changed, every changed row
    by section, linked) and 要確認：不利になりうる変更 (each row with its evidence)."""
    out = []
    sep, none = w("text.clause_sep"), _esc(w("report.none"))
    if view.sections or view.attention:
        parts = [f"<h2>{_esc(view.title)}</h2>"]
        if view.text:
            parts.append(f'<p class="llm-summary">{_esc(view.text)}</p><p class="by">{_esc(w("report.summary.by_llm"))}</p>')
        if view.replacements:
            parts.append(f'<p class="replaced"><strong>{_esc(w("report.summary.replaced"))}</strong>: '
                         f'{_esc(sep.join(view.replacements))}</p>')
        for said, items in view.folded:
            parts.append(f'<p class="folded"><strong>{_esc(said)}</strong>: {_esc(sep.join(items))}</p>')
        sections = "".join(
            f'<li><span class="section">{_esc(section) or none}</span><ul>'
            + "".join(f'<li><a href="#row-{k}">{_esc(line)}</a></li>' for k, line in entries) + "</ul></li>"
            for section, entries in view.sections)
        more = f'<p class="more">{_esc(w("report.more", n=view.more))}</p>' if view.more else ""
        n = sum(len(e) for _, e in view.sections) + view.more
        parts.append(f'<details open><summary>{_esc(w("report.sections"))} ({n})</summary><ul class="by-section">{sections}'
                     f"</ul>{more}</details>")
        out.append(f'<section class="revision-summary" aria-label="{_esc(view.title)}">{"".join(parts)}</section>')
    if view.attention:
        listed = "".join(f'<li><a href="#row-{a.change}">{_esc(a.item) or none}</a> '
                        f'<span class="codes">{_esc(a.codes)}</span> — <span class="evidence">{_esc(a.evidence)}</span></li>'
                        for a in view.attention)
        more = f'<p class="more">{_esc(w("report.more", n=view.attention_more))}</p>' if view.attention_more else ""
        out.append(f'<section class="attention" aria-label="{_esc(view.attention_title)}"><h2>'
                   f'{_esc(view.attention_title)} ({len(view.attention) + view.attention_more})</h2><ol>{listed}</ol>'
                   f'{more}</section>')
    return "".join(out)


def _row(c: Change, section_no: int, lang: str, w: Wording, number: int = 0,
         item: ReviewItem | None = None, order: tuple[int | None, int | None] = (None, None),
         flagged: list[ReferenceLine] | None = None) -> str:
    spans_a, spans_b = (c.diff.a, c.diff.b) if c.diff is not None and c.type == "modified" else ([], [])
    none = _esc(w("report.none"))
    a = _highlight(c.a_text, spans_a, "del") if c.a_ids else f'<span class="empty">{none}</span>'
    b = _marked(c.b_text, spans_b, "ins", flagged or [], number) if c.b_ids else f'<span class="empty">{none}</span>'
    a, b = _paged(a, c.a_pages, "a"), _paged(b, c.b_pages, "b")
    summary = f'<span class="summary">{_esc(c.summary)}</span>' if c.summary else ""
    ids = _esc(" ".join(c.a_ids) + " → " + " ".join(c.b_ids))
    flags = "".join(f' data-{name}="1"' for name, on in (("review", item is not None or bool(flagged)), ("ignored", c.ignored),
                                                          ("moved", c.moved), ("renumbered", c.renumbered),
                                                          ("repealed", c.repealed), ("attention", bool(c.attention))) if on)
    decided = f' data-decided-by="{_esc(c.decided_by)}"' if c.decided_by else ""
    places = "".join(f' data-{side}-order="{at}"' for side, at in zip("ab", order) if at is not None)
    return (
        f'<tr class="change" id="row-{number}" data-index="{number}" data-type="{c.type}" data-section="{section_no}"'
        f'{flags}{decided}{places} title="{ids}">'
        f'<td class="item">{_esc(c.item) or none}</td>'
        f'<td class="text a">{a}</td><td class="text b">{b}</td>'
        f'<td class="type"><span class="label {c.type}{" repealed" if c.repealed else ""}">{_esc(type_label(c, lang))}'
        f'</span>{_badges(c, item, w)}{_reference_badge(flagged, w)}'
        f'{summary}</td></tr>'
    )


def _reference_badge(flagged: list[ReferenceLine] | None, w: Wording) -> str:
    if not flagged:
        return ""
    title = _esc(w("text.clause_sep").join(f"{r.flag.text}: {r.kind}" for r in flagged))
    return f'<a class="badge reference" href="#references" title="{title}">{_esc(w("report.column.reference"))} {len(flagged)}</a>'


def render_html(result: ComparisonResult, *, lang: str = "ja") -> str:
    w = wording(lang)
    none = w("report.none")
    a, b = result.document_a, result.document_b
    title = f"{w('report.title')}: {a.title or a.id} → {b.title or b.id}"
    roots = frozenset(t for t in (a.title, b.title) if t)

    def section(c: Change) -> str:  # as the summary groups it: the titles, which a revision changes, as one
        return section_of(c, roots, b.title or a.title)

    sections = list(dict.fromkeys(section(c) for c in result.changes))
    number = {s: k for k, s in enumerate(sections)}
    body: list[str] = []
    current = None
    queued = {q.change: q for q in result.review_queue}
    flagged = reference_lines(result, lang)
    by_row: dict[int, list[ReferenceLine]] = {}
    for r in flagged:
        by_row.setdefault(r.flag.change, []).append(r)
    a_order, b_order = _orders(result)
    for k, c in enumerate(result.changes):
        s = section(c)
        if s != current:
            current = s
            body.append(f'<tr class="section" id="sec-{number[s]}" data-section="{number[s]}">'
                        f'<th colspan="4">{_esc(s) or _esc(none)}</th></tr>')
        body.append(_row(c, number[s], lang, w, k, queued.get(k), (a_order.get(k), b_order.get(k)), by_row.get(k)))
    per_section = {s: 0 for s in sections}
    for c in result.changes:
        if c.type != "unchanged":
            per_section[section(c)] += 1
    nav = "".join(
        f'<li><a href="#sec-{number[s]}">{_esc(s.split(" > ")[-1] if s else none)}</a> '
        f'<span class="n">({per_section[s]})</span></li>'
        for s in sections
    )
    count_items = "".join(f'<li class="{key}">{_esc(label)} {n}</li>' if key in _TYPES else f"<li>{_esc(label)} {n}</li>"
                          for key, label, n in totals(result, lang))
    if result.review_queue:
        count_items += f'<li class="review">{_esc(w("review.to_review"))} {len(result.review_queue)}</li>'
    if flagged:
        count_items += (f'<li class="references"><a href="#references">{_esc(w("report.reference.title"))} '
                        f'{len(flagged)}</a></li>')
    filters = _filters(result, lang, w, len(queued.keys() | by_row.keys()))
    notes = ""
    if result.notes:
        notes = '<div class="notes" role="note">' + "<br>".join(_esc(n) for n in result.notes) + "</div>"
    notes += _queue(result, w, flagged)
    meta = f"hikaku {result.hikaku_version} · {w('report.policy')}: {result.stats.policy}"
    if result.stats.llm_model:
        meta += f" ({result.stats.llm_model})"
    views = "".join(f'<button type="button" data-view="{v}" aria-pressed="{str(v == "table").lower()}">'
                    f'{_esc(w(f"report.desk.view_{v}"))}</button>' for v in ("table", "whole"))
    prev, next_ = _esc(w("report.desk.prev")), _esc(w("report.desk.next"))
    steps = (f'<button type="button" data-step="-1" title="{prev} (k)">▲ {prev} '
             f'<kbd>k</kbd></button><span class="position"></span>'
             f'<button type="button" data-step="1" title="{next_} (j)">▼ {next_} '
             f'<kbd>j</kbd></button>')
    # the script's words, with their {placeholders} (it fills them itself)
    words = {key: w.template(f"report.desk.{key}") for key in ("position", "hits", "hit_of", "no_hits", "hidden_hits",
                                                                 "open_page")}
    return Template(_asset("report.html")).substitute(
        lang=lang, version=_esc(result.hikaku_version), title=_esc(title), meta=_esc(meta), counts=count_items,
        notes=notes, summary=_summary(summary_view(result, lang), w), nav_label=_esc(w("report.sections")), nav=nav,
        chart_label=_esc(w("report.chart_title")),
        chart=_chart(result.changes, sections, section, w), filter_label=_esc(w("report.filter")), filters=filters,
        view_label=_esc(w("report.desk.view")), views=views, search_label=_esc(w("report.desk.search")),
        search_placeholder=_esc(w("report.desk.search_placeholder")), steps=steps,
        col_item=_esc(w("report.column.item")), col_a=_esc(w("report.column.doc_a")),
        col_b=_esc(w("report.column.doc_b")), col_type=_esc(w("report.column.type")),
        title_a=_esc(a.title or a.id), title_b=_esc(b.title or b.id),
        rows="\n".join(body), empty=_esc(w("report.no_rows")), references=_references(flagged, w),
        css=_asset("report.css"), js=_asset("report.js"),
        words=json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"),
    )


_KINDS = ("added", "deleted", "modified", "unchanged", "renumbered", "repealed", "moved")


def _filters(result: ComparisonResult, lang: str, w: Wording, to_review: int) -> str:
    """A button for every kind of row the report's totals count (the same label and number), then
    要確認 (``to_review``: the rows queued or holding a cross-reference to check), 不利の可能性 (the
    rows with attention) and すべて; 変更のあった項目 first (what the report opens on)."""
    changed = sum(1 for c in result.changes if c.type != "unchanged")
    kinds = [("changes", w("report.filter_changes"), changed)]
    kinds += [(key, label, n) for key, label, n in totals(result, lang) if key in _KINDS]
    if to_review:
        kinds.append(("review", w("review.to_review"), to_review))
    attention = sum(1 for c in result.changes if c.attention)
    if attention:
        kinds.append(("attention", w("report.attention.badge"), attention))
    kinds.append(("all", w("report.filter_all"), len(result.changes)))
    return "".join(f'<button type="button" data-filter="{key}" aria-pressed="false">{_esc(label)}'
                   f' <span class="n">{n}</span></button>' for key, label, n in kinds)


def render(result: ComparisonResult, options: RenderOptions) -> str:
    return render_html(result, lang=options.lang)
