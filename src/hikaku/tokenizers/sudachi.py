"""Japanese morphological tokenization with SudachiPy and its core dictionary.

Sudachi's normalised forms fold spelling variants (支払い → 支払う, 七 → 7), which is
what keyword search wants. Latin words keep their lower-cased surface (Sudachi would
turn "Self" into katakana). Sudachi refuses input over 49,149 bytes, so long text is
cut at line or sentence ends first.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from ..text import nfkc

__all__ = ["SudachiTokenizer", "MAX_INPUT_BYTES"]

MAX_INPUT_BYTES = 49_149
_SKIP_POS = {"補助記号", "空白"}
_BREAKS = re.compile(r"(?<=[\n。．.!?！？])")


class SudachiTokenizer:
    """Sudachi split mode A (short units: best recall for search). Threads may tokenise at
    once: each has a tokenizer of its own over the one dictionary (a Sudachi tokenizer is not
    to be shared; it lets go of the interpreter while it works, so two threads take half the time)."""

    name = "sudachi"

    def __init__(self, mode: str = "A") -> None:
        self.mode = mode
        self._lock = threading.Lock()
        self._dictionary: Any = None
        self._tokenizers: dict[int, Any] = {}  # thread id -> its tokenizer

    @property
    def _tokenizer(self) -> Any:  # the dictionary loaded on first use (~0.3 s)
        me = threading.get_ident()
        got = self._tokenizers.get(me)
        if got is None:
            from sudachipy import Dictionary, SplitMode

            with self._lock:
                if self._dictionary is None:
                    self._dictionary = Dictionary(dict="core")
                got = self._tokenizers[me] = self._dictionary.tokenizer(mode=getattr(SplitMode, self.mode))
        return got

    def release(self) -> None:
        """Let go of the dictionary (~150 MB once a few thousand texts are tokenised) and the
        threads' tokenizers; the next :meth:`tokenize` loads it again."""
        with self._lock:
            self._tokenizers = {}
            self._dictionary = None

    def tokenize(self, text: str) -> list[str]:
        text = nfkc(text)
        out: list[str] = []
        for piece in _pieces(text, MAX_INPUT_BYTES - 16):
            for m in self._tokenizer.tokenize(piece):
                if m.part_of_speech()[0] in _SKIP_POS:
                    continue
                surface = m.surface()
                token = surface.lower() if surface.isascii() else m.normalized_form()
                if token.strip():
                    out.append(token)
        return out


def _pieces(text: str, limit: int) -> list[str]:
    """Cut *text* into pieces of at most *limit* UTF-8 bytes, at line/sentence ends."""
    if len(text.encode("utf-8")) <= limit:
        return [text]
    pieces: list[str] = []
    buf = ""
    for part in _BREAKS.split(text):
        while len(part.encode("utf-8")) > limit:  # one endless sentence: hard cut
            cut = len(part.encode("utf-8")[:limit].decode("utf-8", "ignore"))
            if buf:
                pieces.append(buf)
                buf = ""
            pieces.append(part[:cut])
            part = part[cut:]
        if len((buf + part).encode("utf-8")) > limit:
            pieces.append(buf)
            buf = part
        else:
            buf += part
    if buf:
        pieces.append(buf)
    return [p for p in pieces if p]
