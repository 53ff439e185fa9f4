"""Durable runs: the comparison graph checkpointed in SQLite, so that a crash or Ctrl-C
loses nothing and ``--resume RUN_ID`` continues where the run stopped.

The graph state holds ids and small results (see ``workflow.state``), so a checkpoint is
small; the documents are read again on resume and must be the same ones: the state
keeps a fingerprint of both documents and of the options that change the result.

A checkpoint file that is not a database, or that SQLite finds damaged, is never an
internal error: the default file (``$HIKAKU_HOME/checkpoints.sqlite``) of a new run is set
aside (renamed ``checkpoints.sqlite.corrupt-…``, one warning line) and started afresh; a
file the user named, or a run to resume, gets one clear error line.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .._exceptions import CheckpointError, ConfigurationError
from ..document import Document
from ..settings import CompareOptions, user_dir
from ..system import is_damaged, set_aside

__all__ = ["new_run_id", "fingerprint", "default_checkpoint_path", "open_checkpointer", "serializer",
           "damaged_checkpoint", "check_checkpoint", "is_default_checkpoint"]

log = logging.getLogger(__name__)

# options that change how a run is carried out, not what it finds: may differ on resume
_RUN_CONTROLS = {"include_unchanged", "diff_style", "embedding_cache", "concurrency", "llm_timeout_s", "llm_max_retries", "llm_retry_initial_delay_s",
                 "llm_retry_max_delay_s", "llm_max_failures", "max_tokens_total", "max_input_mb", "max_expanded_mb", "max_compression_ratio",
                 "max_json_depth", "max_chunk_length", "max_document_chars", "max_chunks"}


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

    from ..agent import ComparisonAnswer
    from ..align import RECORD_TYPES
    from ..result import ComparisonResult

    allowed = [(t.__module__, t.__name__) for t in (*RECORD_TYPES, ComparisonResult, ComparisonAnswer)]
    return JsonPlusSerializer(allowed_msgpack_modules=allowed)


def damaged_checkpoint(path: str | Path, error: BaseException) -> CheckpointError:
    """The one-line error for a checkpoint file that turned out to be damaged mid-run."""
    return CheckpointError(f"{path}: the checkpoint database is damaged ({error}); move it away (its runs can no longer "
                           "be resumed) or give another --checkpoint FILE")


def _connect(p: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(p), check_same_thread=False, timeout=30)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: safe against a crash of the process
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


@contextmanager
def open_checkpointer(path: str | Path, *, set_aside_damaged: bool = False) -> Iterator[Any]:
    """A LangGraph ``SqliteSaver`` on *path* (created with its directory). A damaged file
    is set aside and replaced when *set_aside_damaged* (the default file of a new run),
    otherwise a :class:`CheckpointError` names it."""
    from langgraph.checkpoint.sqlite import SqliteSaver

    p = Path(path).expanduser()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ConfigurationError(f"{p}: cannot create the checkpoint directory: {e.strerror}") from None
    try:
        conn = _connect(p)
    except sqlite3.Error as e:
        if not is_damaged(e):
            raise ConfigurationError(f"{p}: cannot open the checkpoint database: {e}") from None
        if not set_aside_damaged:
            raise CheckpointError(f"{p}: not a usable checkpoint database ({e}); give another --checkpoint FILE "
                                  "or move this one away") from None
        moved = set_aside(p)
        log.warning("%s: the checkpoint database is damaged (%s); set aside as %s, starting a new one",
                    p, e, moved.name if moved else "-")
        try:
            conn = _connect(p)
        except sqlite3.Error as e2:
            raise ConfigurationError(f"{p}: cannot open the checkpoint database: {e2}") from None
    except OSError as e:
        raise ConfigurationError(f"{p}: cannot open the checkpoint database: {e.strerror}") from None
    try:
        saver = SqliteSaver(conn, serde=serializer())
        try:
            saver.setup()
        except sqlite3.Error as e:
            raise (damaged_checkpoint(p, e) if is_damaged(e) else
                   ConfigurationError(f"{p}: cannot use the checkpoint database: {e}")) from None
        yield saver
    finally:
        conn.close()


def check_checkpoint(path: str | Path, *, resume: bool = False) -> None:
    """Open and close the checkpoint file before a run, so that a damaged one is named (or,
    the default file of a new run, set aside) before anything else is said or done."""
    with open_checkpointer(path, set_aside_damaged=not resume and is_default_checkpoint(path)):
        pass


def is_default_checkpoint(path: str | Path) -> bool:
    """Whether *path* is ``$HIKAKU_HOME/checkpoints.sqlite`` (whose damaged copy a new run may set aside)."""
    return os.path.realpath(Path(path).expanduser()) == os.path.realpath(default_checkpoint_path().expanduser())
