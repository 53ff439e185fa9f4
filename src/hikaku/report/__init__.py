"""Rendering a ComparisonResult: Markdown, JSON, CSV."""

from __future__ import annotations

from .._exceptions import ConfigurationError
from .._models import ComparisonResult
from .csv_report import render_csv
from .describe import changed_spans, describe_change, number_changes
from .items import item_label
from .labels import LANGS, labels
from .markdown import escape_cell, render_markdown

__all__ = [
    "FORMATS",
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

FORMATS = ("md", "json", "csv")


def render(result: ComparisonResult, fmt: str = "md", *, lang: str = "ja", include_unchanged: bool = False) -> str:
    """Render *result* as ``md`` (default), ``json`` or ``csv``."""
    if fmt in ("md", "markdown"):
        return render_markdown(result, lang=lang, include_unchanged=include_unchanged)
    if fmt == "json":
        return result.to_json() + "\n"
    if fmt == "csv":
        return render_csv(result, lang=lang, include_unchanged=include_unchanged)
    raise ConfigurationError(f"unknown output format {fmt!r}; choose one of {', '.join(FORMATS)}")
