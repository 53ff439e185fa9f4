"""PDF with a text layer: lines with their positions and fonts (pdfminer.six parses, hikaku
lays the characters out in lines: ``pdf/reader.py``), running
headers, footers and page numbers removed, broken lines joined, then chunked along the
headings — numbered ones and those the layout sets apart (a larger or bold line of its
own); every chunk records its pages and where it is on them (``boxes``: ``pdf/boxes.py``). A page set in two or more columns is read column by
column, and a table row by row with its cells apart (``pdf/columns.py``,
``pdf/tables.py``); a page whose reading order is in doubt is named in the document's notes
(``Loaded.notes``, which a comparison lists in its own).

Before pdfminer sees the file: its size (``max_input_mb``), the ``%PDF`` header, and the
``%%EOF`` marker a complete PDF ends with, so that a truncated download is named as such
rather than read in part."""

from __future__ import annotations

import logging
import os

from ..._exceptions import InvalidDocumentError
from ...document import Chunk, DocumentNote
from ...wording import Message
from ..chunker import chunk_text, first_heading
from ..decode import check_chars
from ..pages import with_pages
from ..registry import Loaded, LoadRequest, check_size, read_head
from .boxes import LineSpan, chunk_boxes
from .layout import clean_pages
from .reader import read_pdf

__all__ = ["load", "check_complete"]

log = logging.getLogger(__name__)

_TAIL = 4096  # a complete PDF has %%EOF near its end (writers may add a few bytes after it)


def check_complete(req: LoadRequest) -> None:
    """InvalidDocumentError for a file that is not a PDF or was cut off."""
    size = check_size(req.path, req.limits, req.label)
    if b"%PDF" not in read_head(req.path, 1024):
        raise InvalidDocumentError(Message("load.pdf.no_header", label=req.label))
    try:
        with open(req.path, "rb") as f:
            f.seek(max(0, size - _TAIL))
            tail = f.read(_TAIL)
    except OSError as e:
        raise InvalidDocumentError(Message("load.cannot_read", label=req.label, why=e.strerror)) from None
    if b"%%EOF" not in tail:
        raise InvalidDocumentError(Message("load.pdf.truncated", label=req.label))


def load(req: LoadRequest) -> Loaded:
    check_complete(req)
    try:
        pages = read_pdf(req.path)
    except InvalidDocumentError as e:  # name the input as the user gave it (standard input: -)
        message = Message.of(e)
        path = os.fspath(req.path)
        raise InvalidDocumentError(message.map_text(lambda t: req.label if t == path else t) if message is not None
                                   else str(e).replace(path, req.label, 1)) from None
    clean = clean_pages(pages)
    notes = _layout_notes(req.label, clean.columns, clean.doubts)
    check_chars(clean.text, req.limits, req.label)
    chunks = chunk_text(clean.text, source=req.label, markdown=False, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars, limits=req.limits, layout_headings=clean.headings)
    starts = [s.start for s in clean.lines]
    placed = [_with_boxes(with_pages(c, clean.page_starts), clean.lines, starts) for c in chunks]
    return Loaded(placed, title=first_heading(chunks), notes=notes)


def _layout_notes(label: str, columns: dict[int, int], doubts: dict[int, str]) -> list[DocumentNote]:
    """The notes on pages whose reading order is in doubt (their changes may be misread),
    each kind of doubt once with its pages; pages read in columns are a debug message.

    The notes reach the comparison's notes (the report); here they are logged at INFO only,
    so that the command line does not say them twice."""
    if columns:
        log.debug("%s: read in columns: %s", label, ", ".join(f"page {p} ({n})" for p, n in columns.items()))
    pages_of: dict[str, list[int]] = {}
    for page, why in doubts.items():
        pages_of.setdefault(why, []).append(page)
    notes = []
    for why, pages in pages_of.items():
        shown = ", ".join(map(str, pages[:10])) + (f" … ({len(pages)} pages)" if len(pages) > 10 else "")
        notes.append(DocumentNote(kind="reading_order", pages=tuple(pages), detail=why,
                                  text=f"page{'s' if len(pages) > 1 else ''} {shown}: {why}; the reading order "
                                  "of the text may be wrong, check the changes there"))
        log.info("%s: %s", label, notes[-1].text)
    return notes


def _with_boxes(chunk: Chunk, lines: list[LineSpan], starts: list[int]) -> Chunk:
    """Add where the chunk is on its pages: ``boxes``, ``[page, left, top, right, bottom]`` each
    (shares of the page from its top-left corner; ``pdf/boxes.py``)."""
    md = chunk.metadata
    return chunk.model_copy(update={"metadata": {**md, "boxes": chunk_boxes(lines, starts, md["char_start"],
                                                                             md["char_end"])}})
