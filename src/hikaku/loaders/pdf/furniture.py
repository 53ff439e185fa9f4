"""Running headers, footers and page numbers of a PDF, found by their place on the pages.

A page number (``- 3 -``, ``3 / 23``, ``Page 3``) in the top or bottom :data:`MARGIN` of a
page is furniture wherever it stands. Any other line there is a *running* line only on
evidence that a page template printed it — evidence a line of text cannot give by
recurring alone (the first lines of columns, boilerplate at the top of clauses, recur too):

* its text, numbers aside, recurs on at least half the pages (two at least), **once** on
  each: a page template prints its header once; a page that holds the text twice (at the
  top of both columns; the title of page 1 that the header repeats) does not count;
* **at the same height** on those pages (within :data:`SAME_PLACE` of the page's height):
  a template does not move its header; only the pages where it stands at its usual place
  count, and only there is it removed (the title below the header on page 1 stays);
* its numbers are **page numbers or fixed**: from one page to the next each either stays
  (a date, a form number) or grows by the pages between them (``普通保険約款 3`` on page 3,
  ``… 4`` on page 4); ``Section 1`` on page 1 and ``Section 9`` on page 2 is text;
* it is **outermost**: between it and the edge of the page there is only furniture (the
  running header above it, a page number); a line below a line of body text is body text.

A running line is also kept when text that is not furniture stands on the same row (the
first lines of columns side by side, when a header's text happens to open one) — unless the
row is the page template's: on at least half the pages, and :data:`ROW_PAGES` at least, the
running line at its place has other text on its row. Then what shares its row there is a
running head too (the chapter name at the right of 〇〇保険普通保険約款, changing with the
chapters, so on too few pages to be a running line of its own), and goes with it. Two
pages are too few to tell that row from the first lines of columns side by side.
"""

from __future__ import annotations

import math
import re
import statistics
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from .columns import MARGIN, same_row
from .reader import PdfLine

__all__ = ["MARGIN", "ROW_PAGES", "SAME_PLACE", "Place", "Running", "is_page_number", "running_lines",
           "without_furniture"]

SAME_PLACE = 0.01  # a running line's height varies less than this share of the page's height
ROW_PAGES = 3  # a running line's row is the page template's when it holds other text on this many pages at least
_PAGE_NUMBER = re.compile(
    r"^(?:[-–—]\s*[0-9]+\s*[-–—]|[0-9]+\s*/\s*[0-9]+|[0-9]+|page\s+[0-9]+(?:\s+of\s+[0-9]+)?|"
    r"[0-9]+\s*ページ|p\.\s*[0-9]+|[(（][0-9]+[)）])$",
    re.I,
)
_NUMBER = re.compile(r"[0-9]+")

RunningKey = tuple[str, str]  # (band "top" / "bottom", the text with its numbers masked)


class Place(NamedTuple):
    """Where a running line stands."""

    top: float  # the height (top) of its usual place
    row: bool = False  # its row is the page template's: what shares it there is a running head too


Running = dict[RunningKey, Place]  # a running line -> its usual place


def is_page_number(text: str) -> bool:
    return bool(_PAGE_NUMBER.match(unicodedata.normalize("NFKC", text).strip()))


def _band(line: PdfLine) -> str | None:
    if line.top < MARGIN:
        return "top"
    if line.bottom > 1 - MARGIN:
        return "bottom"
    return None


def _key(line: PdfLine, band: str) -> RunningKey:
    """Running headers differ only in their numbers (ページ 3; 2025-05-28 stays)."""
    return band, _NUMBER.sub("#", unicodedata.normalize("NFKC", line.text).strip())


@dataclass(frozen=True)
class _Seen:
    """A margin line on one page."""

    page: int
    top: float
    numbers: tuple[int, ...]
    row_mates: bool  # other text (not a page number) stands on its row


