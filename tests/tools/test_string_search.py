import time


def run(registry, **kw):
    return registry.execute("string_search_tool", **kw)


def test_literal_defaults_case_insensitive_and_positions(registry):
    r = run(registry, pattern="premium", document_id="B")
    assert r.success and [m["id"] for m in r.output] == ["b4"]
    m = r.output[0]
    s, e = m["positions"][0]
    assert m["content"][s:e] == "Premium" and m["match_count"] == 1
    assert set(m) >= {"id", "content", "metadata", "positions"}


def test_case_sensitive(registry):
    assert run(registry, pattern="premium", document_id="B", case_sensitive=True).output == []
    assert [m["id"] for m in run(registry, pattern="MONTHLY", document_id="B", case_sensitive=True).output] == ["b4"]


def test_width_insensitive_positions_point_into_original_text(registry):
    r = run(registry, pattern="第2条", document_id="B")  # B writes 第２条 with a full-width digit
    m = r.output[0]
    s, e = m["positions"][0]
    assert m["id"] == "b3" and m["content"][s:e] == "第２条"


def test_regex_and_document_order(registry):
    r = run(registry, pattern=r"第[0-9]+条", document_id="A", use_regex=True)
    assert [m["id"] for m in r.output] == ["a2", "a3", "a5"]
    assert r.confidence_factors["result_count"] == 3
    # full-width brackets in a regex stay literal
    r = run(registry, pattern="第1条（目的）", document_id="A", use_regex=True)
    assert [m["id"] for m in r.output] == ["a2"]


def test_literal_pattern_is_not_a_regex(registry):
    assert run(registry, pattern="(目的", document_id="A").success


def test_document_aliases(registry):
    assert run(registry, pattern="手術", document_id="policy-2024").output[0]["id"] == "b3"
    assert run(registry, pattern="手術", document_id="a").output[0]["id"] == "a3"


def test_errors_are_failed_results(registry):
    bad = run(registry, pattern="(unclosed", document_id="A", use_regex=True)
    assert not bad.success and "invalid regular expression" in bad.error
    assert "unknown document_id" in run(registry, pattern="x", document_id="C").error
    assert not run(registry, pattern="", document_id="A").success
    assert "longer than" in run(registry, pattern="x" * 5000, document_id="A").error


def test_catastrophic_regex_cannot_hang(stores):
    from hikaku import Chunk, Document
    from hikaku.embeddings import HashingEmbedder
    from hikaku.index import DocumentIndex
    from hikaku.tokenizers import BigramTokenizer
    from hikaku.tools import DocumentStore, StoreSet, StringSearchTool

    evil = Document(id="E", chunks=[Chunk(id="e1", content="a" * 5000 + "!")])
    tool = StringSearchTool(StoreSet(DocumentStore(evil, "A", DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer()), searchable=[]), stores.b),
                            timeout_s=0.5)
    t0 = time.monotonic()
    r = tool.execute(pattern="(a|aa)+$", document_id="A", use_regex=True)
    assert time.monotonic() - t0 < 5
    assert not r.success and "took longer" in r.error


def test_matches_never_span_two_chunks(registry):
    r = registry.execute("string_search_tool", pattern="定める。.第2条", document_id="A", use_regex=True)
    assert r.success and r.output == []
    r = registry.execute("string_search_tool", pattern="\x00", document_id="A")
    assert r.output == []


def test_positions_with_expanding_normalisation(stores):
    from hikaku import Chunk, Document
    from hikaku.embeddings import HashingEmbedder
    from hikaku.index import DocumentIndex
    from hikaku.tokenizers import BigramTokenizer
    from hikaku.tools import DocumentStore, StoreSet, StringSearchTool

    d = Document(id="E", chunks=[Chunk(id="e1", content="㍻元年に施行。"), Chunk(id="e2", content="平成元年")])
    tool = StringSearchTool(StoreSet(DocumentStore(d, "A", DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer()), searchable=[]), stores.b))
    out = tool.execute(pattern="元年", document_id="A").output
    assert [(m["id"], m["content"][slice(*m["positions"][0])]) for m in out] == [("e1", "元年"), ("e2", "元年")]
    out = tool.execute(pattern="平成", document_id="A").output
    assert [(m["id"], m["content"][slice(*m["positions"][0])]) for m in out] == [("e1", "㍻"), ("e2", "平成")]


