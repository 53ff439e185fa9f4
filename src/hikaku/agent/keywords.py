"""What the offline agent searches for besides a chunk's structural label: its rarest terms."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from ..text import nfkc

__all__ = ["extract_keywords", "RareTerms"]

_NOT_A_TERM = re.compile(r"^[\W\d_]+$")


def extract_keywords(
    text: str,
    tokenize: Callable[[str], list[str]],
    document_frequency: Callable[[str], int],
    n_docs: int,
    k: int = 3,
    max_df: int | None = None,
    tokens: list[str] | None = None,
) -> list[str]:
    """The *k* terms of *text* that are rarest in the searched document (but present in
    it, in at most *max_df* chunks, default half of them), in order of rarity. Only terms
    written as such in *text* (they are searched for literally); numbers, punctuation and
    one-character terms are skipped. *tokens*: ``tokenize(text)``, if already made."""
    limit = max(1, n_docs // 2) if max_df is None else max_df
    body = nfkc(text).lower()
    seen: dict[str, int] = {}
    for pos, tok in enumerate(tokenize(text) if tokens is None else tokens):
        if len(tok) < 2 or _NOT_A_TERM.match(tok) or tok in seen:
            continue
        if tok.lower() not in body:  # a normalised form (知り得た → 知る) cannot be searched for literally
            continue
        seen[tok] = pos
    scored = []
    for tok, pos in seen.items():
        df = document_frequency(tok)
        if df == 0 or df > limit:
            continue
        scored.append((df, pos, tok))
    scored.sort()
    return [tok for _, _, tok in scored[:k]]


class _Searched(Protocol):
    def __len__(self) -> int: ...

    def tokenize(self, text: str) -> list[str]: ...

    def document_frequency(self, term: str) -> int: ...


class RareTerms:
    """:func:`extract_keywords` of texts against one searched index that does not change
    during a run, each text's found once: the terms of every text a run will examine can
    be found before it starts (:meth:`find_all`), so that the tokenizer's dictionary need
    not stay in memory beside the embedding model (the same terms, found earlier)."""

    def __init__(self, index: _Searched, max_df: int) -> None:
        self._index = index
        self._max_df = max_df
        self._found: dict[str, list[str]] = {}

    def __call__(self, text: str, tokens: list[str] | None = None) -> list[str]:
        got = self._found.get(text)
        if got is None:
            n = len(self._index)
            got = self._found[text] = extract_keywords(text, self._index.tokenize, self._index.document_frequency, n,
                                                       max_df=min(self._max_df, max(1, n // 2)), tokens=tokens)
        return got

    def find_all(self, texts: Iterable[str]) -> None:
        """The terms of every text, found now. The searched index's chunks are tokenised for
        their frequencies in a thread of their own while the texts are tokenised here (a
        tokenizer that lets go of the interpreter, Sudachi's, does both at once); the texts
        tokenised meanwhile wait for the frequencies, the others are done one by one."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._found]
        index_keywords = getattr(self._index, "index_keywords", None)
        if not todo or index_keywords is None:
            for text in todo:
                self(text)
            return
        waiting: list[tuple[str, list[str]]] = []
        with ThreadPoolExecutor(1, thread_name_prefix="hikaku-keywords") as pool:
            built = pool.submit(index_keywords)
            for text in todo:
                if not built.done():  # (no frequency is read before the index is whole)
                    waiting.append((text, self._index.tokenize(text)))
                    continue
                built.result()  # (raises what the thread raised)
                if waiting:
                    for t, toks in waiting:
                        self(t, toks)
                    waiting = []
                self(text)
            built.result()
        for t, toks in waiting:
            self(t, toks)
