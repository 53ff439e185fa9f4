"""BM25 keyword store on ``bm25s`` with a Japanese-capable tokenizer.

``bm25s`` takes pre-tokenised text, so Sudachi (or the bigram tokenizer) does the
word splitting. The index is rebuilt lazily after additions or removals: building
is a sparse-matrix operation that takes milliseconds for thousands of chunks.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from sys import intern

import numpy as np

from ..tokenizers import Tokenizer
from .protocols import Hit

__all__ = ["BM25Store"]

log = logging.getLogger(__name__)


class BM25Store:
    def __init__(self, tokenizer: Tokenizer, *, k1: float = 1.5, b: float = 0.75) -> None:
        self.tokenizer = tokenizer
        self.k1 = k1
        self.b = b
        self._ids: list[str] = []
        self._tokens: list[list[str]] = []
        self._df: Counter[str] = Counter()
        self._model = None
        self._dirty = False

    def __len__(self) -> int:
        return len(self._ids)

    def tokenize(self, text: str) -> list[str]:
        return self.tokenizer.tokenize(text)

    def add(self, ids: Sequence[str], texts: Sequence[str]) -> None:
        if len(ids) != len(texts):
            raise ValueError("ids and texts differ in length")
        known = set(self._ids)
        for i, t in zip(ids, texts):
            if i in known:
                raise ValueError(f"id {i!r} is already in the keyword store")
            toks = [intern(x) for x in self.tokenizer.tokenize(t)]  # (one string a term, not one an occurrence)
            self._ids.append(i)
            self._tokens.append(toks)
            self._df.update(set(toks))
            known.add(i)
        self._dirty = True

    def remove(self, ids: Sequence[str]) -> None:
        drop = set(ids)
        keep_ids, keep_tokens = [], []
        for i, toks in zip(self._ids, self._tokens):
            if i in drop:
                self._df.subtract(set(toks))
            else:
                keep_ids.append(i)
                keep_tokens.append(toks)
        self._df = +self._df
        self._ids, self._tokens = keep_ids, keep_tokens
        self._dirty = True

    def document_frequency(self, term: str) -> int:
        return self._df.get(term, 0)

    def search(self, query: str, k: int) -> list[Hit]:
        if not self._ids or k <= 0:
            return []
        q = [t for t in self.tokenizer.tokenize(query) if t in self._df]
        if not q:
            return []
        scores = self._index().get_scores(q)
        k = min(k, len(self._ids))
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.lexsort((top, -scores[top]))]
        return [Hit(self._ids[i], float(scores[i])) for i in top if scores[i] > 0]

    def _index(self):
        if self._model is None or self._dirty:
            import bm25s

            model = bm25s.BM25(k1=self.k1, b=self.b)
            model.index([t if t else [""] for t in self._tokens], show_progress=False)
            self._model = model
            self._dirty = False
            log.debug("BM25 index built over %d texts", len(self._ids))
        return self._model
