"""Exact cosine search by a matrix product: the embedded default vector store.

For up to ~100k vectors an exact search is one BLAS call and needs no server and no
extra dependency; vectors must be L2-normalised (every ``Embedder`` returns them so).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..system import best
from .protocols import Hit, checked_vectors

__all__ = ["NumpyVectorStore"]

_BLOCK = 256  # vectors searched in one product (search_many): 256 × 10,000 scores, 10 MB


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
        top = best(scores, k)
        return self.hits(top, scores[top], threshold)

    def search_many(self, vectors: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
        """For each row of *vectors*, the positions of the *k* best vectors held (best first,
        ties in the order added) and their scores, from one product of the matrix with a block of
        them (it is read once a block, not once a vector). A vector's scores are its row of that
        product: the same whenever the same vectors are asked together (:meth:`hits` reads them)."""
        k = max(0, min(k, len(self._ids)))
        vectors = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)
        if not k or not len(vectors):
            return np.zeros((len(vectors), k), dtype=np.int64), np.zeros((len(vectors), k), dtype=np.float32)
        top = np.empty((len(vectors), k), dtype=np.int64)
        found = np.empty((len(vectors), k), dtype=np.float32)
        for s in range(0, len(vectors), _BLOCK):  # a block of vectors at a time: a bounded score matrix
            scores = vectors[s:s + _BLOCK] @ self._matrix.T
            top[s:s + _BLOCK] = [best(row, k) for row in scores]
            found[s:s + _BLOCK] = np.take_along_axis(scores, top[s:s + _BLOCK], axis=1)
        return top, found

    def hits(self, positions: np.ndarray, scores: np.ndarray, threshold: float | None = None) -> list[Hit]:
        """Hits of the vectors at *positions* with their *scores* (one each; above 1 by rounding
        read as 1), those under *threshold* left out."""
        hits = [Hit(self._ids[n], float(min(1.0, s))) for n, s in zip(positions.tolist(), scores.tolist())]
        return hits if threshold is None else [h for h in hits if h.score >= threshold]

