"""The job store: every comparison the server was given, in SQLite under the data
directory, so that the history (and the queue) survives a restart.

One row per job, addressed by its id; the job's files (the uploads under generated
names, the checkpoint, the result and the rendered reports) live in ``jobs/<id>/`` and
go with the job when it is deleted. The server process is the only writer: worker
processes report to it (see ``supervisor``).

A job belongs to a *project* (a named set of documents): the project keeps the reviewer's
decisions (``hikaku.decisions/v1``), applied to every comparison run in it (docs/review.md).
A job started with "ask me" may wait for an answer (status ``waiting``, its question kept
with it) and is resumed from its checkpoint with the answer."""

from __future__ import annotations

import json
import re
import secrets
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from ..system import write_atomically
from ..wording import Message

__all__ = ["Job", "JobStatus", "JobStore", "Progress", "Upload", "TERMINAL", "DEFAULT_PROJECT", "DECISIONS",
           "new_job_id", "valid_job_id", "valid_project"]

JobStatus = Literal["queued", "running", "waiting", "done", "failed", "cancelled"]
TERMINAL: frozenset[str] = frozenset({"done", "failed", "cancelled"})
_ID = re.compile(r"^\d{8}-\d{6}-[0-9a-f]{12}$")
DEFAULT_PROJECT = "default"
DECISIONS = "decisions.json"  # in a job's directory: the project's decisions as its run started
_PROJECT_MAX = 100


def valid_project(name: str) -> bool:
    """A project name: 1 to 100 printable characters but ``/``, no surrounding spaces (it is
    part of URLs, never of a path)."""
    return 0 < len(name) <= _PROJECT_MAX and name == name.strip() and name.isprintable() and "/" not in name


def new_job_id() -> str:
    """Sortable and unguessable: ``20261122-083726-49da86a1b2c3``."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(6)


def valid_job_id(job_id: str) -> bool:
    """Only ids of this shape ever reach the file system (no path in an id)."""
    return bool(_ID.match(job_id))


@dataclass(frozen=True)
class Upload:
    """One side of a comparison: the name the user gave (display only) and the file it
    was stored as (generated: ``input-a.md``)."""

    name: str
    stored: str
    format: str
    size: int


@dataclass(frozen=True)
class Progress:
    stage: str = "queued"  # queued | load | plan | prepare | agent | report | done
    done: int = 0
    total: int = 0

    @property
    def percent(self) -> int:
        """The whole run as one number: loading 0–5 %, the plan 5–10 %, the agent's chunks
        10–95 %, the report 95–100 % (preparing the search — the embeddings of a large pair —
        stays at 10 %: it is said by its stage, and it comes after the agent's 0 of N)."""
        span = {"load": (0, 5), "plan": (5, 10), "prepare": (10, 10), "agent": (10, 95), "report": (95, 100)}
        if self.stage == "done":
            return 100
        lo, hi = span.get(self.stage, (0, 0))
        frac = self.done / self.total if self.total else 0.0
        return int(lo + (hi - lo) * min(1.0, frac))

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The job as the API shows it, its error in *lang*."""
        return {"stage": self.stage, "done": self.done, "total": self.total, "percent": self.percent}


@dataclass(frozen=True)
class Job:
    id: str
    status: JobStatus
    created: float
    a: Upload
    b: Upload
    options: dict[str, Any]  # the resolved CompareOptions (JSON), so that a resumed run uses the same
    progress: Progress = field(default_factory=Progress)
    counts: dict[str, int] = field(default_factory=dict)
    error: str | None = None  # why it failed or was cancelled, in English
    error_message: Message | None = None  # the same as a message, said in the reader's language
    attempts: int = 0  # times a worker started it (> 1: resumed after an interruption)
    updated: float = 0.0
    finished: float | None = None
    project: str = DEFAULT_PROJECT
    ask: bool = False  # the agent asks the reviewer about the chunks it cannot decide
    question: dict[str, Any] | None = None  # waiting: the agent's question (hikaku.review.Question)
    answer: dict[str, Any] | None = None  # the reviewer's answer, for the worker that resumes the run

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The job as the API shows it, its error in *lang*."""
        return {
            "id": self.id,
            "status": self.status,
            "created": _iso(self.created),
            "finished": _iso(self.finished) if self.finished else None,
            "a": {"name": self.a.name, "format": self.a.format, "size": self.a.size},
            "b": {"name": self.b.name, "format": self.b.format, "size": self.b.size},
            "options": {k: self.options.get(k) for k in ("lang", "strict", "include_unchanged", "llm", "embedding")},
            "progress": self.progress.to_dict(),
            "counts": self.counts,
            "error": self.error_message.text(lang) if self.error_message is not None else self.error,
            "resumed": self.attempts > 1,
            "project": self.project,
            "ask": self.ask,
            "question": self.question if self.status == "waiting" else None,
        }


def _iso(ts: float | None) -> str | None:
    """ISO 8601 to the millisecond: the page tells a rerun's result from the one before by
    ``finished``, and a small comparison runs again within the same second."""
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="milliseconds") if ts else None


