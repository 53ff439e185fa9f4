"""Word (.docx): read as Markdown-like text, then chunked along its headings. In the text, heading styles become ``#`` headings, tables
become pipe tables (one line per row, so a table stays whole and a row-level change is
reportable), page headers and footers are left out (they are not body text)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from .._exceptions import InvalidDocumentError, MissingDependencyError
from ._chunker import chunk_text, first_heading, table_lines
from ._registry import Loaded, LoadRequest

__all__ = ["FORMAT", "load", "docx_to_markdown"]

FORMAT = "docx"
_HEADING_STYLE = re.compile(r"^(?:heading|見出し)\s*([1-6])$", re.I)


def docx_to_markdown(path: Path) -> tuple[str, str]:
    """(text, title) of a .docx file."""
    try:
        import docx
        from docx.table import Table
        from docx.text.paragraph import Paragraph
    except ImportError:
        raise MissingDependencyError("python-docx", "docx", "Reading Word files") from None
    try:
        document = docx.Document(str(path))
    except (zipfile.BadZipFile, KeyError, ValueError) as e:
        raise InvalidDocumentError(f"{path}: not a readable .docx file ({type(e).__name__}: {e})") from None
    except Exception as e:  # python-docx raises package errors of its own on damaged files
        raise InvalidDocumentError(f"{path}: not a readable .docx file ({type(e).__name__}: {e})") from None
    blocks: list[str] = []
    title = document.core_properties.title or ""
    for element in document.element.body.iterchildren():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "p":
            p = Paragraph(element, document)
            text = p.text.strip()
            if not text:
                continue
            style = (p.style.name if p.style is not None else "") or ""
            m = _HEADING_STYLE.match(style.strip())
            if m or style.strip().lower() in ("title", "表題"):
                level = int(m.group(1)) if m else 1
                title = title or text
                blocks.append(f"{'#' * level} {text}")
            else:
                blocks.append(text)
        elif tag == "tbl":
            t = Table(element, document)
            rows = [[cell.text for cell in row.cells] for row in t.rows]
            lines = table_lines(rows)
            if lines:
                blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n", title


def load(req: LoadRequest) -> Loaded:
    text, title = docx_to_markdown(req.path)
    chunks = chunk_text(text, source=str(req.path), markdown=True, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars)
    return Loaded(chunks, title=title or first_heading(chunks))
