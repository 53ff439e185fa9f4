"""How the 新旧対照表 lies on printed Excel pages (:mod:`.xlsx`): row heights estimated from the text,
a long clause cut into rows that each fit on a page, and the page breaks.

Excel's tallest row is 409 pt and neither Excel nor LibreOffice breaks a row across pages: a clause
taller than that, or than what is left of a page, is cut off in print without a mark. So a long
clause goes on over the rows after it, each cut where the page (or the row's limit) ends, and the
page breaks are set where the heights put them — a heading row never left alone at the foot of a
page. LibreOffice does not measure the rows of a file it opens, so every row carries its height.

The estimates err on the safe side: a full-width character takes two of a column's width units
(LibreOffice fits about 25 in the 45-unit text columns, the estimate 22), a line 14.5 pt (about
14.9 pt once the print scale is undone, which the wider estimate covers), and a page is filled to
95 % of its height (``tests/renderers/test_xlsx_print.py`` prints a long 約款 through LibreOffice and
finds every character of every clause on the pages).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Iterator, Sequence

from .taisho import WIDTHS, Cell, Row

__all__ = ["Pages", "column_width", "print_scale", "row_height", "split_row", "HEADER_PT"]

LINE_PT = 14.5  # one line of 10 pt Japanese text, with the font's leading
MAX_ROW_PT = 409.0  # Excel's tallest row
HEADER_PT = 20.0  # the header row, repeated on every printed page
_PAD_PT = 4.0  # a row's padding above and below its text
# A4 landscape in points, less the margins the sheet sets (xlsx.MARGINS, in inches)
PAGE_W = 841.9 - 72 * (0.4 + 0.4)
PAGE_H = 595.3 - 72 * (0.7 + 0.6)
_SLACK = 0.95  # a page is filled to this share of its height
_MIN_LINES = 3  # a clause does not start on a page with room for fewer lines than this


def column_width(key: str) -> float:
    """Column width in Excel's unit (a digit of the default font): the columns together fill an A4
    landscape page, about 22 full-width characters a line in 改正後 / 改正前."""
    return round(WIDTHS[key] * 1.45 + 1, 1)


def _advance(ch: str) -> float:
    return 2.0 if unicodedata.east_asian_width(ch) in "FWA" else 1.1


def _room(width: float) -> float:
    return max(width - 1.5, 2.0)


def lines(text: str, width: float) -> int:
    """Lines *text* takes in a column *width* wide once wrapped."""
    room = _room(width)
    total = 0
    for line in text.split("\n"):
        used = sum(_advance(ch) for ch in line)
        total += max(1, math.ceil(used / room))
    return total


def row_height(cells: Sequence[Cell], widths: Sequence[float]) -> float:
    """A row tall enough for its longest cell (a detail line at 80 %), at most Excel's tallest."""
    tallest = 1.0
    for cell, width in zip(cells, widths):
        n = (lines(cell.text, width) if cell.text else 0) + 0.8 * (lines(cell.detail, width) if cell.detail else 0)
        tallest = max(tallest, n)
    return min(MAX_ROW_PT, round(tallest * LINE_PT + 2 * _PAD_PT, 1))


