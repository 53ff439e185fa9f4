"""Hybrid retrieval: BM25 + vectors fused by Reciprocal Rank Fusion; ``DocumentIndex``, a
persistent index of whole documents with a LangChain retriever. A comparison builds its
two indexes (A and B) through ``DocumentIndex`` too."""

from __future__ import annotations

from ..settings import IndexSettings
from .bm25_store import BM25Store
from .document_index import DocumentIndex
from .hybrid import SEARCH_MODES, HybridIndex, SearchHit, SearchMode
from .numpy_vector_store import NumpyVectorStore
from .protocols import Hit, KeywordStore, VectorStore
from .rrf import RRF_K, reciprocal_rank_fusion

__all__ = [
    "BM25Store",
    "DocumentIndex",
    "IndexSettings",
    "HybridIndex",
    "Hit",
    "KeywordStore",
    "NumpyVectorStore",
    "RRF_K",
    "SEARCH_MODES",
    "SearchHit",
    "SearchMode",
    "VectorStore",
    "reciprocal_rank_fusion",
]
