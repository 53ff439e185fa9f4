"""Read documents: chunk JSON / JSONL, Markdown, plain text, PDF, Word (.docx) and HTML.

Each format is one module, found by name or file extension in the registry
(``_registry.LOADERS``); files are chunked along their own structure (headings,
第N条 …, see ``_chunker.py``). A new format is one file here and one line there.
"""

from __future__ import annotations

import importlib
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .._exceptions import DocumentNotFoundError, DuplicateChunkIdError, EmptyDocumentError
from ..document import Chunk, Document
from ._chunker import chunk_text
from ._exported import clean_exported
from ._records import chunks_from_records
from ._registry import (
    EXTENSIONS,
    INPUT_FORMATS,
    LOADERS,
    Loaded,
    LoaderInfo,
    LoadRequest,
    detect_format,
    loader,
)
from ._unify import unify_document

__all__ = [
    "EXTENSIONS",
    "INPUT_FORMATS",
    "LOADERS",
    "LoadRequest",
    "Loaded",
    "LoaderInfo",
    "chunk_text",
    "detect_format",
    "load_document",
    "validate_document",
]


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
    the files hikaku chunks itself are ``{id_prefix}1``, ``{id_prefix}2`` … CJK
    compatibility characters (Kangxi radicals as PDF text carries them) are shown as the
    ideographs they stand for (``_unify.py``).
    """
    if isinstance(source, Document):
        doc = source
    elif isinstance(source, (str, os.PathLike)):
        doc = _load_path(Path(source), input_format, doc_id, title, id_prefix, max_chunk_chars)
    else:
        records = list(source)
        if all(isinstance(r, Chunk) for r in records):
            parsed = [r for r in records if isinstance(r, Chunk)]
        else:
            parsed = clean_exported(chunks_from_records(records, source="<chunks>"))
        doc = Document(id=doc_id or "document", title=title or "", chunks=parsed)
    validate_document(doc)
    return unify_document(doc)


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
    info = loader(input_format or detect_format(path))
    module = importlib.import_module(f"{__name__}.{info.module}")
    loaded: Loaded = module.load(LoadRequest(path, id_prefix=id_prefix, max_chunk_chars=max_chars))
    return Document(
        id=doc_id or loaded.doc_id or path.stem,
        title=title or loaded.title or path.stem,
        chunks=loaded.chunks,
        source=str(path),
    )
