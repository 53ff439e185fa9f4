"""A persistent embedding cache: vectors keyed by (model, SHA-256 of the text), in one
SQLite file, so that comparing a revised document again never re-embeds the chunks that
did not change (with a paid API this is money; offline it is time).

Every row carries a CRC-32 of its model, key and vector: a file that is not a database,
that SQLite finds malformed, or whose rows fail their check is set aside (renamed
``embeddings.sqlite.corrupt-…``), named in one warning line and rebuilt; the texts are
embedded again, so the run's result is that of a run without a cache."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..system import DamagedFile, SqliteCache
from .base import Embedder

__all__ = ["CachedEmbedder"]

log = logging.getLogger(__name__)
_BATCH = 500  # SQLite's limit on bound parameters is 999 in old builds
_TABLE = "vectors_v2"  # with a checksum per row (the first format, "vectors", had none)
_SCHEMA = (
    f"CREATE TABLE IF NOT EXISTS {_TABLE} (model TEXT NOT NULL, key TEXT NOT NULL, dim INTEGER NOT NULL, "
    "vector BLOB NOT NULL, crc INTEGER NOT NULL, PRIMARY KEY (model, key))",
    "DROP TABLE IF EXISTS vectors",
)


def _crc(model: str, key: str, blob: bytes) -> int:
    return zlib.crc32(blob, zlib.crc32(f"{model}\x00{key}".encode()))


class CachedEmbedder:
    """Wraps an :class:`Embedder`; only texts never seen with this model reach it."""

    def __init__(self, inner: Embedder, path: str | Path) -> None:
        self.inner = inner
        self.name = inner.name
        self.path = Path(path)
        self.hits = 0
        self.misses = 0
        self._cache = SqliteCache(self.path, _SCHEMA, what="embedding cache")

    def release(self) -> None:
        """Let the wrapped model go of what it can reload (its weights)."""
        release = getattr(self.inner, "release", None)
        if release is not None:
            release()

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def _lookup(self, unique: list[str]) -> dict[str, np.ndarray]:
        def read(db: sqlite3.Connection) -> dict[str, np.ndarray]:
            found: dict[str, np.ndarray] = {}
            for k in range(0, len(unique), _BATCH):
                part = unique[k:k + _BATCH]
                rows = db.execute(
                    f"SELECT key, dim, vector, crc FROM {_TABLE} WHERE model = ? AND key IN "
                    f"({','.join('?' * len(part))})",
                    [self.name, *part],
                ).fetchall()
                for key, dim, blob, crc in rows:
                    if not isinstance(blob, bytes) or not isinstance(dim, int) or len(blob) != 4 * dim \
                            or _crc(self.name, str(key), blob) != crc:
                        raise DamagedFile(f"a vector fails its checksum (model {self.name})")
                    found[key] = np.frombuffer(blob, dtype=np.float32, count=dim)
            return found

        nothing: dict[str, np.ndarray] = {}
        return self._cache.run(read, nothing)

    def _store(self, rows: list[tuple[str, str, int, bytes, int]]) -> None:
        def write(db: sqlite3.Connection) -> None:
            db.executemany(f"INSERT OR REPLACE INTO {_TABLE} VALUES (?, ?, ?, ?, ?)", rows)
            db.commit()

        self._cache.run(write, None)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        keys = [self._key(t) for t in texts]
        found = self._lookup(list(dict.fromkeys(keys)))
        missing = list(dict.fromkeys(t for t, k in zip(texts, keys) if k not in found))
        if missing:
            vectors = np.asarray(self.inner.embed(missing), dtype=np.float32)
            rows = []
            for t, v in zip(missing, vectors):
                key, blob = self._key(t), v.tobytes()
                rows.append((self.name, key, int(v.shape[0]), blob, _crc(self.name, key, blob)))
                found[key] = v
            self._store(rows)
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)

    def close(self) -> None:
        self._cache.close()
