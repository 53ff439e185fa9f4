"""Chroma (``pip install 'hikaku[chroma]'``): embedded in a directory, or a Chroma server
by URL (``chroma run``). Persistent by itself. hikaku hands Chroma its own vectors (no
Chroma embedding function runs) and turns off Chroma's telemetry."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlparse

import numpy as np

from ..._exceptions import MissingDependencyError
from ..protocols import TIE_MARGIN, Hit, checked_vectors, ranked

__all__ = ["ChromaVectorStore"]


class ChromaVectorStore:
    persistent = True

    def __init__(self, *, path: str | None = None, url: str | None = None, collection: str = "hikaku") -> None:
        try:
            import chromadb
            from chromadb.config import Settings
        except ImportError:
            raise MissingDependencyError("chromadb", "chroma", "The Chroma vector store") from None
        settings = Settings(anonymized_telemetry=False)
        if url:
            u = urlparse(url if "://" in url else f"http://{url}")
            self._client = chromadb.HttpClient(host=u.hostname or "localhost", port=u.port or 8000,
                                               ssl=u.scheme == "https", settings=settings)
        elif path:
            self._client = chromadb.PersistentClient(path=path, settings=settings)
        else:
            self._client = chromadb.EphemeralClient(settings=settings)
        self._collection = self._client.get_or_create_collection(
            collection, metadata={"hnsw:space": "cosine"}, embedding_function=None)
        self._ids: set[str] = set(self._collection.get(include=[])["ids"])
        self._dim: int | None = None
        if self._ids:
            self._dim = len(self.vector(next(iter(self._ids))))

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._ids

    def item_ids(self) -> list[str]:
        return sorted(self._ids)

    def close(self) -> None:
        """Chroma's clients hold nothing that must be released explicitly."""

    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        vectors = checked_vectors(ids, vectors, self._dim, self._ids)
        if not len(ids):
            return
        for k in range(0, len(ids), 1000):
            self._collection.add(ids=list(ids[k:k + 1000]), embeddings=vectors[k:k + 1000].tolist())
        self._dim = int(vectors.shape[1])
        self._ids.update(ids)

    def remove(self, ids: Sequence[str]) -> None:
        drop = [i for i in ids if i in self._ids]
        if drop:
            self._collection.delete(ids=drop)
            self._ids.difference_update(drop)

    def vector(self, item_id: str) -> np.ndarray:
        got = self._collection.get(ids=[item_id], include=["embeddings"])["embeddings"]
        if got is None or not len(got):
            raise KeyError(item_id)
        return np.asarray(got[0], dtype=np.float32)

    def search(self, vector: np.ndarray, k: int, threshold: float | None = None) -> list[Hit]:
        if not self._ids or k <= 0:
            return []
        res = self._collection.query(query_embeddings=np.asarray(vector, dtype=np.float32).reshape(1, -1),
                                     n_results=min(k + TIE_MARGIN, len(self._ids)), include=["distances"])
        distances = res["distances"] or [[]]
        return ranked([Hit(i, float(min(1.0, 1.0 - d))) for i, d in zip(res["ids"][0], distances[0])], k, threshold)
