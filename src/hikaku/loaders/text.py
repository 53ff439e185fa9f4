"""Plain text, chunked along the headings in its text (第N条, 第N章 …), else by paragraph."""

from __future__ import annotations

from .chunker import chunk_text, first_heading
from .decode import request_text
from .registry import Loaded, LoadRequest

__all__ = ["load"]


def load(req: LoadRequest) -> Loaded:
    chunks = chunk_text(request_text(req), source=req.label, markdown=False, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars, limits=req.limits)
    return Loaded(chunks, title=first_heading(chunks))
