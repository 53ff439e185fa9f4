"""Tokenizers for keyword search: Sudachi (default) and a dependency-free bigram one."""

from __future__ import annotations

from .._exceptions import ConfigurationError
from .base import Tokenizer
from .simple import BigramTokenizer
from .sudachi import SudachiTokenizer

__all__ = ["Tokenizer", "BigramTokenizer", "SudachiTokenizer", "get_tokenizer", "TOKENIZERS"]

TOKENIZERS = ("sudachi", "bigram")


def get_tokenizer(name: str = "sudachi") -> Tokenizer:
    if name == "sudachi":
        return SudachiTokenizer()
    if name == "bigram":
        return BigramTokenizer()
    raise ConfigurationError(f"unknown tokenizer {name!r}; choose one of {', '.join(TOKENIZERS)}")
