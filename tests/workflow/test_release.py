"""When the alignment is resolved, the run lets go of what only the search needed before it
builds the rows (the similarity's features, the stores' search texts and literal index, the
embedding model's weights when the run made the model), and the result is the same."""

from dataclasses import replace

import hikaku
from hikaku import load_document, resolve_options
from hikaku.embeddings import HashingEmbedder
from hikaku.workflow import RuntimeInputs, build_graph, build_runtime

from ..helpers import EXAMPLES


class ReleasingEmbedder(HashingEmbedder):
    """A hashing embedder that counts the times it is asked to let its weights go."""

    def __init__(self) -> None:
        super().__init__()
        self.released = 0

    def release(self) -> None:
        self.released += 1


def _runtime(embedder, tokenizer):
    return build_runtime(load_document(EXAMPLES / "shugyo_kisoku_v1.md", id_prefix="a"),
                         load_document(EXAMPLES / "shugyo_kisoku_v2.md", id_prefix="b"),
                         resolve_options(), RuntimeInputs(embedder=embedder, tokenizer=tokenizer))


def test_the_search_is_let_go_before_the_rows_and_the_result_is_the_same(sudachi):
    embedder = ReleasingEmbedder()
    rt = _runtime(embedder, sudachi)
    state = build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
    assert len(rt.similarity._counts) == 0 and not rt.similarity._rows  # features let go …
    assert not rt.stores.b._low and "_bigrams" not in rt.stores.b.__dict__  # … and the search texts
    assert embedder.released == 0  # the caller's model: it may serve other runs
    expected = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                              embedder=HashingEmbedder(), tokenizer=sudachi)
    assert [c.model_dump() for c in state["result"].changes] == [c.model_dump() for c in expected.changes]
    assert any(c.type != "unchanged" for c in expected.changes)


def test_a_model_the_run_made_lets_its_weights_go_and_a_search_after_finds_the_same(sudachi):
    embedder = ReleasingEmbedder()
    rt = replace(_runtime(embedder, sudachi), owns_embedder=True)
    store = rt.stores.b
    found = store.find_literal("従業員", case_sensitive=False, limit=100)
    assert found[0] and store._low
    rt.release_search()
    assert embedder.released == 1 and not store._low
    assert store.find_literal("従業員", case_sensitive=False, limit=100) == found  # made again, the same


def test_the_use_model_lets_its_weights_go_and_loads_them_again(use_embedder):
    v = use_embedder.embed(["保険金を支払います。"])
    assert "_model" in use_embedder.__dict__
    use_embedder.release()
    assert "_model" not in use_embedder.__dict__
    assert use_embedder.embed(["保険金を支払います。"]).tolist() == v.tolist()


def test_the_batches_vector_searches_start_ahead_and_their_thread_ends_with_the_search(monkeypatch):
    """From the first batch of examined groups on (the texts are embedded before it, the stage
    ``prepare``), their vector searches start ahead in a background thread (their parts':
    hikaku.index.part_searches); after the run no such thread is left (a forked PDF reader
    refuses to start beside other threads), and the result is that of searches made when asked."""
    import threading
    from pathlib import Path

    from hikaku.index import HybridIndex
    from hikaku.tokenizers import BigramTokenizer

    pair = Path(__file__).resolve().parents[1] / "data" / "edits" / "federalist_10"
    started: list[int] = []
    real = HybridIndex.prefetch_vector_searches

    def counting(self, queries, top_k, threshold=None):
        before = len(self._parts._found)
        real(self, queries, top_k, threshold)
        started.append(len(self._parts._found) - before)

    def compare():
        return hikaku.compare(str(pair / "a.json"), str(pair / "b.json"), llm="offline", embedder=HashingEmbedder(),
                              tokenizer=BigramTokenizer())

    monkeypatch.setattr(HybridIndex, "prefetch_vector_searches", counting)
    ahead = compare()
    assert len(started) > 1 and started[0] > 0
    assert not [t for t in threading.enumerate() if t.name.startswith("hikaku-search")]
    monkeypatch.setattr(HybridIndex, "prefetch_vector_searches", lambda *a, **k: None)
    assert compare().model_dump(exclude={"stats"}) == ahead.model_dump(exclude={"stats"})


class ReleasingTokenizer:
    """Sudachi's tokenizer that says when it lets its dictionary go, and what it tokenised
    after that (a dictionary loaded again: memory the run meant to give back)."""

    name = "sudachi"

    def __init__(self, sudachi, events: list[str]) -> None:
        self.inner = sudachi
        self.events = events
        self.released = False

    def tokenize(self, text):
        if self.released:
            self.events.append("tokenized after release")
        return self.inner.tokenize(text)

    def release(self):
        self.released = True
        self.events.append("tokenizer released")


class LoggingEmbedder(HashingEmbedder):
    def __init__(self, events: list[str]) -> None:
        super().__init__()
        self.events = events

    def embed(self, texts):
        self.events.append("embedded")
        return super().embed(texts)


