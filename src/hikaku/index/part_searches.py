"""Vector searches of the queries announced ahead, a part at a time (:mod:`.query_vectors`).

A query announced ahead is embedded with the others of its part; in the in-memory store its
scores are its row of the products of the part's vectors, 256 at a time, with the store's
matrix. The matrix is read once for 256 queries instead of once a query: searches one at a time
beside the run (the comparison's second core) slowed its first core's work, the two sharing
the memory's bandwidth (bench/RESULTS.md, "Figures behind the code").
A part is searched once, ahead in a background thread or by the first search that needs it,
and its best hits kept (``DEPTH`` a query, a few MB for a large comparison, kept with the
index; a search for more searches the part again, the same products): a query's hits are the
same whenever, and from whichever thread, it is asked. A query embedded alone, or whose part
was never embedded (cancelled when the search ended), is searched alone. A change to the
store forgets the parts' hits.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import NamedTuple

import numpy as np

from .numpy_vector_store import NumpyVectorStore
from .protocols import Hit
from .query_vectors import QueryVectors

__all__ = ["DEPTH", "PartSearches"]

DEPTH = 32  # hits kept a query (the agent asks for 20)


class _Found(NamedTuple):
    row: dict[str, int]  # query -> its row
    positions: np.ndarray  # (queries, depth): the store's best vectors for each, best first
    scores: np.ndarray


class PartSearches:
    def __init__(self, store: NumpyVectorStore, queries: QueryVectors, depth: int = DEPTH) -> None:
        self._store = store
        self._queries = queries
        self._depth = depth
        self._found: dict[tuple[tuple[str, ...], int], Future[_Found | None]] = {}  # (part, depth) -> its hits
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def hits(self, text: str, k: int, threshold: float | None = None) -> list[Hit] | None:
        """The *k* best hits of the query *text* (at least *threshold*), from its part's search;
        None for a query embedded alone (the caller searches it alone)."""
        part = self._queries.part(text)
        if part is None:
            return None
        found = self._future(part, k, ahead=False).result()
        if found is None:  # the part's vectors were never made (cancelled at the search's end)
            return None
        row = found.row[text]
        return self._store.hits(found.positions[row, :k], found.scores[row, :k], threshold)

    def prefetch(self, texts: Sequence[str], k: int) -> None:
        """The parts that hold these queries, searched ahead in a background thread."""
        for part in dict.fromkeys(p for t in texts if (p := self._queries.part(t)) is not None):
            self._future(part, k, ahead=True)

    def clear(self) -> None:
        """The store changed: forget the parts' hits (those under way are cancelled or let finish unread)."""
        with self._lock:
            for f in self._found.values():
                f.cancel()
            self._found.clear()

    def stop(self) -> None:
        """End the background thread; the parts searched stay (a later search reads them), those
        not started are forgotten (a later search searches them, the same product)."""
        with self._lock:
            pool, self._pool = self._pool, None
            for key, f in list(self._found.items()):
                if f.cancel():
                    del self._found[key]
        if pool is not None:
            pool.shutdown(wait=True)
        with self._lock:
            for key, f in list(self._found.items()):
                if f.cancelled() or (f.done() and f.exception() is not None):
                    del self._found[key]

    def _future(self, part: tuple[str, ...], k: int, ahead: bool) -> Future[_Found | None]:
        depth = max(k, self._depth)
        key = (part, depth)
        with self._lock:
            got = self._found.get(key)
            if got is not None:
                return got
            if ahead:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(1, thread_name_prefix="hikaku-search")
                got = self._found[key] = self._pool.submit(self._search, part, depth)
                return got
            got = self._found[key] = Future()
            got.set_running_or_notify_cancel()  # (running: a clear() or stop() meanwhile cannot cancel it)
        try:  # here, in the asking thread (another asking meanwhile waits for it)
            got.set_result(self._search(part, depth))
        except BaseException as e:
            with self._lock:  # the next search tries again
                if self._found.get(key) is got:
                    del self._found[key]
            got.set_exception(e)
        return got

    def _search(self, part: tuple[str, ...], depth: int) -> _Found | None:
        vectors = self._queries.vectors_of(part)
        if vectors is None:
            return None
        positions, scores = self._store.search_many(vectors, depth)
        return _Found({t: n for n, t in enumerate(part)}, positions, scores)
