"""Vector searches started ahead in a background thread (HybridIndex.prefetch_vector_searches):
the same hits as asked one by one, only for queries already embedded once every text is, and
the thread ends with the search."""

from __future__ import annotations

import threading

from hikaku.index import HybridIndex

TEXTS = [f"第{k}条 保険金は請求から{k}日以内に支払います。{'入院' * (k % 3)}" for k in range(1, 40)]
QUERIES = ["保険金の支払", "入院給付金", "請求の期限", "第3条"]


def _index(embedder, tokenizer) -> HybridIndex:
    idx = HybridIndex(embedder, tokenizer)
    idx.add([(f"c{k}", t) for k, t in enumerate(TEXTS)])
    idx.prefetch_queries(QUERIES)
    return idx


def _threads() -> set[str]:
    return {t.name for t in threading.enumerate() if t.name.startswith("hikaku-search")}


def test_searches_started_ahead_give_the_same_hits(hashing_embedder, bigram):
    plain = _index(hashing_embedder, bigram)
    expected = [plain.search(q, mode="vector", top_k=5, threshold=0.0) for q in QUERIES]

    ahead = _index(hashing_embedder, bigram)
    ahead.prefetch_vector_searches(QUERIES, 5, 0.0)  # nothing embedded yet: nothing started
    assert not ahead._searches
    first = ahead.search(QUERIES[0], mode="vector", top_k=5, threshold=0.0)  # embeds the texts and the queries
    ahead.prefetch_vector_searches(QUERIES[1:] + ["never embedded"], 5, 0.0)
    assert set(ahead._searches) == {(q, 5, 0.0) for q in QUERIES[1:]} and _threads()
    got = [first] + [ahead.search(q, mode="vector", top_k=5, threshold=0.0) for q in QUERIES[1:]]
    assert got == expected and not ahead._searches
    assert ahead.embedded_texts == plain.embedded_texts
    # another top_k or threshold is another search
    ahead.prefetch_vector_searches(QUERIES, 3, 0.5)
    assert ahead.search(QUERIES[2], mode="vector", top_k=5, threshold=0.0) == expected[2]
    ahead.stop_prefetching()
    assert not ahead._searches and not _threads()
