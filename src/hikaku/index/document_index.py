"""``DocumentIndex``: a persistent hybrid index of whole documents, in the spirit of the
seeds' FinderLedge — add files, directories or documents (split along their structure,
every chunk keeping its parent's id), remove a document with all its chunks, search in
hybrid / vector / keyword mode, and hand the index to LangChain as a retriever.

The default backend is embedded (BM25 over Sudachi tokens with bm25s, exact cosine with
numpy) and needs no server. Everything lives in memory and, with ``persist_directory``,
is written there after every change: a JSON file of the documents and chunks and a
``.npy`` matrix of the vectors, each written to a temporary file and renamed, so that
an interrupted write never leaves an index that loads wrongly. Reopening reads the
vectors back (nothing is embedded again) and gives identical results.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .._exceptions import ConfigurationError, InputError
from ..document import Chunk, Document
from ..embeddings import Embedder, embedder_for
from ..settings import IndexSettings, resolve_index_settings
from ..system import write_atomically
from ..tokenizers import Tokenizer, get_tokenizer
from .hybrid import SEARCH_MODES, HybridIndex, SearchHit, SearchMode
from .protocols import VectorStore
from .vector_stores import make_vector_store

__all__ = ["DocumentIndex", "IndexSettings"]

log = logging.getLogger(__name__)
FORMAT = "hikaku.index/v1"
SEPARATOR = "\n\n---\n\n"


class DocumentIndex:
    """See the module docstring. Settings are an :class:`IndexSettings` or its fields as
    keywords (then resolved with the environment ``HIKAKU_<NAME>``). ``embedder`` /
    ``tokenizer`` replace the configured ones (a comparison shares one model between its
    two indexes; tests pass doubles here)."""

    def __init__(self, settings: IndexSettings | None = None, *, embedder: Embedder | None = None,
                 tokenizer: Tokenizer | None = None, environ: Mapping[str, str] | None = None,
                 **overrides: Any) -> None:
        env = os.environ if environ is None else environ
        if settings is None:
            settings = resolve_index_settings(overrides, env)
        elif overrides:
            raise TypeError("give either settings or keyword settings, not both")
        self.settings = settings
        self.embedder = embedder or embedder_for(settings, env)
        self.tokenizer = tokenizer or get_tokenizer(settings.tokenizer)
        self._parents: dict[str, dict[str, Any]] = {}
        self._chunks: dict[str, Chunk] = {}
        self._owner: dict[str, str] = {}  # chunk id -> parent id
        self.directory = Path(self.settings.persist_directory) if self.settings.persist_directory else None
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
        self.vector_store = self._make_vector_store()
        self._index = HybridIndex(self.embedder, self.tokenizer, vector_store=self.vector_store)
        if self.directory is not None:
            self._load()

    def _make_vector_store(self) -> VectorStore:
        return make_vector_store(self.settings, self.directory)

    def close(self) -> None:
        """Release the backend (a Qdrant local directory is locked while open)."""
        self._index.stop_prefetching()
        self.vector_store.close()

    def __enter__(self) -> DocumentIndex:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- documents ---------------------------------------------------------------------
    def add_document(self, source: str | os.PathLike[str] | Document | Any | Iterable[Any]) -> list[str]:
        """Add a file, a directory (every readable file in it, recursively), a hikaku or
        LangChain ``Document``, or a list of them. Returns the parents' ids."""
        added: list[str] = []
        for doc in self._documents(source):
            pid = self._parent_id(doc)
            if pid in self._parents:
                self.remove_document(pid, _save=False)
            chunks = self._with_overlap(doc.chunks)
            ids = [f"{pid}#{k}" for k in range(len(chunks))]
            self._add(pid, doc, [Chunk(id=cid, content=c.content,
                                       metadata={**c.metadata, "parent_id": pid, "source": doc.source or doc.id})
                                 for cid, c in zip(ids, chunks)])
            added.append(pid)
        self._save()
        return added

    def index_document(self, doc: Document, chunk_ids: Iterable[str] | None = None) -> None:
        """Add a loaded document's chunks (or only those in *chunk_ids*) as they are: same
        ids, same metadata, no copies. A comparison indexes each side this way."""
        if doc.id in self._parents:
            self.remove_document(doc.id, _save=False)
        wanted = None if chunk_ids is None else set(chunk_ids)
        self._add(doc.id, doc, [c for c in doc.chunks if wanted is None or c.id in wanted])
        self._save()

    def _add(self, pid: str, doc: Document, chunks: list[Chunk]) -> None:
        taken = [c.id for c in chunks if c.id in self._chunks]
        if taken:
            raise InputError(f"chunk id(s) {', '.join(taken[:5])} are already in the index")
        for c in chunks:
            self._chunks[c.id] = c
            self._owner[c.id] = pid
        self._parents[pid] = {"title": doc.title, "source": doc.source, "chunk_ids": [c.id for c in chunks]}
        self._index.add([(c.id, c.content) for c in chunks])

    def remove_document(self, doc_id: str, *, _save: bool = True) -> None:
        """Remove a parent document and all its chunks from every store."""
        parent = self._parents.pop(doc_id, None)
        if parent is None:
            raise KeyError(f"no document {doc_id!r} in the index")
        self._index.remove(parent["chunk_ids"])
        for cid in parent["chunk_ids"]:
            self._chunks.pop(cid, None)
            self._owner.pop(cid, None)
        if _save:
            self._save()

    @property
    def document_ids(self) -> list[str]:
        return list(self._parents)

    def __len__(self) -> int:
        return len(self._chunks)

    # -- search --------------------------------------------------------------------------
    def search(self, query: str, search_mode: str = "hybrid", top_k: int = 5, k_vector: int | None = None,
               k_keyword: int | None = None, vector_filter: Mapping[str, Any] | None = None) -> list[Any]:
        """LangChain ``Document`` s, best first; ``metadata['relevance_score']`` is the cosine
        in vector mode, the BM25 score in keyword mode and the RRF score in hybrid mode."""
        from langchain_core.documents import Document as LCDocument

        if search_mode not in SEARCH_MODES:
            raise ConfigurationError(f"unknown search_mode {search_mode!r}; choose one of {', '.join(SEARCH_MODES)}")
        if not query.strip() or not self._chunks:
            return []
        want = top_k if not vector_filter else max(top_k * 10, 50)
        hits = self.search_hits(query, mode=search_mode, top_k=want,  # type: ignore[arg-type]
                                k_vector=k_vector if not vector_filter else max(k_vector or 0, want),
                                k_keyword=k_keyword)
        out = []
        for h in hits:
            c = self._chunks.get(h.id)
            if c is None:  # cannot happen after _load's clean-up; never fail a search on it
                continue
            meta = {**c.metadata, "id": c.id, "relevance_score": h.score, "vector_score": h.vector_score,
                    "keyword_score": h.keyword_score}
            meta.setdefault("parent_id", self._owner.get(c.id))
            if vector_filter and any(meta.get(k) != v for k, v in vector_filter.items()):
                continue
            out.append(LCDocument(page_content=c.content, metadata=meta, id=c.id))
            if len(out) >= top_k:
                break
        return out

    def search_hits(self, query: str, *, mode: SearchMode = "hybrid", top_k: int = 5, k_vector: int | None = None,
                    k_keyword: int | None = None, threshold: float | None = None) -> list[SearchHit]:
        """Chunk ids and scores, best first (what :meth:`search` wraps in LangChain
        documents); ``threshold`` applies to the cosine (vector and hybrid modes)."""
        return self._index.search(query, mode=mode, top_k=top_k, k_vector=k_vector, k_keyword=k_keyword,
                                  threshold=threshold)

    def chunk(self, chunk_id: str) -> Chunk | None:
        return self._chunks.get(chunk_id)

    def prefetch_queries(self, texts: Sequence[str]) -> None:
        """Queries likely to come, embedded in one batch with the first that needs the model."""
        self._index.prefetch_queries(texts)

    def warm_up(self, query: str) -> None:
        """Embed the chunks and queries the first vector search for *query* needs (:meth:`HybridIndex.warm_up`)."""
        self._index.warm_up(query)

    def prefetch_vector_searches(self, queries: Sequence[str], top_k: int, threshold: float | None = None) -> None:
        """Vector searches likely to come, started ahead (:meth:`HybridIndex.prefetch_vector_searches`)."""
        self._index.prefetch_vector_searches(queries, top_k, threshold)

    def stop_prefetching(self) -> None:
        self._index.stop_prefetching()

    def release_queries(self) -> None:
        """The search is over: the queries' vectors let go (:meth:`HybridIndex.release_queries`)."""
        self._index.release_queries()

    def index_keywords(self) -> None:
        """Tokenise the chunks for the keyword store now (:meth:`HybridIndex.index_keywords`)."""
        self._index.index_keywords()

    def document_frequency(self, term: str) -> int:
        """In how many indexed chunks the (tokenised) term occurs."""
        return self._index.document_frequency(term)

    def tokenize(self, text: str) -> list[str]:
        return self._index.tokenize(text)

    @property
    def embedded_texts(self) -> int:
        """Texts embedded by this index (chunks and queries): what the model was asked for."""
        return self._index.embedded_texts

    def get_context(self, query: str, separator: str = SEPARATOR, **search_kwargs: Any) -> str:
        return separator.join(d.page_content for d in self.search(query, **search_kwargs))

    def as_retriever(self, **search_kwargs: Any):
        from .retriever import DocumentIndexRetriever

        return DocumentIndexRetriever(index=self, search_kwargs=search_kwargs)

    # -- loading and splitting -----------------------------------------------------------
    def _documents(self, source: Any) -> list[Document]:
        from ..loaders import extensions, load_document

        size = self.settings.chunk_size
        if isinstance(source, Document):
            return [source]
        if isinstance(source, (str, os.PathLike)):
            path = Path(source)
            if path.is_dir():
                readable = extensions()  # every format's, a plugin's too
                files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in readable)
                return _told([load_document(p, max_chunk_chars=size, doc_id=str(p.relative_to(path))) for p in files])
            return _told([load_document(path, max_chunk_chars=size)])
        if hasattr(source, "page_content"):  # a LangChain Document
            from ..loaders import chunk_text

            meta = dict(getattr(source, "metadata", {}) or {})
            name = str(getattr(source, "id", None) or meta.get("id") or meta.get("source") or "")
            chunks = chunk_text(source.page_content, source=meta.get("source", name), markdown=True, max_chars=size)
            chunks = [c.model_copy(update={"metadata": {**meta, **c.metadata}}) for c in chunks]
            if not chunks:
                raise InputError(f"document {name or '(unnamed)'} has no text")
            return [Document(id=name or self._digest(source.page_content), title=meta.get("title", ""),
                             chunks=chunks, source=meta.get("source"))]
        if isinstance(source, Iterable):
            return [d for item in source for d in self._documents(item)]
        raise InputError(f"cannot add {type(source).__name__}: give a path, a Document or a list of them")

    @staticmethod
    def _digest(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]

    def _parent_id(self, doc: Document) -> str:
        return doc.id if doc.id else self._digest("".join(c.content for c in doc.chunks))

    def _with_overlap(self, chunks: list[Chunk]) -> list[Chunk]:
        """A chunk cut from the same section as the one before repeats its last
        ``chunk_overlap`` characters (context across the cut)."""
        n = self.settings.chunk_overlap
        if n <= 0:
            return list(chunks)
        out = []
        for prev, c in zip([None, *chunks[:-1]], chunks):
            if prev is not None and c.structure.part and prev.structure.heading == c.structure.heading:
                c = c.model_copy(update={"content": prev.content[-n:] + c.content})
            out.append(c)
        return out

    # -- persistence ---------------------------------------------------------------------
    def _save(self) -> None:
        if self.directory is None:
            return
        self._index._flush_vectors()
        store = self._index.vector_store
        ids = [] if store.persistent else [i for i in self._chunks if i in store]
        matrix = np.stack([store.vector(i) for i in ids]) if ids else np.zeros((0, 0), dtype=np.float32)
        write_atomically(self.directory / "vectors.npy", lambda f: np.save(f, matrix))
        data = {
            "format": FORMAT,
            "embedding_model": self.embedder.name,
            "vector_ids": ids,
            "parents": self._parents,
            "chunks": {cid: {"content": c.content, "metadata": c.metadata} for cid, c in self._chunks.items()},
        }
        # the JSON goes last: it names the vectors it expects, so a torn pair is detected on load
        write_atomically(self.directory / "index.json", json.dumps(data, ensure_ascii=False).encode())

    def _load(self) -> None:
        assert self.directory is not None
        path = self.directory / "index.json"
        if not path.exists():
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                raise ValueError(f"unknown format {data.get('format')!r}")
            matrix = np.load(self.directory / "vectors.npy")
        except (OSError, ValueError) as e:
            raise ConfigurationError(f"{self.directory}: cannot read the index: {e}") from None
        self._parents = data["parents"]
        self._chunks = {cid: Chunk(id=cid, content=v["content"], metadata=v["metadata"])
                        for cid, v in data["chunks"].items()}
        self._owner = {cid: pid for pid, parent in self._parents.items() for cid in parent["chunk_ids"]}
        vector_ids = data.get("vector_ids", [])
        same_model = data.get("embedding_model") == self.embedder.name
        reuse = same_model and matrix.shape[0] == len(vector_ids)
        if not same_model:
            log.info("%s: vectors of %s not reused with %s: they will be recomputed",
                     self.directory, data.get("embedding_model"), self.embedder.name)
            self.vector_store.remove(list(self._chunks))  # a persistent store's stale vectors
        else:  # vectors of chunks the index no longer holds (a write interrupted after the store's)
            held = self.vector_store.item_ids()
            self.vector_store.remove([i for i in [*vector_ids, *held] if i not in self._chunks])
        self._index.add([(cid, c.content) for cid, c in self._chunks.items()],
                        vectors=(vector_ids, matrix) if reuse else None)


def _told(docs: list[Document]) -> list[Document]:
    """*docs*, their loaders' notes (a PDF page read in a doubtful order) logged as warnings:
    an index has no report to list them in."""
    for doc in docs:
        for note in doc.notes:
            log.warning("%s: %s", doc.source or doc.id, note)
    return docs
