"""What the context tools ask for a heading node's summary (an LLM may write it)."""

from __future__ import annotations

from typing import Protocol

__all__ = ["HeadingSummarizer"]


class HeadingSummarizer(Protocol):
    def summarize(self, heading: str, text: str) -> str | None:
        """A short summary of the text under *heading*, or None to use the extractive one."""
        ...
