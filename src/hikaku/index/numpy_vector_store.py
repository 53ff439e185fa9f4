"""Exact cosine search by a matrix product: the embedded default vector store.

For up to ~100k vectors an exact search is one BLAS call and needs no server and no
extra dependency; vectors must be L2-normalised (every ``Embedder`` returns them so).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .protocols import Hit, checked_vectors

__all__ = ["NumpyVectorStore"]

_BLOCK = 256  # queries per matrix product in search_many (a block of scores: 256 × items floats)


class NumpyVectorStore:
    persistent = False  # DocumentIndex saves its vectors

    def __init__(self, dim: int | None = None) -> None:
        self._ids: list[str] = []
        self._pos: dict[str, int] = {}
        self._matrix = np.zeros((0, dim or 0), dtype=np.float32)

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._pos

    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        vectors = checked_vectors(ids, vectors, self._matrix.shape[1] if len(self._ids) else None, self._pos)
        self._matrix = vectors.copy() if not len(self._ids) else np.vstack([self._matrix, vectors])
        for i in ids:
            self._pos[i] = len(self._ids)
            self._ids.append(i)

    def vector(self, item_id: str) -> np.ndarray:
        return self._matrix[self._pos[item_id]]

    def item_ids(self) -> list[str]:
        return sorted(self._ids)

    def close(self) -> None:
        """Nothing to release."""

    def remove(self, ids: Sequence[str]) -> None:
        drop = {self._pos[i] for i in ids if i in self._pos}
        if not drop:
            return
        keep = [n for n in range(len(self._ids)) if n not in drop]
        self._matrix = self._matrix[keep]
        self._ids = [self._ids[n] for n in keep]
        self._pos = {i: n for n, i in enumerate(self._ids)}

    def search(self, vector: np.ndarray, k: int, threshold: float | None = None) -> list[Hit]:
        if not self._ids or k <= 0:
            return []
        scores = self._matrix @ np.asarray(vector, dtype=np.float32).reshape(-1)
        return self._best(scores, k, threshold)

    def search_many(self, vectors: np.ndarray, k: int, threshold: float | None = None) -> list[list[Hit]]:
        """:meth:`search` for each row of *vectors*, with one matrix product per block of
        rows (many queries against the same vectors: a block costs about what one query
        costs alone, which reads the whole matrix)."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if not self._ids or k <= 0:
            return [[] for _ in range(len(vectors))]
        out: list[list[Hit]] = []
        for start in range(0, len(vectors), _BLOCK):
            block = vectors[start:start + _BLOCK] @ self._matrix.T
            out.extend(self._best(row, k, threshold) for row in block)
        return out

    def _best(self, scores: np.ndarray, k: int, threshold: float | None) -> list[Hit]:
        """The *k* best, highest score first; equal scores in the order the items were added."""
        k = min(k, len(self._ids))
        kth = np.partition(scores, len(scores) - k)[len(scores) - k]
        top = np.flatnonzero(scores >= kth)  # every item tied with the k-th too, in order
        top = top[np.argsort(-scores[top], kind="stable")][:k]
        hits = [Hit(self._ids[n], float(min(1.0, scores[n]))) for n in top]
        if threshold is not None:
            hits = [h for h in hits if h.score >= threshold]
        return hits
