"""Any LangChain ``Embeddings`` (OpenAI ``text-embedding-3-large``, Azure OpenAI, Ollama,
Hugging Face sentence-transformers …) as a hikaku :class:`Embedder`: batched calls with
retries (exponential backoff with jitter on 429/5xx/timeouts), vectors L2-normalised."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from .base import l2_normalize

__all__ = ["LangChainEmbedder"]

log = logging.getLogger(__name__)


class LangChainEmbedder:
    def __init__(self, embeddings: Any, name: str, *, batch_size: int = 64, max_retries: int = 4,
                 initial_delay_s: float = 1.0, max_delay_s: float = 30.0) -> None:
        self.embeddings = embeddings
        self.name = name
        self.batch_size = batch_size
        self.max_retries = max_retries
        self.initial_delay_s = initial_delay_s
        self.max_delay_s = max_delay_s
        self.calls = 0

    def _call(self, batch: list[str]) -> list[list[float]]:
        from ..llm import describe_error, is_retryable

        for attempt in range(self.max_retries + 1):
            try:
                self.calls += 1
                return self.embeddings.embed_documents(batch)
            except Exception as e:
                if attempt >= self.max_retries or not is_retryable(e):
                    raise
                delay = min(self.max_delay_s, self.initial_delay_s * 2**attempt) * random.uniform(0.5, 1.0)
                log.info("embedding call failed (%s); retrying in %.2f s", describe_error(e), delay)
                time.sleep(delay)
        raise AssertionError("unreachable")

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for k in range(0, len(texts), self.batch_size):
            rows.extend(self._call(list(texts[k:k + self.batch_size])))
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return l2_normalize(np.asarray(rows, dtype=np.float32))
