"""Renderers: a :class:`~hikaku.result.ComparisonResult` as Markdown, JSON, CSV, HTML, and as a
新旧対照表 for Excel and Word.

One file per format, each with ``render(result, options) -> str | bytes``, found by
name (or by the output file's extension) in :data:`RENDERERS` (``registry.py``: the entry
point group ``hikaku.renderers``, which a plugin adds a format to without any edit here,
docs/plugins.md). A renderer module is imported only when its format is asked for, so a
format with a heavy or optional dependency costs nothing to the others.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .._exceptions import InvalidArgumentError
from ..system import load_lazy as _load_lazy
from .options import COLUMN_ORDERS, RenderOptions
from .registry import (
    RENDERER_NAMES,
    RENDERERS,
    RendererInfo,
    check,
    format_for_path,
    output_formats,
    renderer,
    renderer_module,
)

if TYPE_CHECKING:
    from ..result import ComparisonResult
    from .references import ReferenceLine, reference_lines
    from .totals import TOTALS, counted


__all__ = [
    "COLUMN_ORDERS",
    "DIFF_STYLES",
    "RENDERER_NAMES",
    "RENDERERS",
    "RenderOptions",
    "RendererInfo",
    "TOTALS",
    "check",
    "counted",
    "format_for_path",
    "output_formats",
    "render",
    "render_bytes",
    "render_parts",
    "renderer",
    "ReferenceLine",
    "reference_lines",
]

DIFF_STYLES = ("md", "html", "none")

# imported on first use: the command line names the formats without the result model (a fast start;
# the totals read the result's model, a tenth of a second)
_LAZY = {"ReferenceLine": ".references", "reference_lines": ".references", "TOTALS": ".totals", "counted": ".totals"}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


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
    with RENDERERS.entry(info.name).blame("rendering"):
        out: str | bytes = renderer_module(info).render(result, options)
    return out


def render_parts(result: ComparisonResult, fmt: str = "md", options: RenderOptions | None = None) -> Iterator[bytes]:
    """:func:`render_bytes` in parts, to be written one after another: a renderer may make
    them a row at a time (``render_parts`` in its module: JSON), so that a large report is
    never held whole; the others give their bytes in one part."""
    options = _render_options(result, options, {})
    info = check(fmt, options)
    parts = getattr(renderer_module(info), "render_parts", None)
    if parts is None:
        yield render_bytes(result, fmt, options)
    else:
        with RENDERERS.entry(info.name).blame("rendering"):
            yield from parts(result, options)


def render_bytes(result: ComparisonResult, fmt: str = "md", options: RenderOptions | None = None) -> bytes:
    """:func:`render` as the bytes of a file (text in UTF-8). A renderer may make them
    directly (``render_bytes`` in its module: JSON), without the text in between."""
    options = _render_options(result, options, {})
    info = check(fmt, options)
    module = renderer_module(info)
    direct = getattr(module, "render_bytes", None)
    with RENDERERS.entry(info.name).blame("rendering"):
        out: str | bytes = direct(result, options) if direct is not None else module.render(result, options)
    return out.encode("utf-8") if isinstance(out, str) else out
