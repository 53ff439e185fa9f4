"""The embedding interface: texts in, L2-normalised float32 vectors out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Embedder", "l2_normalize"]


@runtime_checkable
class Embedder(Protocol):
    """Anything that embeds texts. Vectors come back L2-normalised, so a dot product is
    the cosine similarity."""

    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array of shape (len(texts), dim), dtype float32, rows of unit norm."""
        ...


def l2_normalize(m: np.ndarray) -> np.ndarray:
    m = np.asarray(m, dtype=np.float32)
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return m / norms
