"""The graph state is small and checkpointable; a run stopped mid-way resumes with a fresh
runtime (the plan is rebuilt deterministically) and ends as an uninterrupted run."""

from langgraph.checkpoint.memory import InMemorySaver

import hikaku
from hikaku import load_document, resolve_options
from hikaku.workflow import build_graph, build_runtime

from ..helpers import EXAMPLES


def runtime(embedder, tokenizer, batch=1):
    return build_runtime(
        load_document(EXAMPLES / "shugyo_kisoku_v1.md", id_prefix="a"),
        load_document(EXAMPLES / "shugyo_kisoku_v2.md", id_prefix="b"),
        resolve_options(),
        embedder=embedder,
        tokenizer=tokenizer,
        offline_batch=batch,
    )


def test_interrupted_run_resumes_with_a_fresh_runtime(hashing_embedder, sudachi):
    # stop after each agent decision, as a crash would
    graph = build_graph(checkpointer=InMemorySaver(), interrupt_after=["process_comparison_results"])
    config = {"configurable": {"thread_id": "t1"}, "recursion_limit": 500}
    state = graph.invoke({}, config=config, context=runtime(hashing_embedder, sudachi))
    assert state["current_step"] == "process_comparison_results" and "result" not in state
    steps = 1
    while "result" not in state:
        state = graph.invoke(None, config=config, context=runtime(hashing_embedder, sudachi))  # new process
        steps += 1
    assert steps > 2
    expected = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                              embedder=hashing_embedder, tokenizer=sudachi)
    assert state["result"].changes == expected.changes


def test_groups_examined_per_step_do_not_change_the_result(hashing_embedder, sudachi):
    results = []
    for batch in (1, 3, 16):
        rt = runtime(hashing_embedder, sudachi, batch)
        state = build_graph().invoke({}, config={"recursion_limit": 500}, context=rt)
        results.append((state["result"].changes, state["comparison_results"], state["agent_thoughts"]))
    assert len(results[0][1]) > 3  # several groups went to the agent
    assert results[0] == results[1] == results[2]
