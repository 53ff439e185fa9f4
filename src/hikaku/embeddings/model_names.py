"""The embedding models a user may name (no dependencies: the command line lists them at start-up)."""

from __future__ import annotations

__all__ = ["EMBEDDERS"]

EMBEDDERS = ("use", "hashing", "openai:MODEL", "azure_openai:DEPLOYMENT", "ollama:MODEL", "huggingface:MODEL")
