"""The graph state is small and checkpointable; a run stopped mid-way resumes with a fresh
runtime (the plan is rebuilt deterministically) and ends as an uninterrupted run."""

from langgraph.checkpoint.memory import InMemorySaver

import hikaku
from hikaku import load_document, resolve_options
from hikaku.workflow import RuntimeInputs, build_graph, build_runtime

from ..helpers import EXAMPLES


def runtime(embedder, tokenizer, batch=1):
    return build_runtime(
        load_document(EXAMPLES / "shugyo_kisoku_v1.md", id_prefix="a"),
        load_document(EXAMPLES / "shugyo_kisoku_v2.md", id_prefix="b"),
        resolve_options(),
        RuntimeInputs(embedder=embedder, tokenizer=tokenizer, offline_batch=batch),
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


def test_a_long_agent_phase_takes_a_bounded_number_of_steps_with_the_same_result(hashing_embedder, sudachi,
                                                                                 monkeypatch):
    """Every step copies the state's growing lists: the groups per step grow with their number
    (at most about AGENT_STEPS steps), and the result is that of one group per step."""
    from hikaku.workflow import nodes

    pair = EXAMPLES.parent / "tests" / "data" / "edits" / "federalist_10"

    def rt():
        return build_runtime(load_document(pair / "a.json"), load_document(pair / "b.json"), resolve_options(),
                             RuntimeInputs(embedder=hashing_embedder, tokenizer=sudachi, offline_batch=1))

    def run():
        steps = []
        for update in build_graph().stream({}, config={"recursion_limit": 1000}, stream_mode="updates", context=rt()):
            if "react_agent" in update:
                steps.append(len(update["react_agent"]["agent_outputs"]))
        state = build_graph().invoke({}, config={"recursion_limit": 1000}, context=rt())
        return steps, (state["result"].changes, state["comparison_results"], state["agent_thoughts"])

    one_by_one, expected = run()
    monkeypatch.setattr(nodes, "AGENT_STEPS", 2)
    bounded, got = run()
    assert len(one_by_one) > 3 and set(one_by_one) == {1}
    assert len(bounded) == 2 and sum(bounded) == len(one_by_one)  # ceil(n / 2) groups a step
    assert got == expected
