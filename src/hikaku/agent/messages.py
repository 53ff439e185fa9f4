"""The agent's thoughts, in Japanese (default) and English (the words: hikaku.wording,
``agent.thought.*``)."""

from __future__ import annotations

from ..wording import LANGS, wording

__all__ = ["Thoughts"]


class Thoughts:
    """Collects formatted thoughts for one task."""

    def __init__(self, lang: str = "ja", prefix: str = "") -> None:
        self.w = wording(lang if lang in LANGS else "ja")
        self.prefix = prefix
        self.lines: list[str] = []

    def fmt(self, key: str, **kw) -> str:
        return self.w(f"agent.thought.{key}", **kw)

    def add(self, key: str, **kw) -> None:
        self.lines.append(f"{self.prefix}{self.fmt(key, **kw)}")
