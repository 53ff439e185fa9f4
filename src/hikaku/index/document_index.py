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
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from .._exceptions import ConfigurationError, InputError
from .._models import Chunk, Document
from ..embeddings import Embedder, get_embedder
from ..tokenizers import Tokenizer, get_tokenizer
from .hybrid import SEARCH_MODES, HybridIndex
from .numpy_vector_store import NumpyVectorStore

__all__ = ["DocumentIndex", "IndexSettings"]

log = logging.getLogger(__name__)
FORMAT = "hikaku.index/v1"
VECTOR_STORES = ("embedded", "faiss", "qdrant", "chroma")
SEPARATOR = "\n\n---\n\n"


class IndexSettings(BaseModel):
    """Resolved as: arguments > environment ``HIKAKU_<NAME>`` > defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    vector_store_provider: str = Field(default="embedded", description="embedded (numpy, no server), faiss, qdrant, "
                                       "chroma")
    vector_store_url: str | None = Field(default=None, description="a Qdrant or Chroma server, e.g. "
                                         "http://localhost:6333; without it Qdrant and Chroma run embedded")
    collection_name: str = Field(default="hikaku", description="collection in Qdrant or Chroma")
    keyword_store_provider: str = Field(default="bm25", description="bm25 (bm25s over Sudachi tokens)")
    embedding_provider: str = Field(default="use", description="use, hashing, openai, azure_openai, ollama, huggingface")
    embedding_model_name: str | None = Field(default=None, description="the provider's model, e.g. text-embedding-3-large")
    persist_directory: str | None = None
    chunk_size: int = Field(default=2000, ge=100, description="maximum characters of a chunk")
    chunk_overlap: int = Field(default=0, ge=0, description="characters a cut chunk repeats from the one before")

    @property
    def embedding(self) -> str:
        if self.embedding_provider in ("use", "hashing"):
            return self.embedding_provider
        if not self.embedding_model_name:
            raise ConfigurationError(f"embedding_provider {self.embedding_provider!r} needs embedding_model_name")
        return f"{self.embedding_provider}:{self.embedding_model_name}"


def _resolve(overrides: Mapping[str, Any], environ: Mapping[str, str]) -> IndexSettings:
    from .._config import (  # here: hikaku._config itself imports the tools and this package
        env_values,
        validated,
    )

    values = env_values(IndexSettings, environ)
    values.update({k: v for k, v in overrides.items() if v is not None})
    settings = validated(IndexSettings, values, "index setting")
    if settings.vector_store_provider not in VECTOR_STORES:
        raise ConfigurationError(f"vector_store_provider {settings.vector_store_provider!r} is not available; "
                                 f"choose one of {', '.join(VECTOR_STORES)}")
    if settings.keyword_store_provider != "bm25":
        raise ConfigurationError(f"keyword_store_provider {settings.keyword_store_provider!r} is not available; "
                                 "this version has: bm25")
    return settings


def _atomic_write(path: Path, write) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class DocumentIndex:
    """See the module docstring. ``embedder`` / ``tokenizer`` replace the configured ones
    (tests pass doubles here)."""

    def __init__(self, *, embedder: Embedder | None = None, tokenizer: Tokenizer | None = None,
                 environ: Mapping[str, str] | None = None, **settings: Any) -> None:
        self.settings = _resolve(settings, os.environ if environ is None else environ)
        self.embedder = embedder or get_embedder(self.settings.embedding)
        self.tokenizer = tokenizer or get_tokenizer("sudachi")
        self._parents: dict[str, dict[str, Any]] = {}
        self._chunks: dict[str, Chunk] = {}
        self.directory = Path(self.settings.persist_directory) if self.settings.persist_directory else None
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
        self.vector_store = self._make_vector_store()
        self._index = HybridIndex(self.embedder, self.tokenizer, vector_store=self.vector_store)
        if self.directory is not None:
            self._load()

    def _make_vector_store(self):
        s = self.settings
        if s.vector_store_provider == "faiss":
            from .backends.faiss_store import FaissVectorStore

            return FaissVectorStore()
        if s.vector_store_provider == "qdrant":
            from .backends.qdrant_store import QdrantVectorStore

            path = str(self.directory / "qdrant") if self.directory is not None and not s.vector_store_url else None
            return QdrantVectorStore(path=path, url=s.vector_store_url, collection=s.collection_name,
                                     api_key=os.environ.get("QDRANT_API_KEY"))
        if s.vector_store_provider == "chroma":
            from .backends.chroma_store import ChromaVectorStore

            path = str(self.directory / "chroma") if self.directory is not None and not s.vector_store_url else None
            return ChromaVectorStore(path=path, url=s.vector_store_url, collection=s.collection_name)
        return NumpyVectorStore()

    def close(self) -> None:
        """Release the backend (a Qdrant local directory is locked while open)."""
        close = getattr(self.vector_store, "close", None)
        if close is not None:
            close()

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
            for cid, c in zip(ids, chunks):
                self._chunks[cid] = Chunk(id=cid, content=c.content,
                                          metadata={**c.metadata, "parent_id": pid, "source": doc.source or doc.id})
            self._parents[pid] = {"title": doc.title, "source": doc.source, "chunk_ids": ids}
            self._index.add([(cid, self._chunks[cid].content) for cid in ids])
            added.append(pid)
        self._save()
        return added

    def remove_document(self, doc_id: str, *, _save: bool = True) -> None:
        """Remove a parent document and all its chunks from every store."""
        parent = self._parents.pop(doc_id, None)
        if parent is None:
            raise KeyError(f"no document {doc_id!r} in the index")
        self._index.remove(parent["chunk_ids"])
        for cid in parent["chunk_ids"]:
            self._chunks.pop(cid, None)
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
        hits = self._index.search(query, mode=search_mode, top_k=want,  # type: ignore[arg-type]
                                  k_vector=k_vector if not vector_filter else max(k_vector or 0, want),
                                  k_keyword=k_keyword)
        out = []
        for h in hits:
            c = self._chunks.get(h.id)
            if c is None:  # cannot happen after _load's clean-up; never fail a search on it
                continue
            if vector_filter and any(c.metadata.get(k) != v for k, v in vector_filter.items()):
                continue
            meta = {**c.metadata, "id": c.id, "relevance_score": h.score, "vector_score": h.vector_score,
                    "keyword_score": h.keyword_score}
            out.append(LCDocument(page_content=c.content, metadata=meta, id=c.id))
            if len(out) >= top_k:
                break
        return out

    def get_context(self, query: str, separator: str = SEPARATOR, **search_kwargs: Any) -> str:
        return separator.join(d.page_content for d in self.search(query, **search_kwargs))

    def as_retriever(self, **search_kwargs: Any):
        from .retriever import DocumentIndexRetriever

        return DocumentIndexRetriever(index=self, search_kwargs=search_kwargs)

    # -- loading and splitting -----------------------------------------------------------
    def _documents(self, source: Any) -> list[Document]:
        from ..loaders import _EXTENSIONS, load_document

        size = self.settings.chunk_size
        if isinstance(source, Document):
            return [source]
        if isinstance(source, (str, os.PathLike)):
            path = Path(source)
            if path.is_dir():
                files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in _EXTENSIONS)
                return [load_document(p, max_chunk_chars=size, doc_id=str(p.relative_to(path))) for p in files]
            return [load_document(path, max_chunk_chars=size)]
        if hasattr(source, "page_content"):  # a LangChain Document
            from ..loaders.markdown import chunk_text

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
            if prev is not None and c.metadata.get("part") and prev.metadata.get("heading") == c.metadata.get("heading"):
                c = c.model_copy(update={"content": prev.content[-n:] + c.content})
            out.append(c)
        return out

    # -- persistence ---------------------------------------------------------------------
    def _save(self) -> None:
        if self.directory is None:
            return
        self._index._flush_vectors()
        store = self._index.vector_store
        ids = [] if getattr(store, "persistent", False) else [i for i in self._chunks if i in store]
        matrix = np.stack([store.vector(i) for i in ids]) if ids else np.zeros((0, 0), dtype=np.float32)
        _atomic_write(self.directory / "vectors.npy", lambda f: np.save(f, matrix))
        data = {
            "format": FORMAT,
            "embedding_model": self.embedder.name,
            "vector_ids": ids,
            "parents": self._parents,
            "chunks": {cid: {"content": c.content, "metadata": c.metadata} for cid, c in self._chunks.items()},
        }
        # the JSON goes last: it names the vectors it expects, so a torn pair is detected on load
        _atomic_write(self.directory / "index.json", lambda f: f.write(json.dumps(data, ensure_ascii=False).encode()))

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
        vector_ids = data.get("vector_ids", [])
        same_model = data.get("embedding_model") == self.embedder.name
        reuse = same_model and matrix.shape[0] == len(vector_ids)
        if not same_model:
            log.info("%s: vectors of %s not reused with %s: they will be recomputed",
                     self.directory, data.get("embedding_model"), self.embedder.name)
            self.vector_store.remove(list(self._chunks))  # a persistent store's stale vectors
        else:  # vectors of chunks the index no longer holds (a write interrupted after the store's)
            held = getattr(self.vector_store, "item_ids", lambda: [])()
            self.vector_store.remove([i for i in [*vector_ids, *held] if i not in self._chunks])
        self._index.add([(cid, c.content) for cid, c in self._chunks.items()],
                        vectors=(vector_ids, matrix) if reuse else None)
