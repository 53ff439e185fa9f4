"""Chunk JSON: ``[{"id", "content", "metadata"}, …]`` or ``{"id", "title", "chunks": […]}``,
as produced by any chunker; the chunks are taken as they are, except for the context
lines and page furniture other tools leave in them (``_exported.py``)."""

from __future__ import annotations

from ._decode import read_text
from ._exported import clean_exported
from ._records import parse_chunks_json
from ._registry import Loaded, LoadRequest

__all__ = ["load"]


def load(req: LoadRequest) -> Loaded:
    text = read_text(req.path, encoding=req.encoding, limits=req.limits, label=req.label)
    chunks, fields = parse_chunks_json(text, source=req.label, limits=req.limits)
    return Loaded(clean_exported(chunks), title=fields.get("title", ""), doc_id=fields.get("id"))
