"""Vector searches of the queries announced ahead, a part at a time (hikaku/index/part_searches.py):
one product of the store's matrix per part, the same hits whichever query comes first and
whether or not they were searched ahead, a query not announced searched alone, the hits kept
after the search is over and forgotten when the store changes."""

from __future__ import annotations

import threading

import numpy as np

from hikaku.index import HybridIndex
from hikaku.index.numpy_vector_store import NumpyVectorStore
from hikaku.index.part_searches import DEPTH
from hikaku.system.ranking import best

TEXTS = [f"第{k}条 保険金は請求から{k}日以内に支払います。{'入院' * (k % 3)}" for k in range(1, 40)]
QUERIES = ["保険金の支払", "入院給付金", "請求の期限", "第3条", "第12条 保険金の請求", "入院の日数"]


class Counting(NumpyVectorStore):
    """The in-memory store, counting its searches: the matrix read per part or per query."""

    def __init__(self) -> None:
        super().__init__()
        self.many: list[int] = []
        self.alone = 0

    def search_many(self, vectors, k):
        self.many.append(len(vectors))
        return super().search_many(vectors, k)

    def search(self, vector, k, threshold=None):
        self.alone += 1
        return super().search(vector, k, threshold)


def _index(embedder, tokenizer, part: int = 4) -> HybridIndex:
    idx = HybridIndex(embedder, tokenizer, vector_store=Counting())
    idx._queries.size = part
    idx.add([(f"c{k}", t) for k, t in enumerate(TEXTS)])
    idx.prefetch_queries(QUERIES)
    return idx


def _threads() -> set[str]:
    return {t.name for t in threading.enumerate() if t.name.startswith("hikaku-search")}


def _search(idx: HybridIndex, q: str, k: int = 5, threshold: float | None = 0.0):
    return idx.search(q, mode="vector", top_k=k, threshold=threshold)


def test_a_part_is_searched_in_one_product_and_its_hits_do_not_depend_on_the_order(hashing_embedder, bigram):
    forward, backward = _index(hashing_embedder, bigram), _index(hashing_embedder, bigram)
    got_f = {q: _search(forward, q) for q in QUERIES}
    got_b = {q: _search(backward, q) for q in reversed(QUERIES)}
    assert got_f == got_b
    store = forward.vector_store
    assert store.many == [4, 2] and store.alone == 0  # two parts, two products: no query alone
    # the hits are the store's: a query searched alone finds the same chunks, scores to float rounding
    vectors = hashing_embedder.embed(QUERIES)
    for q, v in zip(QUERIES, vectors, strict=True):
        alone = NumpyVectorStore.search(store, v, 5, 0.0)
        assert [h.id for h in got_f[q]] == [h.id for h in alone]
        assert np.allclose([h.score for h in got_f[q]], [h.score for h in alone], atol=1e-6)
    forward.stop_prefetching()
    backward.stop_prefetching()


def test_searched_ahead_or_when_asked_the_same_hits_and_the_thread_ends_with_the_search(hashing_embedder, bigram):
    plain = _index(hashing_embedder, bigram)
    expected = [_search(plain, q) for q in QUERIES]
    ahead = _index(hashing_embedder, bigram)
    ahead.prefetch_vector_searches(QUERIES, 5, 0.0)  # nothing embedded yet: nothing started
    assert not _threads() and not ahead.vector_store.many
    first = _search(ahead, QUERIES[0])  # embeds the texts, makes the parts, searches the first
    ahead.prefetch_vector_searches(QUERIES[1:] + ["never announced"], 5, 0.0)
    assert _threads()
    got = [first] + [_search(ahead, q) for q in QUERIES[1:]]
    assert got == expected and ahead.vector_store.many == [4, 2]
    ahead.stop_prefetching()
    assert not _threads()
    # the hits found are kept: searched again after the search is over, nothing is computed again
    assert [_search(ahead, q) for q in QUERIES] == expected and ahead.vector_store.many == [4, 2]


