"""A document as the tools see it: chunks by id and position, the heading hierarchy
with extractive summaries, and the hybrid index used for vector search."""

from __future__ import annotations

from functools import cached_property
from typing import Any, Iterable

from .._models import Chunk, Document
from .._text import shorten, split_sentences
from ..index import HybridIndex
from ._safe_regex import normalize_with_offsets

__all__ = ["DocumentStore", "StoreSet", "heading_path_of"]

SUMMARY_CHARS = 200


def heading_path_of(chunk: Chunk) -> list[str]:
    """The headings above a chunk, outermost first, from its metadata.

    Reads ``heading_path`` (list), else ``path`` (``a/b/c``), else ``section`` /
    ``chapter``, else ``paragraph`` (as ``¶N``)."""
    md = chunk.metadata
    hp = md.get("heading_path")
    if isinstance(hp, (list, tuple)):
        return [str(h) for h in hp if str(h).strip()]
    path = md.get("path")
    if isinstance(path, str) and path.strip():
        return [p.strip() for p in path.replace(">", "/").split("/") if p.strip()]
    for key in ("section", "chapter"):
        if isinstance(md.get(key), (str, int)) and str(md[key]).strip():
            return [str(md[key])]
    if isinstance(md.get("paragraph"), (str, int)):
        return [f"¶{md['paragraph']}"]
    return []


class DocumentStore:
    """One side (A or B) of a comparison."""

    def __init__(self, document: Document, side: str, index: HybridIndex, searchable: Iterable[str] | None = None):
        self.document = document
        self.side = side
        self.index = index
        ids = [c.id for c in document.chunks] if searchable is None else list(searchable)
        self.index.add([(i, document.get(i).content) for i in ids])  # type: ignore[union-attr]
        self._normalized: dict[str, tuple[str, list[int]]] = {}
        self._summaries: dict[tuple[str, ...], str] = {}

    @property
    def id(self) -> str:
        return self.document.id

    def chunk(self, chunk_id: str) -> Chunk | None:
        return self.document.get(chunk_id)

    def position(self, chunk_id: str) -> int | None:
        return self.document.position(chunk_id)

    def view(self, chunk: Chunk, **extra: Any) -> dict[str, Any]:
        """A chunk as tools return it."""
        return {
            "id": chunk.id,
            "content": chunk.content,
            "metadata": chunk.metadata,
            "position": self.position(chunk.id),
            **extra,
        }

    def normalized(self, chunk: Chunk) -> tuple[str, list[int]]:
        got = self._normalized.get(chunk.id)
        if got is None:
            got = self._normalized[chunk.id] = normalize_with_offsets(chunk.content)
        return got

    @cached_property
    def _paths(self) -> list[tuple[str, ...]]:
        return [tuple(heading_path_of(c)) for c in self.document.chunks]

    def heading_path(self, chunk: Chunk) -> list[str]:
        pos = self.position(chunk.id)
        return list(self._paths[pos]) if pos is not None else []

    def parents(self, chunk: Chunk, levels: int) -> list[dict[str, Any]]:
        """Up to *levels* ancestors, nearest first: level, heading, summary."""
        path = self._paths[self.position(chunk.id) or 0]
        out = []
        for up in range(1, min(levels, len(path)) + 1):
            prefix = path[: len(path) - up + 1]
            out.append({"level": up, "heading": prefix[-1], "path": list(prefix), "summary": self.summary(prefix)})
        return out

    def summary(self, prefix: tuple[str, ...]) -> str:
        """Extractive summary of a heading node: its heading and the leading sentences
        of the text under it."""
        got = self._summaries.get(prefix)
        if got is not None:
            return got
        n = len(prefix)
        members = [c for c, p in zip(self.document.chunks, self._paths) if p[:n] == prefix]
        sentences: list[str] = []
        for c in members:
            for s in split_sentences(c.content):
                if s.strip() != prefix[-1].strip():
                    sentences.append(s)
                if len(sentences) >= 3:
                    break
            if len(sentences) >= 3:
                break
        text = f"{prefix[-1]}: " + " ".join(sentences) if sentences else prefix[-1]
        got = shorten(f"{text} ({len(members)} chunks)" if members else text, SUMMARY_CHARS)
        self._summaries[prefix] = got
        return got


class StoreSet:
    """The documents the tools can address: by their ids or by the aliases A and B."""

    def __init__(self, a: DocumentStore, b: DocumentStore) -> None:
        self.a = a
        self.b = b

    def resolve(self, document_id: str) -> DocumentStore | None:
        key = document_id.strip()
        if key.upper() in ("A", "DOCUMENT_A", "DOC_A"):
            return self.a
        if key.upper() in ("B", "DOCUMENT_B", "DOC_B"):
            return self.b
        if key == self.a.id and key != self.b.id:
            return self.a
        if key == self.b.id and key != self.a.id:
            return self.b
        return None

    def names(self) -> str:
        ids = {"A", "B", self.a.id, self.b.id} if self.a.id != self.b.id else {"A", "B"}
        return ", ".join(sorted(ids))
