"""The pages a chunk is on, from where each page starts in the text the loader read (PDF, and
Word files Word laid out): ``page_start`` / ``page_end`` in its metadata, 1-based."""

from __future__ import annotations

import bisect

from ..document import Chunk

__all__ = ["with_pages"]


def with_pages(chunk: Chunk, page_starts: list[int]) -> Chunk:
    """*chunk* with the 1-based pages its text spans (*page_starts*: the offset in the text
    where each page starts, page 1 at 0)."""
    md = chunk.metadata
    first = bisect.bisect_right(page_starts, md["char_start"])
    last = bisect.bisect_right(page_starts, max(md["char_start"], md["char_end"] - 1))
    return chunk.model_copy(update={"metadata": {**md, "page_start": first, "page_end": last}})
