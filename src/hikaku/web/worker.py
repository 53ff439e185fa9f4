"""A worker process: takes one comparison at a time from its task queue, runs it
(:func:`hikaku.run.run`) with a checkpoint in the job's directory, writes the result there
and reports progress and the outcome to the server on the events queue.

Events are tuples ``(kind, worker, job_id, *payload)``: ``("progress", w, id, stage,
done, total)``, ``("done", w, id, counts)`` (the reports' totals: ``renderers.counted``), ``("failed", w, id, message)``,
``("cancelled", w, id, message)`` (each message a :class:`hikaku.wording.Message`, said in
the language of whoever reads the job), ``("question", w, id, question)``: a job started with "ask
me" paused on the agent's question (its checkpoint holds the run; the server resumes it with
the answer). The reviewer's decisions of the job's project are in ``decisions.json`` in the
job's directory, written by the server when the run starts. A comparison is cancelled cooperatively: the progress
callback raises once the worker's cancel event is set (the server terminates a worker
that does not stop in time)."""

from __future__ import annotations

import logging
import os
import queue
import signal
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..wording import Message
from .places import write_places
from .store import DECISIONS

if TYPE_CHECKING:
    from ..run import Side

__all__ = ["Task", "JobCancelled", "QuestionPending", "worker_main", "run_task", "job_sides", "RESULT", "CHECKPOINT",
           "DECISIONS"]

log = logging.getLogger(__name__)

RESULT = "result.json"
CHECKPOINT = "checkpoint.sqlite"
_PROGRESS_EVERY_S = 0.2


@dataclass(frozen=True)
class Task:
    job_id: str
    job_dir: str
    a: tuple[str, str, str]  # stored file name, loader format, the user's file name
    b: tuple[str, str, str]
    options: dict[str, Any]  # CompareOptions as JSON, resolved by the server
    resume: bool  # started before: continue from the checkpoint
    ask: bool = False  # the agent asks about the chunks it cannot decide
    answer: dict[str, Any] | None = None  # the answer to the question the run paused on


class JobCancelled(Exception):
    """The run stopped on the worker's cancel event (or because the server is gone); its
    argument is a :class:`Message` saying which."""


class QuestionPending(Exception):
    """The run paused on a question nobody has answered yet."""

    def __init__(self, question: dict[str, Any]) -> None:
        super().__init__("waiting for the reviewer's answer")
        self.question = question


def worker_main(index: int, tasks: Any, events: Any, cancel: Any, parent_pid: int) -> None:
    """The loop of worker *index* (the target of a spawned process)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    logging.basicConfig(level=logging.WARNING, format="hikaku worker: %(levelname)s %(name)s: %(message)s")
    from ..run import run  # noqa: F401 - imported once, before the first job
    while True:
        try:
            task = tasks.get(timeout=1.0)
        except queue.Empty:
            if os.getppid() != parent_pid:  # the server is gone
                return
            continue
        if task is None:
            return
        run_task(task, index, events, cancel, parent_pid)


def run_task(task: Task, index: int, events: Any, cancel: Any, parent_pid: int | None = None) -> None:
    def report(*event: Any) -> None:
        events.put((event[0], index, task.job_id, *event[1:]))

    last_time, last_stage = 0.0, ""

    def progress(stage: str, done: int, total: int) -> None:
        nonlocal last_time, last_stage
        if cancel.is_set():
            raise JobCancelled(Message("server.error.cancelled"))
        if parent_pid is not None and os.getppid() != parent_pid:
            raise JobCancelled(Message("server.error.server_stopped"))
        now = time.monotonic()
        if stage != last_stage or done >= total or now - last_time >= _PROGRESS_EVERY_S:
            last_time, last_stage = now, stage
            report("progress", stage, done, total)

    try:
        progress("load", 0, 1)
        counts = _run(task, progress)
    except JobCancelled as e:
        report("cancelled", Message.of(e))
    except QuestionPending as e:
        report("question", e.question)
    except Exception as e:  # noqa: BLE001 - any failure ends this job only, never the worker
        from .._exceptions import HikakuError

        reason: Message | str
        if isinstance(e, HikakuError):
            reason = Message.of(e) or str(e)  # (a library error without words of its own: its English)
        else:
            log.error("job %s: %s", task.job_id, "".join(traceback.format_exception(e)))
            reason = Message("server.error.internal", kind=type(e).__name__, why=str(e))
        report("failed", Message("server.error.failed", reason=reason).map_text(lambda text: _named(text, task)))
    else:
        report("done", counts)


def _named(text: str, task: Task) -> str:
    """*text* with the stored files' paths replaced by the user's file names."""
    for stored, _, name in (task.a, task.b):
        text = text.replace(str(Path(task.job_dir) / stored), name)
    return text


def _run(task: Task, progress: Any) -> dict[str, int]:
    from .._exceptions import CheckpointError
    from ..renderers import counted
    from ..run import Durability, Review, RunRequest, Side, load_sides, run
    from ..settings import CompareOptions
    from ..system import write_atomically

    job_dir = Path(task.job_dir)
    opts = CompareOptions.model_validate(task.options)
    doc_a, doc_b = load_sides(*job_sides(job_dir, task.a, task.b), opts, served=True)
    progress("load", 1, 1)
    checkpoint = job_dir / CHECKPOINT
    decisions = job_dir / DECISIONS
    review = Review(decisions if decisions.exists() else None, _asker(task) if task.ask else None)

    def compare(resume: bool) -> Any:
        # the documents read above (a Side of a Document is not read again)
        request = RunRequest(Side(doc_a), Side(doc_b), opts, durability=Durability(checkpoint, task.job_id, resume),
                             review=review, progress=progress, served=True)
        return run(request).result

    if task.resume and checkpoint.exists():
        try:
            result = compare(resume=True)
        except CheckpointError as e:  # nothing usable was saved: start again
            log.warning("job %s: cannot resume (%s); starting again", task.job_id, e)
            checkpoint.unlink(missing_ok=True)
            result = compare(resume=False)
    else:
        checkpoint.unlink(missing_ok=True)
        result = compare(resume=False)
    write_places(job_dir, doc_a, doc_b)  # where each chunk is on the pages of a PDF, for the page view
    write_atomically(job_dir / RESULT, result.to_json().encode("utf-8"))
    return counted(result)  # the totals of the reports: 条番号のみ変更 and 削除（番号存置） apart


def job_sides(job_dir: Path, a: tuple[str, str, str], b: tuple[str, str, str]) -> tuple[Side, Side]:
    """A job's two sides (stored file name, format, the user's file name): read as ``hikaku compare``
    reads the user's file, named after it (the chunks ``a1``/``b1`` …, the document's id and title
    from the user's file name, messages naming it, not the server's path)."""
    from ..run import Side

    return Side(job_dir / a[0], name=a[2], format=a[1]), Side(job_dir / b[0], name=b[2], format=b[1])


def _asker(task: Task) -> Any:
    """The run's ``ask``: the answer the server stored for this question, else pause."""
    from ..review import Answer

    def ask(question: Any) -> Any:
        answer = task.answer
        if answer is not None and tuple(answer.get("a_ids") or ()) == question.a_ids:
            return Answer.from_dict(answer)
        raise QuestionPending(question.to_dict())

    return ask
