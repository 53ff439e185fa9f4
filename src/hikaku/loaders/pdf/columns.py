"""The reading order of a page set in two or more columns.

A PDF's lines come top to bottom (``pdf/reader.py``); on a page set in columns that
interleaves the columns line by line. Here the gutters are found from the lines' horizontal
extents: for every x between the leftmost and the rightmost text, how many lines cross it.
A gutter is a valley of that count: a band that far fewer lines cross than the columns on
either side of it hold (:data:`VALLEY`) — those that do are titles, running headers, page
numbers, paragraphs set across the page; the cut is the middle of the band's emptiest part.

A cut is kept only when the columns it makes read as columns of text, not as the columns of
a table: each holds two or more lines, is at least :data:`MIN_COLUMN_EMS` characters wide,
and a good share of its lines fill it (wrapped text does; table cells mostly do not). A
page without such a cut is read exactly as before (top to bottom, then left to right).

A page with cuts is read in sections: a line that crosses a cut (a title, a heading set
across the page, the page number) closes the section above it and is read in its place;
within a section, column by column, left to right, each top to bottom — after a title set
larger than the text above all the columns but lying within one of them. A section whose
columns hold one row each (a row of a table that a cut runs through), or whose rows have
short lines on both sides of a cut (a table across the page), stays as it is.

:class:`PageOrder` says, besides the lines, why the order may be wrong: a line that crosses
a gutter beside a long line of a column (overlapping columns), or lines of text side by side
that no gutter separates (columns hikaku could not find, or a table of long cells). The
loader passes that on as a warning.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from .reader import PdfLine

__all__ = ["MARGIN", "PageOrder", "reading_order", "same_row"]

MIN_LINES = 5  # a page of fewer lines is read as it is
VALLEY = 0.5  # a gutter: crossed by at most this share of the lines its columns hold (titles, headers, a paragraph across the page)
MIN_GUTTER = 0.5  # a gutter is at least this many character sizes wide
MIN_COLUMN_LINES = 2
MIN_COLUMN_EMS = 12.0  # a column of text is at least this many character sizes wide (a table cell is less)
FULL = 0.75  # a line this share of its column's width or wider fills it …
MIN_FULL = 0.3  # … and at least this share of a column's lines do (wrapped text)
MARGIN = 0.12  # top and bottom share of the page where running headers and footers live (_pdf_furniture's too): they sit beside anything
TITLE_SIZE = 1.15  # a line set this much larger than the page's text, above all columns, is a title over them
SIDE_BY_SIDE_ROWS = 3  # rows of long lines side by side that make a page doubtful


@dataclass(frozen=True)
class PageOrder:
    lines: list[PdfLine]  # in reading order
    columns: int = 1  # columns side by side (1: read top to bottom, as a page of one column)
    doubt: str | None = None  # why the reading order may be wrong; None when it is read confidently


def same_row(a: PdfLine, b: PdfLine) -> bool:
    """*a* and *b* overlap vertically by more than half the lower one's height."""
    overlap = min(a.bottom, b.bottom) - max(a.top, b.top)
    return overlap > 0.5 * min(a.bottom - a.top, b.bottom - b.top)


def _size(lines: list[PdfLine]) -> float:
    sizes = [ln.size for ln in lines if ln.size > 0]
    return statistics.median(sizes) if sizes else 10.0


def reading_order(lines: list[PdfLine]) -> PageOrder:
    """The page's *lines* (top to bottom, then left to right) in reading order."""
    if len(lines) < MIN_LINES or any(ln.right <= ln.x for ln in lines):  # lines without extents: as they are
        return PageOrder(lines)
    size = _size(lines)
    cuts = _valid(lines, _gutters(lines, size))
    if not cuts:
        return PageOrder(lines, 1, _side_by_side(lines, size))
    return _in_columns(lines, cuts)


def _gutters(lines: list[PdfLine], size: float) -> list[float]:
    """Candidate cuts: the middle of the emptiest part of each valley of the lines' cover —
    a band that at most :data:`VALLEY` as many lines cross as the columns on either side
    of it hold at most — between the leftmost and the rightmost text."""
    events = sorted([(ln.x, 1) for ln in lines] + [(ln.right, -1) for ln in lines])
    xs: list[float] = []  # the segments between consecutive line ends, and how many lines cover each
    cover: list[int] = []
    n = 0
    for x, d in events:
        if xs and x == xs[-1]:
            n += d
            cover[-1] = n
            continue
        xs.append(x)
        n += d
        cover.append(n)
    segments = len(xs) - 1  # segment k runs from xs[k] to xs[k + 1]
    before, most = [], 0  # the most lines over any segment up to each, and from it on
    for c in cover[:segments]:
        most = max(most, c)
        before.append(most)
    after, most = [0] * segments, 0
    for k in range(segments - 1, -1, -1):
        most = max(most, cover[k])
        after[k] = most
    cuts: list[float] = []
    k = 0
    while k < segments:
        if cover[k] > VALLEY * min(before[k], after[k]):
            k += 1
            continue
        start = k
        while k < segments and cover[k] <= VALLEY * min(before[k], after[k]):
            k += 1
        if start == 0 or k == segments or xs[k] - xs[start] < MIN_GUTTER * size:
            continue  # the page's edge, or too narrow to be a gutter
        least = min(cover[start:k])
        # the widest stretch of the lowest cover, with its neighbours of the same cover
        lo = hi = max((xs[j + 1] - xs[j], j) for j in range(start, k) if cover[j] == least)[1]
        while lo > start and cover[lo - 1] == least:
            lo -= 1
        while hi + 1 < k and cover[hi + 1] == least:
            hi += 1
        cuts.append((xs[lo] + xs[hi + 1]) / 2)
    return cuts


