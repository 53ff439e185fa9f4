"""Hybrid retrieval: BM25 + vectors fused by Reciprocal Rank Fusion."""

from __future__ import annotations

from .bm25_store import BM25Store
from .hybrid import SEARCH_MODES, HybridIndex, SearchHit, SearchMode
from .numpy_vector_store import NumpyVectorStore
from .protocols import Hit, KeywordStore, VectorStore
from .rrf import RRF_K, reciprocal_rank_fusion

__all__ = [
    "BM25Store",
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
