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
from ..wording import Message
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
        raise DuplicateChunkIdError(Message("load.duplicate_ids", label=where, ids=shown))
    if not any(c.content.strip() for c in doc.chunks):
        raise EmptyDocumentError(Message("load.empty", label=where))


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
            raise InvalidDocumentError(Message("load.surrogate_title", label=where, problem=problem)) from None
        for c in doc.chunks:
            for what, text in (("id", c.id), ("text", c.content)):
                problem = surrogate_in(text)
                if problem:
                    raise InvalidDocumentError(Message(f"load.surrogate_{what}", label=where, id=c.id,
                                                       problem=problem)) from None
    if metadata:
        for c in doc.chunks:
            problem = surrogate_in(c.metadata)
            if problem:
                raise InvalidDocumentError(Message("load.surrogate_metadata", label=where, id=c.id, problem=problem))


def _check_lengths(doc: Document, limits: InputLimits, where: str) -> None:
    if len(doc.chunks) > limits.max_chunks:
        raise too_many_chunks(where, limits, len(doc.chunks))
    total = 0
    for c in doc.chunks:
        n = len(c.content)
        total += n
        if n > limits.max_chunk_length:
            line = c.metadata.get("line_start") if isinstance(c.metadata, dict) else None
            at = Message("load.chunk_at_line", id=c.id, line=line) if line else Message("load.chunk_at", id=c.id)
            raise InvalidDocumentError(Message("load.chunk_too_long", label=where, at=at, n=n,
                                               limit=limits.max_chunk_length, hint=limits.hint("max_chunk_length")))
    if total > limits.max_document_chars:
        raise InvalidDocumentError(Message("load.too_much_text", label=where, n=total, limit=limits.max_document_chars,
                                           hint=limits.hint("max_document_chars")))


def _check_file(path: Path, label: str) -> None:
    """DocumentNotFoundError, with what the system said, unless *path* names a regular file (through links)."""
    try:
        st = os.stat(path)
    except ValueError:  # a NUL character: no system call takes the name
        raise DocumentNotFoundError(Message("load.file.nul", label=label)) from None
    except OSError as e:
        key = _STAT_ERRORS.get(e.errno or 0)
        raise DocumentNotFoundError(Message(key, label=label) if key is not None
                                    else Message("load.file.other", label=label, why=e.strerror or str(e))) from None
    if stat.S_ISDIR(st.st_mode):
        raise DocumentNotFoundError(Message("load.file.directory", label=label))
    if not stat.S_ISREG(st.st_mode):
        raise DocumentNotFoundError(Message("load.file.special", label=label))


_STAT_ERRORS = {  # the words of what the system said (hikaku.wording)
    errno.ENOENT: "load.no_such_file",
    errno.ENAMETOOLONG: "load.file.name_too_long",
    errno.ENOTDIR: "load.file.not_a_directory",
    errno.ELOOP: "load.file.link_loop",
    errno.EACCES: "load.file.denied",
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
