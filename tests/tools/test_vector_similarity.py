def test_defaults_threshold_and_descending(registry):
    r = registry.execute("vector_similarity_tool", query_text="第2条（保険金）\n当社は手術給付金として日額の20倍を支払う。",
                         document_id="B")
    assert r.success
    scores = [o["score"] for o in r.output]
    assert scores == sorted(scores, reverse=True)
    assert all(s >= 0.7 for s in scores) and len(scores) <= 5
    assert r.output[0]["id"] == "b3"
    assert r.confidence_factors["score_max"] == scores[0]


def test_threshold_and_max_results(registry):
    r = registry.execute("vector_similarity_tool", query_text="保険", document_id="B", threshold=-1.0, max_results=2)
    assert len(r.output) == 2
    r = registry.execute("vector_similarity_tool", query_text="保険", document_id="B", threshold=0.999)
    assert r.success and r.output == []


def test_bad_arguments(registry):
    assert "unknown document_id" in registry.execute("vector_similarity_tool", query_text="x", document_id="Z").error
    r = registry.execute("vector_similarity_tool", query_text="x", document_id="B", max_results=0)
    assert not r.success and "max_results" in r.error
    r = registry.execute("vector_similarity_tool", query_text="x", document_id="B", threshold=2)
    assert not r.success and "threshold" in r.error


def test_only_searchable_chunks(hashing_embedder, bigram):
    from hikaku.index import DocumentIndex
    from hikaku.tools import DocumentStore, StoreSet, build_registry

    from .conftest import A, B

    stores = StoreSet(DocumentStore(A, "A", DocumentIndex(embedder=hashing_embedder, tokenizer=bigram)),
                      DocumentStore(B, "B", DocumentIndex(embedder=hashing_embedder, tokenizer=bigram), searchable=["b4", "b6"]))
    r = build_registry(stores).execute("vector_similarity_tool", query_text="第1章　総則", document_id="B", threshold=-1)
    assert {o["id"] for o in r.output} == {"b4", "b6"}