_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL,
    a TEXT NOT NULL,
    b TEXT NOT NULL,
    options TEXT NOT NULL,
    progress TEXT NOT NULL,
    counts TEXT NOT NULL,
    error TEXT,
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS jobs_status ON jobs (status, created);
CREATE TABLE IF NOT EXISTS projects (
    name TEXT PRIMARY KEY,
    created REAL NOT NULL,
    decisions TEXT NOT NULL
);
"""
# columns added with review mode (a store of an earlier version gets them on open)
_ADDED = {"project": f"TEXT NOT NULL DEFAULT '{DEFAULT_PROJECT}'", "ask": "INTEGER NOT NULL DEFAULT 0",
          "question": "TEXT", "answer": "TEXT",
          "error_wording": "TEXT"}  # the error as a message (hikaku.wording): said in the reader's language


class JobStore:
    """Jobs in ``<data_dir>/jobs.sqlite`` and their files in ``<data_dir>/jobs/<id>/``."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.jobs_dir = self.data_dir / "jobs"
        self.jobs_dir.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(str(self.data_dir / "jobs.sqlite"), check_same_thread=False, isolation_level=None)
        self._conn.row_factory = sqlite3.Row
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.executescript(_SCHEMA)
        have = {r["name"] for r in self._conn.execute("PRAGMA table_info(jobs)")}
        for column, kind in _ADDED.items():
            if column not in have:
                self._conn.execute(f"ALTER TABLE jobs ADD COLUMN {column} {kind}")

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    # -- files -------------------------------------------------------------------------
    def job_dir(self, job_id: str) -> Path:
        if not valid_job_id(job_id):
            raise ValueError(f"not a job id: {job_id!r}")
        return self.jobs_dir / job_id

    # -- rows --------------------------------------------------------------------------
    def add(self, job: Job) -> None:
        now = time.time()
        with self._tx() as c:
            c.execute(
                "INSERT INTO jobs (id, status, created, updated, a, b, options, progress, counts, error, attempts,"
                " project, ask) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (job.id, job.status, job.created, now, _dump_upload(job.a), _dump_upload(job.b),
                 json.dumps(job.options), json.dumps(job.progress.__dict__), json.dumps(job.counts), job.error,
                 job.attempts, job.project, int(job.ask)),
            )
            c.execute("INSERT OR IGNORE INTO projects (name, created, decisions) VALUES (?, ?, ?)",
                      (job.project, now, _EMPTY_DECISIONS))

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            row = self._conn.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return _job(row) if row else None

    def history(self, status: str | None = None) -> list[Job]:
        """Every job (or those with *status*), newest first."""
        with self._lock:
            if status is None:
                rows = self._conn.execute("SELECT * FROM jobs ORDER BY created DESC, id DESC").fetchall()
            else:
                rows = self._conn.execute("SELECT * FROM jobs WHERE status = ? ORDER BY created DESC, id DESC",
                                          (status,)).fetchall()
        return [_job(r) for r in rows]

    def claim_next(self) -> Job | None:
        """Take the oldest queued job: mark it running (one more attempt) and return it."""
        with self._tx() as c:
            row = c.execute("SELECT id FROM jobs WHERE status = 'queued' ORDER BY created, id LIMIT 1").fetchone()
            if row is None:
                return None
            c.execute("UPDATE jobs SET status = 'running', attempts = attempts + 1, updated = ?, progress = ?"
                      " WHERE id = ?", (time.time(), json.dumps(Progress("load").__dict__), row["id"]))
        return self.get(row["id"])

    def set_progress(self, job_id: str, progress: Progress) -> None:
        with self._tx() as c:
            c.execute("UPDATE jobs SET progress = ?, updated = ? WHERE id = ? AND status = 'running'",
                      (json.dumps(progress.__dict__), time.time(), job_id))

    def finish(self, job_id: str, status: Literal["done", "failed", "cancelled"], *, counts: dict[str, int] | None = None,
               error: Message | str | None = None, only_if: tuple[str, ...] = ("queued", "running")) -> bool:
        """Move a job to a terminal status; False if it was not in one of *only_if*
        (already finished, or deleted). *error*: why, best as a message (said in the
        language of whoever reads the job later)."""
        message = error if isinstance(error, Message) else None
        now = time.time()
        marks = ",".join("?" for _ in only_if)
        with self._tx() as c:
            row = c.execute(f"SELECT progress FROM jobs WHERE id = ? AND status IN ({marks})",
                            (job_id, *only_if)).fetchone()
            if row is None:
                return False
            progress = Progress("done").__dict__ if status == "done" else json.loads(row["progress"])
            c.execute("UPDATE jobs SET status = ?, counts = COALESCE(?, counts), error = ?, error_wording = ?,"
                      " progress = ?, updated = ?, finished = ? WHERE id = ?",
                      (status, json.dumps(counts) if counts is not None else None,
                       None if error is None else str(error),
                       None if message is None else json.dumps(message.to_dict(), ensure_ascii=False),
                       json.dumps(progress), now, now, job_id))
        return True

    def wait_for_answer(self, job_id: str, question: dict[str, Any]) -> bool:
        """A running job paused on the agent's question (its checkpoint holds the run)."""
        with self._tx() as c:
            n = c.execute("UPDATE jobs SET status = 'waiting', question = ?, answer = NULL, updated = ? WHERE id = ?"
                          " AND status = 'running'", (json.dumps(question), time.time(), job_id)).rowcount
        return n > 0

    def answer(self, job_id: str, answer: dict[str, Any]) -> Job | None:
        """The reviewer answered: the job goes back to the queue, to be resumed with the answer.
        The job as the answer left it (None: it was not waiting), read in the same transaction
        (:meth:`_requeued`)."""
        with self._tx() as c:
            n = c.execute("UPDATE jobs SET status = 'queued', answer = ?, attempts = 0, updated = ? WHERE id = ?"
                          " AND status = 'waiting'", (json.dumps(answer), time.time(), job_id)).rowcount
            return self._requeued(c, job_id, n)

    def rerun(self, job_id: str) -> Job | None:
        """Run a finished (or waiting) comparison again from the start (e.g. with new decisions).
        The job as queued again (None: it was queued or running), read in the same transaction
        (:meth:`_requeued`)."""
        with self._tx() as c:
            n = c.execute(
                "UPDATE jobs SET status = 'queued', attempts = 0, counts = '{}', error = NULL, error_wording = NULL,"
                " finished = NULL,"
                " question = NULL, answer = NULL, progress = ?, updated = ? WHERE id = ?"
                " AND status IN ('done', 'failed', 'cancelled', 'waiting')",
                (json.dumps(Progress().__dict__), time.time(), job_id)).rowcount
            return self._requeued(c, job_id, n)

    @staticmethod
    def _requeued(c: sqlite3.Connection, job_id: str, updated: int) -> Job | None:
        """The job just queued again, read before the transaction ends: the supervisor may
        claim it the moment it commits (it looks every tick, not only when woken), and what a
        request answers must not depend on how soon it does (the job is ``queued``, always)."""
        row = c.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone() if updated else None
        return _job(row) if row else None

    # -- projects ------------------------------------------------------------------------
    def projects(self) -> list[dict[str, Any]]:
        """Every project with its number of decisions and comparisons, by name."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT p.name, p.decisions, (SELECT COUNT(*) FROM jobs j WHERE j.project = p.name) AS jobs"
                " FROM projects p ORDER BY p.name").fetchall()
        return [{"name": r["name"], "decisions": len(json.loads(r["decisions"]).get("decisions", [])),
                 "comparisons": r["jobs"]} for r in rows]

    def add_project(self, name: str) -> bool:
        with self._tx() as c:
            n = c.execute("INSERT OR IGNORE INTO projects (name, created, decisions) VALUES (?, ?, ?)",
                          (name, time.time(), _EMPTY_DECISIONS)).rowcount
        return n > 0

    def decisions(self, project: str) -> dict[str, Any] | None:
        """The project's decisions file (JSON), or None for an unknown project."""
        with self._lock:
            row = self._conn.execute("SELECT decisions FROM projects WHERE name = ?", (project,)).fetchone()
        return json.loads(row["decisions"]) if row else None

    def snapshot_decisions(self, job: Job) -> None:
        """Write the project's decisions into the job's directory: the run (and a resumption
        of it) applies exactly these."""
        path = self.job_dir(job.id) / DECISIONS
        data = self.decisions(job.project)
        if data and data.get("decisions"):  # atomically: a worker may be reading it
            write_atomically(path, json.dumps(data, ensure_ascii=False).encode("utf-8"))
        else:
            path.unlink(missing_ok=True)

    @contextmanager
    def editing_decisions(self, project: str) -> Iterator[dict[str, Any]]:
        """Read, change (in place) and write back a project's decisions in one transaction."""
        with self._tx() as c:
            c.execute("INSERT OR IGNORE INTO projects (name, created, decisions) VALUES (?, ?, ?)",
                      (project, time.time(), _EMPTY_DECISIONS))
            data = json.loads(c.execute("SELECT decisions FROM projects WHERE name = ?", (project,)).fetchone()[0])
            yield data
            c.execute("UPDATE projects SET decisions = ? WHERE name = ?", (json.dumps(data, ensure_ascii=False), project))

    def requeue(self, job_id: str) -> bool:
        """A job found running when the server starts goes back to the queue, to be
        resumed from its checkpoint."""
        with self._tx() as c:
            n = c.execute("UPDATE jobs SET status = 'queued', updated = ? WHERE id = ? AND status = 'running'",
                          (time.time(), job_id)).rowcount
        return n > 0

    def delete(self, job_id: str) -> bool:
        """Remove the job and its directory (uploads, checkpoint, result, reports)."""
        with self._tx() as c:
            n = c.execute("DELETE FROM jobs WHERE id = ?", (job_id,)).rowcount
        shutil.rmtree(self.job_dir(job_id), ignore_errors=True)
        return n > 0


_EMPTY_DECISIONS = json.dumps({"schema": "hikaku.decisions/v1", "decisions": []})


def _dump_upload(u: Upload) -> str:
    return json.dumps({"name": u.name, "stored": u.stored, "format": u.format, "size": u.size})


def _job(row: sqlite3.Row) -> Job:
    return Job(
        id=row["id"],
        status=row["status"],
        created=row["created"],
        updated=row["updated"],
        finished=row["finished"],
        a=Upload(**json.loads(row["a"])),
        b=Upload(**json.loads(row["b"])),
        options=json.loads(row["options"]),
        progress=Progress(**json.loads(row["progress"])),
        counts=json.loads(row["counts"]),
        error=row["error"],
        error_message=Message.from_dict(json.loads(row["error_wording"])) if row["error_wording"] else None,
        attempts=row["attempts"],
        project=row["project"],
        ask=bool(row["ask"]),
        question=json.loads(row["question"]) if row["question"] else None,
        answer=json.loads(row["answer"]) if row["answer"] else None,
    )
