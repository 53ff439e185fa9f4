"""Loading a document: from a path (the registry's format module), a Document or chunk
records; validated and with CJK compatibility characters unified."""

from __future__ import annotations

import errno
import importlib
import os
import stat
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .._exceptions import (
    DocumentNotFoundError,
    DuplicateChunkIdError,
    EmptyDocumentError,
    InvalidArgumentError,
    InvalidDocumentError,
)
from ..document import Chunk, Document
from .exported import clean_exported
from .records import chunks_from_records, surrogate_in
from .registry import LOADERS, InputLimits, Loaded, LoadRequest, detect_format, loader, too_many_chunks
from .unify import unify_document

__all__ = ["load_document", "validate_document"]


def load_document(
    source: str | os.PathLike[str] | Document | Iterable[Any],
    *,
    input_format: str | None = None,
    doc_id: str | None = None,
    title: str | None = None,
    id_prefix: str = "c",
    max_chunk_chars: int = 2000,
    encoding: str | None = None,
    limits: InputLimits | None = None,
    name: str | None = None,
) -> Document:
    """Load a document from a path, a :class:`Document` or a list of chunk records.

    ``input_format`` overrides the format guessed from the file extension; ``encoding``
    the detected encoding of text formats. *limits* (:class:`InputLimits`) are checked
    before a file is parsed, and the chunks' lengths after. *name* is how messages name
    the input (default: the path; ``-`` for standard input). Chunk ids of the files hikaku
    chunks itself are ``{id_prefix}1``, ``{id_prefix}2`` … CJK compatibility characters
    (Kangxi radicals as PDF text carries them) are shown as the ideographs they stand for
    (``unify.py``).
    """
    limits = limits or InputLimits()
    if isinstance(source, Document):
        doc = source
    elif isinstance(source, (str, os.PathLike)):
        request = LoadRequest(Path(source), id_prefix=id_prefix, max_chunk_chars=max_chunk_chars, encoding=encoding,
                              limits=limits, name=name or "")
        doc = _load_path(request, input_format, doc_id, title)
    elif isinstance(source, (bytes, bytearray, memoryview, Mapping)) or not isinstance(source, Iterable):
        raise InvalidArgumentError(f"give a path (str or os.PathLike), a Document or a list of chunk dicts "
                                   f"{{'id', 'content', 'metadata'}}, not {type(source).__name__}")
    else:
        records = list(source)
        if all(isinstance(r, Chunk) for r in records):
            parsed = [r for r in records if isinstance(r, Chunk)]
        else:
            parsed = clean_exported(chunks_from_records(records, source=name or "<chunks>", limits=limits))
        doc = Document(id=doc_id or "document", title=title or "", chunks=parsed, source=name)
    # a file's metadata is the loader's, from the text (chunk JSON's checked as it is read); the caller's is checked here
    validate_document(doc, limits, metadata=not isinstance(source, (str, os.PathLike)))
    return unify_document(doc)


def validate_document(doc: Document, limits: InputLimits | None = None, *, metadata: bool = True) -> None:
    """Raise if the document has duplicate chunk ids, no text at all, more chunks than ``max_chunks``,
    a chunk longer than ``max_chunk_length``, more text than ``max_document_chars`` or a string that is not text (a
    lone surrogate) in its title, a chunk's id or text, or (*metadata*) a chunk's metadata."""
    where = doc.source or doc.id
    if limits is not None:
        _check_lengths(doc, limits, where)
    _check_characters(doc, where, metadata)
    counts = Counter(c.id for c in doc.chunks)
    dups = [cid for cid, n in counts.items() if n > 1]
    if dups:
        shown = ", ".join(repr(d) for d in dups[:5]) + (" …" if len(dups) > 5 else "")
        raise DuplicateChunkIdError(f"{where}: duplicate chunk id(s) {shown}; every chunk needs its own id")
    if not any(c.content.strip() for c in doc.chunks):
        raise EmptyDocumentError(f"{where}: the document has no text (no chunk with content)")


