"""The input formats hikaku reads itself, each declared as a plugin declares its own
(``hikaku.loaders`` entries: pyproject.toml and ``registry.LOADER_NAMES`` name these)."""

from __future__ import annotations

from .registry import LoaderInfo

__all__ = ["DOCX", "HTML", "JSON", "JSONL", "MARKDOWN", "PDF", "TEXT"]

JSON = LoaderInfo("json", "hikaku.loaders.json_chunks", (".json",), description="chunk list [{id, content, metadata}]",
                  text=True)
JSONL = LoaderInfo("jsonl", "hikaku.loaders.jsonl_chunks", (".jsonl", ".ndjson"), description="chunk records, one per line",
                   text=True)
MARKDOWN = LoaderInfo("markdown", "hikaku.loaders.markdown", (".md", ".markdown"), description="Markdown", text=True)
TEXT = LoaderInfo("text", "hikaku.loaders.text", (".txt", ".text"), description="plain text", text=True)
PDF = LoaderInfo("pdf", "hikaku.loaders.pdf", (".pdf",), extra="pdf", description="PDF with a text layer")
DOCX = LoaderInfo("docx", "hikaku.loaders.docx", (".docx",), extra="docx", description="Word")
HTML = LoaderInfo("html", "hikaku.loaders.html", (".html", ".htm", ".xhtml"), description="HTML", text=True)
