"""The queries announced ahead, embedded in fixed parts by a background thread
(hikaku/index/query_vectors.py): a search waits only for its part, the vectors are those of the
parts whatever query comes first, a query not announced goes alone, a failed part's queries go
alone next time, and the thread ends with the search."""

from __future__ import annotations

import os
import sys
import threading

import numpy as np
import pytest

from hikaku.index.query_vectors import QueryVectors

QUERIES = [f"第{k}条 保険金の支払" for k in range(10)]


class Recording:
    """Embeds like *inner*, remembers every call; a call holding *hold* waits for *gate*."""

    name = "recording"

    def __init__(self, inner, hold: str | None = None, fail: str | None = None) -> None:
        self.inner = inner
        self.calls: list[list[str]] = []
        self.hold, self.fail = hold, fail
        self.gate = threading.Event()

    def embed(self, texts):
        self.calls.append(list(texts))
        if self.hold in texts:
            assert self.gate.wait(10)
        if self.fail in texts:
            self.fail = None  # the server is back for the next call
            raise ConnectionError("embedding server down")
        return self.inner.embed(texts)


def _threads() -> set[str]:
    return {t.name for t in threading.enumerate() if t.name.startswith("hikaku-queries")}


def test_the_parts_are_fixed_by_the_list_whatever_query_comes_first(hashing_embedder):
    many = Recording(hashing_embedder)
    growing = QueryVectors(many, part=2)
    growing.announce([f"q{k}" for k in range(40)])
    growing("q39")
    assert [len(c) for c in many.calls] == [2, 4, 8, 16, 10]  # up to 8 × the first: 2, 4, 8, 16, 16, ...
    growing.stop()
    e1, e2 = Recording(hashing_embedder), Recording(hashing_embedder)
    forward, backward = QueryVectors(e1, part=4), QueryVectors(e2, part=4)
    forward.announce(QUERIES)
    backward.announce(QUERIES)
    got_f = {q: forward(q) for q in QUERIES}
    got_b = {q: backward(q) for q in reversed(QUERIES)}
    assert e1.calls == e2.calls == [QUERIES[0:4], QUERIES[4:10]]  # each part twice the one before
    one_call = hashing_embedder.embed(QUERIES)
    for k, q in enumerate(QUERIES):
        assert np.array_equal(got_f[q], got_b[q]) and np.allclose(got_f[q], one_call[k])
    assert forward.embedded == 10
    forward.stop()
    backward.stop()


def test_a_search_waits_only_for_the_part_of_its_query(hashing_embedder):
    e = Recording(hashing_embedder, hold=QUERIES[5])
    qv = QueryVectors(e, part=4)
    qv.announce(QUERIES)
    assert qv(QUERIES[1]) is not None  # the second part is held: the first is there all the same
    assert QUERIES[5] not in qv._vectors and _threads()
    e.gate.set()
    assert np.allclose(qv(QUERIES[5]), hashing_embedder.embed([QUERIES[5]])[0])
    qv.stop()
    assert not _threads()


def test_a_query_not_announced_is_embedded_alone(hashing_embedder):
    e = Recording(hashing_embedder)
    qv = QueryVectors(e, part=4)
    qv.announce(QUERIES[:3])
    qv("入院給付金")
    assert ["入院給付金"] in e.calls
    assert qv("入院給付金") is qv("入院給付金")  # computed once
    qv.stop()


def test_a_failed_part_fails_its_search_and_its_queries_go_alone_next(hashing_embedder):
    e = Recording(hashing_embedder, fail=QUERIES[2])
    qv = QueryVectors(e, part=4)
    qv.announce(QUERIES)
    with pytest.raises(ConnectionError):
        qv(QUERIES[0])
    assert np.allclose(qv(QUERIES[1]), hashing_embedder.embed([QUERIES[1]])[0])  # alone, the server back
    assert [QUERIES[1]] in e.calls
    assert qv(QUERIES[6]) is not None  # a later part was not affected
    qv.stop()


def test_stop_cancels_the_parts_not_started(hashing_embedder):
    e = Recording(hashing_embedder, hold=QUERIES[0])
    qv = QueryVectors(e, part=2)
    qv.announce(QUERIES)
    outcome: list[object] = []

    def ask() -> None:  # waits for the last part: cancelled by stop
        try:
            outcome.append(qv(QUERIES[9]))
        except Exception as exc:
            outcome.append(exc)

    asker = threading.Thread(target=ask)
    asker.start()
    while not e.calls:  # the first part is being computed (held)
        threading.Event().wait(0.01)
    stopper = threading.Thread(target=qv.stop)
    stopper.start()
    e.gate.set()
    stopper.join(10)
    asker.join(10)
    assert not _threads() and e.calls == [QUERIES[0:2]]  # the parts after the running one never ran
    assert len(outcome) == 1 and isinstance(outcome[0], Exception)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="threads have their own nice value on Linux only")
def test_the_parts_run_behind_the_agent(hashing_embedder):
    """The background thread and the workers it starts run at a lower priority than the caller."""
    niceness: list[int] = []

    class Watching(Recording):
        def embed(self, texts):
            niceness.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
            worker = threading.Thread(target=lambda: niceness.append(
                os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
            worker.start()
            worker.join()
            return super().embed(texts)

    qv = QueryVectors(Watching(hashing_embedder), part=4)
    qv.announce(QUERIES)
    qv(QUERIES[0])
    qv.stop()
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert niceness and all(n > mine for n in niceness)


def test_a_parts_vectors_come_from_the_part_or_not_at_all(hashing_embedder):
    """What a part's search reads (vectors_of): the part's vectors, waited for while it runs, also
    across stop(); None for a part cancelled before it ran — never a query embedded alone."""
    e = Recording(hashing_embedder, hold=QUERIES[0])
    qv = QueryVectors(e, part=2)
    qv.announce(QUERIES)
    asker = threading.Thread(target=lambda: qv(QUERIES[0]))
    asker.start()
    while not e.calls:  # the first part is being computed (held)
        threading.Event().wait(0.01)
    first, second = qv.part(QUERIES[0]), qv.part(QUERIES[2])  # (known before the part started)
    got: list[object] = []
    reader = threading.Thread(target=lambda: got.append(qv.vectors_of(first)))
    reader.start()
    stopper = threading.Thread(target=qv.stop)
    stopper.start()
    e.gate.set()
    for t in (stopper, reader, asker):
        t.join(10)
    assert first == tuple(QUERIES[0:2]) and second == tuple(QUERIES[2:6])
    assert np.allclose(got[0], hashing_embedder.embed(list(first)))  # the part let finish across stop()
    assert qv.vectors_of(second) is None and e.calls == [list(first)]  # cancelled: nothing embedded alone
    assert qv.part(QUERIES[2]) is None  # its queries go alone from now on


def test_the_vectors_go_when_the_search_is_over(hashing_embedder):
    """Forgotten once the alignment is resolved (a vector a group examined: about 100 MB at 50,000
    groups); a query after it is embedded alone, and the thread has ended."""
    e = Recording(hashing_embedder)
    qv = QueryVectors(e, part=4)
    qv.announce(QUERIES)
    first = qv(QUERIES[0])
    qv.forget()
    assert not qv._vectors and not _threads() and qv.part(QUERIES[0]) is None
    again = qv(QUERIES[0])
    assert e.calls[-1] == [QUERIES[0]] and np.allclose(again, first)
