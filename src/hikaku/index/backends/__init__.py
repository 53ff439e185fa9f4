"""Vector store backends beyond the embedded default, each behind an extra. Every backend
implements :class:`~hikaku.index.protocols.VectorStore` and passes the shared conformance
suite (``tests/index/test_vector_store_conformance.py``)."""

from __future__ import annotations

__all__ = ["ChromaVectorStore", "FaissVectorStore", "QdrantVectorStore"]


def __getattr__(name: str):  # imported on use: each needs its extra
    if name == "FaissVectorStore":
        from .faiss_store import FaissVectorStore

        return FaissVectorStore
    if name == "ChromaVectorStore":
        from .chroma_store import ChromaVectorStore

        return ChromaVectorStore
    if name == "QdrantVectorStore":
        from .qdrant_store import QdrantVectorStore

        return QdrantVectorStore
    raise AttributeError(name)