def test_the_keywords_of_the_whole_run_come_first_and_the_tokenizer_goes_before_the_embedding_model(sudachi):
    """The offline agent finds the rarest terms of every group it will examine before the
    first, so that a tokenizer the run made (Sudachi: ~150 MB of dictionary) is let go
    before the embedding model and the vectors come; nothing is tokenised after, and the
    result is the same as with the tokenizer kept."""
    events: list[str] = []
    tokenizer = ReleasingTokenizer(sudachi, events)
    rt = replace(_runtime(LoggingEmbedder(events), tokenizer), owns_tokenizer=True)
    state = build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
    assert len(rt.agent_groups) > 1 and "embedded" in events
    assert events.index("tokenizer released") < events.index("embedded")
    assert "tokenized after release" not in events
    expected = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                              embedder=HashingEmbedder(), tokenizer=sudachi)
    assert [c.model_dump() for c in state["result"].changes] == [c.model_dump() for c in expected.changes]


def test_sudachi_lets_its_dictionary_go_and_loads_it_again(sudachi):
    from hikaku.tokenizers import SudachiTokenizer

    tokenizer = SudachiTokenizer()
    tokens = tokenizer.tokenize("保険金の支払いは請求から5日以内とする。")
    assert tokenizer._dictionary is not None and tokenizer._tokenizers
    tokenizer.release()
    assert tokenizer._dictionary is None and not tokenizer._tokenizers
    assert tokenizer.tokenize("保険金の支払いは請求から5日以内とする。") == tokens


def test_the_search_is_embedded_before_the_first_group_as_the_stage_prepare(sudachi):
    """Before the first group is examined, the offline agent embeds what its first vector
    search needs (B's chunks, the run's queries: on a large pair the longest wait), reported
    as the stage ``prepare`` between the plan and the agent's groups; the same vectors as
    embedding at the first search, so the same result."""
    events: list[str] = []
    embedder = LoggingEmbedder(events)
    rt = replace(_runtime(embedder, sudachi), progress=lambda stage, done, total: events.append(f"{stage} {done}"))
    state = build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
    first_tool = next(i for i, e in enumerate(events) if e.startswith("agent 1") or e.startswith("agent 2"))
    prepare = events.index("prepare 0"), events.index("prepare 1")
    assert prepare[0] < events.index("embedded") < prepare[1] < first_tool
    assert events.index("agent 0") < prepare[0]  # after the agent's 0 of N: the web's percent never goes back
    assert events.count("embedded") == 2  # B's chunks, then the queries in one batch: nothing at the first search
    expected = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                              embedder=HashingEmbedder(), tokenizer=sudachi)
    assert [c.model_dump() for c in state["result"].changes] == [c.model_dump() for c in expected.changes]


def test_an_embedding_failure_before_the_first_group_does_not_take_the_run_down(sudachi, caplog):
    """An embedding server that is down fails the vector searches (tool failures the agent
    goes on without), as it did before the search was embedded ahead: never the run."""

    class DownEmbedder(HashingEmbedder):
        def embed(self, texts):
            raise ConnectionError("embedding server down")

    result = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                            embedder=DownEmbedder(), tokenizer=sudachi)
    assert result.stats.chunks_examined_by_agent > 0 and any(c.type == "added" for c in result.changes)
    assert "embedding ahead of the first search failed (ConnectionError: embedding server down)" in caplog.text


def test_bs_literal_index_is_built_between_the_tokenizer_and_the_embedding(sudachi):
    """In the stage ``prepare`` the keyword tokenizer goes, then B's literal-search index is
    built, then B's chunks are embedded: one after another on the run's thread, each in the
    memory the one before gave back; the result is that of a run without the stage."""
    import threading

    events: list[str] = []

    class SignallingEmbedder(LoggingEmbedder):
        def embed(self, texts):
            events.append(f"embedded on {threading.current_thread().name}")
            return super().embed(texts)

    tokenizer = ReleasingTokenizer(sudachi, events)
    rt = replace(_runtime(SignallingEmbedder(events), tokenizer), owns_tokenizer=True)
    store = rt.stores.b
    build = store.index_literals

    def logged() -> None:
        events.append(f"literal index on {threading.current_thread().name}")
        build()

    store.index_literals = logged  # type: ignore[method-assign]
    state = build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
    assert events.count("literal index on MainThread") == 1
    first_embedding = next(k for k, e in enumerate(events) if e.startswith("embedded on"))
    assert events.index("tokenizer released") < events.index("literal index on MainThread") < first_embedding
    assert events[first_embedding] == "embedded on MainThread"
    expected = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                              embedder=HashingEmbedder(), tokenizer=sudachi)
    assert [c.model_dump() for c in state["result"].changes] == [c.model_dump() for c in expected.changes]


def test_an_interrupt_while_b_is_embedded_does_not_wait_for_the_embedding(sudachi):
    """Ctrl-C in the stage ``prepare`` reaches the caller at once, not after every batch of B
    (a remote model would go on being paid for): the embedding is on the run's thread."""
    import _thread
    import threading
    import time

    import pytest

    class SlowEmbedder(HashingEmbedder):  # a remote model: 30 batches of 0.1 s
        def embed(self, texts):
            for _ in range(30):
                time.sleep(0.1)
            return super().embed(texts)

    rt = _runtime(SlowEmbedder(), sudachi)
    timer = threading.Timer(0.5, _thread.interrupt_main)  # what Ctrl-C does
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
    finally:
        timer.cancel()
    assert time.perf_counter() - started < 2.0  # not the 3 s of B's batches
