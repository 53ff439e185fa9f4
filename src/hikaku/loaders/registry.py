"""The loader registry: every input format, the extensions that select it and the module
that reads it. A format module exposes ``load(LoadRequest) -> Loaded`` and is imported
only when a file of its format is read (PDF and Word need extras).

A request carries the :class:`InputLimits`; :func:`read_bytes` checks the file size before
reading, and the formats check what only they can see (a Word file's expanded size, JSON
nesting) before parsing."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._exceptions import DocumentNotFoundError, InvalidDocumentError, UnsupportedFormatError

if TYPE_CHECKING:
    from ..document import Chunk, DocumentNote

__all__ = ["LoaderInfo", "LOADERS", "INPUT_FORMATS", "EXTENSIONS", "InputLimits", "Loaded", "LoadRequest",
           "detect_format", "LIMITS", "limit_hint", "loader", "read_bytes", "read_head", "sniff_format",
           "too_many_chunks"]

_MB = 1024 * 1024


def limit_hint(name: str, *, by_operator: bool = False) -> str:
    """How to raise the limit called *name* (an option of CompareOptions): with the command's option
    or the environment; *by_operator*: the limit of a server, which its operator sets (a client
    of the web app or the MCP server cannot)."""
    if by_operator:
        return f"{name}; a limit of this server, set by its operator (HIKAKU_{name.upper()} or {name} in config.toml)"
    return f"{name}; raise it with --{name.replace('_', '-')} or HIKAKU_{name.upper()}"


def too_many_chunks(label: str, limits: InputLimits, found: int | None = None) -> InvalidDocumentError:
    """The error of a document over ``max_chunks`` (*found*: how many, when all were counted)."""
    limit = limits.max_chunks
    many = f"{found:,} chunks" if found is not None else f"more than {limit:,} chunks"
    return InvalidDocumentError(f"{label}: {many}, over the limit of {limit:,} ({limits.hint('max_chunks')})")


@dataclass(frozen=True)
class InputLimits:
    """What hikaku accepts before it parses a file; each is an option of the same name."""

    max_input_mb: float = 100.0  # file size
    max_expanded_mb: float = 64.0  # uncompressed size of a Word file's parts
    max_compression_ratio: float = 100.0  # of a part over 1 MB uncompressed
    max_json_depth: int = 64  # nesting of chunk JSON
    max_chunk_length: int = 100_000  # characters of one chunk
    max_document_chars: int = 4_000_000  # characters of text of one document
    max_chunks: int = 50_000  # chunks of one document
    by_operator: bool = False  # a server's limits, set by its operator: messages do not tell the client to raise them

    @classmethod
    def from_options(cls, options: Any, *, by_operator: bool = False) -> InputLimits:
        """The limits of a ``CompareOptions`` (or any object with the same fields)."""
        return cls(**{name: getattr(options, name) for name in LIMITS if hasattr(options, name)},
                   by_operator=by_operator)

    def hint(self, name: str) -> str:
        """How to raise the limit *name*, in the words of who can (:func:`limit_hint`)."""
        return limit_hint(name, by_operator=self.by_operator)


LIMITS = tuple(name for name in InputLimits.__dataclass_fields__ if name.startswith("max_"))
"""The options that are input limits."""


@dataclass(frozen=True)
class LoaderInfo:
    name: str  # the --input-format value
    module: str  # hikaku.loaders.<module> holds load(request)
    extensions: tuple[str, ...]
    extra: str | None = None  # the pip extra its dependency comes with
    description: str = ""


@dataclass(frozen=True)
class LoadRequest:
    path: Path
    id_prefix: str = "c"  # ids of the chunks hikaku cuts: {id_prefix}1, {id_prefix}2 …
    max_chunk_chars: int = 2000
    encoding: str | None = None  # of text formats; None: detected
    limits: InputLimits = field(default_factory=InputLimits)
    name: str = ""  # how messages and chunk metadata name the input ("-" for standard input); "" = the path

    @property
    def label(self) -> str:
        return self.name or str(self.path)


@dataclass(frozen=True)
class Loaded:
    chunks: list[Chunk]
    title: str = ""  # found in the file (its heading, its metadata); "" when none
    doc_id: str | None = None  # given by the file itself (a chunk JSON document object)
    notes: list[DocumentNote] = field(default_factory=list)  # for the reader (Document.notes): what may be misread


LOADERS: dict[str, LoaderInfo] = {
    info.name: info
    for info in (
        LoaderInfo("json", "json_chunks", (".json",), description="chunk list [{id, content, metadata}]"),
        LoaderInfo("jsonl", "jsonl_chunks", (".jsonl", ".ndjson"), description="chunk records, one per line"),
        LoaderInfo("markdown", "markdown", (".md", ".markdown"), description="Markdown"),
        LoaderInfo("text", "text", (".txt", ".text"), description="plain text"),
        LoaderInfo("pdf", "pdf", (".pdf",), extra="pdf", description="PDF with a text layer"),
        LoaderInfo("docx", "docx", (".docx",), extra="docx", description="Word"),
        LoaderInfo("html", "html", (".html", ".htm", ".xhtml"), description="HTML"),
    )
}
INPUT_FORMATS: tuple[str, ...] = tuple(LOADERS)
EXTENSIONS: dict[str, str] = {ext: info.name for info in LOADERS.values() for ext in info.extensions}


def loader(fmt: str) -> LoaderInfo:
    info = LOADERS.get(fmt)
    if info is None:
        raise UnsupportedFormatError(f"unknown input format {fmt!r}; choose one of {', '.join(INPUT_FORMATS)}")
    return info


def detect_format(path: Path) -> str:
    fmt = EXTENSIONS.get(path.suffix.lower())
    if fmt is None:
        known = ", ".join(sorted(EXTENSIONS))
        raise UnsupportedFormatError(
            f"{path}: cannot tell the format from the extension {path.suffix or '(none)'!r}; "
            f"known extensions are {known}, or give --input-format {{{','.join(INPUT_FORMATS)}}}"
        )
    return fmt


def size_text(n: float) -> str:
    """A byte count for a message: ``2.0 MB``, ``20 KB``."""
    return f"{n / _MB:,.1f} MB" if n >= _MB / 10 else f"{n / 1024:,.0f} KB"


def check_size(path: Path, limits: InputLimits, label: str | None = None) -> int:
    """The file's size in bytes; InvalidDocumentError over ``max_input_mb``."""
    try:
        size = os.stat(path).st_size
    except OSError as e:
        raise DocumentNotFoundError(f"{label or path}: cannot read: {e.strerror}") from None
    if size > limits.max_input_mb * _MB:
        raise InvalidDocumentError(
            f"{label or path}: the file is {size_text(size)}, over the limit of {limits.max_input_mb:g} MB "
            f"({limits.hint('max_input_mb')})"
        )
    return size


