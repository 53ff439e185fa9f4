"""The LLM agent's middleware, one concern per module. For tool use: a repeated call
(``repeats``), ids of the wrong document (``documents``) and a plain-text reply instead
of the answer tool (``plain_text``). Each is corrected once — a message to the model —
and then stopped (:class:`ToolUseStopped`, which the LLM policy counts as a failure and
answers with the offline decision). What a chunk was corrected for lives in its
:class:`Turn` (``turn``). For the model calls: their retries (``retry``)."""

from __future__ import annotations

from .documents import DocumentIdsMiddleware, wrong_document
from .plain_text import PlainTextMiddleware
from .repeats import RepeatedCallMiddleware
from .retry import RetryMiddleware
from .turn import ToolUseStopped, Turn, current_turn

__all__ = [
    "DocumentIdsMiddleware",
    "PlainTextMiddleware",
    "RepeatedCallMiddleware",
    "RetryMiddleware",
    "ToolUseStopped",
    "Turn",
    "current_turn",
    "wrong_document",
]
