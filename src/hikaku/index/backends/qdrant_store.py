"""Qdrant (``pip install 'hikaku[qdrant]'``): local mode in a directory (no server) or a
Qdrant server / cluster by URL. Persistent by itself: the vectors stay in Qdrant and a
reopened :class:`~hikaku.index.DocumentIndex` does not embed them again."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import numpy as np

from ..._exceptions import MissingDependencyError
from ..protocols import TIE_MARGIN, Hit, checked_vectors, ranked

__all__ = ["QdrantVectorStore"]

_NAMESPACE = uuid.UUID("6f1c0c8e-3d4b-4a8e-9f6e-2b7f0e4c9a11")


class QdrantVectorStore:
    persistent = True

    def __init__(self, *, path: str | None = None, url: str | None = None, api_key: str | None = None,
                 collection: str = "hikaku") -> None:
        try:
            from qdrant_client import QdrantClient, models
        except ImportError:
            raise MissingDependencyError("qdrant-client", "qdrant", "The Qdrant vector store") from None
        self._models = models
        if url:
            self._client = QdrantClient(url=url, api_key=api_key)
        else:
            self._client = QdrantClient(path=path) if path else QdrantClient(location=":memory:")
        self.collection = collection
        self._ids: set[str] = set()
        self._dim: int | None = None
        if self._client.collection_exists(collection):
            info = self._client.get_collection(collection)
            self._dim = int(info.config.params.vectors.size)  # type: ignore[union-attr]
            offset = None
            while True:
                points, offset = self._client.scroll(collection, limit=1000, offset=offset, with_payload=True)
                self._ids.update(str(p.payload["id"]) for p in points if p.payload)
                if offset is None:
                    break

    @staticmethod
    def _point(item_id: str) -> str:
        return str(uuid.uuid5(_NAMESPACE, item_id))

    def __len__(self) -> int:
        return len(self._ids)

    def item_ids(self) -> list[str]:
        return sorted(self._ids)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._ids

    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        vectors = checked_vectors(ids, vectors, self._dim, self._ids)
        if not len(ids):
            return
        if self._dim is None:
            self._dim = int(vectors.shape[1])
            self._client.create_collection(self.collection, vectors_config=self._models.VectorParams(
                size=self._dim, distance=self._models.Distance.COSINE))
        for k in range(0, len(ids), 256):
            batch = list(ids[k:k + 256])
            self._client.upsert(self.collection, points=[
                self._models.PointStruct(id=self._point(i), vector=v.tolist(), payload={"id": i})
                for i, v in zip(batch, vectors[k:k + 256])
            ])
        self._ids.update(ids)

    def remove(self, ids: Sequence[str]) -> None:
        drop = [i for i in ids if i in self._ids]
        if drop:
            self._client.delete(self.collection, points_selector=self._models.PointIdsList(
                points=[self._point(i) for i in drop]))
            self._ids.difference_update(drop)

    def vector(self, item_id: str) -> np.ndarray:
        got = self._client.retrieve(self.collection, ids=[self._point(item_id)], with_vectors=True)
        return np.asarray(got[0].vector, dtype=np.float32)

    def search(self, vector: np.ndarray, k: int, threshold: float | None = None) -> list[Hit]:
        if not self._ids or k <= 0:
            return []
        res = self._client.query_points(self.collection, query=np.asarray(vector, dtype=np.float32).reshape(-1).tolist(),
                                        limit=min(k + TIE_MARGIN, len(self._ids)), score_threshold=threshold,
                                        with_payload=True)
        return ranked([Hit(str(p.payload["id"]), float(min(1.0, p.score))) for p in res.points if p.payload], k)

    def close(self) -> None:
        self._client.close()