def _tool(chunks, timeout_s=2.0):
    from hikaku import Chunk, Document
    from hikaku.embeddings import HashingEmbedder
    from hikaku.index import DocumentIndex
    from hikaku.tokenizers import BigramTokenizer
    from hikaku.tools import DocumentStore, StoreSet, StringSearchTool

    d = Document(id="R", chunks=[Chunk(id=f"r{i + 1}", content=t) for i, t in enumerate(chunks)])
    store = DocumentStore(d, "A", DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer()), searchable=[])
    return StringSearchTool(StoreSet(store, store), timeout_s=timeout_s)


def test_only_a_regular_expression_has_a_time_limit():
    """A literal search (here through the regex engine: U+0130 lower-cases to two characters)
    is linear: whatever the machine's load, it finds what it finds, never a timeout."""
    tool = _tool(["İstanbul 第1条", "第2条 İzmir"] * 500, timeout_s=1e-9)
    assert not tool.stores.a.lower_preserves_positions  # the regex engine's path
    r = tool.execute(pattern="第2条", document_id="A")
    assert r.success and len(r.output) == tool.max_results
    r = tool.execute(pattern="第.条", document_id="A", use_regex=True)
    assert not r.success and "took longer" in r.error


def test_a_greedy_regex_finds_every_chunk_not_only_those_after_a_join():
    """``従業員.*`` used to run over all chunks joined by a separator that ``.`` matches: a
    match ran on into the next chunks and swallowed their occurrences (4 of 15 found)."""
    chunks = []
    for i in range(15):
        chunks.append(f"第{i + 1}条 従業員は、会社の定める規則{i}を守らなければならない。")
        chunks.append(f"（注{i}）この条は管理職にも適用する。")  # chunks without the word in between
    tool = _tool(chunks)
    for pattern in ("従業員.*", "従業員.+", "(?s)従業員.*", "[^。]*従業員[^。]*", r"従業員[\s\S]*"):
        out = tool.execute(pattern=pattern, document_id="A", use_regex=True).output
        assert len(out) == 15, pattern
        assert [m["id"] for m in out] == [f"r{2 * i + 1}" for i in range(15)]
        for m in out:  # every span lies inside its own chunk and starts at the word
            s, e = m["positions"][0]
            assert m["content"][s:e].lstrip("第0123456789条 ").startswith("従業員") and e <= len(m["content"])
    # an anchor means the start of each chunk, as the chunk is searched on its own
    out = tool.execute(pattern=r"^第\d+条", document_id="A", use_regex=True).output
    assert len(out) == 15 and all(m["positions"][0][0] == 0 for m in out)
    assert tool.execute(pattern=r"ならない。$", document_id="A", use_regex=True).confidence_factors["result_count"] == 15


def test_the_time_limit_holds_across_many_chunks():
    tool = _tool(["a" * 3000 + "!"] * 200, timeout_s=0.5)
    t0 = time.monotonic()
    r = tool.execute(pattern="(a|aa)+$", document_id="A", use_regex=True)
    assert time.monotonic() - t0 < 5
    assert not r.success and "took longer" in r.error


