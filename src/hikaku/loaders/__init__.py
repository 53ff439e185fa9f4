"""Read documents: chunk JSON / JSONL, Markdown, plain text, PDF, Word (.docx) and HTML.

Each format is one module, found by name or file extension in the registry
(``registry.LOADERS``, the entry point group ``hikaku.loaders``: a plugin adds a format
without any edit here, docs/plugins.md); files are chunked along their own structure
(headings, 第N条 …, see ``chunker.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy

if TYPE_CHECKING:
    from .chunker import chunk_text, first_heading
    from .decode import decode_text, request_text
    from .html import decode_html
    from .load import load_document, validate_document
    from .registry import (
        LIMITS,
        LOADER_NAMES,
        LOADERS,
        InputLimits,
        Loaded,
        LoaderInfo,
        LoadRequest,
        detect_format,
        extensions,
        format_of_extension,
        input_formats,
        limit_hint,
        sniff_format,
    )
    from .toc import entry_title, title_key

__all__ = [
    "chunk_text",
    "decode_html",
    "decode_text",
    "detect_format",
    "entry_title",
    "extensions",
    "first_heading",
    "format_of_extension",
    "input_formats",
    "InputLimits",
    "LIMITS",
    "limit_hint",
    "load_document",
    "Loaded",
    "LoaderInfo",
    "LOADER_NAMES",
    "LOADERS",
    "LoadRequest",
    "request_text",
    "sniff_format",
    "title_key",
    "validate_document",
]

# imported on first use: the registry (formats, limits) costs nothing, so that the command
# line can name the formats without loading the document model (a fast start)
_LAZY = {
    "decode_html": ".html",
    "chunk_text": ".chunker",
    "first_heading": ".chunker",
    "decode_text": ".decode",
    "request_text": ".decode",
    "load_document": ".load",
    "validate_document": ".load",
    "entry_title": ".toc",
    "title_key": ".toc",
    **{name: ".registry" for name in ("LOADER_NAMES", "LOADERS", "InputLimits", "LIMITS", "LoadRequest", "Loaded",
                                       "LoaderInfo", "detect_format", "extensions", "format_of_extension",
                                       "input_formats", "limit_hint", "sniff_format")},
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
