"""Where a chunk is on the pages of its PDF: the rectangles its lines cover, to mark the clause
on the page (the web app's page view).

While the page text is put together (``layout.clean_pages``), each line's place in the text
is kept beside its position on the page (:class:`LineSpan`). A chunk's boxes are then its
lines merged into rectangles, one per block of text on a page: the next line joins the
rectangle when it is on the same page, below it, close under it (less than a line's height
between them) and overlapping it sideways; a jump up or aside (the next column, the next page)
starts another. Coordinates are shares of the page's width and height from its top-left corner,
so that a page drawn at any size marks the same place."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from .reader import PdfLine

__all__ = ["LineSpan", "chunk_boxes"]

_DIGITS = 4  # 0.0001 of an A4 page is 0.03 mm


@dataclass(frozen=True, slots=True)
class LineSpan:
    start: int  # the line's text in the document's text: [start, end)
    end: int
    page: int  # 1-based
    line: PdfLine


def _box(page: int, ln: PdfLine) -> list[float]:
    width = ln.width or 1.0
    return [float(page), ln.x / width, ln.top, (ln.right or ln.x) / width, ln.bottom]


def _joins(box: list[float], page: int, ln: PdfLine) -> bool:
    if page != box[0]:
        return False
    width = ln.width or 1.0
    left, right = ln.x / width, (ln.right or ln.x) / width
    height = ln.bottom - ln.top
    return (ln.top >= box[2] - height / 2 and ln.top - box[4] < max(height, 1e-6)
            and left < box[3] and right > box[1])


def chunk_boxes(spans: list[LineSpan], starts: list[int], char_start: int, char_end: int) -> list[list[float]]:
    """The rectangles ``[page, left, top, right, bottom]`` the text ``[char_start, char_end)``
    covers (*spans* in text order, *starts* their ``start``\\ s)."""
    k = max(0, bisect.bisect_right(starts, char_start) - 1)
    out: list[list[float]] = []
    while k < len(spans) and spans[k].start < char_end:
        s = spans[k]
        k += 1
        if s.end <= char_start:
            continue
        if out and _joins(out[-1], s.page, s.line):
            box, width = out[-1], s.line.width or 1.0
            box[1] = min(box[1], s.line.x / width)
            box[3] = max(box[3], (s.line.right or s.line.x) / width)
            box[4] = max(box[4], s.line.bottom)
        else:
            out.append(_box(s.page, s.line))
    return [[int(b[0]), *(round(v, _DIGITS) for v in b[1:])] for b in out]