def _check_characters(doc: Document, where: str, metadata: bool) -> None:
    """InvalidDocumentError for a lone surrogate (half of a UTF-16 pair: ``"\\ud800"`` in JSON, a
    string cut in the middle of a character) in the title or a chunk's id or text, and with
    *metadata* in a chunk's metadata too: it is no character, so no report could be written.
    (Encoding is the fast test.)"""
    try:
        doc.title.encode("utf-8")
        for c in doc.chunks:
            c.id.encode("utf-8")
            c.content.encode("utf-8")
    except UnicodeEncodeError:
        problem = surrogate_in(doc.title)
        if problem:
            raise InvalidDocumentError(f"{where}: the title {problem}") from None
        for c in doc.chunks:
            for what, text in (("id", c.id), ("text", c.content)):
                problem = surrogate_in(text)
                if problem:
                    raise InvalidDocumentError(f"{where}: chunk {c.id!r}: its {what} {problem}") from None
    if metadata:
        for c in doc.chunks:
            problem = surrogate_in(c.metadata)
            if problem:
                raise InvalidDocumentError(f"{where}: chunk {c.id!r}: its metadata {problem}")


def _check_lengths(doc: Document, limits: InputLimits, where: str) -> None:
    if len(doc.chunks) > limits.max_chunks:
        raise too_many_chunks(where, limits, len(doc.chunks))
    total = 0
    for c in doc.chunks:
        n = len(c.content)
        total += n
        if n > limits.max_chunk_length:
            line = c.metadata.get("line_start") if isinstance(c.metadata, dict) else None
            at = f"chunk {c.id}" + (f" (line {line}: no line break, heading or sentence end to cut it at)"
                                    if line else "")
            raise InvalidDocumentError(
                f"{where}: {at} has {n:,} characters, over the limit of {limits.max_chunk_length:,} "
                f"({limits.hint('max_chunk_length')})"
            )
    if total > limits.max_document_chars:
        raise InvalidDocumentError(
            f"{where}: {total:,} characters of text, over the limit of {limits.max_document_chars:,} "
            f"({limits.hint('max_document_chars')})"
        )


def _check_file(path: Path, label: str) -> None:
    """DocumentNotFoundError, with what the system said, unless *path* names a regular file (through links)."""
    try:
        st = os.stat(path)
    except ValueError:  # a NUL character: no system call takes the name
        raise DocumentNotFoundError(f"{label}: no such file (the name holds a NUL character)") from None
    except OSError as e:
        reason = _STAT_ERRORS.get(e.errno or 0, e.strerror or str(e))
        raise DocumentNotFoundError(f"{label}: {reason}") from None
    if stat.S_ISDIR(st.st_mode):
        raise DocumentNotFoundError(f"{label}: not a regular file (a directory)")
    if not stat.S_ISREG(st.st_mode):
        raise DocumentNotFoundError(f"{label}: not a regular file (a pipe, a socket or a device)")


_STAT_ERRORS = {
    errno.ENOENT: "no such file",
    errno.ENAMETOOLONG: "no such file (the name is longer than this system allows)",
    errno.ENOTDIR: "no such file (a part of the path is not a directory)",
    errno.ELOOP: "no such file (too many levels of symbolic links)",
    errno.EACCES: "cannot read: permission denied (on the file or a directory above it)",
}


def _load_path(request: LoadRequest, input_format: str | None, doc_id: str | None, title: str | None) -> Document:
    path, label = request.path, request.label
    _check_file(path, label)
    info = loader(input_format or detect_format(path))
    with LOADERS.entry(info.name).blame(f"reading {label}"):  # a plugin's failure names the plugin
        loaded = importlib.import_module(info.module).load(request)
        if not isinstance(loaded, Loaded):
            raise TypeError(f"load() returned a {type(loaded).__name__}, not a hikaku.loaders.Loaded")
    stem = Path(label).stem if request.name else path.stem
    return Document(
        id=doc_id or loaded.doc_id or stem,
        title=title or loaded.title or stem,
        chunks=loaded.chunks,
        source=label,
        notes=list(loaded.notes),
    )
