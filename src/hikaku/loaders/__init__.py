"""Read documents: chunk JSON / JSONL, Markdown, plain text, PDF, Word (.docx) and HTML.

Files are chunked along their own structure (headings, 第N条 …, see ``markdown.py``);
PDF text is cleaned first (``cleanup.py``) and chunks record their page range.
"""

from __future__ import annotations

import bisect
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from .._exceptions import (
    DocumentNotFoundError,
    DuplicateChunkIdError,
    EmptyDocumentError,
    InvalidDocumentError,
    UnsupportedFormatError,
)
from .._models import Chunk, Document
from .chunks_json import chunks_from_records, parse_chunks_json, parse_chunks_jsonl
from .markdown import chunk_text

__all__ = ["InputFormat", "INPUT_FORMATS", "load_document", "detect_format", "validate_document"]

InputFormat = Literal["json", "jsonl", "markdown", "text", "pdf", "docx", "html"]
INPUT_FORMATS: tuple[str, ...] = ("json", "jsonl", "markdown", "text", "pdf", "docx", "html")

_EXTENSIONS = {
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
    ".pdf": "pdf",
    ".docx": "docx",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
}


def detect_format(path: Path) -> str:
    fmt = _EXTENSIONS.get(path.suffix.lower())
    if fmt is None:
        known = ", ".join(sorted(_EXTENSIONS))
        raise UnsupportedFormatError(
            f"{path}: cannot tell the format from the extension {path.suffix or '(none)'!r}; "
            f"known extensions are {known}, or give --input-format {{{','.join(INPUT_FORMATS)}}}"
        )
    return fmt


def load_document(
    source: str | os.PathLike[str] | Document | Iterable[Any],
    *,
    input_format: str | None = None,
    doc_id: str | None = None,
    title: str | None = None,
    id_prefix: str = "c",
    max_chunk_chars: int = 2000,
) -> Document:
    """Load a document from a path, a :class:`Document` or a list of chunk records.

    ``input_format`` overrides the format guessed from the file extension. Chunk ids of
    Markdown and text files are ``{id_prefix}1``, ``{id_prefix}2`` …
    """
    if isinstance(source, Document):
        doc = source
    elif isinstance(source, (str, os.PathLike)):
        doc = _load_path(Path(source), input_format, doc_id, title, id_prefix, max_chunk_chars)
    else:
        records = list(source)
        chunks = [r if isinstance(r, Chunk) else None for r in records]
        if all(c is not None for c in chunks):
            parsed = [c for c in chunks if c is not None]
        else:
            parsed = chunks_from_records(records, source="<chunks>")
        doc = Document(id=doc_id or "document", title=title or "", chunks=parsed)
    validate_document(doc)
    return doc


def validate_document(doc: Document) -> None:
    """Raise if the document has duplicate chunk ids or no text at all."""
    where = doc.source or doc.id
    counts = Counter(c.id for c in doc.chunks)
    dups = [cid for cid, n in counts.items() if n > 1]
    if dups:
        shown = ", ".join(repr(d) for d in dups[:5]) + (" …" if len(dups) > 5 else "")
        raise DuplicateChunkIdError(f"{where}: duplicate chunk id(s) {shown}; every chunk needs its own id")
    if not any(c.content.strip() for c in doc.chunks):
        raise EmptyDocumentError(f"{where}: the document has no text (no chunk with content)")


def _load_path(
    path: Path, input_format: str | None, doc_id: str | None, title: str | None, id_prefix: str, max_chars: int
) -> Document:
    if not path.exists():
        raise DocumentNotFoundError(f"{path}: no such file")
    if not path.is_file():
        raise DocumentNotFoundError(f"{path}: not a regular file")
    fmt = input_format or detect_format(path)
    if fmt not in INPUT_FORMATS:
        raise UnsupportedFormatError(f"unknown input format {fmt!r}; choose one of {', '.join(INPUT_FORMATS)}")
    if fmt in ("pdf", "docx", "html"):
        chunks, found_title = _load_rich(path, fmt, id_prefix, max_chars)
        return Document(id=doc_id or path.stem, title=title or found_title or _first_heading(chunks) or path.stem,
                        chunks=chunks, source=str(path))
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InvalidDocumentError(f"{path}: not UTF-8 text (byte {e.start}); save it as UTF-8") from None
    except OSError as e:
        raise DocumentNotFoundError(f"{path}: cannot read: {e.strerror}") from None
    source = str(path)
    fields: dict[str, Any] = {}
    if fmt == "json":
        chunks, fields = parse_chunks_json(text, source=source)
    elif fmt == "jsonl":
        chunks = parse_chunks_jsonl(text, source=source)
    else:
        chunks = chunk_text(text, source=source, markdown=fmt == "markdown", id_prefix=id_prefix, max_chars=max_chars)
        fields = {"title": _first_heading(chunks)}
    return Document(
        id=doc_id or fields.get("id") or path.stem,
        title=title or fields.get("title") or path.stem,
        chunks=chunks,
        source=source,
    )


def _load_rich(path: Path, fmt: str, id_prefix: str, max_chars: int) -> tuple[list[Chunk], str]:
    source = str(path)
    if fmt == "pdf":
        from .cleanup import clean_pages
        from .pdf import read_pdf

        head = path.read_bytes()[:1024]
        if b"%PDF" not in head:
            raise InvalidDocumentError(f"{path}: not a PDF file (no %PDF header)")
        text, page_starts = clean_pages(read_pdf(path))
        chunks = chunk_text(text, source=source, markdown=False, id_prefix=id_prefix, max_chars=max_chars)
        return [_with_pages(c, page_starts) for c in chunks], ""
    if fmt == "docx":
        from .docx_loader import docx_to_markdown

        text, title = docx_to_markdown(path)
    else:
        from .html_loader import decode_html, html_to_markdown

        try:
            raw = path.read_bytes()
        except OSError as e:
            raise DocumentNotFoundError(f"{path}: cannot read: {e.strerror}") from None
        text, title = html_to_markdown(decode_html(raw, path))
    return chunk_text(text, source=source, markdown=True, id_prefix=id_prefix, max_chars=max_chars), title


def _with_pages(chunk: Chunk, page_starts: list[int]) -> Chunk:
    """Add the 1-based pages the chunk's text spans."""
    md = chunk.metadata
    first = bisect.bisect_right(page_starts, md["char_start"])
    last = bisect.bisect_right(page_starts, max(md["char_start"], md["char_end"] - 1))
    return chunk.model_copy(update={"metadata": {**md, "page_start": first, "page_end": last}})


def _first_heading(chunks: list[Chunk]) -> str:
    for c in chunks[:3]:
        if c.metadata.get("heading") and not c.metadata.get("heading_path"):
            return str(c.metadata["heading"])
    return ""
