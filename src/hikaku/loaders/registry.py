"""The loader registry: every input format, the extensions that select it and the module
that reads it. A format module exposes ``load(LoadRequest) -> Loaded`` and is imported
only when a file of its format is read (PDF and Word need extras).

Formats are the entry point group ``hikaku.loaders`` (``hikaku.system.plugins``): each entry
names a :class:`LoaderInfo`; the built-ins are declared in ``formats.py`` (and, the same, in
pyproject.toml), a plugin declares its own (docs/plugins.md). An extension a built-in reads
stays the built-in's.

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
from ..system import Declared, PluginGroup, PluginNames, check_format
from ..wording import Message

if TYPE_CHECKING:
    from ..document import Chunk, DocumentNote

__all__ = ["LoaderInfo", "LOADERS", "LOADER_NAMES", "InputLimits", "Loaded", "LoadRequest", "detect_format",
           "extensions", "format_of_extension", "input_formats", "LIMITS", "limit_hint", "loader", "read_bytes",
           "read_head", "sniff_format", "too_many_chunks"]

_MB = 1024 * 1024


def limit_hint(name: str, *, by_operator: bool = False) -> Message:
    """How to raise the limit called *name* (an option of CompareOptions): with the command's option
    or the environment; *by_operator*: the limit of a server, which its operator sets (a client
    of the web app or the MCP server cannot)."""
    if by_operator:
        return Message("load.limit_hint_server", option=name, env=name.upper())
    return Message("load.limit_hint", option=name, flag=name.replace("_", "-"), env=name.upper())


def too_many_chunks(label: str, limits: InputLimits, found: int | None = None) -> InvalidDocumentError:
    """The error of a document over ``max_chunks`` (*found*: how many, when all were counted)."""
    limit = limits.max_chunks
    many = Message("load.chunks_counted", n=found) if found is not None else Message("load.chunks_more", n=limit)
    return InvalidDocumentError(Message("load.too_many_chunks", label=label, many=many, limit=limit,
                                        hint=limits.hint("max_chunks")))


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

    def hint(self, name: str) -> Message:
        """How to raise the limit *name*, in the words of who can (:func:`limit_hint`)."""
        return limit_hint(name, by_operator=self.by_operator)


LIMITS = tuple(name for name in InputLimits.__dataclass_fields__ if name.startswith("max_"))
"""The options that are input limits."""


@dataclass(frozen=True)
class LoaderInfo:
    """An input format: what ``--input-format`` calls it, the module whose
    ``load(LoadRequest) -> Loaded`` reads it, the extensions that select it."""

    name: str  # the --input-format value
    module: str  # the module that holds load(request), e.g. hikaku.loaders.markdown
    extensions: tuple[str, ...]  # lower case, with the dot: (".md", ".markdown")
    extra: str | None = None  # the pip extra of hikaku its dependency comes with
    description: str = ""
    text: bool = False  # a text format: a client may send it inline (MCP's a_text / b_text)


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


def _checked(entry: Declared, obj: object) -> LoaderInfo:
    return check_format(entry, obj, LoaderInfo, "hikaku.loaders.LoaderInfo")


# the built-ins: the same entries as [project.entry-points."hikaku.loaders"] in pyproject.toml
LOADER_NAMES = PluginNames("hikaku.loaders", {
    "json": "hikaku.loaders.formats:JSON",
    "jsonl": "hikaku.loaders.formats:JSONL",
    "markdown": "hikaku.loaders.formats:MARKDOWN",
    "text": "hikaku.loaders.formats:TEXT",
    "pdf": "hikaku.loaders.formats:PDF",
    "docx": "hikaku.loaders.formats:DOCX",
    "html": "hikaku.loaders.formats:HTML",
})
LOADERS: PluginGroup[LoaderInfo] = PluginGroup(LOADER_NAMES, _checked)


def input_formats() -> tuple[str, ...]:
    """Every input format's name, the built-ins first (the plugins' are read)."""
    return tuple(LOADERS)


def extensions() -> dict[str, str]:
    """Extension → format of every format; an extension a built-in (or an earlier plugin)
    reads stays its."""
    out: dict[str, str] = {}
    for info in LOADERS.values():
        for ext in info.extensions:
            out.setdefault(ext, info.name)
    return out


def format_of_extension(ext: str) -> str | None:
    """The format an extension (``.md``) selects, None for none; a built-in's extension is
    answered without reading the plugins."""
    ext = ext.lower()
    for info in LOADERS.builtins().values():
        if ext in info.extensions:
            return info.name
    return extensions().get(ext) if ext else None


def loader(fmt: str) -> LoaderInfo:
    info = LOADERS.get(fmt)
    if info is None:
        raise UnsupportedFormatError(Message("load.unknown_format", format=fmt, formats=", ".join(input_formats())))
    return info


def detect_format(path: Path) -> str:
    fmt = format_of_extension(path.suffix)
    if fmt is None:
        known = ", ".join(sorted(extensions()))
        raise UnsupportedFormatError(Message("load.unknown_extension", path=str(path), extension=path.suffix or "(none)",
                                             known=known, formats=",".join(input_formats())))
    return fmt


def size_text(n: float) -> str:
    """A byte count for a message: ``2.0 MB``, ``20 KB``."""
    return f"{n / _MB:,.1f} MB" if n >= _MB / 10 else f"{n / 1024:,.0f} KB"


def check_size(path: Path, limits: InputLimits, label: str | None = None) -> int:
    """The file's size in bytes; InvalidDocumentError over ``max_input_mb``."""
    try:
        size = os.stat(path).st_size
    except OSError as e:
        raise DocumentNotFoundError(Message("load.cannot_read", label=str(label or path), why=e.strerror)) from None
    if size > limits.max_input_mb * _MB:
        raise InvalidDocumentError(Message("load.too_large", label=str(label or path), size=size_text(size),
                                           limit=limits.max_input_mb, hint=limits.hint("max_input_mb")))
    return size


def read_bytes(path: Path, limits: InputLimits | None = None, label: str | None = None) -> bytes:
    """The file's bytes, its size checked first (``max_input_mb``)."""
    limits = limits or InputLimits()
    check_size(path, limits, label)
    try:
        with open(path, "rb") as f:
            data = f.read(int(limits.max_input_mb * _MB) + 1)
    except OSError as e:
        raise DocumentNotFoundError(Message("load.cannot_read", label=str(label or path), why=e.strerror)) from None
    if len(data) > limits.max_input_mb * _MB:  # grew while being read
        raise InvalidDocumentError(Message("load.grew_too_large", label=str(label or path), limit=limits.max_input_mb,
                                           hint=limits.hint("max_input_mb")))
    return data


def read_head(path: Path, n: int) -> bytes:
    """The first *n* bytes of a file (to recognise its kind)."""
    try:
        with open(path, "rb") as f:
            return f.read(n)
    except OSError as e:
        raise DocumentNotFoundError(Message("load.cannot_read", label=str(path), why=e.strerror)) from None


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
