"""Running a batch's pairs on this machine: in this process (one job), or in N worker
processes (``--jobs N``), each keeping its models loaded from one pair to the next.

Workers are started with ``spawn`` (no fork of a process that holds threads and
models). A worker that dies (killed, out of memory) fails the pair it was comparing,
is replaced, and the batch goes on.

The batch's process alone decides when to stop. A worker ignores SIGINT (Ctrl-C reaches
every process of the terminal's process group; the batch's process ends the workers
itself, at once), and a worker whose parent is gone (killed with SIGKILL, crashed) exits:
a thread waits on the parent's sentinel, which multiprocessing closes when the parent
dies. This module imports nothing heavy at its top, so that a worker ignores SIGINT
before it spends seconds importing the comparison.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import signal
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .worker import PairOutcome, PairTask

__all__ = ["Runner", "InlineRunner", "ProcessRunner", "OnDone"]

log = logging.getLogger(__name__)

OnDone = Callable[["PairOutcome"], None]


class Runner(Protocol):
    """Compares the pairs and calls *on_done* in this process as each one finishes."""

    name: str

    def run(self, tasks: Sequence[PairTask], on_done: OnDone) -> None: ...


class InlineRunner:
    """One pair after the other, in this process."""

    name = "local"

    def run(self, tasks: Sequence[PairTask], on_done: OnDone) -> None:
        from .worker import PairWorker

        worker = PairWorker()
        for task in tasks:
            on_done(worker.run(task))


def _worker_loop(slot: int, tasks: Any, results: Any) -> None:  # runs in a worker process
    from .worker import PairWorker

    worker = PairWorker()
    for task in iter(tasks.get, None):
        results.put((slot, worker.run(task)))


EXIT_ORPHANED = 70  # a worker's exit status when it finds its parent gone
_PARENT_POLL_S = 1.0  # only where the parent has no sentinel (not started by multiprocessing)


def exit_with_parent() -> threading.Thread:
    """Start a daemon thread that ends this process (``os._exit``) when its parent dies."""
    parent = multiprocessing.parent_process()
    ppid = os.getppid()

    def watch() -> None:
        if parent is not None:
            parent.join()  # waits on the parent's sentinel: returns when the parent is gone
        else:
            while os.getppid() == ppid:
                threading.Event().wait(_PARENT_POLL_S)
        os._exit(EXIT_ORPHANED)

    watcher = threading.Thread(target=watch, name="hikaku-parent-watch", daemon=True)
    watcher.start()
    return watcher


def _worker_main(loop: Callable[[int, Any, Any], None], slot: int, tasks: Any, results: Any) -> None:
    """A worker process: deaf to Ctrl-C, gone with its parent, then *loop*."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()
    loop(slot, tasks, results)


@dataclass
class _Slot:
    process: Any
    tasks: Any
    task: PairTask | None = None


class ProcessRunner:
    """*jobs* worker processes; each is handed the next pair when it is done with one."""

    name = "local"

    def __init__(self, jobs: int, poll_s: float = 0.5, loop: Callable[[int, Any, Any], None] | None = None) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self.poll_s = poll_s
        self.loop = loop or _worker_loop  # a module-level function (spawn imports it); tests pass their own

    def run(self, tasks: Sequence[PairTask], on_done: OnDone) -> None:
        ctx = multiprocessing.get_context("spawn")
        results = ctx.Queue()
        pending = deque(tasks)
        slots: list[_Slot] = []

        def start(k: int) -> _Slot:
            q = ctx.Queue()
            p = ctx.Process(target=_worker_main, args=(self.loop, k, q, results), name=f"hikaku-batch-{k}",
                            daemon=True)
            p.start()
            return _Slot(p, q)

        def feed(slot: _Slot) -> None:
            slot.task = pending.popleft() if pending else None
            if slot.task is not None:
                slot.tasks.put(slot.task)

        try:
            for k in range(min(self.jobs, len(pending))):
                slots.append(start(k))
                feed(slots[k])
            while any(s.task is not None for s in slots):
                try:
                    k, outcome = results.get(timeout=self.poll_s)
                except queue.Empty:
                    self._replace_dead(slots, start, feed, on_done)
                    continue
                slot = slots[k]
                if slot.task is None or slot.task.name != outcome.name:
                    continue  # from a worker that was given up for dead
                feed(slot)
                on_done(outcome)
        except BaseException:  # Ctrl-C, an error while writing: the workers end now, not after their pair
            for s in slots:
                s.process.terminate()
            raise
        else:
            for s in slots:
                if s.process.is_alive():
                    s.tasks.put(None)
        finally:
            for s in slots:
                s.process.join(timeout=5)
                if s.process.is_alive():
                    s.process.terminate()
                    s.process.join(timeout=5)
            results.close()

    def _replace_dead(self, slots: list[_Slot], start: Callable[[int], _Slot], feed: Callable[[_Slot], None],
                      on_done: OnDone) -> None:
        for k, s in enumerate(slots):
            if s.task is None or s.process.is_alive():
                continue
            task = s.task
            code = s.process.exitcode
            log.warning("worker %d died (exit code %s) while comparing %s", k, code, task.name)
            slots[k] = start(k)
            feed(slots[k])
            from ..wording import Message
            from .worker import PairOutcome

            died = Message("batch.error.worker_died", code=code)
            on_done(PairOutcome(task.name, False, error=str(died), error_message=died))
