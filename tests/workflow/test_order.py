"""Pairs the order settles are not examined; every other decision is what it would be had the agent
examined them (align/order.py: they hold their B chunks as uncertain groups do, and stay searchable)."""

from __future__ import annotations

from hikaku import Chunk, Document, resolve_options
from hikaku.align import planner
from hikaku.workflow import RuntimeInputs, build_graph, build_runtime

from ..align.test_large_gaps import table_pair


def _documents() -> tuple[Document, Document]:
    """A premium table of 240 rows, every amount changed; B lost row 100 and gained a note after row 180."""
    a, b = table_pair(240)
    b = b[:100] + b[101:181] + ["※ 保険料は口座振替により払い込むものとします。"] + b[181:]
    return (Document(id="A", chunks=[Chunk(id=f"a{k}", content=t) for k, t in enumerate(a)]),
            Document(id="B", chunks=[Chunk(id=f"b{k}", content=t) for k, t in enumerate(b)]))


def _run(embedder, tokenizer):
    a, b = _documents()
    rt = build_runtime(a, b, resolve_options(), RuntimeInputs(embedder=embedder, tokenizer=tokenizer))
    return build_graph().invoke({}, config={"recursion_limit": 2000}, context=rt)


def test_the_order_settles_the_rows_in_sequence_and_changes_no_other_decision(hashing_embedder, sudachi,
                                                                              monkeypatch):
    state = _run(hashing_embedder, sudachi)
    result = state["result"]
    by_order = {d.a_ids: d for d in state["comparison_results"] if d.reason.endswith("rule out its rivals")}
    examined = {d.a_ids: d for d in state["comparison_results"] if d.decided_by == "agent"}
    assert len(by_order) >= 220 and all(d.decided_by == "plan" and d.confidence >= 0.97 for d in by_order.values())
    assert result.stats.chunks_examined_by_agent == len(examined) <= 12

    # each row settled by the order is paired with its own (B lost row 100: rows 101-180 moved up by one)
    assert all(d.b_ids == (_own(int(k[0][1:])),) for k, d in by_order.items())

    monkeypatch.setattr(planner, "_settle_in_order", lambda *args: None)  # the agent examines every row
    every = _run(hashing_embedder, sudachi)
    assert every["result"].stats.chunks_examined_by_agent == 240
    agent = {d.a_ids: d for d in every["comparison_results"]}
    assert all(agent[k] == d for k, d in examined.items())  # the others decided as they were
    differ = [k for k, d in by_order.items() if agent[k].b_ids != d.b_ids]
    # where the agent, examining a row, decides otherwise it is unsure (a row whose old amount is another
    # row's new one: that row is as like it as its own revision; 8 here), and the order pairs it with its own
    assert len(differ) <= 0.05 * len(by_order)
    assert all(agent[k].confidence < 0.97 for k in differ)
    assert any(c.type == "deleted" and c.a_ids == ["a100"] for c in result.changes)
    assert any(c.type == "added" and c.b_text.startswith("※") for c in result.changes)


def _own(i: int) -> str:
    return f"b{i if i < 100 else i - 1 if i <= 180 else i}"
