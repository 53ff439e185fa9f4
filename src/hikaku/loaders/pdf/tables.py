"""Rows of lines side by side on a PDF page, and the tables they make.

A PDF has no tables, only text drawn at places: a table's cells come out as lines that
share a row. Read one after the other they were glued into one string
(``区分支払事由金額死亡…``). Here the lines of a page (in reading order, ``pdf/columns.py``)
are put in rows — lines that overlap vertically, each to the right of the one before; two
that nearly touch (less than :data:`CELL_GAP` characters apart: one line drawn in pieces)
are one cell.

Two or more consecutive rows of several cells whose cells stand under one another are a
table, written as a Markdown pipe table, one line per row, as the Word and HTML loaders
write theirs (``table_lines``): a change of a row is a change of readable text, and the
chunker keeps the table whole. A row of one cell between two such rows, not at the table's
left edge, is a cell that wrapped onto a second line: a row of its own, in its column. A row
whose later cell opens a clause or a chapter (第1条 beside a caption in the margin) is text,
not a table's. The
columns are where the cells' horizontal extents overlap from row to row, so cells set flush
left, right or centred fall in one column. A single row of several cells (not a table)
keeps its cells as lines of their own: the page's text cleaning never glues them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ...document import detect_heading
from ..chunker import table_lines
from .columns import same_row
from .reader import WORD_MARGIN, PdfLine

__all__ = ["join_rows", "side_by_side"]

CELL_GAP = 1.0  # pieces of a row less than this many character sizes apart are one cell
MAX_ROW_GAP = 2.5  # rows of a table are at most this many line heights apart


def side_by_side(prev: PdfLine, ln: PdfLine) -> bool:
    """*ln* stands on the row of *prev*, to its right."""
    return prev.right > prev.x and prev.right <= ln.x + 0.5 and same_row(prev, ln)


def join_rows(lines: list[PdfLine]) -> list[PdfLine]:
    """*lines* with the rows of each table joined into Markdown table lines."""
    if not any(side_by_side(a, b) for a, b in zip(lines, lines[1:])):
        return lines
    rows = [_cells(row) for row in _rows(lines)]
    out: list[PdfLine] = []
    k = 0
    while k < len(rows):
        end = _table_end(rows, k)
        if end > k:
            out.extend(_table(rows[k:end]))
            k = end
        else:
            out.extend(rows[k])
            k += 1
    return out


def _rows(lines: list[PdfLine]) -> Iterator[list[PdfLine]]:
    row: list[PdfLine] = []
    for ln in lines:
        if row and side_by_side(row[-1], ln) and same_row(row[0], ln):
            row.append(ln)
            continue
        if row:
            yield row
        row = [ln]
    if row:
        yield row


def _cells(row: list[PdfLine]) -> list[PdfLine]:
    """The row's pieces with those that nearly touch joined (a line drawn in pieces)."""
    out = [row[0]]
    for ln in row[1:]:
        prev = out[-1]
        size = max(prev.size, ln.size) or 10.0
        gap = ln.x - prev.right
        if gap >= CELL_GAP * size:
            out.append(ln)
            continue
        glue = " " if gap > WORD_MARGIN * size else ""
        main = prev if len(prev.text) >= len(ln.text) else ln
        out[-1] = replace(prev, text=prev.text + glue + ln.text, top=min(prev.top, ln.top),
                          bottom=max(prev.bottom, ln.bottom), right=ln.right, size=main.size, bold=main.bold)
    return out


def _overlap(a: PdfLine, b: PdfLine) -> float:
    return min(a.right, b.right) - max(a.x, b.x)


def _cells_of_a_table(row: list[PdfLine]) -> bool:
    """Several cells, none but the first opening a clause or a chapter (第1条 beside a
    caption set in the margin, （目的）, is the document's text, not a table's)."""
    return len(row) >= 2 and not any(
        (h := detect_heading(c.text, markdown=False)) is not None and h.kind in ("article", "structure")
        for c in row[1:])


def _table_end(rows: list[list[PdfLine]], start: int) -> int:
    """The end of the table that starts at row *start* (*start*: no table there): rows of
    several cells under one another, and between them rows of one cell off the table's
    left edge; at least two rows of several cells."""
    if not _cells_of_a_table(rows[start]):
        return start
    left = rows[start][0].x
    last_multi, multi, end = rows[start], 1, start + 1
    k = start + 1
    while k < len(rows):
        row, above = rows[k], rows[k - 1]
        height = max(ln.bottom - ln.top for ln in above)
        if row[0].top - max(ln.bottom for ln in above) > MAX_ROW_GAP * height:
            break
        if len(row) >= 2:
            if not _cells_of_a_table(row) or sum(any(_overlap(c, d) > 0 for d in last_multi) for c in row) < 2:
                break  # its cells do not stand under the table's
            last_multi, multi, end = row, multi + 1, k + 1
        elif row[0].x <= left + row[0].size:
            break  # text at the table's left edge: the table has ended
        k += 1
    return end if multi >= 2 else start


def _table(rows: list[list[PdfLine]]) -> list[PdfLine]:
    """The rows as Markdown table lines, one PdfLine each (the header's rule too)."""
    spans: list[list[float]] = []  # the columns: merged horizontal extents of the cells of rows of several cells
    for x0, x1 in sorted((c.x, c.right) for row in rows if len(row) >= 2 for c in row):
        if spans and x0 < spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], x1)
        else:
            spans.append([x0, x1])
    texts: list[list[str]] = []
    for row in rows:
        cells = [""] * len(spans)
        for c in row:
            k = max(range(len(spans)), key=lambda i: min(c.right, spans[i][1]) - max(c.x, spans[i][0]))
            cells[k] = f"{cells[k]} {c.text}".strip()
        texts.append(cells)
    lines = table_lines(texts)
    geometry = [rows[0], *rows]  # the rule under the header row stands where the header does
    out = []
    for text, row in zip(lines, geometry):
        main = max(row, key=lambda c: len(c.text))
        out.append(PdfLine(text, min(c.top for c in row), max(c.bottom for c in row), row[0].x,
                           main.size, False, max(c.right for c in row), table=True, width=row[0].width))
    return out
