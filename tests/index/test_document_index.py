"""DocumentIndex: add / search / remove in every mode, persistence across a restart,
atomic writes, settings, filters, LangChain documents in and out."""

from __future__ import annotations

import numpy as np
import pytest
from langchain_core.documents import Document as LCDocument

from hikaku import ConfigurationError
from hikaku.embeddings import HashingEmbedder
from hikaku.index import DocumentIndex
from tests.fakes import CountingEmbedder  # named like the hashing embedder: its saved vectors are reused
from tests.helpers import EXAMPLES, shugyo_dir


def results(ix, query, mode):
    return [(d.metadata["id"], round(d.metadata["relevance_score"], 6)) for d in ix.search(query, search_mode=mode, top_k=5)]


@pytest.fixture
def index(tmp_path, sudachi):
    ix = DocumentIndex(persist_directory=str(tmp_path / "ix"), embedder=CountingEmbedder(), tokenizer=sudachi)
    ix.add_document(shugyo_dir(tmp_path))
    return ix


def test_directories_are_loaded_and_split_with_parent_ids(index):
    assert index.document_ids == ["shugyo_kisoku_v1.md", "shugyo_kisoku_v2.md"]
    doc = index.search("試用期間", top_k=1)[0]
    assert doc.metadata["parent_id"] in index.document_ids and doc.id.startswith(doc.metadata["parent_id"] + "#")
    assert doc.metadata["heading_path"] and doc.metadata["source"].endswith(".md")


@pytest.mark.parametrize("mode", ["hybrid", "vector", "keyword"])
def test_add_search_remove_search(index, mode):
    removed = "shugyo_kisoku_v1.md"
    assert removed in {d.metadata["parent_id"] for d in index.search("試用期間 賃金 休暇", search_mode=mode, top_k=20)}
    index.remove_document(removed)
    after = index.search("試用期間 賃金 休暇", search_mode=mode, top_k=50)
    assert after and all(d.metadata["parent_id"] != removed and not d.id.startswith(removed) for d in after)
    with pytest.raises(KeyError):
        index.remove_document(removed)


def test_vector_scores_are_real_cosines(index):
    hits = index.search("採用の日から試用期間とする", search_mode="vector", top_k=3)
    e = HashingEmbedder()
    q = e.embed(["採用の日から試用期間とする"])[0]
    for d in hits:
        assert d.metadata["relevance_score"] == pytest.approx(float(e.embed([d.page_content])[0] @ q), abs=1e-5)
    assert [d.metadata["relevance_score"] for d in hits] == sorted((d.metadata["relevance_score"] for d in hits),
                                                                  reverse=True)


def test_reopening_gives_identical_results_without_embedding_again(index, tmp_path, sudachi):
    before = {m: results(index, "年次有給休暇の日数", m) for m in ("hybrid", "vector", "keyword")}
    fresh = CountingEmbedder()
    reopened = DocumentIndex(persist_directory=str(tmp_path / "ix"), embedder=fresh, tokenizer=sudachi)
    assert {m: results(reopened, "年次有給休暇の日数", m) for m in ("hybrid", "vector", "keyword")} == before
    assert fresh.texts == 1  # only the query
    index.remove_document("shugyo_kisoku_v2.md")
    again = DocumentIndex(persist_directory=str(tmp_path / "ix"), embedder=CountingEmbedder(), tokenizer=sudachi)
    assert again.document_ids == ["shugyo_kisoku_v1.md"] and len(again) == len(index)


def test_an_interrupted_write_leaves_the_previous_index(index, tmp_path, sudachi, monkeypatch):
    import hikaku.index.document_index as mod

    before = results(index, "賃金", "keyword")
    real = mod.os.replace

    def crash(src, dst):
        if str(dst).endswith("index.json"):
            raise KeyboardInterrupt  # killed between writing the vectors and the documents
        return real(src, dst)

    monkeypatch.setattr(mod.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        index.remove_document("shugyo_kisoku_v1.md")
    monkeypatch.setattr(mod.os, "replace", real)
    assert not list((tmp_path / "ix").glob(".*.tmp"))  # no temporary file left behind
    reopened = DocumentIndex(persist_directory=str(tmp_path / "ix"), embedder=CountingEmbedder(), tokenizer=sudachi)
    assert reopened.document_ids == ["shugyo_kisoku_v1.md", "shugyo_kisoku_v2.md"]
    assert results(reopened, "賃金", "keyword") == before


def test_langchain_documents_filters_and_context(tmp_path, sudachi):
    ix = DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi)
    ids = ix.add_document([
        LCDocument(page_content="# 約款A\n\n## 第1条\n\n保険金は入院給付金日額の20倍とする。", metadata={"source": "a", "lang": "ja"},
                   id="policy-a"),
        LCDocument(page_content="# Policy B\n\n## Article 1\n\nThe benefit is 20 times the daily amount.",
                   metadata={"source": "b", "lang": "en"}, id="policy-b"),
    ])
    assert ids == ["policy-a", "policy-b"]
    only_en = ix.search("20倍 benefit", search_mode="vector", top_k=5, vector_filter={"lang": "en"})
    assert only_en and {d.metadata["parent_id"] for d in only_en} == {"policy-b"}
    context = ix.get_context("入院給付金", search_mode="keyword", top_k=2)
    assert "20倍" in context
    assert ix.add_document(LCDocument(page_content="# 約款A\n\n改訂版", id="policy-a")) == ["policy-a"]  # replaced
    assert "20倍" not in ix.get_context("入院給付金", search_mode="keyword", top_k=5)


