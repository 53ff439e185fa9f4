"""The tokenizer interface used by the keyword (BM25) store and keyword extraction."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

__all__ = ["Tokenizer"]


@runtime_checkable
class Tokenizer(Protocol):
    """Turns text into a list of search terms. Must not rely on spaces between words."""

    name: str

    def tokenize(self, text: str) -> list[str]: ...
