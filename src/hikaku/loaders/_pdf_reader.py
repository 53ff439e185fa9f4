"""PDF text, page by page, with each line's position and font (size, bold) (pdfminer.six).

pdfminer.six was chosen over pypdf because it lays text out in reading order (pypdf
returns content-stream order: a footer drawn first comes first) and decodes Japanese
CID fonts through its CMaps; both are pure Python and permissively licensed (MIT / BSD).
PyMuPDF is faster but AGPL. Figures: docs/loaders.md.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._exceptions import InvalidDocumentError, MissingDependencyError
from .._threads import available_cores

__all__ = ["PdfLine", "read_pdf"]

log = logging.getLogger(__name__)


# a bold face by its name (NotoSansJP-Bold, Arial,Bold, HiraginoSans-W6, …-Heavy, …-Black)
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demibold|extrab|ultrab|[-_,]w[6-9]\b|[-_]b$", re.I)


@dataclass(frozen=True)
class PdfLine:
    text: str
    top: float  # 0 at the top of the page, 1 at the bottom (of the line's upper edge)
    bottom: float
    x: float
    size: float = 0.0  # font size (points) of most of its characters
    bold: bool = False  # most of its characters bold (by the font's name, or drawn with a stroke)

    @property
    def style(self) -> tuple[float, bool]:
        """How prominent the line is set: (size to half a point, bold); compares as a tuple."""
        return (round(self.size * 2) / 2, self.bold)


def _style_of(line: Any, char_type: type) -> tuple[float, bool]:
    sizes: Counter[float] = Counter()
    bold = 0
    n = 0
    for item in line:
        if not isinstance(item, char_type):
            continue
        ch: Any = item
        if not ch.get_text().strip():
            continue
        n += 1
        sizes[round(float(ch.size), 1)] += 1
        bold += bool(_BOLD_NAME.search(ch.fontname or "") or getattr(ch, "stroked", False))
    if not n:
        return 0.0, False
    return sizes.most_common(1)[0][0], bold * 2 > n


def _device(rsrcmgr: Any, laparams: Any) -> Any:
    """pdfminer's page aggregator that also notes which characters are drawn with a
    stroke (text render mode 1 or 2: how many generators make a bold face)."""
    from pdfminer.converter import PDFPageAggregator

    class StrokeAwareAggregator(PDFPageAggregator):
        _stroked = False

        def render_string(self, textstate: Any, seq: Any, ncs: Any, graphicstate: Any) -> None:
            self._stroked = getattr(textstate, "render", 0) in (1, 2)
            super().render_string(textstate, seq, ncs, graphicstate)

        def render_char(self, *args: Any, **kwargs: Any) -> float:
            adv: float = super().render_char(*args, **kwargs)
            if self._stroked and self.cur_item is not None and self.cur_item._objs:
                setattr(self.cur_item._objs[-1], "stroked", True)  # noqa: B010 (pdfminer's item has no such field)
            return adv

    return StrokeAwareAggregator(rsrcmgr, laparams=laparams)


def _pages(path: Path, laparams: Any, pagenos: range | None = None) -> Any:
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    with open(path, "rb") as fp:
        rsrcmgr = PDFResourceManager(caching=True)
        device = _device(rsrcmgr, laparams)
        interpreter = PDFPageInterpreter(rsrcmgr, device)
        for k, page in enumerate(PDFPage.get_pages(fp, caching=True)):
            if pagenos is not None:
                if k >= pagenos.stop:
                    break
                if k < pagenos.start:
                    continue
            interpreter.process_page(page)
            yield device.get_result()


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
    from pdfminer.layout import LAParams, LTChar, LTTextContainer, LTTextLine

    pages: list[list[PdfLine]] = []
    for layout in _pages(path, LAParams(line_margin=0.3), pagenos):
        height = float(layout.height) or 1.0
        lines: list[PdfLine] = []
        for box in layout:
            if not isinstance(box, LTTextContainer):
                continue
            for line in box:
                if not isinstance(line, LTTextLine):
                    continue
                text = line.get_text().rstrip("\n")
                if text.strip():
                    size, bold = _style_of(line, LTChar)
                    lines.append(PdfLine(text.strip(), 1 - float(line.y1) / height, 1 - float(line.y0) / height,
                                         float(line.x0), size, bold))
        lines.sort(key=lambda ln: (round(ln.top, 3), ln.x))
        pages.append(lines)
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
        raise InvalidDocumentError(f"{path}: the PDF is encrypted; remove the password and try again") from None
    except (PDFSyntaxError, PSException) as e:
        raise InvalidDocumentError(f"{path}: not a readable PDF ({type(e).__name__}: {e})") from None
    except Exception as e:  # pdfminer raises many kinds on damaged files
        if "encrypt" in str(e).lower() or "password" in str(e).lower():
            raise InvalidDocumentError(f"{path}: the PDF is encrypted; remove the password and try again") from None
        raise InvalidDocumentError(f"{path}: not a readable PDF ({type(e).__name__}: {e})") from None
    if not pages:
        raise InvalidDocumentError(f"{path}: not a readable PDF (no pages)")
    if not any(pages):
        raise InvalidDocumentError(f"{path}: no text layer; OCR is not supported")
    return pages
