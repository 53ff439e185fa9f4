"""Clean PDF text before chunking: running headers and footers and page numbers go,
each page is read in its reading order (its columns one after the other:
``pdf/columns.py``) with the rows of its tables as table lines (``pdf/tables.py``),
sentences that a line break cut in two are joined again (without a space between
Japanese characters, with one between Latin words; a hyphen at a line end is removed;
never across a change of font, never a line that repeats a heading of the document — an
entry of its table of contents, with or without a page number), and the lines the layout sets apart as headings are
found: short lines of their own set larger than the body text, or bold where it is not
(a rider's title: 「通院保障特約」). Their rank comes from the numbered headings set in
the same or a smaller style (a title as large as 第1章 ranks above the chapters)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from ...document import RANK_TITLE, Heading, detect_heading, is_caption, leaves_sentence_open
from ..toc import title_key
from .boxes import LineSpan
from .columns import reading_order
from .furniture import is_page_number, running_lines, without_furniture
from .reader import PdfLine
from .tables import join_rows, side_by_side

__all__ = ["CleanText", "clean_pages", "is_page_number"]

MAX_TITLE = 40  # a heading set apart by its font is short
_SENTENCE_END = re.compile(r"[。．.!?！？：:；;」』）)]$")
_LIST_START = re.compile(r"^(?:[(（]?[0-9０-９]+[)）.．、]|[①-⑳]|[・•\-*]\s|[ア-ン][.．、])")
_TOC_ENTRY = re.compile(r"[.．・…‥·_\-－—─]{3,}\s*[0-9０-９]{1,4}$")  # dot leaders and a page number
_ENDS_IN_NUMBER = re.compile(r"\s[0-9０-９]{1,4}$")
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


@dataclass(frozen=True)
class CleanText:
    text: str
    page_starts: list[int]  # offset in text where each page starts
    headings: dict[int, float] = field(default_factory=dict)  # line number -> rank: headings seen in the layout
    columns: dict[int, int] = field(default_factory=dict)  # page (1-based) -> columns, for pages set in several
    doubts: dict[int, str] = field(default_factory=dict)  # page (1-based) -> why its reading order may be wrong
    lines: list[LineSpan] = field(default_factory=list)  # each line's place in text and on its page, in text order


def clean_pages(pages: list[list[PdfLine]]) -> CleanText:
    """The document's text, the offset where each page starts in it, and the lines the
    layout sets apart as headings."""
    running = running_lines(pages)
    kept_pages = [without_furniture(page, running) for page in pages]
    layout = _Layout([ln for page in kept_pages for ln in page])
    orders = [reading_order(page) for page in kept_pages]
    kept_pages = [join_rows(order.lines) for order in orders]
    text_parts: list[str] = []
    starts: list[int] = []
    headings: dict[int, float] = {}
    spans: list[LineSpan] = []
    size = 0
    prev: PdfLine | None = None
    for number, page in enumerate(kept_pages, start=1):
        starts.append(size)
        for ln in page:
            line = ln.text
            if prev is not None and layout.continues(prev, ln, text_parts[-1]):
                before = text_parts[-1]
                hyphen = before.endswith("-") and _hyphenated(before, line)
                glue = "" if hyphen or _CJK.search(before[-1]) or _CJK.search(line[0]) else " "
                text_parts[-1] = (before[:-1] if hyphen else before) + glue + line
                spans.append(LineSpan(size - hyphen, size + len(text_parts[-1]) - len(before), number, ln))
                size += len(text_parts[-1]) - len(before)
                prev = ln
                continue
            if text_parts:
                size += 1  # the line break before it
            rank = layout.heading_rank(ln)
            if rank is not None:
                headings[len(text_parts)] = rank
            text_parts.append(line)
            spans.append(LineSpan(size, size + len(line), number, ln))
            size += len(line)
            prev = ln
    return CleanText("\n".join(text_parts), starts, headings,
                     columns={n: o.columns for n, o in enumerate(orders, start=1) if o.columns > 1},
                     doubts={n: o.doubt for n, o in enumerate(orders, start=1) if o.doubt}, lines=spans)


class _Layout:
    """The body text's style (the one most characters are set in) and the styles the
    numbered headings use, to tell which other lines are headings and how high."""

    def __init__(self, lines: list[PdfLine]) -> None:
        self._headings: dict[str, Heading | None] = {}  # text -> its numbered heading (each line is asked often)
        self._ranks: dict[int, float | None] = {}  # id(line) -> heading_rank (the lines outlive this object)
        weight: Counter[tuple[float, bool]] = Counter()
        for ln in lines:
            weight[ln.style] += len(ln.text)
        self.body = weight.most_common(1)[0][0] if weight else (0.0, False)
        # rank of a numbered heading -> the most prominent style it is set in (not its TOC entry)
        self.kind_styles: dict[float, tuple[float, bool]] = {}
        for ln in lines:
            h = self.numbered(ln.text)
            if h is not None and h.kind != "item" and not _TOC_ENTRY.search(ln.text):
                self.kind_styles[h.rank] = max(ln.style, self.kind_styles.get(h.rank, ln.style))
        # the headings' texts: a line of body text that repeats one is a table of contents' entry
        self._heading_keys = Counter(title_key(ln.text) for ln in lines if self._heading_like(ln))

    def _heading_like(self, ln: PdfLine) -> bool:
        return len(ln.text) <= MAX_TITLE and ((h := self.numbered(ln.text)) is not None and h.kind != "item"
                                              or self.heading_rank(ln) is not None)

    def entry(self, ln: PdfLine) -> bool:
        """A line of body text that repeats a heading on another line of the document (a TOC's
        entry, its page number printed apart or not at all: 「通院保障特約」 above the rider titled
        so) — not the reference 「Schedule 2.」 that ends a sentence, when no other line says it."""
        if self.heading_rank(ln) is not None or len(ln.text) > MAX_TITLE:
            return False
        return self._heading_keys[title_key(ln.text)] > (1 if self._heading_like(ln) else 0)

    def numbered(self, text: str) -> Heading | None:
        """detect_heading(text), once per text."""
        if text not in self._headings:
            self._headings[text] = detect_heading(text, markdown=False)
        return self._headings[text]

    def prominent(self, ln: PdfLine) -> bool:
        """Set larger than the body text, or bold where the body is not."""
        size, bold = ln.style
        body_size, body_bold = self.body
        return size >= body_size * 1.1 or (bold and not body_bold and size >= body_size - 0.5)

    def heading_rank(self, ln: PdfLine) -> float | None:
        """The rank of a line that only its layout makes a heading (no 第N条, no 第2章): just
        above the highest numbered heading set no more prominently than it; a part-like
        title when there is none. None for body text."""
        key = id(ln)
        if key not in self._ranks:
            self._ranks[key] = self._heading_rank(ln)
        return self._ranks[key]

    def _heading_rank(self, ln: PdfLine) -> float | None:
        text = ln.text.strip()
        if (ln.table or not self.prominent(ln) or len(text) > MAX_TITLE or _SENTENCE_END.search(text) or "。" in text
                or self.numbered(text) is not None or is_caption(text) or is_page_number(text)
                or _LIST_START.match(text)):
            return None
        below = [rank for rank, style in self.kind_styles.items() if style <= ln.style]
        return min(below) - 0.5 if below else RANK_TITLE

    def continues(self, prev: PdfLine, ln: PdfLine, before: str) -> bool:
        """Is *ln* the rest of the sentence that *prev* began (*before*: the text joined up to
        and with *prev*)? Never across a change of font, nor after or before a heading, nor
        after a table-of-contents entry, nor from a table row or the cell beside it."""
        if prev.table or side_by_side(prev, ln):
            return False
        if prev.style != ln.style and (self.prominent(prev) or self.prominent(ln)):
            return False
        if _TOC_ENTRY.search(prev.text) or (_ENDS_IN_NUMBER.search(prev.text) and _ENDS_IN_NUMBER.search(ln.text)):
            return False  # entries of a table of contents (or rows of a table): one per line
        if self.entry(prev) or self.entry(ln):
            return False  # a TOC's entry without its page number
        if self.heading_rank(prev) is not None or self.heading_rank(ln) is not None:
            return False
        return self._continues(prev.text, ln.text, before)

    def _continues(self, prev: str, line: str, before: str) -> bool:
        """Is *line* the rest of the sentence that *prev* began? A numbered line only when
        *before* leaves its sentence open (``…set out in`` / ``Schedule 2.``), as the chunker
        reads it."""
        if _SENTENCE_END.search(prev) or self.numbered(prev) is not None:
            return False
        if _LIST_START.match(line) or line.startswith("|"):
            return False
        return self.numbered(line) is None or leaves_sentence_open(before)


def _hyphenated(prev: str, line: str) -> bool:
    return len(prev) >= 2 and prev[-2].isalpha() and line[:1].islower()

