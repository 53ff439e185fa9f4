"""With a concurrent policy (an LLM, ``--concurrency N``) chunks are examined in a sliding
window: a new chunk starts as soon as one finishes, so one slow chunk does not hold the
others up; the window is resumable like any run."""

from __future__ import annotations

import json
import time
from collections import Counter

from langgraph.checkpoint.memory import InMemorySaver

from hikaku import load_document, resolve_options, run_comparison
from hikaku.workflow import RuntimeInputs, build_graph, build_runtime
from tests.fakes import ScriptedChatModel, answer, chunk_id_of, search_then_answer
from tests.helpers import EXAMPLES, doc

OLD = [f"第{i}条（規定{i}）この規則の第{i}項は、従業員の{w}に関する事項を定める。"
       for i, w in enumerate(["採用", "勤務", "休日", "休暇", "賃金", "退職"], start=1)]
NEW = [t.replace("定める。", "定めるものとする。") for t in OLD]


def decided(trace) -> list[str]:
    if not trace.exists():
        return []
    lines = trace.read_text(encoding="utf-8").splitlines()
    return [e["chunk"][0] for e in map(json.loads, lines) if e["event"] == "decision"]


def test_a_slow_chunk_does_not_hold_up_the_others(use_embedder, tmp_path):
    a, b = doc("A", *OLD), doc("B", *NEW)
    others = {f"a{i}" for i in range(2, 7)}
    trace = tmp_path / "trace.jsonl"
    waited: list[bool] = []

    def script(messages):
        cid = chunk_id_of(messages)
        if cid == "a1":  # the slow chunk: it answers once every other chunk is decided (or after 30 s)
            deadline = time.monotonic() + 30
            while not set(decided(trace)) >= others and time.monotonic() < deadline:
                time.sleep(0.02)
            waited.append(set(decided(trace)) >= others)
        return answer(["b" + cid[1:]], "modified", f"{cid} の回答", 0.9)

    result, _ = run_comparison(a, b, chat_model=ScriptedChatModel(script=script), embedder=use_embedder,
                               llm_scope="all", concurrency=2, trace=trace)
    events = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    started = [e["chunk"][0] for e in events if e["event"] == "chunk_start"]
    finished = [e["chunk"][0] for e in events if e["event"] == "decision"]
    assert started[:2] == ["a1", "a2"] and sorted(started) == sorted(finished) == sorted(others | {"a1"})
    # a3 … a6 started after a1 and finished before it: each took the place of one that had finished
    assert finished[-1] == "a1" and set(finished[:-1]) == others
    assert waited == [True]  # the others were decided meanwhile (not the timeout)
    assert all(c.policy == "llm" for c in result.stats.per_chunk)
    assert [c.a_ids for c in result.stats.per_chunk] == [[f"a{i}"] for i in range(1, 7)]  # document order


def _runtime(model, embedder, **options):
    return build_runtime(
        load_document(EXAMPLES / "shugyo_kisoku_v1.md", id_prefix="a"),
        load_document(EXAMPLES / "shugyo_kisoku_v2.md", id_prefix="b"),
        resolve_options({"llm_scope": "all", "concurrency": 3, **options}),
        RuntimeInputs(embedder=embedder, chat_model=model),
    )


def test_a_window_stopped_after_every_step_resumes_to_the_same_result(hashing_embedder):
    a = load_document(EXAMPLES / "shugyo_kisoku_v1.md", id_prefix="a")
    script = search_then_answer(lambda cid: a.get(cid).content)
    reference_model = ScriptedChatModel(script=script)
    rt = _runtime(reference_model, hashing_embedder)
    try:
        expected = build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
    finally:
        rt.close()

    model = ScriptedChatModel(script=script)
    graph = build_graph(checkpointer=InMemorySaver(), interrupt_after=["react_agent"])
    config = {"configurable": {"thread_id": "w"}, "recursion_limit": 500}
    state: dict = {}
    steps = 0
    while "result" not in state:  # a new process after every step: chunks under way are started again
        rt = _runtime(model, hashing_embedder)
        try:
            state = graph.invoke(None if steps else {}, config=config, context=rt)
        finally:
            rt.close()
        steps += 1
    assert steps > 5
    decided = Counter(i for d in state["comparison_results"] for i in d.a_ids)
    assert set(decided.values()) == {1}  # every chunk decided once
    assert state["result"].changes == expected["result"].changes
