"""A deterministic lexical embedder: hashed character n-grams (no model, no download).

Useful when speed matters more than paraphrase detection, and as the embedder of
tests. Texts sharing many character n-grams get a high cosine; reworded text does not.
"""

from __future__ import annotations

import unicodedata
import zlib
from collections.abc import Sequence

import numpy as np

from .base import l2_normalize

__all__ = ["HashingEmbedder"]


class HashingEmbedder:
    def __init__(self, dim: int = 1024, ngram: tuple[int, int] = (1, 3)) -> None:
        self.dim = dim
        self.ngram = ngram
        self.name = f"hashing-{dim}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        lo, hi = self.ngram
        for row, text in enumerate(texts):
            t = " ".join(unicodedata.normalize("NFKC", text).lower().split())
            counts: dict[int, float] = {}
            for n in range(lo, hi + 1):
                for i in range(len(t) - n + 1):
                    h = zlib.crc32(t[i: i + n].encode("utf-8"))
                    idx = h % self.dim
                    sign = 1.0 if (h >> 31) & 1 else -1.0
                    counts[idx] = counts.get(idx, 0.0) + sign
            for idx, v in counts.items():
                out[row, idx] = v
        return l2_normalize(out)