def test_k_and_threshold_are_applied_to_the_parts_hits(hashing_embedder, bigram):
    idx = _index(hashing_embedder, bigram)
    ten = _search(idx, QUERIES[1], 10, None)
    assert _search(idx, QUERIES[1], 3, None) == ten[:3]
    cut = ten[4].score
    assert _search(idx, QUERIES[1], 10, cut) == [h for h in ten if h.score >= cut]
    deep = _search(idx, QUERIES[1], DEPTH + 5, None)  # more than a part keeps: the part searched again
    assert len(deep) == DEPTH + 5 and deep[:10] == ten and idx.vector_store.many == [4, 4]
    idx.stop_prefetching()


def test_a_query_not_announced_is_searched_alone_and_a_store_change_forgets_the_hits(hashing_embedder, bigram):
    idx = _index(hashing_embedder, bigram)
    before = _search(idx, QUERIES[0])
    _search(idx, "入院給付金の請求")  # not announced
    assert idx.vector_store.alone == 1 and idx.vector_store.many == [4]
    idx.add([("new", "保険金の支払について定めます。保険金の支払")])
    after = _search(idx, QUERIES[0])
    assert idx.vector_store.many == [4, 4] and "new" in [h.id for h in after] and after != before
    idx.stop_prefetching()


def test_ties_are_ordered_by_position_and_cut_the_same_at_any_depth():
    scores = np.array([0.5, 0.9, 0.7, 0.9, 0.7, 0.7, 0.1], dtype=np.float32)
    assert best(scores, 4).tolist() == [1, 3, 2, 4]
    assert best(scores, 3).tolist() == best(scores, 6).tolist()[:3] == [1, 3, 2]
    assert best(scores, 20).tolist() == [1, 3, 2, 4, 5, 0, 6]
    store = NumpyVectorStore()
    v = np.eye(3, dtype=np.float32)
    store.add(["a", "b", "c", "d"], np.vstack([v[1], v[0], v[0], v[2]]))  # b and c: the same vector
    assert [h.id for h in store.search(v[0], 1)] == ["b"]
    positions, found = store.search_many(np.vstack([v[0], v[2]]), 2)
    assert positions.tolist() == [[1, 2], [3, 0]] and found[0].tolist() == [1.0, 1.0]


class Held(Counting):
    """A store whose part searches wait for *gate* once *hold* is set (a search under way)."""

    def __init__(self) -> None:
        super().__init__()
        self.hold = False
        self.gate = threading.Event()
        self.entered = threading.Event()

    def search_many(self, vectors, k):
        if self.hold:
            self.entered.set()
            assert self.gate.wait(10)
        return super().search_many(vectors, k)


def test_a_search_under_way_survives_a_store_change_or_the_end_of_prefetching(hashing_embedder, bigram):
    for interrupt in ("clear", "stop"):
        idx = HybridIndex(hashing_embedder, bigram, vector_store=Held())
        idx._queries.size = 4
        idx.add([(f"c{k}", t) for k, t in enumerate(TEXTS)])
        idx.prefetch_queries(QUERIES)
        expected = _search(_index(hashing_embedder, bigram), QUERIES[1])
        idx.vector_store.hold = True
        got: list[object] = []

        def ask(idx: HybridIndex = idx, got: list[object] = got) -> None:
            got.append(_search(idx, QUERIES[1]))

        asker = threading.Thread(target=ask)
        asker.start()
        assert idx.vector_store.entered.wait(10)  # the part is being searched in the asking thread
        (idx._parts.clear if interrupt == "clear" else idx.stop_prefetching)()
        idx.vector_store.gate.set()
        asker.join(10)
        assert got == [expected], interrupt
        idx.stop_prefetching()


def test_the_searches_ahead_embed_nothing_and_wait_for_their_part(hashing_embedder, bigram):
    plain, ahead = _index(hashing_embedder, bigram), _index(hashing_embedder, bigram)
    expected = [_search(plain, q) for q in QUERIES]
    _search(ahead, QUERIES[0])
    ahead.prefetch_vector_searches(QUERIES, 5)
    assert [_search(ahead, q) for q in QUERIES] == expected
    assert ahead.embedded_texts == plain.embedded_texts  # every query embedded once, in its part
    plain.stop_prefetching()
    ahead.stop_prefetching()
