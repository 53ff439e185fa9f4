"""Excel (.xlsx): the 新旧対照表 as reviewers hand it on (see :mod:`.taisho`), written with
XlsxWriter (the ``xlsx`` extra).

The changed characters are underlined with rich-text runs; every cell is a string (written as
one, never through a type guess, so that a clause starting with ``=`` stays text); the header
row is frozen, filterable on 変更タイプ and repeated on every printed page; A4 landscape, fit to
the page width. A second sheet holds the documents' titles, the date, the totals and notes."""

from __future__ import annotations

import io
import math
import unicodedata
from typing import Any

from .._exceptions import MissingDependencyError
from ..result import ComparisonResult
from .options import RenderOptions
from .taisho import WIDTHS, Cell, Table, build_table

__all__ = ["render", "require", "FONT"]

FONT = "Yu Mincho"  # 游明朝; with the Shift_JIS charset, Excel substitutes another Mincho when missing
_SIZE = 10
_MAX_CHARS = 32767  # Excel's limit for one cell (UTF-16 code units)
_BASE = {"font_name": FONT, "font_size": _SIZE, "font_charset": 128, "font_family": 1}
_LINE_PT = 14.5  # one line of 10 pt Japanese text, with the font's leading
_MAX_ROW_PT = 409  # Excel's tallest row


def _width(key: str) -> float:
    """Column width in Excel's unit (the width of a digit of the default font, 7 px): the
    columns together fill the width of an A4 landscape page at 100 %, about 22 full-width
    characters per line of 改正後 / 改正前."""
    return round(WIDTHS[key] * 1.45 + 1, 1)


def _lines(text: str, width: float) -> int:
    """Lines *text* takes in a column *width* wide once wrapped: a full-width character takes
    about two units, others one."""
    room = max(width - 1.5, 2.0)
    total = 0
    for line in text.split("\n"):
        used = sum(2.0 if unicodedata.east_asian_width(ch) in "FWA" else 1.1 for ch in line)
        total += max(1, math.ceil(used / room))
    return total


def _height(cells: tuple[Cell, ...], widths: list[float]) -> float:
    """A row tall enough for its longest cell, estimated from the text: LibreOffice does not
    measure the rows of a file it opens, so every row is given its height."""
    tallest = 1.0
    for cell, width in zip(cells, widths):
        lines = (_lines(cell.text, width) if cell.text else 0) + 0.8 * (_lines(cell.detail, width) if cell.detail else 0)
        tallest = max(tallest, lines)
    return min(_MAX_ROW_PT, round(tallest * _LINE_PT + 4, 1))


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


def _summary_sheet(workbook: Any, table: Table, w: _Writer) -> None:
    L = table.labels
    ws = workbook.add_worksheet(L["summary_sheet"])
    ws.set_column(0, 0, 16)
    ws.set_column(1, 1, 90)
    rows: list[tuple[str, str]] = [(L["title"], ""), *table.documents, (L["date"], table.date),
                                   (L["totals"], table.totals)]
    rows += [(L["notes"] if k == 0 else "", note) for k, note in enumerate(table.notes)]
    for r, (label, value) in enumerate(rows):
        ws.write_string(r, 0, label, w.header if r == 0 else w.text)
        ws.write_string(r, 1, value, w.text)


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
    widths = [_width(key) for key in table.columns]
    for c, width in enumerate(widths):
        ws.set_column(c, c, width)
    for c, header in enumerate(table.headers):
        ws.write_string(0, c, header, w.header)
    r = 0
    for row in table.rows:
        r += 1
        if row.kind == "section":
            ws.merge_range(r, 0, r, ncols - 1, "", w.section)
            w.write(ws, r, 0, row.cells[0], w.section)
            continue
        for c, cell in enumerate(row.cells):
            w.write(ws, r, c, cell, w.omitted if row.kind == "omitted" else None)
        ws.set_row(r, _height(row.cells, widths))
    ws.freeze_panes(1, 0)
    ws.autofilter(0, table.type_column, r, table.type_column)
    ws.repeat_rows(0)
    ws.set_landscape()
    ws.set_paper(9)  # A4
    ws.fit_to_pages(1, 0)  # one page wide, as many pages tall as needed
    ws.set_margins(left=0.4, right=0.4, top=0.7, bottom=0.6)
    docs = "　".join(f"{label}: {title}" for label, title in table.documents)
    ws.set_header(f"&L{_header_text(table.title + '　' + docs)}&R{_header_text(table.date)}")
    ws.set_footer("&C&P / &N")
    _summary_sheet(workbook, table, w)
    workbook.close()
    return out.getvalue()
