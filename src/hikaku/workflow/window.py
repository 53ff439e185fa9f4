"""The sliding window of a concurrent policy (an LLM): at most ``size`` chunks are under
examination at once, and a new one starts as soon as one finishes — not batch by batch,
where a batch waits for its slowest chunk.

The window outlives a graph step: each ``react_agent`` step fills the window from the
queue, waits until at least one chunk is finished and returns the finished decisions,
which the graph records (and a checkpoint keeps) while the others go on. The state says
which chunks were started (``cursor``) and which are decided (``processed_chunks_a``),
so a resumed run starts again the chunks that were under way when it stopped. Before the
run pauses to ask a reviewer (review mode), the chunks under way finish and are kept with
the step, so that an answer given in another process examines nothing twice.

Each chunk runs in a fresh context: the LLM agent inside it is a graph of its own, not
a part of the comparison graph's step that happened to start it.
"""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from ..align import Decision

__all__ = ["AgentWindow"]


class AgentWindow:
    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self.restarted = False  # chunks under way when a previous process stopped are started again
        self._pool: ThreadPoolExecutor | None = None
        self._running: dict[Future[Decision], str] = {}
        self._order: dict[str, int] = {}  # when each chunk started, for a stable order of results
        self._lock = threading.Lock()

    @property
    def running(self) -> int:
        return len(self._running)

    def is_running(self, a_id: str) -> bool:
        return a_id in self._running.values()

    def start(self, a_id: str, examine: Callable[[], Decision]) -> None:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.size, thread_name_prefix="hikaku-agent")
            future = self._pool.submit(contextvars.Context().run, examine)
            self._running[future] = a_id
            self._order[a_id] = len(self._order)

    def wait(self) -> list[tuple[str, Decision]]:
        """Block until at least one chunk is finished; every finished chunk with its
        decision, in the order they were started. A chunk whose examination raised
        raises here."""
        if not self._running:
            return []
        done, _ = wait(list(self._running), return_when=FIRST_COMPLETED)
        finished = sorted(((self._running.pop(f), f) for f in done), key=lambda x: self._order[x[0]])
        return [(a_id, f.result()) for a_id, f in finished]

    def close(self) -> None:
        """Stop: chunks not started yet are dropped; those under way finish in the
        background and are discarded (a resumed run examines them again)."""
        with self._lock:
            pool, self._pool = self._pool, None
            self._running.clear()
            self.restarted = False  # used again, it starts the unfinished chunks anew
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