def read_bytes(path: Path, limits: InputLimits | None = None, label: str | None = None) -> bytes:
    """The file's bytes, its size checked first (``max_input_mb``)."""
    limits = limits or InputLimits()
    check_size(path, limits, label)
    try:
        with open(path, "rb") as f:
            data = f.read(int(limits.max_input_mb * _MB) + 1)
    except OSError as e:
        raise DocumentNotFoundError(f"{label or path}: cannot read: {e.strerror}") from None
    if len(data) > limits.max_input_mb * _MB:  # grew while being read
        raise InvalidDocumentError(f"{label or path}: the file is over the limit of {limits.max_input_mb:g} MB "
                                   f"({limits.hint('max_input_mb')})")
    return data


def read_head(path: Path, n: int) -> bytes:
    """The first *n* bytes of a file (to recognise its kind)."""
    try:
        with open(path, "rb") as f:
            return f.read(n)
    except OSError as e:
        raise DocumentNotFoundError(f"{path}: cannot read: {e.strerror}") from None


_MD_HEADING = re.compile(rb"^\s{0,3}#{1,6}\s", re.M)


def sniff_format(head: bytes) -> str:
    """The input format of content without a file name (standard input), from its first
    bytes: PDF, Word (a zip with ``word/``), chunk JSON / JSON Lines, HTML, Markdown (``#``
    headings), else plain text."""
    if head.startswith(b"%PDF") or b"%PDF-" in head[:1024]:
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "docx"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"["):
        return "json"
    if text.startswith(b"{"):
        first, _, rest = text.partition(b"\n")
        return "jsonl" if first.rstrip().endswith(b"}") and rest.lstrip().startswith(b"{") else "json"
    low = text[:1024].lower()
    if low.startswith((b"<!doctype html", b"<html", b"<?xml")) or b"<body" in low or b"<head" in low:
        return "html"
    return "markdown" if _MD_HEADING.search(head) else "text"
