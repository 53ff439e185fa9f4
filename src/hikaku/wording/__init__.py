"""hikaku's words, in Japanese (the default) and English: one catalogue for every report,
front and the web page (``ja.toml`` and ``en.toml`` here; docs/wording.md).

``wording("ja")("report.added")`` is 「追加」; ``wording(lang)(key, n=3)`` fills a text's
placeholders; a :class:`Message` is a key and its values, said in a language later (an error
raised in a worker and shown on a Japanese page). A room at the bottom of the house: every
room may use it; it imports only hikaku's exceptions."""

from __future__ import annotations

from .catalogue import LANGS, Wording, WordingError, placeholders, problems, wording
from .message import Message, say

__all__ = ["LANGS", "Message", "Wording", "WordingError", "placeholders", "problems", "say", "wording"]