def running_lines(pages: list[list[PdfLine]]) -> Running:
    """The margin lines (band and masked text) that a page template printed on *pages*, and
    the height where it printed them."""
    if len(pages) < 2:
        return {}
    seen: dict[RunningKey, list[_Seen]] = defaultdict(list)
    for n, page in enumerate(pages):
        on_page: dict[RunningKey, list[PdfLine]] = defaultdict(list)
        for ln in page:
            band = _band(ln)
            if band is not None and not is_page_number(ln.text):
                on_page[_key(ln, band)].append(ln)
        for key, lines in on_page.items():
            if len(lines) == 1:  # a page holding it twice does not count
                line = lines[0]
                text = unicodedata.normalize("NFKC", line.text)
                mates = any(other is not line and _band(other) == key[0] and not is_page_number(other.text)
                            and same_row(other, line) for other in page)
                seen[key].append(_Seen(n, line.top, tuple(int(d) for d in _NUMBER.findall(text)), mates))
    need = max(2, math.ceil(0.5 * len(pages)))
    running: Running = {}
    for key, found in seen.items():
        if len(found) >= need and len(placed := _at_its_place(found)) >= need and _paged(placed):
            row = sum(s.row_mates for s in placed) >= max(need, ROW_PAGES)
            running[key] = Place(statistics.median(s.top for s in placed), row)
    return running


def _at_its_place(found: list[_Seen]) -> list[_Seen]:
    """The occurrences at the height where most of them stand."""
    tops = sorted(s.top for s in found)
    best, lo = (0, 0.0), 0
    for hi, top in enumerate(tops):  # the widest run of heights within SAME_PLACE
        while top - tops[lo] > SAME_PLACE:
            lo += 1
        if hi - lo + 1 > best[0]:
            best = (hi - lo + 1, tops[lo])
    start = best[1]
    return [s for s in found if start <= s.top <= start + SAME_PLACE]


def _paged(found: list[_Seen]) -> bool:
    """Whether each number of the line stays or follows the page from one occurrence to the
    next (one step in four may break the rule: a numbering restarted for an appendix)."""
    steps = len(found) - 1
    for slot in range(len(found[0].numbers)):
        bad = sum(1 for s, t in zip(found, found[1:])
                  if t.numbers[slot] != s.numbers[slot] and t.numbers[slot] - s.numbers[slot] != t.page - s.page)
        if bad > steps // 4:
            return False
    return True


def without_furniture(page: list[PdfLine], running: Running) -> list[PdfLine]:
    """The page without its page numbers and the *running* lines that stand at their place,
    outermost, and not beside text of the page's body (what shares a page template's row
    is not body text: it goes too)."""
    furniture = [False] * len(page)
    rows: list[PdfLine] = []  # running lines at their place on a page template's row
    for i, ln in enumerate(page):
        band = _band(ln)
        if band is not None:
            place = running.get(_key(ln, band))
            at_place = place is not None and abs(ln.top - place.top) <= SAME_PLACE
            furniture[i] = is_page_number(ln.text) or at_place
            if at_place and place is not None and place.row:
                rows.append(ln)
    for i, ln in enumerate(page):
        if not furniture[i] and any(_band(ln) == _band(r) and same_row(ln, r) for r in rows):
            furniture[i] = True
    if not any(furniture):
        return page
    for band in ("top", "bottom"):  # from the edge inwards: a running line below body text is body text
        outward = 1 if band == "top" else -1
        order = sorted((i for i, ln in enumerate(page) if _band(ln) == band), key=lambda i: outward * page[i].top)
        for i in order:
            ln = page[i]
            if furniture[i] and not is_page_number(ln.text) and any(
                    not furniture[j] and outward * (page[j].top - ln.top) < 0 and not same_row(page[j], ln)
                    for j in range(len(page))):
                furniture[i] = False
    body = [ln for ln, f in zip(page, furniture) if not f and _band(ln) is not None]
    return [ln for ln, f in zip(page, furniture) if not f or any(same_row(ln, b) and b.right > b.x for b in body)]
