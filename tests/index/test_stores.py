import numpy as np
import pytest

from hikaku.index import BM25Store, HybridIndex, NumpyVectorStore
from tests.fakes import CountingEmbedder

DOCS = [
    ("c1", "入院給付金は入院1日につき日額を支払います。"),
    ("c2", "手術給付金は日額の20倍を支払います。"),
    ("c3", "保険料の払込みは毎月とします。"),
    ("c4", "The policyholder must report a change of address."),
]


def test_bm25_japanese_ranking_and_removal(sudachi):
    s = BM25Store(sudachi)
    s.add([i for i, _ in DOCS], [t for _, t in DOCS])
    hits = s.search("手術給付金", k=3)
    assert hits[0].id == "c2" and all(h.score > 0 for h in hits)
    assert s.document_frequency("給付") == 2
    s.remove(["c2"])
    assert "c2" not in [h.id for h in s.search("手術給付金", k=3)]
    assert s.document_frequency("給付") == 1 and len(s) == 3
    assert s.search("xyzzy", k=3) == []


def test_bm25_rejects_duplicates(bigram):
    s = BM25Store(bigram)
    s.add(["x"], ["text"])
    with pytest.raises(ValueError):
        s.add(["x"], ["again"])


def test_vector_store_exact_cosine_and_threshold():
    s = NumpyVectorStore()
    v = np.eye(3, dtype=np.float32)
    s.add(["x", "y", "z"], v)
    q = np.array([0.8, 0.6, 0.0], dtype=np.float32)
    hits = s.search(q, k=3)
    assert [h.id for h in hits] == ["x", "y", "z"]
    assert hits[0].score == pytest.approx(0.8)
    assert [h.id for h in s.search(q, k=3, threshold=0.7)] == ["x"]
    s.remove(["x"])
    assert "x" not in s and [h.id for h in s.search(q, k=1)] == ["y"]
    with pytest.raises(ValueError, match="dimension"):
        s.add(["w"], np.ones((1, 4), dtype=np.float32))


def test_hybrid_modes_and_laziness(hashing_embedder, sudachi):
    emb = CountingEmbedder(hashing_embedder, name="counting")
    idx = HybridIndex(emb, sudachi)
    idx.add(DOCS)
    kw = idx.search("手術給付金", mode="keyword", top_k=2)
    assert kw[0].id == "c2" and kw[0].keyword_score is not None
    assert emb.calls == 0  # keyword search embeds nothing
    vec = idx.search("手術給付金は日額の20倍", mode="vector", top_k=2)
    assert vec[0].id == "c2" and vec[0].score == pytest.approx(vec[0].vector_score)
    assert emb.texts == len(DOCS) + 1
    hyb = idx.search("手術給付金は日額の20倍", mode="hybrid", top_k=3)
    assert hyb[0].id == "c2" and hyb[0].vector_score is not None and hyb[0].keyword_score is not None
    assert hyb[0].score == pytest.approx(2 / 61)  # first in both rankings
    idx.remove(["c2"])
    assert all(h.id != "c2" for m in ("keyword", "vector", "hybrid") for h in idx.search("手術給付金", mode=m))
    with pytest.raises(ValueError, match="search mode"):
        idx.search("x", mode="semantic")  # type: ignore[arg-type]