def _slot(ln: PdfLine, cuts: list[float]) -> int | None:
    """The column *ln* lies in; None when it crosses a cut."""
    for i, cut in enumerate(cuts):
        if ln.right <= cut:
            return i
        if ln.x < cut:
            return None
    return len(cuts)


def _columns(lines: list[PdfLine], cuts: list[float]) -> list[list[PdfLine]]:
    out: list[list[PdfLine]] = [[] for _ in range(len(cuts) + 1)]
    for ln in lines:
        i = _slot(ln, cuts)
        if i is not None:
            out[i].append(ln)
    return out


def _long(ln: PdfLine, size: float) -> bool:
    """As long as a line of a column of text at least (a table cell is shorter)."""
    return ln.right - ln.x >= MIN_COLUMN_EMS * (ln.size or size)


def _full(ln: PdfLine, column: list[PdfLine]) -> bool:
    lo, hi = min(c.x for c in column), max(c.right for c in column)
    return ln.right - ln.x >= FULL * (hi - lo)


def _is_text(column: list[PdfLine]) -> bool:
    if len(column) < MIN_COLUMN_LINES:
        return False
    lo, hi = min(c.x for c in column), max(c.right for c in column)
    if hi - lo < MIN_COLUMN_EMS * _size(column):
        return False
    return sum(_full(ln, column) for ln in column) >= MIN_FULL * len(column)


def _valid(lines: list[PdfLine], cuts: list[float]) -> list[float]:
    """The cuts whose columns are columns of text: a column that is not loses the cut to
    its narrower neighbour (it is part of that column, or of a table), until all are."""
    while cuts:
        columns = _columns(lines, cuts)
        bad = next((i for i, col in enumerate(columns) if not _is_text(col)), None)
        if bad is None:
            return cuts
        if bad == 0:
            drop = 0
        elif bad == len(cuts):
            drop = bad - 1
        else:
            drop = bad - 1 if _extent(columns[bad - 1]) <= _extent(columns[bad + 1]) else bad
        cuts = cuts[:drop] + cuts[drop + 1:]
    return cuts


def _extent(column: list[PdfLine]) -> float:
    return max(c.right for c in column) - min(c.x for c in column) if column else 0.0


def _in_columns(lines: list[PdfLine], cuts: list[float]) -> PageOrder:
    """Read section by section: a line crossing a cut closes a section; within one,
    column by column (a section of one row in each column stays as it stands)."""
    columns = _columns(lines, cuts)
    size = _size(lines)
    long = {id(ln) for col in columns for ln in col if _long(ln, size)}
    out: list[PdfLine] = []
    section: list[PdfLine] = []
    doubt = None

    def flush() -> None:
        by_column: list[list[PdfLine]] = [[] for _ in range(len(cuts) + 1)]
        for ln in section:
            by_column[_slot(ln, cuts) or 0].append(ln)
        if any(_rows(col) >= 2 for col in by_column) and not _cells_across(section, cuts, size):
            out.extend(_over(by_column, size))
            out.extend(ln for col in by_column for ln in col)
        else:  # one row in each column, or a table across the page: as it stands
            out.extend(section)
        section.clear()

    for k, ln in enumerate(lines):
        if _slot(ln, cuts) is not None:
            section.append(ln)
            continue
        if doubt is None and MARGIN <= ln.top and ln.bottom <= 1 - MARGIN and any(
                id(other) in long and same_row(ln, other) for other in lines[max(0, k - 8):k + 8]):
            doubt = "a line runs across the gap between the columns beside lines of them (overlapping columns)"
        flush()
        out.append(ln)
    flush()
    return PageOrder(out, len(cuts) + 1, doubt)


def _over(by_column: list[list[PdfLine]], size: float) -> list[PdfLine]:
    """The lines set larger than the page's text at the head of a column but the first that
    stand above every line of the other columns: a title over the columns (centred over three
    columns it lies within the middle one). Taken out of *by_column*."""
    out: list[PdfLine] = []
    for k, col in enumerate(by_column[1:], start=1):
        others = [ln.top for j, other in enumerate(by_column) if j != k for ln in other]
        while col and others and col[0].size >= TITLE_SIZE * size and col[0].bottom <= min(others):
            out.append(col.pop(0))
    return out


def _cells_across(section: list[PdfLine], cuts: list[float], size: float) -> bool:
    """Are the section's lines the cells of a table across the page: two or more rows with
    lines on both sides of a cut, none of them as long as a line of text?"""
    shared = 0
    for k, ln in enumerate(section[1:], start=1):
        prev = section[k - 1]
        if same_row(prev, ln) and _slot(prev, cuts) != _slot(ln, cuts):
            if _long(prev, size) or _long(ln, size):
                return False
            shared += 1
    return shared >= 2


def _rows(column: list[PdfLine]) -> int:
    """How many rows the lines of one column (top to bottom) stand in."""
    return sum(1 for k, ln in enumerate(column) if k == 0 or not same_row(column[k - 1], ln))


def _side_by_side(lines: list[PdfLine], size: float) -> str | None:
    """Why a page read top to bottom may be misread: rows of two or more long lines side by
    side (columns whose gutter some lines cross, or a table of long cells)."""
    rows = sum(1 for a, b in zip(lines, lines[1:])
               if a.right <= b.x and same_row(a, b) and _long(a, size) and _long(b, size))
    if rows >= SIDE_BY_SIDE_ROWS:
        return "long lines side by side that no gap between columns separates: read row by row"
    return None
