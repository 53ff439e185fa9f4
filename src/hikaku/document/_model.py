"""The documents hikaku reads: an ordered list of chunks with ids."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .structure import ChunkStructure, parse_structure

__all__ = ["Chunk", "Document"]


class Chunk(BaseModel):
    """One unit of a document: a clause, a paragraph, a sentence.

    ``metadata`` is free-form; hikaku reads ``heading_path`` (list of headings above
    the chunk), ``path`` (a ``/``-separated string), ``label`` and ``title`` when they
    are present, and writes them when it chunks Markdown or text itself.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    content: str
    metadata: dict[str, Any] = Field(default_factory=dict)

    @cached_property
    def structure(self) -> ChunkStructure:
        """Where the chunk sits in its document (heading path, label, title, pages), read
        from its metadata once: the one place that knows the metadata keys."""
        return parse_structure(self.content, self.metadata)


class Document(BaseModel):
    """An ordered list of chunks with an id and a title (and its loader's notes)."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str = ""
    chunks: list[Chunk]
    source: str | None = None
    # what its loader found the reader must know about the input, in English (a PDF page whose
    # reading order is in doubt); a comparison lists them in its notes
    notes: list[str] = Field(default_factory=list)

    @cached_property
    def _positions(self) -> dict[str, int]:
        return {c.id: i for i, c in enumerate(self.chunks)}

    def position(self, chunk_id: str) -> int | None:
        """Index of the chunk in the document, or None for an unknown id."""
        return self._positions.get(chunk_id)

    def get(self, chunk_id: str) -> Chunk | None:
        i = self._positions.get(chunk_id)
        return None if i is None else self.chunks[i]

    def __len__(self) -> int:
        return len(self.chunks)
