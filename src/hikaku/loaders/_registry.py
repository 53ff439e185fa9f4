"""The loader registry: every input format, the extensions that select it and the module
that reads it. A format module exposes ``load(LoadRequest) -> Loaded`` and is imported
only when a file of its format is read (PDF and Word need extras)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .._exceptions import DocumentNotFoundError, UnsupportedFormatError
from ..document import Chunk

__all__ = ["LoaderInfo", "LOADERS", "INPUT_FORMATS", "EXTENSIONS", "Loaded", "LoadRequest", "detect_format",
           "loader", "read_bytes", "read_head"]


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


@dataclass(frozen=True)
class Loaded:
    chunks: list[Chunk]
    title: str = ""  # found in the file (its heading, its metadata); "" when none
    doc_id: str | None = None  # given by the file itself (a chunk JSON document object)
    notes: list[str] = field(default_factory=list)


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


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise DocumentNotFoundError(f"{path}: cannot read: {e.strerror}") from None


def read_head(path: Path, n: int) -> bytes:
    """The first *n* bytes of a file (to recognise its kind)."""
    try:
        with open(path, "rb") as f:
            return f.read(n)
    except OSError as e:
        raise DocumentNotFoundError(f"{path}: cannot read: {e.strerror}") from None