def lines_in(height: float) -> int:
    """The lines of text a row *height* points tall holds."""
    return max(0, int((height - 2 * _PAD_PT) // LINE_PT))


def cut(text: str, width: float, budget: Callable[[int], int]) -> Iterator[tuple[int, int]]:
    """*text* cut into ``[start, end)`` pieces, piece *k* at most ``budget(k)`` wrapped lines in a
    column *width* wide (as :func:`lines` counts them), the budget asked as each piece is begun; a
    piece ends at a line break or after a sentence (。.;) when one lies in its second half, else
    where its lines run out."""
    room = _room(width)
    start, n, k = 0, len(text), 0
    while start < n:
        limit = max(1, budget(k))
        used, line, best, i = 1, 0.0, -1, start
        while i < n:
            ch = text[i]
            if ch == "\n":
                if used + 1 > limit:
                    break
                used, line, best = used + 1, 0.0, i + 1
            else:
                w = _advance(ch)
                if line + w > room:
                    if used + 1 > limit:
                        break
                    used, line = used + 1, 0.0
                line += w
                if ch in "。．.;；":
                    best = i + 1
            i += 1
        end = i if i >= n or best <= start + (i - start) // 2 else best
        yield start, end
        start, k = end, k + 1


def _piece(cell: Cell, s: int, e: int, detail: str) -> Cell:
    """The part ``[s, e)`` of *cell*'s text with its underlines; the line breaks it starts or ends with dropped."""
    while s < e and cell.text[s] == "\n":
        s += 1
    while e > s and cell.text[e - 1] == "\n":
        e -= 1
    spans = tuple((max(a, s) - s, min(b, e) - s) for a, b in cell.underlined if a < e and b > s)
    return Cell(cell.text[s:e], spans, cell.mark, detail)


def split_row(row: Row, widths: Sequence[float], item: int, kind: int, more: str,
              budget: Callable[[int], int]) -> Iterator[tuple[Cell, ...]]:
    """A change row as one or more rows, row *k* at most ``budget(k)`` lines, asked when row *k* is
    begun (after the rows before it were placed): each long cell goes on over the rows after it. A
    continuation's 項目 (column *item*) reads the label and 「（続き）」 (*more*); its change type
    (column *kind*) is repeated, so that a filter on 変更タイプ keeps the whole clause. Other rows
    stay whole."""
    if row.kind != "change":
        yield row.cells
        return
    shared: dict[int, int] = {}

    def once(k: int) -> int:  # every column's piece k has the same budget, asked once
        if k not in shared:
            shared[k] = budget(k)
        return shared[k]

    pieces = [None if c in (item, kind) else cut(cell.text, width, once)
              for c, (cell, width) in enumerate(zip(row.cells, widths))]
    k = 0
    while True:
        cells, more_text = [], False
        for c, (cell, cuts) in enumerate(zip(row.cells, pieces)):
            if cuts is None:
                cells.append(cell if k == 0 else Cell(cell.text + more, mark=True) if c == item else Cell(cell.text))
                continue
            got = next(cuts, None)
            if got is None:
                cells.append(Cell(""))
            else:
                more_text = True
                cells.append(_piece(cell, got[0], got[1], cell.detail if k == 0 else ""))
        if not more_text and k > 0:
            return
        yield tuple(cells)
        k += 1


def print_scale(widths: Sequence[float]) -> int:
    """The print scale (%) at which the columns fit the page's width. A column's width is in digits
    of the workbook's default font: Excel prints a unit as 5.25 pt (7 px) plus 3.75 pt of padding,
    LibreOffice (Carlito for Calibri) as 5.55 pt; the larger, rounded up, fits both. (A sheet fitted
    to the page by the printer would ignore the page breaks set here.)"""
    total = sum(w * 5.6 + 4 for w in widths)
    return max(10, min(100, int(PAGE_W / total * 100)))


class Pages:
    """The printed pages of a sheet at a print *scale*, filled row by row: where each page starts
    (``breaks``: 1-based sheet rows, the header being row 0 and repeated on every page)."""

    def __init__(self, scale: int) -> None:
        self.room = PAGE_H * _SLACK / (scale / 100) - HEADER_PT
        self.used = 0.0
        self.breaks: list[int] = []
        self._rows: list[tuple[float, bool]] = []  # (height, heading row) of the page so far

    def left(self) -> float:
        """Points left on the current page."""
        return self.room - self.used

    def budget(self, k: int) -> int:
        """Lines for the next row of a long clause (its piece *k*): what is left of this page, when
        that holds a few lines, else a whole page; never more than Excel's tallest row."""
        whole = min(lines_in(MAX_ROW_PT), lines_in(self.room))
        left = lines_in(self.left())
        return min(whole, left) if left >= _MIN_LINES else whole

    def add(self, row: int, height: float, heading: bool = False) -> None:
        """Sheet row *row* (1-based), *height* points tall, onto the pages."""
        if self.used + height > self.room and self._rows:
            start, carried = row, []
            if self._rows[-1][1] and len(self._rows) > 1:  # a heading goes over with its first row
                start, carried = row - 1, [self._rows.pop()]
            self.breaks.append(start)
            self._rows = carried
            self.used = sum(h for h, _ in carried)
        self._rows.append((height, heading))
        self.used += height
