"""Chunk JSON: ``[{"id", "content", "metadata"}, …]`` or ``{"id", "title", "chunks": […]}``,
as produced by any chunker; the chunks are taken as they are, except for the context
lines and page furniture other tools leave in them (``exported.py``)."""

from __future__ import annotations

from .decode import read_text
from .exported import clean_exported
from .records import parse_chunks_json
from .registry import Loaded, LoadRequest

__all__ = ["load"]


def load(req: LoadRequest) -> Loaded:
    text = read_text(req.path, encoding=req.encoding, limits=req.limits, label=req.label)
    chunks, fields = parse_chunks_json(text, source=req.label, limits=req.limits)
    return Loaded(clean_exported(chunks), title=fields.get("title", ""), doc_id=fields.get("id"))
