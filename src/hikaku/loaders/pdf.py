"""PDF with a text layer: lines with their positions and fonts (pdfminer.six), running
headers, footers and page numbers removed, broken lines joined, then chunked along the
headings — numbered ones and those the layout sets apart (a larger or bold line of its
own); every chunk records its pages."""

from __future__ import annotations

import bisect

from .._exceptions import InvalidDocumentError
from ..document import Chunk
from ._chunker import chunk_text, first_heading
from ._pdf_layout import clean_pages
from ._pdf_reader import read_pdf
from ._registry import Loaded, LoadRequest, read_head

__all__ = ["load"]


def load(req: LoadRequest) -> Loaded:
    if b"%PDF" not in read_head(req.path, 1024):
        raise InvalidDocumentError(f"{req.path}: not a PDF file (no %PDF header)")
    clean = clean_pages(read_pdf(req.path))
    chunks = chunk_text(clean.text, source=str(req.path), markdown=False, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars, layout_headings=clean.headings)
    return Loaded([_with_pages(c, clean.page_starts) for c in chunks], title=first_heading(chunks))


def _with_pages(chunk: Chunk, page_starts: list[int]) -> Chunk:
    """Add the 1-based pages the chunk's text spans."""
    md = chunk.metadata
    first = bisect.bisect_right(page_starts, md["char_start"])
    last = bisect.bisect_right(page_starts, max(md["char_start"], md["char_end"] - 1))
    return chunk.model_copy(update={"metadata": {**md, "page_start": first, "page_end": last}})
