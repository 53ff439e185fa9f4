"""Durable runs: the comparison graph checkpointed in SQLite, so that a crash or Ctrl-C
loses nothing and ``--resume RUN_ID`` continues where the run stopped.

The graph state holds ids and small results (see ``workflow.state``), so a checkpoint is
small; the documents are read again on resume and must be the same ones: the state
keeps a fingerprint of both documents and of the options that change the result.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .._exceptions import ConfigurationError
from ..document import Document
from ..settings import CompareOptions, user_dir

__all__ = ["new_run_id", "fingerprint", "default_checkpoint_path", "open_checkpointer", "serializer"]

# options that change how a run is carried out, not what it finds: may differ on resume
_RUN_CONTROLS = {"include_unchanged", "diff_style", "embedding_cache", "concurrency", "llm_timeout_s", "llm_max_retries", "llm_retry_initial_delay_s",
                 "llm_retry_max_delay_s", "llm_max_failures", "max_tokens_total"}


def new_run_id() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def fingerprint(a: Document, b: Document, options: CompareOptions, decisions: str = "") -> str:
    """Of both documents, the options that change the result and the digest of a
    reviewer's decisions applied (``AppliedDecisions.digest``)."""
    h = hashlib.sha256()
    for doc in (a, b):
        h.update(doc.id.encode())
        for c in doc.chunks:
            h.update(b"\x00" + c.id.encode() + b"\x01" + c.content.encode())
        h.update(b"\x02")
    opts = options.model_dump(mode="json", exclude=_RUN_CONTROLS)
    h.update(json.dumps(opts, sort_keys=True).encode())
    if decisions:
        h.update(b"\x03" + decisions.encode())
    return h.hexdigest()[:32]


def default_checkpoint_path() -> Path:
    return user_dir() / "checkpoints.sqlite"


def serializer() -> Any:
    """LangGraph's serializer, allowed to rebuild hikaku's typed records (and the LLM
    agent's structured answer, which its own graph keeps) and nothing else beyond its own
    safe types."""
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    from ..agent.answer import ComparisonAnswer
    from ..align import RECORD_TYPES
    from ..result import ComparisonResult

    allowed = [(t.__module__, t.__name__) for t in (*RECORD_TYPES, ComparisonResult, ComparisonAnswer)]
    return JsonPlusSerializer(allowed_msgpack_modules=allowed)


@contextmanager
def open_checkpointer(path: str | Path) -> Iterator[Any]:
    """A LangGraph ``SqliteSaver`` on *path* (created with its directory)."""
    from langgraph.checkpoint.sqlite import SqliteSaver

    p = Path(path).expanduser()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(p), check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: safe against a crash of the process
    except (OSError, sqlite3.Error) as e:
        raise ConfigurationError(f"{p}: cannot open the checkpoint database: {e}") from None
    try:
        saver = SqliteSaver(conn, serde=serializer())
        saver.setup()
        yield saver
    finally:
        conn.close()
