"""Renderers: a :class:`~hikaku.result.ComparisonResult` as Markdown, JSON, CSV, HTML, and as a
新旧対照表 for Excel and Word.

One file per format, each with ``render(result, options) -> str | bytes``, found by
name (or by the output file's extension) in :data:`RENDERERS`. A renderer module is
imported only when its format is asked for, so a format with a heavy or optional
dependency costs nothing to the others. A new format is one file here and one line in
:data:`RENDERERS`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .._exceptions import ConfigurationError, InvalidArgumentError
from ..system import load_lazy as _load_lazy
from .options import COLUMN_ORDERS, RenderOptions

if TYPE_CHECKING:
    from ..result import ComparisonResult
    from .references import ReferenceLine, reference_lines

# imported on first use: the command line names the formats without the result model (a fast start)
_LAZY = {"ReferenceLine": ".references", "reference_lines": ".references"}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())

__all__ = [
    "COLUMN_ORDERS",
    "DIFF_STYLES",
    "FORMATS",
    "RENDERERS",
    "RenderOptions",
    "RendererInfo",
    "check",
    "format_for_path",
    "render",
    "render_bytes",
    "render_parts",
    "renderer",
    "ReferenceLine",
    "reference_lines",
]

DIFF_STYLES = ("md", "html", "none")


@dataclass(frozen=True)
class RendererInfo:
    name: str  # the --format value
    module: str  # hikaku.renderers.<module> holds render(result, options)
    extensions: tuple[str, ...]  # output files chosen by extension
    binary: bool = False  # render() returns bytes
    description: str = ""
    column_orders: tuple[str, ...] = ()  # the --column-order values it takes (none: a fixed layout)
    excel: bool = False  # takes the excel option (a variant of the format for Excel)


RENDERERS: dict[str, RendererInfo] = {
    r.name: r
    for r in (
        RendererInfo("md", "markdown", (".md", ".markdown", ".txt"), description="Markdown table (default)"),
        RendererInfo("json", "json", (".json",), description="hikaku.comparison/v1"),
        RendererInfo("csv", "csv", (".csv",), excel=True, description="one row per change"),
        RendererInfo("html", "html", (".html", ".htm"), description="standalone side-by-side report"),
        RendererInfo("xlsx", "xlsx", (".xlsx",), binary=True, column_orders=COLUMN_ORDERS,
                     description="新旧対照表 for Excel (needs hikaku[xlsx])"),
        RendererInfo("docx", "docx", (".docx",), binary=True, column_orders=COLUMN_ORDERS,
                     description="新旧対照表 for Word (needs hikaku[docx])"),
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


def check(fmt: str, options: RenderOptions) -> RendererInfo:
    """What :func:`render` would refuse, found before a long comparison: an unknown format, a
    column order or the excel option the format does not take, a missing extra
    (MissingDependencyError)."""
    info = renderer(fmt)
    if options.excel and not info.excel:
        takes = ", ".join(r.name for r in RENDERERS.values() if r.excel)
        raise ConfigurationError(f"the excel option makes a {takes} file for Excel; the {info.name} format has none")
    if options.column_order is not None:
        if options.column_order not in COLUMN_ORDERS:
            raise ConfigurationError(f"unknown column order {options.column_order!r}; "
                                     f"choose one of {', '.join(COLUMN_ORDERS)}")
        if options.column_order not in info.column_orders:
            takes = ", ".join(r.name for r in RENDERERS.values() if options.column_order in r.column_orders)
            raise ConfigurationError(f"the {info.name} format has a fixed column layout; "
                                     f"a column order applies to {takes}")
    require = getattr(importlib.import_module(f"{__name__}.{info.module}"), "require", None)
    if require is not None:
        require()
    return info


def _render_options(result: Any, options: RenderOptions | None, values: dict[str, Any]) -> RenderOptions:
    """The options of a rendering; InvalidArgumentError for what is not a result or an option."""
    from ..result import ComparisonResult

    if not isinstance(result, ComparisonResult):
        raise InvalidArgumentError(f"render needs a hikaku.ComparisonResult, not {type(result).__name__}")
    if options is not None:
        if values:
            raise InvalidArgumentError("give either options or keyword options, not both")
        if not isinstance(options, RenderOptions):
            raise InvalidArgumentError(f"options must be a hikaku.RenderOptions, not {type(options).__name__}")
        return options
    unknown = sorted(set(values) - set(RenderOptions.__dataclass_fields__))
    if unknown:
        raise InvalidArgumentError(f"unknown render option(s) {', '.join(unknown)}; the options are "
                                   f"{', '.join(RenderOptions.__dataclass_fields__)}")
    return RenderOptions(**values)


def render(result: ComparisonResult, fmt: str = "md", options: RenderOptions | None = None,
           **option_values: Any) -> str | bytes:
    """Render *result* in format *fmt* (``md``, ``json``, ``csv``, ``html``, ``xlsx``, ``docx``).

    Options are a :class:`RenderOptions` or its fields as keywords: *lang*,
    *include_unchanged*, *diff_style* (Markdown highlights: ``md`` ~~old~~ / **new**,
    ``html`` <del>/<ins>, ``none``), *excel* (CSV with BOM and CRLF), *max_cell_chars*,
    *column_order* (``new-old`` | ``old-new`` for xlsx and docx; default new-old, the
    新旧対照表 convention)."""
    options = _render_options(result, options, option_values)
    info = check(fmt, options)
    module = importlib.import_module(f"{__name__}.{info.module}")
    out: str | bytes = module.render(result, options)
    return out


def render_parts(result: ComparisonResult, fmt: str = "md", options: RenderOptions | None = None) -> Iterator[bytes]:
    """:func:`render_bytes` in parts, to be written one after another: a renderer may make
    them a row at a time (``render_parts`` in its module: JSON), so that a large report is
    never held whole; the others give their bytes in one part."""
    options = _render_options(result, options, {})
    info = check(fmt, options)
    parts = getattr(importlib.import_module(f"{__name__}.{info.module}"), "render_parts", None)
    if parts is None:
        yield render_bytes(result, fmt, options)
    else:
        yield from parts(result, options)


def render_bytes(result: ComparisonResult, fmt: str = "md", options: RenderOptions | None = None) -> bytes:
    """:func:`render` as the bytes of a file (text in UTF-8). A renderer may make them
    directly (``render_bytes`` in its module: JSON), without the text in between."""
    options = _render_options(result, options, {})
    info = check(fmt, options)
    module = importlib.import_module(f"{__name__}.{info.module}")
    direct = getattr(module, "render_bytes", None)
    out: str | bytes = direct(result, options) if direct is not None else module.render(result, options)
    return out.encode("utf-8") if isinstance(out, str) else out