def test_settings_resolution_and_errors(tmp_path, sudachi):
    ix = DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi, environ={"HIKAKU_CHUNK_SIZE": "300"})
    assert ix.settings.chunk_size == 300
    ix = DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi, chunk_size=500,
                       environ={"HIKAKU_CHUNK_SIZE": "300"})
    assert ix.settings.chunk_size == 500  # arguments win
    with pytest.raises(ConfigurationError, match="not available"):
        DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi, vector_store_provider="milvus")
    with pytest.raises(ConfigurationError, match="search_mode"):
        ix.search("x", search_mode="semantic")
    with pytest.raises(ConfigurationError, match="needs embedding_model_name"):
        DocumentIndex(tokenizer=sudachi, embedding_provider="openai")


def test_chunk_overlap_repeats_the_end_of_the_previous_part(sudachi, tmp_path):
    p = tmp_path / "long.md"
    p.write_text("# 約款\n\n## 第1条\n\n" + "\n\n".join(f"段落{i}の本文です。" * 8 for i in range(12)), encoding="utf-8")
    plain = DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi, chunk_size=200)
    plain.add_document(p)
    lapped = DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi, chunk_size=200, chunk_overlap=20)
    lapped.add_document(p)
    a = [plain._chunks[f"long#{k}"].content for k in range(1, 4)]  # long#0 is the title
    b = [lapped._chunks[f"long#{k}"].content for k in range(1, 4)]
    assert b[0] == a[0]  # the first part of 第1条 follows another heading: nothing to repeat
    assert b[1] == a[0][-20:] + a[1] and b[2] == a[1][-20:] + a[2]


def test_empty_queries_and_indexes(sudachi):
    ix = DocumentIndex(embedder=HashingEmbedder(), tokenizer=sudachi)
    assert ix.search("anything") == [] and ix.get_context("anything") == ""
    assert isinstance(np.zeros(1), np.ndarray)


def test_index_document_keeps_ids_and_takes_a_subset(sudachi):
    from hikaku import load_document
    from hikaku.embeddings import HashingEmbedder
    from hikaku.settings import IndexSettings

    doc = load_document(EXAMPLES / "shugyo_kisoku_v1.md", id_prefix="a")
    wanted = [c.id for c in doc.chunks[5:12]]
    ix = DocumentIndex(IndexSettings(), embedder=HashingEmbedder(), tokenizer=sudachi)
    ix.index_document(doc, wanted)
    assert len(ix) == len(wanted) and ix.chunk(wanted[0]) is doc.get(wanted[0])  # the same object, no copy
    hits = ix.search_hits(doc.get(wanted[3]).content, mode="vector", top_k=3)
    assert hits[0].id == wanted[3] and all(h.id in wanted for h in hits)
    found = ix.search(doc.get(wanted[3]).content, search_mode="keyword", top_k=2)
    assert found[0].metadata["parent_id"] == doc.id and found[0].id == wanted[3]
    with pytest.raises(TypeError):
        DocumentIndex(IndexSettings(), embedder=HashingEmbedder(), tokenizer=sudachi, chunk_size=500)


def test_comparison_index_settings_come_from_the_options():
    from hikaku import resolve_options

    s = resolve_options({"embedding": "openai:text-embedding-3-large", "tokenizer": "bigram"}).index_settings()
    assert (s.embedding_provider, s.embedding_model_name, s.embedding, s.tokenizer) == (
        "openai", "text-embedding-3-large", "openai:text-embedding-3-large", "bigram")
    assert resolve_options().index_settings().embedding == "use"