def test_a_literal_search_lists_the_first_matches_and_stops_counting_after_one_more():
    chunks = [f"第{i + 1}条 保険金は{'速やかに' if i % 3 == 0 else ''}支払う。" for i in range(90)]
    tool = _tool(chunks)
    tool.max_results = 5
    r = tool.execute(pattern="速やかに", document_id="A")
    assert [m["id"] for m in r.output] == [f"r{i + 1}" for i in range(0, 15, 3)]  # the first five, in order
    assert r.confidence_factors["result_count"] == 6  # "more than five"
    tool.max_results = 30
    assert tool.execute(pattern="速やかに", document_id="A").confidence_factors["result_count"] == 30
    tool.max_results = 29
    assert tool.execute(pattern="速やかに", document_id="A").confidence_factors["result_count"] == 30
    store = tool.stores.a
    found, total = store.find_literal("速やかに", case_sensitive=False)
    assert total == 30 and [k for k, _ in found] == list(range(0, 90, 3))


def test_the_same_literal_search_again_is_answered_from_memory_with_the_same_result(monkeypatch):
    from hikaku.tools import document_store

    chunks = [f"第{i + 1}条 保険金は{'速やかに' if i % 3 == 0 else ''}支払う。" for i in range(30)]
    tool = _tool(chunks)
    store = tool.stores.a
    calls = []
    real = store._find_literal
    monkeypatch.setattr(store, "_find_literal", lambda *a, **k: calls.append(a) or real(*a, **k))
    first = tool.execute(pattern="速やかに", document_id="A")
    first.output.pop()  # a caller's list is its own
    again = tool.execute(pattern="速やかに", document_id="A")
    assert len(again.output) == 10 and again.output[:9] == first.output and len(calls) == 1
    assert [m["position"] for m in again.output] == list(range(0, 30, 3))
    assert again.confidence_factors == tool.execute(pattern="速やかに", document_id="A").confidence_factors
    tool.execute(pattern="速やかに", document_id="A", case_sensitive=True)  # another search
    assert len(calls) == 2
    monkeypatch.setattr(document_store, "LITERAL_MEMO", 2)  # bounded: the oldest goes
    tool.execute(pattern="保険金", document_id="A")
    assert len(store._listed) == 2
    tool.execute(pattern="速やかに", document_id="A")
    assert len(calls) == 4
    monkeypatch.setattr(document_store, "LITERAL_MEMO", 100)
    monkeypatch.setattr(document_store, "LISTED_MEMO", 35)  # and by the chunks its answers list
    tool.execute(pattern="第1", document_id="A")  # 11 chunks (第1条, 第10-19条): 保険金's 30 go
    assert len(store._listed) == 2 and "速やかに" in [k[0] for k in store._listed]
    tool.execute(pattern="保険金", document_id="A")  # 30 chunks: the others go
    assert len(store._listed) == 1 and len(calls) == 6
    store.release()  # the search's memory goes with the rest of it
    assert not store._listed


def test_the_texts_searches_keep_are_bounded_and_the_answers_the_same(hashing_embedder, bigram, monkeypatch):
    """A long document's NFKC and lower-cased chunk texts are kept for the last TEXT_MEMO
    chunks a search looked into, not for every chunk: the same answers with a memo of 2."""
    from hikaku import Chunk, Document
    from hikaku.index import DocumentIndex
    from hikaku.tools import DocumentStore, document_store

    doc = Document(id="d", chunks=[Chunk(id=f"c{k}", content=f"第{k}条　保険金はＡ社が支払う。Premium {k % 7}.")
                                   for k in range(1, 60)])

    def answers(memo: int):
        monkeypatch.setattr(document_store, "TEXT_MEMO", memo)
        store = DocumentStore(doc, "B", DocumentIndex(embedder=hashing_embedder, tokenizer=bigram))
        got = [store.find_literal(needle, case_sensitive=cs, limit=None)
               for needle in ("保険金", "premium 3", "A社", "第12条", "Premium") for cs in (False, True)]
        return got, len(store._norm), len(store._low)

    bounded, n_norm, n_low = answers(2)
    assert n_norm <= 2 and n_low <= 2
    unbounded, n_norm, n_low = answers(4096)
    assert bounded == unbounded and n_norm == 59 and n_low == 59
