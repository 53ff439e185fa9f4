"""The output formats hikaku writes itself, each declared as a plugin declares its own
(``hikaku.renderers`` entries: pyproject.toml and ``registry.RENDERER_NAMES`` name these)."""

from __future__ import annotations

from .options import COLUMN_ORDERS
from .registry import RendererInfo

__all__ = ["CSV", "DOCX", "HTML", "JSON", "MARKDOWN", "XLSX"]

MARKDOWN = RendererInfo("md", "hikaku.renderers.markdown", (".md", ".markdown", ".txt"),
                        description="Markdown table (default)")
JSON = RendererInfo("json", "hikaku.renderers.json", (".json",), description="hikaku.comparison/v1")
CSV = RendererInfo("csv", "hikaku.renderers.csv", (".csv",), excel=True, description="one row per change")
HTML = RendererInfo("html", "hikaku.renderers.html", (".html", ".htm"), description="standalone side-by-side report")
XLSX = RendererInfo("xlsx", "hikaku.renderers.xlsx", (".xlsx",), binary=True, column_orders=COLUMN_ORDERS,
                    description="新旧対照表 for Excel (needs hikaku[xlsx])")
DOCX = RendererInfo("docx", "hikaku.renderers.docx", (".docx",), binary=True, column_orders=COLUMN_ORDERS,
                    description="新旧対照表 for Word (needs hikaku[docx])")
