"""Excel (.xlsx): the 新旧対照表 as reviewers hand it on (see :mod:`.taisho`), written with
XlsxWriter (the ``xlsx`` extra).

The changed characters are underlined with rich-text runs; every cell is a string (written as
one, never through a type guess, so that a clause starting with ``=`` stays text); the header
row is frozen, filterable on 変更タイプ and repeated on every printed page; A4 landscape, scaled to
the page width. A clause too long for one row (Excel's tallest is 409 pt) goes on over the rows
after it (「（続き）」), so that it prints whole; the page breaks are set where the rows' heights put
them, a heading row never left alone at the foot of a page. A second sheet holds the documents'
titles, the date, the totals and notes, printable on its own."""

from __future__ import annotations

import io
from typing import Any

from .._exceptions import MissingDependencyError
from ..result import ComparisonResult
from .options import RenderOptions
from .sheet_layout import HEADER_PT, Pages, column_width, print_scale, row_height, split_row
from .taisho import Cell, Table, build_table, summary_lines

__all__ = ["render", "require", "FONT"]

FONT = "Yu Mincho"  # 游明朝; with the Shift_JIS charset, Excel substitutes another Mincho when missing
_SIZE = 10
_MAX_CHARS = 32767  # Excel's limit for one cell (UTF-16 code units)
_BASE = {"font_name": FONT, "font_size": _SIZE, "font_charset": 128, "font_family": 1}
MARGINS = {"left": 0.4, "right": 0.4, "top": 0.7, "bottom": 0.6}  # inches (sheet_layout.PAGE_W / PAGE_H)


def require() -> Any:
    """The xlsxwriter module; MissingDependencyError naming the extra when it is not installed."""
    try:
        import xlsxwriter
    except ImportError:
        raise MissingDependencyError("XlsxWriter", "xlsx", "Writing Excel files") from None
    return xlsxwriter


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _fit(cell: Cell, limit: int = _MAX_CHARS) -> Cell:
    """A cell Excel can hold: text beyond its limit cut with …, the spans with it."""
    room = limit - _utf16(cell.detail) - 2
    if _utf16(cell.text) <= room:
        return cell
    text = cell.text[: room - 1]
    while _utf16(text) > room - 1:
        text = text[:-1]
    spans = tuple((s, min(e, len(text))) for s, e in cell.underlined if s < len(text))
    return Cell(text + "…", spans, cell.mark, cell.detail)


def _header_text(text: str) -> str:
    """Text for the printed page header: & doubled (& starts a code), within Excel's 255 characters."""
    text = text.replace("&", "&&")
    return text if len(text) <= 120 else text[:119] + "…"


class _Writer:
    def __init__(self, workbook: Any) -> None:
        add = workbook.add_format
        cell = {**_BASE, "valign": "top", "text_wrap": True, "border": 1, "border_color": "#808080"}
        self.text = add(cell)
        self.underlined = add({**cell, "underline": 1})
        self.mark = add({**cell, "font_color": "#404040"})
        self.header = add({**cell, "bold": True, "bg_color": "#D9D9D9", "align": "center", "valign": "vcenter"})
        self.section = add({**cell, "bold": True, "bg_color": "#EDEDED"})
        self.omitted = add({**cell, "font_color": "#404040", "bg_color": "#FAFAFA"})
        self.run_plain = add(dict(_BASE))
        self.run_underlined = add({**_BASE, "underline": 1})
        self.run_detail = add({**_BASE, "font_size": _SIZE - 2, "font_color": "#6E6E6E"})

    def write(self, ws: Any, r: int, c: int, cell: Cell, base: Any | None = None) -> None:
        """One cell, always as a string: plain, or rich text when only part of it is underlined
        or it has a detail line."""
        cell = _fit(cell)
        fmt = base or (self.mark if cell.mark else self.text)
        runs = cell.runs()
        fragments: list[Any] = []
        for piece, underlined in runs:
            fragments += [self.run_underlined if underlined else self.run_plain, piece]
        if cell.detail:
            fragments += [self.run_detail, ("\n" if cell.text else "") + cell.detail]
        if len(fragments) > 2:
            ws.write_rich_string(r, c, *fragments, fmt)
        elif runs and runs[0][1]:
            ws.write_string(r, c, cell.text, self.underlined)
        else:
            ws.write_string(r, c, cell.text or cell.detail, fmt)


