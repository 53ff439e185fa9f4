"""The settings of a retrieval index (``hikaku.index.DocumentIndex``), the one index
configuration: the index a comparison builds for its tools and the index users build
with ``DocumentIndex`` both take it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .._exceptions import ConfigurationError
from ..system import PluginNames
from .layers import env_values, validated

__all__ = ["IndexSettings", "resolve_index_settings", "VECTOR_STORES", "KEYWORD_STORES", "LOCAL_EMBEDDINGS"]

# the vector store backends (hikaku.index makes them): the same entries as
# [project.entry-points."hikaku.vector_stores"] in pyproject.toml, and the plugins'
VECTOR_STORES = PluginNames("hikaku.vector_stores", {
    "embedded": "hikaku.index.vector_stores:embedded",
    "faiss": "hikaku.index.vector_stores:faiss",
    "qdrant": "hikaku.index.vector_stores:qdrant",
    "chroma": "hikaku.index.vector_stores:chroma",
})
KEYWORD_STORES = ("bm25",)
LOCAL_EMBEDDINGS = ("use", "use-multilingual-v3", "hashing")  # need no model name


class IndexSettings(BaseModel):
    """Resolved as: arguments > environment ``HIKAKU_<NAME>`` > defaults."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    vector_store_provider: str = Field(default="embedded", description="embedded (numpy, no server), faiss, qdrant, "
                                       "chroma, or a plugin's")
    vector_store_url: str | None = Field(default=None, description="a Qdrant or Chroma server, e.g. "
                                         "http://localhost:6333; without it Qdrant and Chroma run embedded")
    collection_name: str = Field(default="hikaku", description="collection in Qdrant or Chroma")
    keyword_store_provider: str = Field(default="bm25", description="bm25 (bm25s over the tokenizer's tokens)")
    tokenizer: str = Field(default="sudachi", description="keyword tokenizer: sudachi or bigram")
    embedding_provider: str = Field(default="use", description="use, hashing, openai, azure_openai, ollama, huggingface")
    embedding_model_name: str | None = Field(default=None, description="the provider's model, e.g. text-embedding-3-large")
    embedding_base_url: str | None = Field(default=None, description="an OpenAI-compatible or Ollama embedding server")
    embedding_cache: bool = Field(default=False, description="keep model embeddings in $HIKAKU_HOME/cache/"
                                  "embeddings.sqlite, keyed by model and text")
    persist_directory: str | None = None
    chunk_size: int = Field(default=2000, ge=100, description="maximum characters of a chunk")
    chunk_overlap: int = Field(default=0, ge=0, description="characters a cut chunk repeats from the one before")

    @property
    def embedding(self) -> str:
        """The embedding model as ``get_embedder`` takes it (``use``, ``openai:MODEL`` …)."""
        if self.embedding_provider in LOCAL_EMBEDDINGS:
            return self.embedding_provider
        if not self.embedding_model_name:
            raise ConfigurationError(f"embedding_provider {self.embedding_provider!r} needs embedding_model_name")
        return f"{self.embedding_provider}:{self.embedding_model_name}"

    @classmethod
    def for_embedding(cls, spec: str, **values: Any) -> IndexSettings:
        """Settings for an embedding given as one string (``use``, ``openai:MODEL``)."""
        provider, sep, model = spec.partition(":")
        return cls(embedding_provider=provider.strip() if sep else spec, embedding_model_name=model.strip() or None,
                   **values)


def resolve_index_settings(overrides: Mapping[str, Any], environ: Mapping[str, str]) -> IndexSettings:
    values = env_values(IndexSettings, environ)
    values.update({k: v for k, v in overrides.items() if v is not None})
    settings = validated(IndexSettings, values, "index setting")
    if settings.vector_store_provider not in VECTOR_STORES:
        raise ConfigurationError(f"vector_store_provider {settings.vector_store_provider!r} is not available; "
                                 f"choose one of {', '.join(VECTOR_STORES)}")
    if settings.keyword_store_provider not in KEYWORD_STORES:
        raise ConfigurationError(f"keyword_store_provider {settings.keyword_store_provider!r} is not available; "
                                 f"this version has: {', '.join(KEYWORD_STORES)}")
    return settings
