"""Hybrid search: BM25 keyword ranking plus vector similarity, fused by RRF.

Work is lazy: texts are tokenised the first time a keyword search needs them and
embedded the first time a vector search needs them, so that a comparison which never
searches (identical documents) never loads a model.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..embeddings import Embedder
from ..tokenizers import Tokenizer
from .bm25_store import BM25Store
from .numpy_vector_store import NumpyVectorStore
from .part_searches import PartSearches
from .protocols import Hit, KeywordStore, VectorStore
from .query_vectors import QueryVectors
from .rrf import RRF_K, reciprocal_rank_fusion

__all__ = ["HybridIndex", "SearchHit", "SearchMode", "SEARCH_MODES"]

log = logging.getLogger(__name__)

SearchMode = Literal["hybrid", "vector", "keyword"]
SEARCH_MODES = ("hybrid", "vector", "keyword")


@dataclass(frozen=True)
class SearchHit:
    """``score`` is the cosine in vector mode, the BM25 score in keyword mode and the
    RRF score in hybrid mode; the per-store scores are kept beside it."""

    id: str
    score: float
    vector_score: float | None = None
    keyword_score: float | None = None


class HybridIndex:
    def __init__(
        self,
        embedder: Embedder,
        tokenizer: Tokenizer,
        *,
        keyword_store: KeywordStore | None = None,
        vector_store: VectorStore | None = None,
        rrf_k: int = RRF_K,
    ) -> None:
        self.embedder = embedder
        # `is None`, not `or`: an empty store is falsy (it has a length)
        self.keyword_store: KeywordStore = keyword_store if keyword_store is not None else BM25Store(tokenizer)
        self.vector_store: VectorStore = vector_store if vector_store is not None else NumpyVectorStore()
        self.rrf_k = rrf_k
        self._texts: dict[str, str] = {}
        self._pending_keyword: list[str] = []
        self._pending_vector: list[str] = []
        self._queries = QueryVectors(embedder)
        self._embedded_texts = 0
        # the in-memory store searches the queries announced ahead a part at a time
        self._parts = PartSearches(self.vector_store, self._queries) \
            if isinstance(self.vector_store, NumpyVectorStore) else None

    def __len__(self) -> int:
        return len(self._texts)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._texts

    def add(self, items: Sequence[tuple[str, str]],
            vectors: tuple[Sequence[str], np.ndarray] | None = None) -> None:
        """Add (id, text) pairs. Nothing is tokenised or embedded until a search needs it;
        *vectors* (ids, matrix) already computed for some of them are used as they are."""
        known = set(vectors[0]) if vectors is not None else set()
        for item_id, text in items:
            if item_id in self._texts:
                raise ValueError(f"id {item_id!r} is already in the index")
            self._texts[item_id] = text
            self._pending_keyword.append(item_id)
            if item_id not in known and item_id not in self.vector_store:  # a persistent store may have it
                self._pending_vector.append(item_id)
        if vectors is not None and len(vectors[0]):
            ids, matrix = vectors
            rows = [k for k, i in enumerate(ids) if i in self._texts]
            self.vector_store.add([ids[k] for k in rows], np.asarray(matrix)[rows])
            self._store_changed()

    def remove(self, ids: Sequence[str]) -> None:
        drop = set(ids)
        for i in drop:
            self._texts.pop(i, None)
        self._pending_keyword = [i for i in self._pending_keyword if i not in drop]
        self._pending_vector = [i for i in self._pending_vector if i not in drop]
        self.keyword_store.remove(list(drop))
        self.vector_store.remove(list(drop))
        self._store_changed()

    @property
    def embedded_texts(self) -> int:
        """Texts the embedder was asked for (chunks and queries)."""
        return self._embedded_texts + self._queries.embedded

    def prefetch_queries(self, texts: Sequence[str]) -> None:
        """Queries that are likely to come, in the order they will: from the first query on,
        embedded in parts in the background (:mod:`.query_vectors`)."""
        self._queries.announce(texts)

    def warm_up(self, query: str) -> None:
        """Embed now what the first vector search for *query* would: the texts waiting to be
        indexed, then *query*'s part of the queries prefetched (the same batches, so the same
        vectors, only sooner: a caller can say what takes the time)."""
        self._flush_vectors()
        self.embed_query(query)

    def embed_query(self, text: str) -> np.ndarray:
        """*text*'s vector: a prefetched query's from its part (computed in the background,
        in parts fixed by the prefetched list, so never depending on which query comes first),
        another embedded alone."""
        return self._queries(text)

    def search(
        self,
        query: str,
        *,
        mode: SearchMode = "hybrid",
        top_k: int = 5,
        k_vector: int | None = None,
        k_keyword: int | None = None,
        threshold: float | None = None,
    ) -> list[SearchHit]:
        """Search the index. ``threshold`` applies to the cosine (vector and hybrid modes)."""
        if mode not in SEARCH_MODES:
            raise ValueError(f"unknown search mode {mode!r}; choose one of {', '.join(SEARCH_MODES)}")
        k_vector = k_vector or max(top_k, 20)
        k_keyword = k_keyword or max(top_k, 20)
        vec_hits = kw_hits = None
        if mode in ("vector", "hybrid"):
            self._flush_vectors()
            vec_hits = self._vector_search(query, k_vector if mode == "hybrid" else top_k, threshold)
        if mode in ("keyword", "hybrid"):
            self._flush_keywords()
            kw_hits = self.keyword_store.search(query, k_keyword if mode == "hybrid" else top_k)
        if mode == "vector":
            return [SearchHit(h.id, h.score, vector_score=h.score) for h in vec_hits or []]
        if mode == "keyword":
            return [SearchHit(h.id, h.score, keyword_score=h.score) for h in kw_hits or []]
        vs = {h.id: h.score for h in vec_hits or []}
        ks = {h.id: h.score for h in kw_hits or []}
        fused = reciprocal_rank_fusion([[h.id for h in vec_hits or []], [h.id for h in kw_hits or []]], k=self.rrf_k)
        return [SearchHit(i, s, vector_score=vs.get(i), keyword_score=ks.get(i)) for i, s in fused[:top_k]]

    def _vector_search(self, query: str, k: int, threshold: float | None) -> list[Hit]:
        vector = self.embed_query(query)  # (from the first query on, the announced ones are in parts)
        hits = self._parts.hits(query, k, threshold) if self._parts is not None else None
        return hits if hits is not None else self.vector_store.search(vector, k, threshold)

    def prefetch_vector_searches(self, queries: Sequence[str], top_k: int, threshold: float | None = None) -> None:
        """Vector searches likely to come (the next chunks' queries): in the in-memory store, the
        parts that hold them searched ahead in a background thread (:mod:`.part_searches`: the
        same hits as :meth:`search` finds, found sooner), once every text is embedded. *threshold*
        applies when the search is made."""
        if self._parts is None or self._pending_vector or not len(self.vector_store):
            return
        self._parts.prefetch(queries, top_k)

    def stop_prefetching(self) -> None:
        """End the threads that embed queries and search ahead (the search is over); what they
        found is kept, what they had not started is done by the search that needs it."""
        if self._parts is not None:  # first: its thread may be waiting for a part of the queries
            self._parts.stop()
        self._queries.stop()

    def release_queries(self) -> None:
        """The search is over: end the threads (:meth:`stop_prefetching`) and let go of the
        queries' vectors and what was searched ahead; a search after it embeds its query alone."""
        self.stop_prefetching()
        if self._parts is not None:
            self._parts.clear()
        self._queries.forget()

    def _store_changed(self) -> None:
        if self._parts is not None:
            self._parts.clear()

    def _flush_vectors(self) -> None:
        if not self._pending_vector:
            return
        ids = self._pending_vector
        self._pending_vector = []
        vectors = self.embedder.embed([self._texts[i] for i in ids])
        self._embedded_texts += len(ids)
        self.vector_store.add(ids, vectors)
        self._store_changed()
        log.debug("embedded %d texts with %s", len(ids), self.embedder.name)

    def _flush_keywords(self) -> None:
        if not self._pending_keyword:
            return
        ids = self._pending_keyword
        self._pending_keyword = []
        self.keyword_store.add(ids, [self._texts[i] for i in ids])

    def index_keywords(self) -> None:
        """Tokenise the texts waiting for the keyword store now (a search would, first)."""
        self._flush_keywords()

    def document_frequency(self, term: str) -> int:
        self._flush_keywords()
        return self.keyword_store.document_frequency(term)

    def tokenize(self, text: str) -> list[str]:
        return self.keyword_store.tokenize(text)