def _summary_sheet(workbook: Any, table: Table, w: _Writer, header: str, footer: str) -> None:
    """The 概要 sheet: one A4 page wide (portrait), every value wrapped whole in its cell, with the
    same page header and footer as the table; the references to check (引用条項の確認) last."""
    t = table.wording
    ws = workbook.add_worksheet(t("taisho.summary_sheet"))
    widths = [16.0, 72.0]  # 88 units: 500 pt, within an A4 portrait page at 100 %
    for c, width in enumerate(widths):
        ws.set_column(c, c, width)
    rows: list[tuple[str, str]] = [(table.title, ""), *table.documents, (t("taisho.date"), table.date),
                                   (t("report.totals"), table.totals)]
    rows += [(t("report.notes") if k == 0 else "", note) for k, note in enumerate(table.notes)]
    heads = {0}
    for label, value in summary_lines(table):  # 改定の要旨, 要確認：不利になりうる変更
        if not value:
            heads.add(len(rows))
        rows.append((label, value))
    if table.references:  # 引用条項の確認: the citing 項目 and the reference, then what to check
        heads.add(len(rows))
        rows.append((t("report.reference.count", n=len(table.references)), ""))
        rows += [(f"{item}\n{t('text.quote_open')}{text}{t('text.quote_close')}", f"{kind}: {message}")
                 for item, text, kind, message in table.references]
    for r, (label, value) in enumerate(rows):
        ws.write_string(r, 0, label, w.header if r in heads else w.text)
        w.write(ws, r, 1, Cell(value))
        ws.set_row(r, row_height((Cell(label), Cell(value)), widths))
    ws.set_paper(9)  # A4, portrait
    ws.fit_to_pages(1, 0)  # no page breaks of its own: the printer may fit it to the width
    ws.set_margins(left=0.6, right=0.6, top=0.7, bottom=0.6)
    ws.set_header(header)
    ws.set_footer(footer)


def render(result: ComparisonResult, options: RenderOptions) -> bytes:
    xlsxwriter = require()
    table = build_table(result, options)
    out = io.BytesIO()
    # write_string / write_rich_string never guess a type; the options also keep merge_range's
    # generic write from turning text into formulas, numbers or links
    workbook = xlsxwriter.Workbook(out, {"in_memory": True, "strings_to_formulas": False,
                                         "strings_to_numbers": False, "strings_to_urls": False})
    workbook.set_properties({"title": f"{table.title}: {table.documents[0][1]} / {table.documents[1][1]}",
                             "comments": "hikaku", "keywords": "hikaku"})
    w = _Writer(workbook)
    ws = workbook.add_worksheet(table.title[:31])
    ncols = len(table.columns)
    widths = [column_width(key) for key in table.columns]
    for c, width in enumerate(widths):
        ws.set_column(c, c, width)
    for c, header in enumerate(table.headers):
        ws.write_string(0, c, header, w.header)
    ws.set_row(0, HEADER_PT)
    scale = print_scale(widths)
    pages = Pages(scale)
    item, kind, more = table.columns.index("item"), table.type_column, table.wording("taisho.continued")
    r = 0
    for row in table.rows:
        if row.kind == "section":
            r += 1
            ws.merge_range(r, 0, r, ncols - 1, "", w.section)
            w.write(ws, r, 0, row.cells[0], w.section)
            height = row_height(row.cells[:1], [sum(widths)])
            ws.set_row(r, height)
            pages.add(r, height, heading=True)
            continue
        for cells in split_row(row, widths, item, kind, more, pages.budget):
            r += 1
            for c, cell in enumerate(cells):
                w.write(ws, r, c, cell, w.omitted if row.kind == "omitted" else None)
            height = row_height(cells, widths)
            ws.set_row(r, height)
            pages.add(r, height)
    ws.freeze_panes(1, 0)
    ws.autofilter(0, table.type_column, r, table.type_column)
    ws.repeat_rows(0)
    ws.set_landscape()
    ws.set_paper(9)  # A4
    ws.set_print_scale(scale)  # the columns fit the page's width; the page breaks are set for this scale
    ws.set_h_pagebreaks(pages.breaks)
    ws.set_margins(**MARGINS)
    docs = "　".join(f"{label}: {title}" for label, title in table.documents)
    header, footer = f"&L{_header_text(table.title + '　' + docs)}&R{_header_text(table.date)}", "&C&P / &N"
    ws.set_header(header)
    ws.set_footer(footer)
    _summary_sheet(workbook, table, w, f"&L{_header_text(table.title)}&R{_header_text(table.date)}", footer)
    workbook.close()
    return out.getvalue()
