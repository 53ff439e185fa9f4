"""One suite for every vector store backend: the VectorStore protocol, and a
DocumentIndex on top of it (add → search → remove, reopen after a restart). A backend
whose extra is not installed is reported as skipped with the extra to install."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from hikaku.embeddings import HashingEmbedder
from hikaku.index import DocumentIndex, NumpyVectorStore
from tests.helpers import EXAMPLES

BACKENDS = {  # name: (module that must import, extra, DocumentIndex settings)
    "embedded": (None, None, {"vector_store_provider": "embedded"}),
    "faiss": ("faiss", "faiss", {"vector_store_provider": "faiss"}),
    "qdrant-local": ("qdrant_client", "qdrant", {"vector_store_provider": "qdrant"}),
}


def _require(name: str) -> dict:
    module, extra, settings = BACKENDS[name]
    if module is not None and importlib.util.find_spec(module) is None:
        pytest.skip(f"backend {name}: pip install 'hikaku[{extra}]'")
    return settings


def make_store(name: str, tmp_path):
    _require(name)
    if name == "embedded":
        return NumpyVectorStore()
    if name == "faiss":
        from hikaku.index.backends import FaissVectorStore

        return FaissVectorStore()
    from hikaku.index.backends import QdrantVectorStore

    return QdrantVectorStore(path=str(tmp_path / "q"))


def unit(rows):
    m = np.asarray(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


@pytest.fixture(params=list(BACKENDS))
def backend(request):
    return request.param


def test_protocol(backend, tmp_path):
    store = make_store(backend, tmp_path)
    vectors = unit([[1, 0, 0], [0.9, 0.1, 0], [0, 1, 0], [0, 0, 1]])
    store.add(["a", "b", "c", "d"], vectors)
    assert len(store) == 4 and "a" in store and "z" not in store
    hits = store.search(unit([[1, 0, 0]])[0], 3)
    assert [h.id for h in hits] == ["a", "b", "c"] or [h.id for h in hits][:2] == ["a", "b"]
    assert hits[0].score == pytest.approx(1.0, abs=1e-5) and hits[1].score == pytest.approx(float(vectors[1][0]), abs=1e-5)
    assert [h.id for h in store.search(unit([[1, 0, 0]])[0], 10, threshold=0.5)] == ["a", "b"]
    with pytest.raises(ValueError):
        store.add(["a"], unit([[1, 1, 0]]))  # an id twice
    with pytest.raises(ValueError):
        store.add(["e"], np.ones((1, 5), dtype=np.float32))  # another dimension
    store.remove(["a", "nope"])
    assert len(store) == 3 and "a" not in store
    assert [h.id for h in store.search(unit([[1, 0, 0]])[0], 1)] == ["b"]
    assert np.allclose(store.vector("c"), vectors[2], atol=1e-6)
    assert store.search(unit([[1, 0, 0]])[0], 0) == []
    getattr(store, "close", lambda: None)()


def test_document_index_add_search_remove_reopen(backend, tmp_path, sudachi):
    settings = _require(backend)
    d = str(tmp_path / "ix")
    with DocumentIndex(persist_directory=d, embedder=HashingEmbedder(), tokenizer=sudachi, **settings) as ix:
        ix.add_document(EXAMPLES)
        queries = ["試用期間", "年次有給休暇の日数", "賃金の支払日"]
        before = {(q, m): [(x.id, round(x.metadata["relevance_score"], 5)) for x in ix.search(q, search_mode=m, top_k=5)]
                  for q in queries for m in ("hybrid", "vector", "keyword")}
        assert all(before.values())
    with DocumentIndex(persist_directory=d, embedder=HashingEmbedder(), tokenizer=sudachi, **settings) as ix:
        after = {(q, m): [(x.id, round(x.metadata["relevance_score"], 5)) for x in ix.search(q, search_mode=m, top_k=5)]
                 for q in queries for m in ("hybrid", "vector", "keyword")}
        assert after == before
        ix.remove_document("shugyo_kisoku_v1.md")
        for m in ("hybrid", "vector", "keyword"):
            found = ix.search("試用期間 賃金 休暇 規則", search_mode=m, top_k=100)
            assert found and all(x.metadata["parent_id"] == "shugyo_kisoku_v2.md" for x in found)
    with DocumentIndex(persist_directory=d, embedder=HashingEmbedder(), tokenizer=sudachi, **settings) as ix:
        found = ix.search("試用期間 賃金 休暇 規則", search_mode="vector", top_k=100)
        assert ix.document_ids == ["shugyo_kisoku_v2.md"] and all(
            x.metadata["parent_id"] == "shugyo_kisoku_v2.md" for x in found)
        assert len(ix.vector_store) == len(ix)
