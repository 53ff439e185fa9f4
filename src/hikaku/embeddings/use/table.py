"""The USE model's embedding table, read row by row from its file as pieces are met.

The table holds a 512-byte row for each of the tokenizer's 128,010 pieces (65 MB); the texts of a
comparison use a few thousand of them. Mapping the file does not help: the kernel maps the
neighbouring pages of every page touched (fault-around), and the rows a run needs are spread
over the whole file, so all of it ends up in the process. The rows are read one by one
instead, once each, into a table of the rows seen so far.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np

__all__ = ["RowTable"]


class RowTable:
    """``table[ids]`` of a ``uint8`` matrix of *shape* stored row after row in *path*."""

    def __init__(self, path: str | Path, shape: tuple[int, int]) -> None:
        self.shape = shape
        self._width = shape[1]
        self._path = str(path)
        if os.path.getsize(self._path) != shape[0] * shape[1]:
            raise ValueError(f"{path}: not a {shape[0]}×{shape[1]} table")
        self._slot = np.full(shape[0], -1, dtype=np.int64)  # piece -> row of _rows
        self._rows = np.empty((0, shape[1]), dtype=np.uint8)
        self._used = 0
        self._lock = threading.Lock()  # the model's forward passes run in threads

    def __len__(self) -> int:
        return self.shape[0]

    @property
    def rows_read(self) -> int:
        return self._used

    def __getitem__(self, ids: np.ndarray) -> np.ndarray:
        ids = np.asarray(ids, dtype=np.int64)
        with self._lock:
            slots = self._slot[ids]
            if (slots < 0).any():
                self._read(np.unique(ids[slots < 0]))
                slots = self._slot[ids]
            return self._rows[slots]

    def _read(self, ids: np.ndarray) -> None:
        need = self._used + len(ids)
        if need > len(self._rows):
            grown = np.empty((max(need, 2 * len(self._rows), 1024), self._width), dtype=np.uint8)
            grown[: self._used] = self._rows[: self._used]
            self._rows = grown
        with open(self._path, "rb", buffering=0) as f:
            for k, i in enumerate(ids.tolist()):
                f.seek(i * self._width)
                if f.readinto(memoryview(self._rows[self._used + k])) != self._width:
                    raise OSError(f"{self._path}: short read at row {i}")
        self._slot[ids] = np.arange(self._used, need)
        self._used = need
