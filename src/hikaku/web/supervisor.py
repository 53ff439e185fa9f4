"""The worker pool: N worker processes (spawned, so that no thread of the server is
copied into them), a supervisor thread that hands queued jobs from the store to idle
workers, records their progress and outcome in the store, replaces a worker that died
(its job is marked failed with the reason) and terminates one that does not honour a
cancellation in time.

The queue is the job store itself (jobs in status ``queued``, oldest first), so it
survives a restart; jobs found ``running`` when the pool starts were interrupted by the
end of the previous server and go back to the queue, to be resumed from their
checkpoint (or are marked failed after ``MAX_ATTEMPTS`` interrupted runs)."""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ..wording import Message
from .store import Job, JobStore, Progress
from .worker import Task, worker_main

__all__ = ["WorkerPool", "MAX_ATTEMPTS"]

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # a job interrupted this many times (it may be what brings the server down) is not retried
_TICK_S = 0.2
_QUICK_DEATH_S = 10.0
_MAX_BACKOFF_S = 60.0


@dataclass
class _Worker:
    index: int
    process: Any
    tasks: Any
    cancel: Any
    job: str | None = None
    cancel_deadline: float | None = None
    cancel_reason: Message | None = None
    started: float = field(default_factory=time.monotonic)
    quick_deaths: int = 0  # deaths in a row soon after starting, with no job (a broken installation)
    respawn_at: float | None = None


