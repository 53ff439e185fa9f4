"""Building an embedder from its name: the model shipped with hikaku, the hashing one, or any
LangChain embeddings (``provider:model``), wrapped in the persistent cache."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .._exceptions import ConfigurationError, MissingDependencyError
from ..settings import IndexSettings, user_dir
from .base import Embedder
from .cache import CachedEmbedder
from .hashing import HashingEmbedder
from .langchain_embedder import LangChainEmbedder
from .model_names import EMBEDDERS
from .use import USEEmbedder

__all__ = ["embedder_for", "get_embedder"]

_EXTRAS = {"openai": ("langchain-openai", "openai"), "azure_openai": ("langchain-openai", "openai"),
           "ollama": ("langchain-ollama", "ollama"), "huggingface": ("langchain-huggingface", "huggingface")}


def _provider_embeddings(provider: str, model: str, base_url: str | None, env: Mapping[str, str]):
    from langchain.embeddings import init_embeddings

    from ..llm import connection_kwargs

    kw = connection_kwargs(provider, model, base_url, env)
    if provider in ("openai", "azure_openai"):
        # no client-side token counting (it would fetch tiktoken's tables from the network);
        # retries are LangChainEmbedder's
        kw.update(check_embedding_ctx_length=False, max_retries=0)
    try:
        return init_embeddings(model, provider=provider, **kw)
    except ImportError:
        package, extra = _EXTRAS.get(provider, (f"langchain-{provider}", provider))
        raise MissingDependencyError(package, extra, f"The {provider} embeddings") from None
    except ValueError as e:
        raise ConfigurationError(f"--embedding {provider}:{model}: {str(e).splitlines()[0]}") from None


def get_embedder(name: str = "use", *, base_url: str | None = None, env: Mapping[str, str] | None = None,
                 cache: str | Path | None = None) -> Embedder:
    """``use``: Universal Sentence Encoder multilingual (default, offline); ``hashing``:
    hashed character n-grams (fastest, lexical only, never cached); ``provider:model``:
    LangChain embeddings. With *cache* (a SQLite file), model embeddings are cached."""
    if name in ("use", "use-multilingual-v3"):
        base: Embedder = USEEmbedder()
    elif name == "hashing":
        return HashingEmbedder()
    elif ":" in name:
        provider, model = (p.strip() for p in name.split(":", 1))
        provider = provider.lower().replace("-", "_")
        if not model:
            raise ConfigurationError(f"--embedding {name!r}: give a model, e.g. openai:text-embedding-3-large")
        base = LangChainEmbedder(_provider_embeddings(provider, model, base_url, env or {}), name=f"{provider}:{model}")
    else:
        raise ConfigurationError(f"unknown embedding model {name!r}; choose one of {', '.join(EMBEDDERS)}")
    return CachedEmbedder(base, cache) if cache is not None else base


def embedder_for(settings: IndexSettings, env: Mapping[str, str] | None = None) -> Embedder:
    """The embedder an index's settings ask for (model, server, cache in $HIKAKU_HOME)."""
    cache = user_dir() / "cache" / "embeddings.sqlite" if settings.embedding_cache else None
    return get_embedder(settings.embedding, base_url=settings.embedding_base_url, env=env, cache=cache)
