def test_context_defaults_one_level(registry):
    r = registry.execute("get_context_tool_a", chunk_id="a3")
    assert r.success
    out = r.output
    assert out["chunk"]["id"] == "a3" and out["chunk"]["position"] == 2
    assert out["heading_path"] == ["第1章　総則"]
    assert len(out["hierarchy"]) == 1
    h = out["hierarchy"][0]
    assert h["level"] == 1 and h["heading"] == "第1章　総則"
    assert h["summary"].startswith("第1章　総則: ") and "(2 chunks)" in h["summary"]


def test_context_levels_and_flag(registry):
    assert registry.execute("get_context_tool_b", chunk_id="b6", hierarchy_levels=5).output["hierarchy"][0]["heading"] == "第2章　手続"
    r = registry.execute("get_context_tool_b", chunk_id="b6", include_hierarchy=False)
    assert r.output["hierarchy"] == [] and r.output["chunk"]["content"].startswith("第4条")
    assert registry.execute("get_context_tool_a", chunk_id="a1").output["hierarchy"] == []


def test_context_tools_are_bound_to_their_document(registry):
    assert not registry.execute("get_context_tool_a", chunk_id="b1").success
    r = registry.execute("get_context_tool_b", chunk_id="zzz")
    assert not r.success and "unknown chunk_id 'zzz' in document B" in r.error
    assert "document B" in registry.get("get_context_tool_b").description


def test_deeper_hierarchy():
    from hikaku import Chunk, Document
    from hikaku.embeddings import HashingEmbedder
    from hikaku.index import DocumentIndex
    from hikaku.tokenizers import BigramTokenizer
    from hikaku.tools import DocumentStore

    d = Document(id="d", chunks=[
        Chunk(id="x1", content="第1編", metadata={"heading_path": []}),
        Chunk(id="x2", content="第1章", metadata={"heading_path": ["第1編"]}),
        Chunk(id="x3", content="第1条 本文。", metadata={"heading_path": ["第1編", "第1章"]}),
    ])
    s = DocumentStore(d, "A", DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer()), searchable=[])
    levels = s.parents(d.chunks[2], 3)
    assert [(p["level"], p["heading"]) for p in levels] == [(1, "第1章"), (2, "第1編")]


def test_adjacent(registry):
    r = registry.execute("get_adjacent_chunks_tool", chunk_id="b3", document_id="B", direction="next")
    assert [o["id"] for o in r.output] == ["b4"] and r.output[0]["offset"] == 1
    r = registry.execute("get_adjacent_chunks_tool", chunk_id="b3", document_id="B", direction="prev", count=5)
    assert [o["id"] for o in r.output] == ["b1", "b2"]  # document order, fewer at the start
    assert [o["offset"] for o in r.output] == [-2, -1]
    r = registry.execute("get_adjacent_chunks_tool", chunk_id="b6", document_id="B", direction="next")
    assert r.success and r.output == []


def test_adjacent_errors(registry):
    ex = registry.execute
    assert "unknown chunk_id" in ex("get_adjacent_chunks_tool", chunk_id="a9", document_id="A", direction="next").error
    assert not ex("get_adjacent_chunks_tool", chunk_id="a1", document_id="A", direction="up").success
    assert not ex("get_adjacent_chunks_tool", chunk_id="a1", document_id="A").success  # direction is required
    assert not ex("get_adjacent_chunks_tool", chunk_id="a1", document_id="A", direction="next", count=0).success
