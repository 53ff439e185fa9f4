"""Rendering a ComparisonResult: Markdown, JSON, CSV, HTML."""

from __future__ import annotations

from .._exceptions import ConfigurationError
from .._models import ComparisonResult
from .csv_report import render_csv
from .describe import changed_spans, describe_change, number_changes
from .html_report import render_html
from .inline import diff_spans, inline_ops
from .items import item_label
from .labels import LANGS, labels
from .markdown import DIFF_STYLES, escape_cell, highlighted_cell, render_markdown
from .noise import cosmetic_kind

__all__ = [
    "DIFF_STYLES",
    "FORMATS",
    "cosmetic_kind",
    "diff_spans",
    "highlighted_cell",
    "inline_ops",
    "render_html",
    "LANGS",
    "changed_spans",
    "describe_change",
    "escape_cell",
    "item_label",
    "labels",
    "number_changes",
    "render",
    "render_csv",
    "render_markdown",
]

FORMATS = ("md", "json", "csv", "html")


def render(result: ComparisonResult, fmt: str = "md", *, lang: str = "ja", include_unchanged: bool = False,
           diff_style: str = "md", excel: bool = False, max_cell_chars: int = 200) -> str:
    """Render *result* as ``md`` (default), ``json``, ``csv`` or ``html``.

    *diff_style* marks the changed spans in Markdown cells (``md``: ~~old~~ / **new**,
    ``html``: <del>/<ins>, ``none``); *excel* makes the CSV Excel-friendly (BOM, CRLF,
    no cell read as a formula). The HTML report always holds every row (filters hide
    the unchanged ones)."""
    if fmt in ("md", "markdown"):
        if diff_style not in DIFF_STYLES:
            raise ConfigurationError(f"unknown diff style {diff_style!r}; choose one of {', '.join(DIFF_STYLES)}")
        return render_markdown(result, lang=lang, include_unchanged=include_unchanged, diff_style=diff_style,
                               max_cell_chars=max_cell_chars)
    if fmt == "json":
        return result.to_json() + "\n"
    if fmt == "csv":
        return render_csv(result, lang=lang, include_unchanged=include_unchanged, excel=excel)
    if fmt == "html":
        return render_html(result, lang=lang)
    raise ConfigurationError(f"unknown output format {fmt!r}; choose one of {', '.join(FORMATS)}")
