"""Word (.docx): read as Markdown-like text, then chunked along its headings. In the text, heading styles become ``#`` headings, tables
become pipe tables (one line per row, so a table stays whole and a row-level change is
reportable), page headers and footers are left out (they are not body text). What Word keeps in
content controls (``w:sdt``: its table of contents field, a cover page) is read like the body;
the table of contents (entries and their page numbers) is then recognised by the chunker
(``toc.py``), titled or not. A file Word laid out gets the pages each chunk is on, from the page
breaks Word recorded (``docx_pages.py``).

Before python-docx parses anything, the archive's directory is read: the file size, the
parts' total uncompressed size (``max_expanded_mb``) and each large part's compression
ratio (``max_compression_ratio``) are checked, so that a zip bomb is refused in
milliseconds; a truncated file is named as such. Then the body's paragraphs are counted as
the document part is streamed (lxml ``iterparse``, entities never resolved, each paragraph let
go once read): their characters — a lower bound of the text hikaku reads — over
``max_document_chars`` refuse the file there, before python-docx builds its tree of the whole
part (a 100,000-paragraph file spent over two minutes loading before the limit refused it). An
entity reference other than XML's own is kept as the text it is, and none is ever expanded
(``docx_entities.py``)."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .._exceptions import InvalidDocumentError, MissingDependencyError
from ..wording import Message
from .chunker import chunk_text, first_heading, table_lines
from .decode import check_chars
from .docx_entities import with_literal_entities
from .docx_pages import PageBreaks, has_rendered_breaks, paragraph_breaks, row_breaks, style_starts_page
from .pages import with_pages
from .registry import InputLimits, Loaded, LoadRequest, check_size

__all__ = ["FORMAT", "load", "docx_to_markdown", "check_archive", "check_text"]

FORMAT = "docx"
_HEADING_STYLE = re.compile(r"^(?:heading|見出し)\s*([1-6])$", re.I)
_MB = 1024 * 1024
_RATIO_FLOOR = _MB  # parts smaller than this may compress as well as they like


def check_archive(path: Path, limits: InputLimits, label: str | None = None) -> None:
    """Refuse a Word file that is too large, truncated, or expands too much (a zip bomb),
    from the zip directory alone (the declared sizes bound what ``zipfile`` will inflate)."""
    name = label or str(path)
    check_size(path, limits, name)
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except zipfile.BadZipFile as e:
        raise InvalidDocumentError(Message("load.docx.damaged", label=name, why=str(e))) from None
    except OSError as e:
        raise InvalidDocumentError(Message("load.cannot_read", label=name, why=str(e.strerror or e))) from None
    total = sum(i.file_size for i in infos)
    if total > limits.max_expanded_mb * _MB:
        raise InvalidDocumentError(Message("load.docx.expands", label=name, mb=total / _MB, limit=limits.max_expanded_mb,
                                           hint=limits.hint("max_expanded_mb")))
    for info in infos:
        if info.file_size > _RATIO_FLOOR:
            ratio = info.file_size / max(1, info.compress_size)
            if ratio > limits.max_compression_ratio:
                raise InvalidDocumentError(Message("load.docx.zip_bomb", label=name, part=info.filename, ratio=ratio,
                                                   limit=limits.max_compression_ratio,
                                                   hint=limits.hint("max_compression_ratio")))


_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MAIN_PART = "word/document.xml"


def check_text(path: Path, limits: InputLimits, label: str | None = None) -> None:
    """Refuse a Word file whose body's paragraphs hold more than ``max_document_chars``
    characters, counted while the document part is streamed and stopping there. The count is
    a lower bound of the text :func:`docx_to_markdown` makes (each paragraph's characters but
    whitespace, as python-docx reads them — runs and hyperlinks' runs —, and the blank lines
    between them; tables not counted), so no file the full reading would accept is refused."""
    try:
        from lxml import etree  # python-docx's own parser
    except ImportError:
        raise MissingDependencyError("python-docx", "docx", "Reading Word files") from None
    name = label or str(path)
    limit = limits.max_document_chars
    total = -1  # the text's final newline, less the separator before the first paragraph
    paragraphs = 0
    try:
        with zipfile.ZipFile(path) as archive:
            if _MAIN_PART not in archive.namelist():
                return  # python-docx finds the part by its relationships, and says what is wrong
            with archive.open(_MAIN_PART) as stream:
                for _, p in etree.iterparse(stream, events=("end",), tag=f"{_W}p", resolve_entities=False,
                                            load_dtd=False, no_network=True):
                    parent = p.getparent()
                    if parent is None or parent.tag != f"{_W}body":
                        continue  # a table's paragraph (and those it holds): left for the full reading
                    text = "".join(t.text or "" for t in p.iterfind(f"{_W}r/{_W}t"))
                    text += "".join(t.text or "" for t in p.iterfind(f"{_W}hyperlink/{_W}r/{_W}t"))
                    n = len("".join(text.split()))
                    if n:
                        total += n + 2
                        paragraphs += 1
                        if total > limit:
                            raise InvalidDocumentError(
                                f"{name}: {total:,} characters of text in its first {paragraphs:,} paragraphs, "
                                f"over the limit of {limit:,} ({limits.hint('max_document_chars')})")
                    p.clear()  # what is read goes: the part is never held whole
                    while p.getprevious() is not None:
                        del parent[0]
    except (zipfile.BadZipFile, etree.XMLSyntaxError, OSError, KeyError):
        return  # not readable as such: the full reading says how (check_archive has seen the archive)


def docx_to_markdown(path: Path, limits: InputLimits | None = None,
                     label: str | None = None) -> tuple[str, str, list[int] | None]:
    """(text, title, page starts) of a .docx file, its archive checked first
    (:func:`check_archive`), then its length (:func:`check_text`). The page starts are the
    offsets in the text where each page begins, from the breaks Word recorded
    (``docx_pages.py``); None for a file Word never laid out."""
    name = label or str(path)
    limits = limits or InputLimits()
    check_archive(path, limits, name)
    check_text(path, limits, name)
    try:
        import docx
        from docx.enum.style import WD_STYLE_TYPE
        from docx.table import Table
        from docx.text.paragraph import Paragraph
    except ImportError:
        raise MissingDependencyError("python-docx", "docx", "Reading Word files") from None
    try:
        with zipfile.ZipFile(path) as archive:  # entity references kept as text, none expanded (docx_entities.py)
            package = with_literal_entities(archive)
        document = docx.Document(package or str(path))
    except (zipfile.BadZipFile, KeyError, ValueError) as e:
        raise InvalidDocumentError(Message("load.docx.unreadable", label=name, kind=type(e).__name__, why=str(e))) from None
    except Exception as e:  # python-docx raises package errors of its own on damaged files
        raise InvalidDocumentError(Message("load.docx.unreadable", label=name, kind=type(e).__name__, why=str(e))) from None
    blocks: list[str] = []
    title = document.core_properties.title or ""
    body = document.element.body
    breaks = PageBreaks() if has_rendered_breaks(body) else None  # pages only where Word laid the file out
    # style id -> its name and whether it starts a page: a paragraph's style looked up once per id
    styles: dict[str | None, tuple[str, bool]] = {}
    size = 0  # where the next block starts in the text ("\n\n" between blocks)

    def style_of(style_id: str | None) -> tuple[str, bool]:
        found = styles.get(style_id)
        if found is None:
            style = document.part.get_style(style_id, WD_STYLE_TYPE.PARAGRAPH)
            found = styles[style_id] = ((style.name if style is not None else "") or "",
                                        breaks is not None and style_starts_page(style))
        return found

    def add(block: str, offsets: list[int] | None = None, prefix: int = 0, lead: int = 0) -> None:
        nonlocal size
        start = size + 2 if blocks else 0
        if breaks is not None:
            breaks.add(start, block, offsets or [], prefix, lead)
        blocks.append(block)
        size = start + len(block)

    for element in _blocks(body):
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "p":
            p = Paragraph(element, document)
            raw = p.text
            text = raw.strip()
            style_id = element.style
            offsets = paragraph_breaks(element, style_of(style_id)[1]) if breaks is not None else []
            if not text:
                if offsets and breaks is not None:
                    breaks.pending()  # the page starts with the next text
                continue
            lead = len(raw) - len(raw.lstrip())
            style = style_of(style_id)[0].strip()
            m = _HEADING_STYLE.match(style)
            if m or style.lower() in ("title", "表題"):
                level = int(m.group(1)) if m else 1
                title = title or text
                add(f"{'#' * level} {text}", offsets, level + 1, lead)
            else:
                add(text, offsets, 0, lead)
        elif tag == "tbl":
            t = Table(element, document)
            rows = [([cell.text for cell in row.cells], breaks is not None and row_breaks(row._tr)) for row in t.rows]
            kept = [(cells, brk) for cells, brk in rows if any(c.strip() for c in cells)]
            lines = table_lines([cells for cells, _ in kept])
            if lines:
                # a row a page starts in: the page starts at its line (the header's separator is line 1)
                at = [sum(len(x) + 1 for x in lines[:k + (1 if k else 0)]) for k, (_, brk) in enumerate(kept) if brk]
                add("\n".join(lines), at)
    text = "\n\n".join(blocks) + "\n"
    return text, title, (breaks.page_starts(text) if breaks is not None else None)


def _blocks(parent: Any) -> Iterator[Any]:
    """The paragraphs and tables of *parent* in order, those inside content controls (``w:sdt``:
    a table of contents, a cover page) included."""
    for element in parent.iterchildren():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag == "sdt":
            for content in element.iterchildren():
                if content.tag.rsplit("}", 1)[-1] == "sdtContent":
                    yield from _blocks(content)
        else:
            yield element


def load(req: LoadRequest) -> Loaded:
    text, title, page_starts = docx_to_markdown(req.path, req.limits, req.label)
    check_chars(text, req.limits, req.label)
    chunks = chunk_text(text, source=req.label, markdown=True, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars, limits=req.limits)
    if page_starts is not None:
        chunks = [with_pages(c, page_starts) for c in chunks]
    return Loaded(chunks, title=title or first_heading(chunks))
