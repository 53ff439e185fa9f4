"""The embedding models a long-lived front keeps loaded between runs (the MCP server, a batch
worker): loading one takes seconds, a comparison often less."""

from __future__ import annotations

import threading
from collections.abc import Mapping

from ..embeddings import Embedder, embedder_for
from ..llm import llm_environment
from ..settings import IndexSettings

__all__ = ["EmbedderCache"]


class EmbedderCache:
    """One embedder per distinct index settings (model, server, cache), made on first use from
    *env* (default: the process environment and ``.env``) and kept; safe to share between threads.
    *fixed* is returned for every settings instead (tests pass a double)."""

    def __init__(self, env: Mapping[str, str] | None = None, *, fixed: Embedder | None = None) -> None:
        self.env = dict(llm_environment() if env is None else env)
        self._fixed = fixed
        self._kept: dict[str, Embedder] = {}
        self._lock = threading.Lock()

    def get(self, settings: IndexSettings) -> Embedder:
        if self._fixed is not None:
            return self._fixed
        key = settings.model_dump_json()
        with self._lock:
            got = self._kept.get(key)
            if got is None:
                got = self._kept[key] = embedder_for(settings, self.env)
        return got
