"""One suite for every vector store backend: the VectorStore protocol, and a
DocumentIndex on top of it (add → search → remove, reopen after a restart). A backend
whose extra is not installed is reported as skipped with the extra to install. A plugin's
backend (the sample plugin's, tests/plugins) passes the same suite, made by its factory."""

from __future__ import annotations

import importlib.util
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import numpy as np
import pytest

from hikaku.embeddings import HashingEmbedder
from hikaku.index import DocumentIndex, NumpyVectorStore, VectorStore
from tests.helpers import shugyo_dir

BACKENDS = {  # name: (module that must import, extra, DocumentIndex settings)
    "embedded": (None, None, {"vector_store_provider": "embedded"}),
    "faiss": ("faiss", "faiss", {"vector_store_provider": "faiss"}),
    "qdrant-local": ("qdrant_client", "qdrant", {"vector_store_provider": "qdrant"}),
    "chroma-embedded": ("chromadb", "chroma", {"vector_store_provider": "chroma"}),
    "chroma-server": ("chromadb", "chroma", {"vector_store_provider": "chroma"}),
    "sample-plugin": (None, None, {"vector_store_provider": "sample_list"}),  # installed by its fixture
}


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory):
    """``chroma run`` on 127.0.0.1 (the executable comes with the chromadb package)."""
    exe = shutil.which("chroma", path=str(Path(sys.executable).parent)) or shutil.which("chroma")
    if exe is None:
        pytest.fail("chromadb is installed but its `chroma` command is not on the PATH")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen([exe, "run", "--path", str(data), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("chroma run did not start")
            time.sleep(0.2)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=20)


def settings_for(name: str, request) -> dict:
    settings = dict(_require(name))
    if name == "sample-plugin":
        request.getfixturevalue("sample_plugin")
    if name == "chroma-server":
        settings.update(vector_store_url=request.getfixturevalue("chroma_server"),
                        collection_name=f"t-{uuid.uuid4().hex[:12]}")
    return settings


def _require(name: str) -> dict:
    module, extra, settings = BACKENDS[name]
    if module is not None and importlib.util.find_spec(module) is None:
        pytest.skip(f"backend {name}: pip install 'hikaku[{extra}]'")
    return settings


def make_store(name: str, tmp_path, request):
    settings = settings_for(name, request)
    if name == "embedded":
        return NumpyVectorStore()
    if name == "sample-plugin":  # through the registry: the plugin's factory
        from hikaku.index.vector_stores import make_vector_store
        from hikaku.settings import IndexSettings

        return make_vector_store(IndexSettings(**settings), None)
    if name == "faiss":
        from hikaku.index.backends import FaissVectorStore

        return FaissVectorStore()
    if name.startswith("chroma"):
        from hikaku.index.backends import ChromaVectorStore

        return ChromaVectorStore(path=None if name == "chroma-server" else str(tmp_path / "c"),
                                 url=settings.get("vector_store_url"), collection=settings.get("collection_name", "hikaku"))
    from hikaku.index.backends import QdrantVectorStore

    return QdrantVectorStore(path=str(tmp_path / "q"))


def unit(rows):
    m = np.asarray(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


@pytest.fixture(params=list(BACKENDS))
def backend(request):
    return request.param


def test_protocol(backend, tmp_path, request):
    store = make_store(backend, tmp_path, request)
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
    assert store.item_ids() == ["b", "c", "d"]
    assert store.search(unit([[1, 0, 0]])[0], 0) == []
    assert isinstance(store.persistent, bool)
    assert isinstance(store, VectorStore)  # every member of the protocol
    store.close()


def test_document_index_add_search_remove_reopen(backend, tmp_path, sudachi, request):
    settings = settings_for(backend, request)
    d = str(tmp_path / "ix")
    with DocumentIndex(persist_directory=d, embedder=HashingEmbedder(), tokenizer=sudachi, **settings) as ix:
        ix.add_document(shugyo_dir(tmp_path))
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
