"""The documents hikaku reads: an ordered list of chunks with ids."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .structure import ChunkStructure, parse_structure

__all__ = ["Chunk", "Document", "DocumentNote"]


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


class DocumentNote(BaseModel):
    """What a loader found the reader must know about an input: its *kind* (``reading_order``:
    pages whose reading order is in doubt), the *pages* it concerns, and *text*, the note in
    English (what is logged, and what a report shows for a kind it has no words of its own for).
    *detail*: the loader's reason, in English."""

    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    pages: tuple[int, ...] = ()
    detail: str = ""

    def __str__(self) -> str:
        return self.text


class Document(BaseModel):
    """An ordered list of chunks with an id and a title (and its loader's notes)."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str = ""
    chunks: list[Chunk]
    source: str | None = None
    # what its loader found the reader must know about the input (a PDF page whose reading order
    # is in doubt); a comparison lists them in its notes, in its language
    notes: list[DocumentNote] = Field(default_factory=list)

    @field_validator("notes", mode="before")
    @classmethod
    def _notes(cls, value: Any) -> Any:
        """A note given as a string (a caller's own) is a note of kind ``text``."""
        if isinstance(value, (list, tuple)):
            return [DocumentNote(kind="text", text=v) if isinstance(v, str) else v for v in value]
        return value

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
