"""Chunk JSON Lines: one ``{"id", "content", "metadata"}`` record per line."""

from __future__ import annotations

from .decode import read_text
from .exported import clean_exported
from .records import parse_chunks_jsonl
from .registry import Loaded, LoadRequest

__all__ = ["load"]


def load(req: LoadRequest) -> Loaded:
    text = read_text(req.path, encoding=req.encoding, limits=req.limits, label=req.label)
    return Loaded(clean_exported(parse_chunks_jsonl(text, source=req.label, limits=req.limits)))