class WorkerPool:
    def __init__(self, store: JobStore, workers: int = 1, *, cancel_grace_s: float = 10.0) -> None:
        self.store = store
        self.size = workers
        self.cancel_grace_s = cancel_grace_s
        self._ctx = mp.get_context("spawn")
        self._events: Any = self._ctx.Queue()
        self._workers: list[_Worker] = []
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    # -- life cycle ----------------------------------------------------------------------
    def start(self) -> None:
        self._recover()
        self._workers = [self._spawn(i) for i in range(self.size)]
        self._thread = threading.Thread(target=self._run, name="hikaku-supervisor", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 3.0) -> None:
        """Stop the workers; a job still running stays ``running`` in the store and is
        resumed from its checkpoint by the next server."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        with self._lock:
            workers = list(self._workers)
        for w in workers:
            w.tasks.put(None)
            if w.job is not None:
                w.cancel.set()  # the comparison stops at its next step; its checkpoint stays
        deadline = time.monotonic() + timeout
        for w in workers:
            w.process.join(timeout=0.5 if w.job is None else max(0.1, deadline - time.monotonic()))
            if w.process.is_alive():
                w.process.kill()
                w.process.join(timeout=2)
        self._events.close()

    @property
    def alive(self) -> int:
        return sum(1 for w in self._workers if w.process.is_alive())

    def worker_pids(self) -> list[int]:
        return [w.process.pid for w in self._workers]

    def wake(self) -> None:
        """A job was queued: dispatch without waiting for the next tick."""
        self._wake.set()

    def cancel(self, job_id: str, reason: Message | None = None) -> bool:
        """Ask the worker running *job_id* to stop; False if no worker runs it."""
        with self._lock:
            for w in self._workers:
                if w.job == job_id:
                    w.cancel.set()
                    w.cancel_reason = reason or Message("server.error.cancelled")
                    w.cancel_deadline = time.monotonic() + self.cancel_grace_s
                    return True
        return False

    # -- internals -----------------------------------------------------------------------
    def _recover(self) -> None:
        for job in self.store.history("running"):
            if job.attempts >= MAX_ATTEMPTS:
                self.store.finish(job.id, "failed", error=Message("server.error.interrupted", n=job.attempts))
            else:
                log.info("job %s was interrupted by a restart; resuming it from its checkpoint", job.id)
                self.store.requeue(job.id)

    def _spawn(self, index: int, quick_deaths: int = 0) -> _Worker:
        tasks = self._ctx.Queue()
        cancel = self._ctx.Event()
        p = self._ctx.Process(target=worker_main, args=(index, tasks, self._events, cancel, os.getpid()),
                              name=f"hikaku-worker-{index}", daemon=True)
        p.start()
        return _Worker(index, p, tasks, cancel, quick_deaths=quick_deaths)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._drain_events()
                self._check_workers()
                self._dispatch()
            except Exception:  # noqa: BLE001 - the supervisor must outlive any one bad event
                log.exception("supervisor")
            self._wake.wait(_TICK_S)
            self._wake.clear()

    def _drain_events(self) -> None:
        while True:
            try:
                event = self._events.get(timeout=0.05)
            except (queue.Empty, OSError, ValueError):
                return
            self._handle(event)

    def _handle(self, event: tuple[Any, ...]) -> None:
        kind, index, job_id, *payload = event
        if kind == "progress":
            stage, done, total = payload
            self.store.set_progress(job_id, Progress(stage, int(done), int(total)))
            return
        if kind == "done":
            self.store.finish(job_id, "done", counts=payload[0])
        elif kind == "failed":
            self.store.finish(job_id, "failed", error=payload[0])
        elif kind == "cancelled":
            self.store.finish(job_id, "cancelled", error=self._reason(index, payload[0]))
        elif kind == "question":  # paused until the reviewer answers (the checkpoint holds the run)
            self.store.wait_for_answer(job_id, payload[0])
        with self._lock:
            w = self._workers[index] if index < len(self._workers) else None
            if w is not None and w.job == job_id:
                w.job, w.cancel_deadline = None, None
                w.cancel.clear()

    def _reason(self, index: int, fallback: Message | None) -> Message:
        """Why a job was cancelled: the reason it was cancelled for, else what its worker said."""
        with self._lock:
            w = self._workers[index] if index < len(self._workers) else None
            given = w.cancel_reason if w is not None else None
            return given or fallback or Message("server.error.cancelled")

    def _check_workers(self) -> None:
        now = time.monotonic()
        with self._lock:
            for k, w in enumerate(self._workers):
                # the replacement is started before the job's end is recorded: whoever sees the
                # job end sees the pool whole again
                if w.job is not None and w.cancel_deadline is not None and now > w.cancel_deadline:
                    log.warning("worker %d did not stop job %s in time; killing it", w.index, w.job)
                    w.process.kill()
                    w.process.join(timeout=5)
                    self._workers[k] = self._spawn(w.index)
                    self.store.finish(w.job, "cancelled", error=w.cancel_reason or Message("server.error.cancelled"))
                elif not w.process.is_alive():
                    self._drain_events()  # its last words may be 'done'
                    code = w.process.exitcode
                    lost, w.job = w.job, None
                    if lost is not None:
                        log.error("worker %d died (exit code %s) running job %s", w.index, code, lost)
                    if w.respawn_at is None:  # a worker that keeps dying at start is restarted less and less often
                        quick = lost is None and now - w.started < _QUICK_DEATH_S
                        w.quick_deaths = w.quick_deaths + 1 if quick else 0
                        w.respawn_at = now + min(_MAX_BACKOFF_S, 2 ** w.quick_deaths - 1)
                        if w.quick_deaths:
                            log.error("worker %d stopped at start (exit code %s); restarting it in %.0f s",
                                      w.index, code, w.respawn_at - now)
                    if now >= w.respawn_at:
                        self._workers[k] = self._spawn(w.index, quick_deaths=w.quick_deaths)
                    if lost is not None:
                        self.store.finish(lost, "failed", error=Message("server.error.worker_died", code=code))

    def _dispatch(self) -> None:
        with self._lock:
            idle = [w for w in self._workers if w.job is None and w.process.is_alive()]
        for w in idle:
            job = self.store.claim_next()
            if job is None:
                return
            with self._lock:
                w.job, w.cancel_deadline, w.cancel_reason = job.id, None, None
                w.cancel.clear()
            w.tasks.put(_task(self.store, job))


def _task(store: JobStore, job: Job) -> Task:
    return Task(
        job_id=job.id,
        job_dir=str(store.job_dir(job.id)),
        a=(job.a.stored, job.a.format, job.a.name),
        b=(job.b.stored, job.b.format, job.b.name),
        options=job.options,
        resume=job.attempts > 1 or job.answer is not None,
        ask=job.ask,
        answer=job.answer,
    )
