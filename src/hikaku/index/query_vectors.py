"""The vectors of an index's queries: those known to be coming embedded ahead, in the background.

A comparison knows its queries before the first search (the text of every group the agent will
examine). They are embedded in fixed parts, in the order given, by one background thread that
starts with the first query: a search waits only for the part that holds its query, and the
later parts are computed while the agent examines the first groups (on two cores, while the
interpreter works on one). Each part is twice the one before, up to eight times the first (256,
512, … 2,048 queries): the first search waits for a small part, and the later ones are large
calls, whose texts share their pieces and their windows (:mod:`..embeddings.use.pieces`;
what growing parts save: bench/RESULTS.md, "Figures behind the code"). A vector depends, in its last bits, on the batch it was computed in;
the parts are a function of the list alone, so a query's vector does not depend on which query
comes first or on timing (an LLM's concurrent chunks ask in the order their threads happen to
run). A query that was not announced is embedded alone. (The parts are not one call's batches:
an embedder that computes texts it sees alike once per call — USE — computes such a text once per
part, and the batches after it shift; deterministic all the same.)

The background thread runs at a lower priority (Linux: threads have their own nice value, and
the embedding workers it starts inherit it): on a machine with fewer free cores than threads,
the agent — the run's critical path — goes first and the parts take the rest.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from ..embeddings import Embedder

__all__ = ["QueryVectors", "PART"]

log = logging.getLogger(__name__)

PART = 256  # queries of the first part: a multiple of the USE embedder's batch (64)
_GROWTH = 8  # each part twice the one before, up to 8 × the first
NICENESS = 10  # the background thread's (and its workers') nice value above the process's


def _behind_the_agent() -> None:
    """Lower this thread's priority (Linux only; nowhere else do threads have their own)."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), os.getpriority(os.PRIO_PROCESS, 0) + NICENESS)
        except OSError as e:  # a sandbox may forbid it: the parts then share the cores evenly
            log.debug("query embedding at normal priority: %s", e)


class QueryVectors:
    def __init__(self, embedder: Embedder, part: int = PART) -> None:
        self.embedder = embedder
        self.size = part  # queries per part
        self.embedded = 0  # texts the embedder was asked for
        self._vectors: dict[str, np.ndarray] = {}
        self._announced: list[str] = []
        self._parts: dict[str, Future[dict[str, np.ndarray]]] = {}  # query -> the part that holds it
        self._part_of: dict[str, tuple[str, ...]] = {}  # query -> its part's queries, in order (for good)
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def announce(self, texts: Sequence[str]) -> None:
        """Queries that are likely to come, in the order they will (embedded from the first query on)."""
        with self._lock:
            self._announced = [t for t in dict.fromkeys(texts) if t not in self._vectors and t not in self._parts]

    def part(self, text: str) -> tuple[str, ...] | None:
        """The queries of the part that holds *text*, in order (its vector is computed with
        them), once the parts are made (the first query asked); None for a query embedded alone."""
        with self._lock:  # (not while the parts are being made)
            return self._part_of.get(text)

    def vectors_of(self, part: tuple[str, ...]) -> np.ndarray | None:
        """The vectors of the queries of *part* (:meth:`part`), in order, waiting for the part if
        it is under way; None if it will not give them (cancelled, failed): never embedded alone."""
        for t in part:
            with self._lock:
                future = None if t in self._vectors else self._parts.get(t)
                if future is None and t not in self._vectors:
                    return None
            if future is not None:
                try:
                    future.result()
                except Exception:
                    return None
        return np.vstack([self._vectors[t] for t in part])

    def __call__(self, text: str) -> np.ndarray:
        """*text*'s vector: computed, waited for (its part), or embedded alone now."""
        v = self._vectors.get(text)
        if v is not None:
            return v
        with self._lock:
            v = self._vectors.get(text)  # (a part may have finished meanwhile)
            if v is None:
                self._start()
                part = self._parts.get(text)
        if v is not None:
            return v
        if part is not None:
            try:
                return part.result()[text]
            except Exception:
                with self._lock:  # its part failed (an embedding server down): its queries go alone from now on
                    for t in [t for t, f in self._parts.items() if f is part]:
                        del self._parts[t]
                        self._part_of.pop(t, None)
                raise
        return self._embed([text])[text]

    def stop(self) -> None:
        """Cancel the parts not started and end the thread (the searches are over)."""
        with self._lock:  # the part under way is let finish (a search waiting for it gets it)
            pool, self._pool = self._pool, None
            cancelled = {f for f in set(self._parts.values()) if f.cancel()}
            self._parts = {t: f for t, f in self._parts.items() if f not in cancelled}
            self._announced = []
        if pool is not None:
            pool.shutdown(wait=True)
        with self._lock:  # a part cancelled before it was embedded: its queries go alone from now on
            self._part_of = {t: p for t, p in self._part_of.items() if t in self._vectors}

    def forget(self) -> None:
        """The searches are over (the alignment is resolved): stop (:meth:`stop`) and let go of every
        vector — one a group the agent examined, kept to the run's end otherwise, under the rows
        (bench/RESULTS.md, Figures behind the code). A query after it is embedded alone."""
        self.stop()
        with self._lock:
            self._vectors.clear()
            self._part_of.clear()
            self._parts.clear()
            self._announced = []

    def _start(self) -> None:
        """Under the lock: the announced queries, in parts, to the background thread."""
        todo = [t for t in self._announced if t not in self._vectors]
        self._announced = []
        if not todo:
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="hikaku-queries", initializer=_behind_the_agent)
        k, size = 0, self.size
        while k < len(todo):
            texts = todo[k: k + size]
            k, size = k + size, min(2 * size, _GROWTH * self.size)
            members = tuple(texts)
            for t in texts:
                self._part_of[t] = members
            future = self._pool.submit(self._embed, texts)
            for t in texts:
                self._parts[t] = future

    def _embed(self, texts: list[str]) -> dict[str, np.ndarray]:
        vectors = self.embedder.embed(texts)
        out = dict(zip(texts, vectors))
        with self._lock:
            self.embedded += len(texts)
            self._vectors.update(out)
            for t in texts:
                self._parts.pop(t, None)
        return out
