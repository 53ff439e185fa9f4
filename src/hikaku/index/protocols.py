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

__all__ = ["Hit", "KeywordStore", "VectorStore"]


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
    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None: ...

    def remove(self, ids: Sequence[str]) -> None: ...

    def search(self, vector: np.ndarray, k: int, threshold: float | None = None) -> list[Hit]: ...

    def __contains__(self, item_id: object) -> bool: ...

    def __len__(self) -> int: ...
