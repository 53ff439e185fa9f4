"""Renderers: a :class:`~hikaku.result.ComparisonResult` as Markdown, JSON, CSV, HTML.

One file per format, each with ``render(result, options) -> str | bytes``, found by
name (or by the output file's extension) in :data:`RENDERERS`. A renderer module is
imported only when its format is asked for, so a format with a heavy or optional
dependency costs nothing to the others. A new format is one file here and one line in
:data:`RENDERERS`.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._exceptions import ConfigurationError
from ._options import RenderOptions

if TYPE_CHECKING:
    from ..result import ComparisonResult

__all__ = [
    "DIFF_STYLES",
    "FORMATS",
    "RENDERERS",
    "RenderOptions",
    "RendererInfo",
    "format_for_path",
    "render",
    "renderer",
]

DIFF_STYLES = ("md", "html", "none")


@dataclass(frozen=True)
class RendererInfo:
    name: str  # the --format value
    module: str  # hikaku.renderers.<module> holds render(result, options)
    extensions: tuple[str, ...]  # output files chosen by extension
    binary: bool = False  # render() returns bytes
    description: str = ""


RENDERERS: dict[str, RendererInfo] = {
    r.name: r
    for r in (
        RendererInfo("md", "markdown", (".md", ".markdown", ".txt"), description="Markdown table (default)"),
        RendererInfo("json", "json", (".json",), description="hikaku.comparison/v1"),
        RendererInfo("csv", "csv", (".csv",), description="one row per change"),
        RendererInfo("html", "html", (".html", ".htm"), description="standalone side-by-side report"),
    )
}
FORMATS: tuple[str, ...] = tuple(RENDERERS)
_ALIASES = {"markdown": "md"}


def renderer(fmt: str) -> RendererInfo:
    info = RENDERERS.get(_ALIASES.get(fmt, fmt))
    if info is None:
        raise ConfigurationError(f"unknown output format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return info


def format_for_path(path: str | os.PathLike[str]) -> str:
    """The format an output file's extension asks for; ConfigurationError for an unknown
    extension (never a silent default)."""
    ext = os.path.splitext(os.fspath(path))[1].lower()
    for info in RENDERERS.values():
        if ext in info.extensions:
            return info.name
    known = ", ".join(e for info in RENDERERS.values() for e in info.extensions)
    raise ConfigurationError(
        f"{os.fspath(path)}: cannot tell the output format from the extension {ext or '(none)'!r}; "
        f"use one of {known}, or give --format {{{','.join(FORMATS)}}}"
    )


def render(result: ComparisonResult, fmt: str = "md", options: RenderOptions | None = None,
           **option_values: Any) -> str | bytes:
    """Render *result* in format *fmt* (``md``, ``json``, ``csv``, ``html``).

    Options are a :class:`RenderOptions` or its fields as keywords: *lang*,
    *include_unchanged*, *diff_style* (Markdown highlights: ``md`` ~~old~~ / **new**,
    ``html`` <del>/<ins>, ``none``), *excel* (CSV with BOM and CRLF), *max_cell_chars*."""
    if options is None:
        options = RenderOptions(**option_values)
    elif option_values:
        raise TypeError("give either options or keyword options, not both")
    info = renderer(fmt)
    module = importlib.import_module(f"{__name__}.{info.module}")
    out: str | bytes = module.render(result, options)
    return out
