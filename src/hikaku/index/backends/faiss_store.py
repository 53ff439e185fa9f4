"""FAISS (``pip install 'hikaku[faiss]'``): exact inner product over normalised vectors
(``IndexFlatIP`` inside an ``IndexIDMap2``), for large indexes in one process. Not
persistent by itself: :class:`~hikaku.index.DocumentIndex` saves the vectors and
rebuilds the FAISS index when it opens (a flat index builds in milliseconds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..._exceptions import MissingDependencyError
from ..protocols import Hit, checked_vectors

__all__ = ["FaissVectorStore"]


class FaissVectorStore:
    persistent = False

    def __init__(self) -> None:
        try:
            import faiss
        except ImportError:
            raise MissingDependencyError("faiss-cpu", "faiss", "The FAISS vector store") from None
        self._faiss = faiss
        self._index: Any = None  # built with the first vectors (their dimension)
        self._dim: int | None = None
        self._num: dict[str, int] = {}
        self._ids: dict[int, str] = {}
        self._next = 0

    def __len__(self) -> int:
        return len(self._num)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._num

    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        vectors = checked_vectors(ids, vectors, self._dim, self._num)
        if not len(ids):
            return
        if self._dim is None:
            self._dim = int(vectors.shape[1])
            self._index = self._faiss.IndexIDMap2(self._faiss.IndexFlatIP(self._dim))
        nums = np.arange(self._next, self._next + len(ids), dtype=np.int64)
        self._next += len(ids)
        self._index.add_with_ids(vectors, nums)
        for i, n in zip(ids, nums.tolist()):
            self._num[i] = n
            self._ids[n] = i

    def remove(self, ids: Sequence[str]) -> None:
        nums = [self._num.pop(i) for i in ids if i in self._num]
        if nums and self._index is not None:
            self._index.remove_ids(np.asarray(nums, dtype=np.int64))
            for n in nums:
                self._ids.pop(n, None)

    def item_ids(self) -> list[str]:
        return sorted(self._num)

    def close(self) -> None:
        """Nothing to release."""

    def vector(self, item_id: str) -> np.ndarray:
        return self._index.reconstruct(self._num[item_id])

    def search(self, vector: np.ndarray, k: int, threshold: float | None = None) -> list[Hit]:
        if not self._num or k <= 0 or self._index is None:
            return []
        q = np.ascontiguousarray(np.asarray(vector, dtype=np.float32).reshape(1, -1))
        scores, nums = self._index.search(q, min(k, len(self._num)))
        hits = [Hit(self._ids[int(n)], float(min(1.0, s))) for s, n in zip(scores[0], nums[0]) if n >= 0]
        hits.sort(key=lambda h: (-h.score, self._num[h.id]))
        return [h for h in hits if threshold is None or h.score >= threshold]
