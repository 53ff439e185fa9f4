"""LLM-written summaries of heading nodes for ``get_context_tool_a`` / ``_b``.

Offline, a node's summary is extractive (its heading and the leading sentences under
it, computed by the document store). With an LLM configured, :class:`LLMSummarizer`
(a ``hikaku.tools.HeadingSummarizer``)
writes one or two sentences per node, on demand (only for the headings the LLM agent asks
about; the offline policy's tool calls keep the extractive summary), cached on disk by
(model, language, text) so that a node is summarised once. A damaged cache file is set
aside (renamed ``summaries.sqlite.corrupt-…``), named in one warning line and rebuilt.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from pathlib import Path
from typing import Any

from ..system import SqliteCache
from .prompts import render
from .recording import ModelUsageCallback, current_recorder, llm_turn

__all__ = ["LLMSummarizer"]

log = logging.getLogger(__name__)
MAX_INPUT_CHARS = 4000


class LLMSummarizer:
    def __init__(self, model: Any, *, model_name: str, lang: str, cache_path: Path | None) -> None:
        self.model = model
        self.model_name = model_name
        self.lang = lang
        self._cache = None if cache_path is None else SqliteCache(
            cache_path, ("CREATE TABLE IF NOT EXISTS summaries (key TEXT PRIMARY KEY, summary TEXT NOT NULL)",),
            what="summary cache")
        self.calls = 0

    def _key(self, heading: str, text: str) -> str:
        raw = "\x00".join((self.model_name, self.lang, heading, text[:MAX_INPUT_CHARS]))
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()

    def summarize(self, heading: str, text: str) -> str | None:
        from langchain_core.messages import HumanMessage, SystemMessage

        if not llm_turn.get():  # a tool call of the offline policy: no model call for it
            return None
        key = self._key(heading, text)
        if self._cache is not None:
            row = self._cache.run(lambda db: db.execute("SELECT summary FROM summaries WHERE key = ?", (key,)).fetchone(),
                                  None)
            if row and isinstance(row[0], str):
                return row[0]
        rec = current_recorder.get()
        try:
            reply = self.model.invoke(
                [SystemMessage(render("heading_summary", self.lang)),
                 HumanMessage(f"{heading}\n\n{text[:MAX_INPUT_CHARS]}")],
                config={"callbacks": [ModelUsageCallback(rec)]} if rec is not None else None,
            )
        except Exception as e:  # a summary is a convenience: fall back to the extractive one
            log.info("summary of %r failed: %s", heading, e)
            return None
        self.calls += 1
        summary = " ".join(str(reply.content if isinstance(reply.content, str) else "").split())
        if not summary:
            return None
        if self._cache is not None:
            self._cache.run(lambda db: _insert(db, key, summary), None)
        return summary


def _insert(db: sqlite3.Connection, key: str, summary: str) -> None:
    db.execute("INSERT OR REPLACE INTO summaries VALUES (?, ?)", (key, summary))
    db.commit()
