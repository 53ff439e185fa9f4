"""Chunk JSON Lines: one ``{"id", "content", "metadata"}`` record per line."""

from __future__ import annotations

from ._decode import read_text
from ._exported import clean_exported
from ._records import parse_chunks_jsonl
from ._registry import Loaded, LoadRequest

__all__ = ["load"]


def load(req: LoadRequest) -> Loaded:
    return Loaded(clean_exported(parse_chunks_jsonl(read_text(req.path), source=str(req.path))))
