"""The vector store backends by name (``IndexSettings.vector_store_provider``): the entry point
group ``hikaku.vector_stores`` (``hikaku.system.plugins``). An entry names a factory
``f(settings, directory) -> VectorStore`` (*directory*: the index's ``persist_directory``, None
for an index in memory); the built-ins are below (and, the same, in pyproject.toml), a plugin
adds its own (docs/plugins.md). Every backend passes
``tests/index/test_vector_store_conformance.py``."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from .._exceptions import ConfigurationError
from ..settings import VECTOR_STORES, IndexSettings
from ..system import Declared, PluginGroup
from .numpy_vector_store import NumpyVectorStore
from .protocols import VectorStore

__all__ = ["VECTOR_STORE_FACTORIES", "VectorStoreFactory", "chroma", "embedded", "faiss", "make_vector_store",
           "qdrant"]

VectorStoreFactory = Callable[[IndexSettings, Path | None], VectorStore]


def embedded(settings: IndexSettings, directory: Path | None) -> VectorStore:
    """Exact cosine with numpy, in memory (``DocumentIndex`` saves the vectors itself)."""
    return NumpyVectorStore()


def faiss(settings: IndexSettings, directory: Path | None) -> VectorStore:
    from .backends.faiss_store import FaissVectorStore

    return FaissVectorStore()


def qdrant(settings: IndexSettings, directory: Path | None) -> VectorStore:
    """A Qdrant server (``vector_store_url``), else Qdrant embedded in the index's directory."""
    from .backends.qdrant_store import QdrantVectorStore

    path = str(directory / "qdrant") if directory is not None and not settings.vector_store_url else None
    return QdrantVectorStore(path=path, url=settings.vector_store_url, collection=settings.collection_name,
                             api_key=os.environ.get("QDRANT_API_KEY"))


def chroma(settings: IndexSettings, directory: Path | None) -> VectorStore:
    """A Chroma server (``vector_store_url``), else Chroma embedded in the index's directory."""
    from .backends.chroma_store import ChromaVectorStore

    path = str(directory / "chroma") if directory is not None and not settings.vector_store_url else None
    return ChromaVectorStore(path=path, url=settings.vector_store_url, collection=settings.collection_name)


def _checked(entry: Declared, obj: object) -> VectorStoreFactory:
    if not callable(obj):
        raise TypeError(f"names a {type(obj).__name__}, not a factory f(settings, directory) -> VectorStore")
    return obj


VECTOR_STORE_FACTORIES: PluginGroup[VectorStoreFactory] = PluginGroup(VECTOR_STORES, _checked)


def make_vector_store(settings: IndexSettings, directory: Path | None) -> VectorStore:
    """The vector store *settings* name, made by its factory; ConfigurationError for an
    unknown name, PluginError for a plugin's factory that fails (MissingDependencyError: an
    extra is not installed)."""
    name = settings.vector_store_provider
    factory = VECTOR_STORE_FACTORIES.get(name)
    if factory is None:
        raise ConfigurationError(f"vector_store_provider {name!r} is not available; "
                                 f"choose one of {', '.join(VECTOR_STORE_FACTORIES)}")
    with VECTOR_STORE_FACTORIES.entry(name).blame("making the vector store"):
        store = factory(settings, directory)
        if not isinstance(store, VectorStore):
            raise TypeError(f"its factory made a {type(store).__name__}, not a hikaku.index.VectorStore")
    return store
