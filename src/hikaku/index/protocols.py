"""The small interfaces every store backend implements.

A keyword store ranks texts for a query by term statistics (BM25); a vector store
ranks vectors by cosine similarity. Both address items by string id, and both
support removal, so that a document can leave an index without a rebuild by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Hit", "KeywordStore", "VectorStore", "checked_vectors", "TIE_MARGIN", "ranked"]

TIE_MARGIN = 16  # extra results a server backend fetches so that ties at the cut can be ordered


@dataclass(frozen=True)
class Hit:
    """One search result: the id of the item and its score (higher is better)."""

    id: str
    score: float


@runtime_checkable
class KeywordStore(Protocol):
    def add(self, ids: Sequence[str], texts: Sequence[str]) -> None: ...

    def remove(self, ids: Sequence[str]) -> None: ...

    def search(self, query: str, k: int) -> list[Hit]: ...

    def document_frequency(self, term: str) -> int: ...

    def tokenize(self, text: str) -> list[str]: ...

    def __len__(self) -> int: ...


@runtime_checkable
class VectorStore(Protocol):
    """``persistent``: the store keeps its vectors itself (a Qdrant or Chroma directory or
    server); otherwise :class:`~hikaku.index.DocumentIndex` saves them (``vector``) and
    adds them back when it reopens."""

    persistent: bool

    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None: ...

    def remove(self, ids: Sequence[str]) -> None: ...

    def search(self, vector: np.ndarray, k: int, threshold: float | None = None) -> list[Hit]: ...

    def vector(self, item_id: str) -> np.ndarray: ...

    def item_ids(self) -> list[str]:
        """Every id held, sorted."""
        ...

    def close(self) -> None:
        """Release files, locks and connections (the store is not used afterwards)."""
        ...

    def __contains__(self, item_id: object) -> bool: ...

    def __len__(self) -> int: ...


def checked_vectors(ids: Sequence[str], vectors: np.ndarray, dim: int | None, held) -> np.ndarray:
    """The validation every ``VectorStore.add`` does: an array of shape (len(ids), dim)
    in float32, the store's dimension (*dim*, None while empty), and no id twice (neither
    already *held* nor repeated in *ids*). Raises ValueError."""
    vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    if vectors.ndim != 2 or vectors.shape[0] != len(ids):
        raise ValueError("vectors must be an array of shape (len(ids), dim)")
    if dim is not None and len(ids) and vectors.shape[1] != dim:
        raise ValueError(f"dimension {vectors.shape[1]} differs from the store's {dim}")
    seen: set[str] = set()
    for i in ids:
        if i in held or i in seen:
            raise ValueError(f"id {i!r} is already in the vector store")
        seen.add(i)
    return vectors


def ranked(hits: list[Hit], k: int, threshold: float | None = None) -> list[Hit]:
    """Best first, equal scores (to 6 decimals) by id, the first *k* at or above
    *threshold*: a server returns ties in no particular order, and a reopened index must
    answer exactly as before."""
    hits = sorted(hits, key=lambda h: (-round(h.score, 6), h.id))[:k]
    return [h for h in hits if threshold is None or h.score >= threshold]
