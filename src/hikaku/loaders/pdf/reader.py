"""PDF text, page by page, with each line's position and font (size, bold) (pdfminer.six).

pdfminer.six parses the pages and decodes the characters (Japanese CID fonts through its
CMaps, whatever fonts the machine has); hikaku lays the characters out in lines itself, by
pdfminer's own rule for lines (LAParams defaults): consecutive characters are on one line
when they overlap vertically by more than half their height and lie less than two character
widths apart; a space goes where two characters are farther apart than a tenth of the
larger one's size; lines are ordered top to bottom, then left to right (a footer drawn first
does not come first). pdfminer's layout analysis beyond lines (text boxes and their
hierarchical grouping) is not run: hikaku orders the lines itself, and that analysis was a
third of the reading time. The content streams are tokenised by :mod:`.content` (one
regular expression, pdfminer's objects; pdfminer's parser where it declines).

pypdfium2 (PDFium) was measured as the reader and not taken: PDFium's text depends on the
fonts installed — a text object of one character in a CJK font without a font file is
dropped when no system font has its glyph, and with a CJK system font every glyph's outline
is loaded, slowly. pypdf returns content-stream order; PyMuPDF is AGPL.
Figures: docs/loaders.md.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..._exceptions import InvalidDocumentError, MissingDependencyError
from ...system import available_cores
from ...wording import Message

__all__ = ["PdfLine", "read_pdf"]

log = logging.getLogger(__name__)


# a bold face by its name (NotoSansJP-Bold, Arial,Bold, HiraginoSans-W6, …-Heavy, …-Black)
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demibold|extrab|ultrab|[-_,]w[6-9]\b|[-_]b$", re.I)
LINE_OVERLAP = 0.5  # two characters are on one line when they overlap vertically by more than this share …
CHAR_MARGIN = 2.0  # … and are less than this many character widths apart
WORD_MARGIN = 0.1  # a gap wider than this share of a character's size is a space
_UNICODE_CMAP = re.compile(r"^Uni[A-Za-z0-9]+-(?:UCS2|UTF16)-[HV]$")  # codes that are UTF-16 (UniJIS-UCS2-H …)


@dataclass(frozen=True)
class PdfLine:
    text: str
    top: float  # 0 at the top of the page, 1 at the bottom (of the line's upper edge)
    bottom: float
    x: float
    size: float = 0.0  # font size (points) of most of its characters
    bold: bool = False  # most of its characters bold (by the font's name, or drawn with a stroke)
    right: float = 0.0  # the right edge (x of the line's end; 0: not known)
    table: bool = False  # a row of a table, written as a Markdown table line (``pdf/tables.py``)
    width: float = 0.0  # the page's width (points; x and right are from its left edge; 0: not known)

    @cached_property
    def style(self) -> tuple[float, bool]:
        """How prominent the line is set: (size to half a point, bold); compares as a tuple."""
        return (round(self.size * 2) / 2, self.bold)


# one character: text, x0, y0, x1, y1 (page coordinates, y up), size, bold
_Char = tuple[str, float, float, float, float, float, bool]


def _device(rsrcmgr: Any) -> Any:
    """A pdfminer device that keeps, for each character drawn, its text, its box (as
    pdfminer's LTChar computes it), its size and whether it is bold — by the font's name or
    drawn with a stroke (text render mode 1 or 2: how many generators make a bold face) —
    and at the end of each page hands the page's characters on. Characters in form
    XObjects count too (pdfminer's own layout left them out of its text lines)."""
    from pdfminer.cmapdb import PyUnicodeMap
    from pdfminer.pdfdevice import PDFTextDevice
    from pdfminer.pdffont import PDFCIDFont, PDFUnicodeNotDefined
    from pdfminer.utils import apply_matrix_pt

    def unicode_coded(font: Any) -> bool:
        """A CID font whose character codes are Unicode (a UniJIS-UCS2-H … encoding) and
        that has no ToUnicode map: its text is its codes. pdfminer reads it through the
        CIDs, which several code points share (| and ¦ are CID 96 of Adobe-Japan1, so a
        drawn | came back as ¦)."""
        return (isinstance(font, PDFCIDFont) and isinstance(font.unicode_map, PyUnicodeMap)
                and bool(_UNICODE_CMAP.match(str(getattr(font.cmap, "attrs", {}).get("CMapName", "")))))

    class CharCollector(PDFTextDevice):
        def __init__(self, rsrcmgr: Any) -> None:
            super().__init__(rsrcmgr)
            self.chars: list[_Char] = []
            self.height = 1.0
            self.width = 1.0
            self._bold = False
            self._bold_fonts: dict[Any, bool] = {}  # font -> bold by its name
            self._glyphs: dict[tuple[Any, int], tuple[str, float, bool, Any, float]] = {}  # (font, cid) ->
            # text, width, vertical, displacement, descent: what pdfminer looks up for every character
            self._coded: dict[Any, bool] = {}  # font -> its text is its codes (unicode_coded)
            self._codes: list[str] = []  # the texts of the codes being drawn, in reverse order

        def _decode_codes(self, font: Any, data: bytes) -> Any:
            """font.decode(data), noting the text of each code a CID comes from (the same walk
            through the CMap as pdfminer's: a byte that starts no code is skipped)."""
            root = font.cmap.code2cid
            node, start, texts, cids = root, 0, [], []
            for k, byte in enumerate(data):
                x = node.get(byte)
                if isinstance(x, int):
                    cids.append(x)
                    texts.append(data[start:k + 1].decode("utf-16-be", "replace"))
                    node, start = root, k + 1
                elif x is None:
                    node, start = root, k + 1
                else:
                    node = x
            self._codes = texts[::-1]  # render_char takes them from the end
            return iter(cids)

        def begin_page(self, page: Any, ctm: Any) -> None:
            (x0, y0, x1, y1) = page.mediabox
            (x0, y0) = apply_matrix_pt(ctm, (x0, y0))
            (x1, y1) = apply_matrix_pt(ctm, (x1, y1))
            self.height = abs(y0 - y1) or 1.0
            self.width = abs(x0 - x1) or 1.0
            self.chars = []

        def render_string(self, textstate: Any, seq: Any, ncs: Any, graphicstate: Any) -> None:
            font = textstate.font
            if font is not None:
                if font not in self._bold_fonts:
                    self._bold_fonts[font] = bool(_BOLD_NAME.search(font.fontname or ""))
                    self._coded[font] = unicode_coded(font)
                    if self._coded[font]:
                        font.decode = lambda data, font=font: self._decode_codes(font, data)
                self._bold = self._bold_fonts[font] or getattr(textstate, "render", 0) in (1, 2)
            super().render_string(textstate, seq, ncs, graphicstate)
            self._codes.clear()

        def render_char(self, matrix: Any, font: Any, fontsize: float, scaling: float, rise: float,
                        cid: int, ncs: Any, graphicstate: Any) -> float:
            key = (font, cid)
            glyph = self._glyphs.get(key)
            if glyph is None:
                try:
                    text = font.to_unichr(cid)
                except PDFUnicodeNotDefined:
                    text = f"(cid:{cid})"
                vertical = font.is_vertical()
                glyph = self._glyphs[key] = (text, font.char_width(cid), vertical,
                                             font.char_disp(cid) if vertical else None, font.get_descent())
            text, width, vertical, disp, descent = glyph
            if self._codes and self._coded.get(font):
                code_text = self._codes.pop()
                if "\ufffd" not in code_text and (code_text.isprintable() or code_text.isspace()):
                    text = code_text
            adv: float = width * fontsize * scaling
            if disp is not None:
                (vx, vy) = disp
                vx = fontsize * 0.5 if vx is None else vx * fontsize * 0.001
                vy = (1000 - vy) * fontsize * 0.001
                bx0, by0, bx1, by1 = -vx, vy + rise + adv, -vx + fontsize, vy + rise
            else:
                bx0, by0, bx1, by1 = 0.0, descent * fontsize + rise, adv, descent * fontsize + rise + fontsize
            (a, b, c, d, e, f) = matrix
            xs = (a * bx0 + c * by0 + e, a * bx1 + c * by1 + e, a * bx0 + c * by1 + e, a * bx1 + c * by0 + e)
            ys = (b * bx0 + d * by0 + f, b * bx1 + d * by1 + f, b * bx0 + d * by1 + f, b * bx1 + d * by0 + f)
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            self.chars.append((text, x0, y0, x1, y1, (x1 - x0) if vertical else (y1 - y0), self._bold))
            return adv

    return CharCollector(rsrcmgr)


def _pages(path: Path, pagenos: range | None = None) -> Any:
    """(characters, page height, page width) of each page of *pagenos* (all: None)."""
    from pdfminer.pdfinterp import PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    from .content import interpreter as fast_interpreter

    with open(path, "rb") as fp:
        rsrcmgr = PDFResourceManager(caching=True)
        device = _device(rsrcmgr)
        interpreter = fast_interpreter(rsrcmgr, device)
        for k, page in enumerate(PDFPage.get_pages(fp, caching=True)):
            if pagenos is not None:
                if k >= pagenos.stop:
                    break
                if k < pagenos.start:
                    continue
            interpreter.process_page(page)
            yield device.chars, device.height, device.width


def _group(chars: list[_Char]) -> list[list[_Char]]:
    """Consecutive characters that sit on one line (pdfminer's rule, LAParams defaults)."""
    groups: list[list[_Char]] = [[chars[0]]]
    prev = chars[0]
    for ch in chars[1:]:
        _, a0, b0, a1, b1, _, _ = prev
        _, c0, d0, c1, d1, _, _ = ch
        voverlap = min(abs(b0 - d1), abs(b1 - d0)) if d0 <= b1 and b0 <= d1 else 0.0
        hdistance = 0.0 if c0 <= a1 and a0 <= c1 else min(abs(a0 - c1), abs(a1 - c0))
        if (d0 <= b1 and b0 <= d1 and min(b1 - b0, d1 - d0) * LINE_OVERLAP < voverlap
                and hdistance < max(a1 - a0, c1 - c0) * CHAR_MARGIN):
            groups[-1].append(ch)
        else:
            groups.append([ch])
        prev = ch
    return groups


def _line(group: list[_Char], height: float, width: float) -> PdfLine | None:
    parts: list[str] = []
    last_x1: float | None = None
    sizes: Counter[float] = Counter()
    bold = n = 0
    for u, x0, y0, x1, y1, size, is_bold in group:
        if last_x1 is not None and last_x1 < x0 - WORD_MARGIN * max(x1 - x0, y1 - y0):
            parts.append(" ")
        last_x1 = x1
        parts.append(u)
        if u.strip():
            n += 1
            sizes[round(size, 1)] += 1
            bold += is_bold
    text = "".join(parts).strip()
    x0 = min(c[1] for c in group)
    y0 = min(c[2] for c in group)
    x1 = max(c[3] for c in group)
    y1 = max(c[4] for c in group)
    if not text or x1 <= x0 or y1 <= y0:
        return None
    size = sizes.most_common(1)[0][0] if n else 0.0
    return PdfLine(text, 1 - y1 / height, 1 - y0 / height, x0, size, bold * 2 > n, x1, width=width)


PARALLEL_PAGES = 24  # a PDF of more pages is laid out in several processes (fewer: a process costs more than it saves)


def _page_count(path: Path) -> int:
    """The page count the document's catalogue declares (0 when it cannot be read: the
    reading in one process then reports the problem)."""
    try:
        from pdfminer.pdfdocument import PDFDocument
        from pdfminer.pdfparser import PDFParser
        from pdfminer.pdftypes import resolve1

        with open(path, "rb") as fp:
            count = resolve1(resolve1(PDFDocument(PDFParser(fp)).catalog["Pages"])["Count"])
        return count if isinstance(count, int) else 0
    except Exception:  # damaged, encrypted …: read in one process, which says what is wrong
        return 0


def _layout(path: Path, pagenos: range | None = None) -> list[list[PdfLine]]:
    """The text lines of the pages *pagenos* (all: None), top to bottom."""
    pages: list[list[PdfLine]] = []
    for chars, height, width in _pages(path, pagenos):
        lines = [_line(group, height, width) for group in _group(chars)] if chars else []
        out = [ln for ln in lines if ln is not None]
        out.sort(key=lambda ln: (round(ln.top, 3), ln.x))
        pages.append(out)
    return pages


def _layout_parallel(path: Path, workers: int) -> list[list[PdfLine]] | None:
    """The pages laid out in *workers* forked processes, each a run of consecutive pages;
    None when that is not worth it or not safe (a short PDF, one core, no ``fork``, or other
    threads running in this process, which a fork could catch holding a lock)."""
    import multiprocessing
    import threading

    count = _page_count(path) if workers > 1 else 0
    if count <= PARALLEL_PAGES or threading.active_count() > 1 \
            or "fork" not in multiprocessing.get_all_start_methods():
        return None
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    workers = min(workers, count // (PARALLEL_PAGES // 2))
    bounds = [count * k // workers for k in range(workers + 1)]
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            parts = list(pool.map(_layout, [path] * workers, [range(x, y) for x, y in zip(bounds, bounds[1:])]))
    except (BrokenProcessPool, OSError) as e:  # no processes to be had: one process does it
        log.debug("PDF pages not read in parallel: %s", e)
        return None
    pages = [p for part in parts for p in part]
    return pages if len(pages) == count else None  # a catalogue that miscounts: read in one process


def read_pdf(path: Path, *, workers: int | None = None) -> list[list[PdfLine]]:
    """The text lines of every page, top to bottom; clear errors for PDFs without text. A
    long PDF is laid out page-parallel in *workers* processes (default: the available cores)."""
    try:
        from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
        from pdfminer.pdfparser import PDFSyntaxError
        from pdfminer.psparser import PSException
    except ImportError:
        raise MissingDependencyError("pdfminer.six", "pdf", "Reading PDF files") from None
    try:
        pages = _layout_parallel(path, available_cores() if workers is None else workers)
        if pages is None:
            pages = _layout(path)
    except (PDFPasswordIncorrect, PDFEncryptionError):
        raise InvalidDocumentError(Message("load.pdf.encrypted", label=str(path))) from None
    except (PDFSyntaxError, PSException) as e:
        raise InvalidDocumentError(Message("load.pdf.unreadable", label=str(path), kind=type(e).__name__,
                                           why=str(e))) from None
    except Exception as e:  # pdfminer raises many kinds on damaged files
        if "encrypt" in str(e).lower() or "password" in str(e).lower():
            raise InvalidDocumentError(Message("load.pdf.encrypted", label=str(path))) from None
        raise InvalidDocumentError(Message("load.pdf.unreadable", label=str(path), kind=type(e).__name__,
                                           why=str(e))) from None
    if not pages:
        raise InvalidDocumentError(Message("load.pdf.no_pages", label=str(path)))
    if not any(pages):
        raise InvalidDocumentError(Message("load.pdf.no_text", label=str(path)))
    return pages
