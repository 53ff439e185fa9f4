"""Where a Word file's pages start, from what the file records (no layout of our own).

When Word saves a file it has laid out, it writes ``w:lastRenderedPageBreak`` where each
page after the first began; the file also holds the breaks its author set: a hard page break
(``w:br w:type="page"``), a paragraph that starts a page (``w:pageBreakBefore``, directly or
through its style) and a section that starts on a new page (``w:sectPr`` of any type but
``continuous``). hikaku turns these into the offsets where each page starts in the text it
reads, as the PDF loader does with its pages, so that each chunk gets ``page_start`` /
``page_end``.

Only a file some layout was recorded in has pages: without one ``w:lastRenderedPageBreak``
the file was never laid out by Word (python-docx, LibreOffice and most converters write none)
and its hard breaks alone would give pages too low wherever text runs over a page; such a file
gets no pages rather than wrong ones. (A one-page Word file records none either, and gets none.)
Several breaks with no text between them start one page (a hard break and the rendered break
Word writes after it)."""

from __future__ import annotations

from typing import Any

__all__ = ["PageBreaks", "has_rendered_breaks", "paragraph_breaks", "row_breaks", "style_starts_page"]

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_INNER = "w:br | w:cr | w:noBreakHyphen | w:ptab | w:t | w:tab | w:lastRenderedPageBreak"
_NEW_PAGE_SECTIONS = frozenset({"nextPage", "evenPage", "oddPage"})


def has_rendered_breaks(body: Any) -> bool:
    """Did Word lay the file out (a ``w:lastRenderedPageBreak`` anywhere in its body)?"""
    return bool(body.xpath(".//w:lastRenderedPageBreak"))


def _on(element: Any) -> bool:
    """An on/off property: present and not ``w:val="0|false|off"``."""
    return element is not None and element.get(f"{_W}val", "true") not in ("0", "false", "off")


def style_starts_page(style: Any) -> bool:
    """A paragraph style (python-docx's, or None) that starts a page: ``pageBreakBefore`` in it or
    in a style it is based on."""
    seen = 0
    while style is not None and seen < 20:  # a loop of base styles ends here
        ppr = style.element.pPr
        if ppr is not None and ppr.find(f"{_W}pageBreakBefore") is not None:
            return _on(ppr.find(f"{_W}pageBreakBefore"))
        style, seen = style.base_style, seen + 1
    return False


def _runs(p: Any) -> list[Any]:
    """The runs whose text makes the paragraph's (python-docx's ``Paragraph.text``: runs and
    hyperlinks' runs, in order)."""
    out: list[Any] = []
    for child in p.xpath("w:r | w:hyperlink"):
        out.extend(child.xpath("w:r") if child.tag == f"{_W}hyperlink" else [child])
    return out


def paragraph_breaks(p: Any, style_starts: bool) -> list[int]:
    """Offsets in the text of *p* (a ``w:p``) where a page starts: 0 for a paragraph that starts a
    page (its own ``pageBreakBefore``, else its style's: *style_starts*), the place of a rendered or
    hard break inside it, its end for the last paragraph of a section that ends its page."""
    out: list[int] = []
    ppr = p.pPr
    own = ppr.find(f"{_W}pageBreakBefore") if ppr is not None else None
    if _on(own) if own is not None else style_starts:
        out.append(0)
    pos = 0
    for run in _runs(p):
        for e in run.xpath(_INNER):
            tag = e.tag.rsplit("}", 1)[-1]
            if tag == "lastRenderedPageBreak" or (tag == "br" and e.get(f"{_W}type") == "page"):
                out.append(pos)  # the page starts here (after a hard break: after it)
            elif tag != "lastRenderedPageBreak":
                pos += len(str(e))
    sect = ppr.find(f"{_W}sectPr") if ppr is not None else None
    if sect is not None:
        kind = sect.find(f"{_W}type")
        if (kind.get(f"{_W}val") if kind is not None else "nextPage") in _NEW_PAGE_SECTIONS:
            out.append(pos)  # the next section starts a page after this paragraph
    return out


def row_breaks(row: Any) -> bool:
    """A table row a page starts in (a rendered or hard break in one of its cells)."""
    return bool(row.xpath(".//w:lastRenderedPageBreak | .//w:br[@w:type='page']"))


class PageBreaks:
    """The offsets where pages start in the text being built, block by block."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self._pending = False  # a break in something left out of the text (an empty paragraph)

    def pending(self) -> None:
        self._pending = True

    def add(self, block_start: int, block: str, offsets: list[int], prefix: int = 0, lead: int = 0) -> None:
        """Breaks at *offsets* of a block's source text, the block starting at *block_start* of
        the whole text: the source text stripped of its *lead* blanks, after a *prefix* (a
        heading's ``### ``). A page that starts with the source text starts with the block."""
        if self._pending:
            self.starts.append(block_start)
            self._pending = False
        for o in offsets:
            at = o - lead
            self.starts.append(block_start + (0 if at <= 0 else min(len(block), prefix + at)))

    def page_starts(self, text: str) -> list[int]:
        """Where each page starts (page 1 at 0): breaks with no text between them are one."""
        out = [0]
        for s in sorted(self.starts):
            if text[out[-1]:s].strip():
                out.append(s)
        if len(out) > 1 and not text[out[-1]:].strip():
            out.pop()  # a break after the last text starts no page of ours
        return out
