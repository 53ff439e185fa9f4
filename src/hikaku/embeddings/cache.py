"""A persistent embedding cache: vectors keyed by (model, SHA-256 of the text), in one
SQLite file, so that comparing a revised document again never re-embeds the chunks that
did not change (with a paid API this is money; offline it is time)."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from .base import Embedder

__all__ = ["CachedEmbedder"]

log = logging.getLogger(__name__)
_BATCH = 500  # SQLite's limit on bound parameters is 999 in old builds


class CachedEmbedder:
    """Wraps an :class:`Embedder`; only texts never seen with this model reach it."""

    def __init__(self, inner: Embedder, path: str | Path) -> None:
        self.inner = inner
        self.name = inner.name
        self.path = Path(path)
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS vectors (model TEXT NOT NULL, key TEXT NOT NULL, dim INTEGER NOT NULL, "
            "vector BLOB NOT NULL, PRIMARY KEY (model, key))"
        )
        self._db.commit()

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        found: dict[str, np.ndarray] = {}
        with self._lock:
            unique = list(dict.fromkeys(keys))
            for k in range(0, len(unique), _BATCH):
                part = unique[k:k + _BATCH]
                rows = self._db.execute(
                    f"SELECT key, dim, vector FROM vectors WHERE model = ? AND key IN ({','.join('?' * len(part))})",
                    [self.name, *part],
                ).fetchall()
                for key, dim, blob in rows:
                    found[key] = np.frombuffer(blob, dtype=np.float32, count=dim)
        missing = list(dict.fromkeys(t for t, k in zip(texts, keys) if k not in found))
        if missing:
            vectors = np.asarray(self.inner.embed(missing), dtype=np.float32)
            rows = [(self.name, self._key(t), int(v.shape[0]), v.tobytes()) for t, v in zip(missing, vectors)]
            with self._lock:
                self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)
                self._db.commit()
            for t, v in zip(missing, vectors):
                found[self._key(t)] = v
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)
