"""The LLM agent driven by a scripted chat model: tools run through the registry, the
structured answer lands in the result, bad answers are retried then fall back, budgets
and scope decide which chunks cost a model call."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import AIMessage, ToolMessage

import hikaku
from hikaku import run_comparison
from hikaku.agent.answer import ComparisonAnswer, check_answer
from hikaku.align import load_calibration
from tests.fakes import ScriptedChatModel, answer, chunk_id_of, search_then_answer, tool_call
from tests.helpers import doc

OLD = [
    "第1条（目的）この規則は、従業員の就業に関する事項を定める。",
    "第2条（勤務時間）始業時刻は午前9時、終業時刻は午後6時とする。",
    "第3条（休日）休日は土曜日、日曜日および国民の祝日とする。",
    "第4条（年次有給休暇）6か月継続勤務した者には10日の年次有給休暇を与える。",
    "第5条（賃金）賃金は毎月25日に支払う。",
    "第6条（退職）従業員は退職の30日前までに届け出なければならない。",
]
NEW = [
    OLD[0],
    "第2条（勤務時間）始業時刻は午前10時、終業時刻は午後7時とし、フレックスタイム制を適用することができる。",
    OLD[2],
    "第4条（年次有給休暇）入社日から年次有給休暇を付与し、初年度は15日とする。半日単位の取得を認める。",
    OLD[4],
    "第6条（退職）従業員は退職の14日前までに書面またはメールで届け出なければならない。",
]
CHANGED = {"a2", "a4", "a6"}


@pytest.fixture()
def docs():
    return doc("A", *OLD), doc("B", *NEW)


def texts(document):
    return {c.id: c.content for c in document.chunks}


def compare_with(model, docs, embedder, tmp_path, **options):
    """With ``llm_scope="changed"`` the LLM examines the changed chunks (a2, a4, a6), whichever
    of them the plan finds certain."""
    a, b = docs
    options.setdefault("llm_scope", "changed")
    return run_comparison(a, b, chat_model=model, embedder=embedder, trace=tmp_path / "trace.jsonl", **options)


def read_trace(tmp_path):
    return [json.loads(line) for line in (tmp_path / "trace.jsonl").read_text(encoding="utf-8").splitlines()]


def asked_chunks(model):
    return {chunk_id_of(m) for m in model.calls}


def test_tools_run_through_the_registry_and_the_answer_lands_in_the_result(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
    result, state = compare_with(model, docs, use_embedder, tmp_path, concurrency=1)
    assert asked_chunks(model) == CHANGED
    assert "vector_similarity_tool" in model.bound_tools and "ComparisonAnswer" in model.bound_tools
    modified = {c.a_ids[0]: c for c in result.of_type("modified")}
    assert set(modified) == CHANGED
    for a_id, change in modified.items():
        assert change.b_ids == ["b" + a_id[1:]]
        assert change.summary == f"b{a_id[1:]} に変更" and change.summary_by == "llm"
        assert change.offline_summary  # hikaku's own description kept as evidence
    s = result.stats
    assert s.policy == "llm" and s.llm_model == "scripted"
    assert s.llm_calls == s.llm_requests == 6 and s.llm_input_tokens == 600 and s.llm_output_tokens == 60
    assert s.llm_failed == s.llm_rejected == 0
    assert [(c.a_ids, c.llm_calls, c.llm_requests, c.fallback) for c in s.per_chunk] == [
        (["a2"], 2, 2, None), (["a4"], 2, 2, None), (["a6"], 2, 2, None)]
    events = read_trace(tmp_path)
    calls = [e for e in events if e["event"] == "tool_call"]
    by_llm = [e for e in calls if e["by"] == "llm"]
    assert [e["tool"] for e in by_llm] == ["vector_similarity_tool"] * 3 and all(e["result"]["success"] for e in by_llm)
    # the rest gathered the evidence the answers are checked against (the offline policy's tools, no model)
    assert s.tool_calls_total == len(calls) == sum(c.tool_calls for c in s.per_chunk) > 3
    assert [e["chunk"] for e in events if e["event"] == "evidence"] == [["a2"], ["a4"], ["a6"]]
    # the tool message the model read is the registry's ToolResult
    tool_messages = [m for call in model.calls for m in call if isinstance(m, ToolMessage)]
    assert json.loads(tool_messages[0].content)["tool_name"] == "vector_similarity_tool"
    assert {e["event"] for e in events} >= {"run_start", "plan", "chunk_start", "model_call", "answer", "decision",
                                            "run_end"}


def test_what_the_agent_decides_depends_on_what_its_tools_return(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1,
                             enabled_tools="string_search_tool,get_context_tool_a")
    # the vector tool is disabled: the agent was not given it, the call fails, the script finds nothing
    # and answers 'deleted'; the deletion stands unless the evidence makes a counterpart certain
    assert "vector_similarity_tool" not in model.bound_tools
    events = read_trace(tmp_path)
    assert [e["answer"]["change_type"] for e in events if e["event"] == "answer"][:3] == ["deleted"] * 3
    certain = load_calibration().certain.value
    strong = {e["chunk"][0] for e in events if e["event"] == "evidence"
              and any(c["probability"] >= certain for c in e["candidates"])}
    assert {c.a_ids[0] for c in result.of_type("deleted")} == CHANGED - strong
    assert {c.a_ids[0] for c in result.stats.per_chunk if c.fallback} == strong
    assert result.stats.llm_fallbacks == ({"evidence_deleted": len(strong)} if strong else {})
    refusals = [m for call in model.calls for m in call if isinstance(m, ToolMessage)]
    assert refusals and all("vector_similarity_tool" in str(m.content) for m in refusals)
    assert not [e for e in read_trace(tmp_path) if e["event"] == "tool_call" and e["by"] == "llm"]


def test_the_prompt_is_the_seeds_prompt_filled_with_the_chunk_and_the_results_so_far(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
    compare_with(model, docs, use_embedder, tmp_path, concurrency=1)
    system = model.calls[0][0].content
    assert system.startswith("あなたは2つのドキュメントを比較するアシスタントです。")
    assert "string_search_tool" in system and "get_adjacent_chunks_tool" in system
    assert OLD[1] in system  # the chunk
    assert "a1 → b1" in system and "a3 → b3" in system  # where its neighbours went
    model_en = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
    compare_with(model_en, docs, use_embedder, tmp_path, concurrency=1, lang="en")
    assert model_en.calls[0][0].content.startswith("You are an assistant that compares two documents.")


def test_an_invalid_answer_is_retried_once_with_the_problem(docs, use_embedder, tmp_path):
    def script(messages):
        retry = any("前回の回答は使えませんでした" in str(m.content) for m in messages)
        cid = chunk_id_of(messages)
        if not retry:
            return answer(["b99"], "modified", "wrong", 0.9)
        return answer(["b" + cid[1:]], "modified", "直した回答", 0.9)

    model = ScriptedChatModel(script=script)
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1)
    assert all(c.summary == "直した回答" for c in result.of_type("modified"))
    retry_messages = [m for call in model.calls for m in call if "b99" in str(m.content)]
    assert retry_messages  # the problem (unknown id b99) was told to the model
    assert [e["problem"] for e in read_trace(tmp_path) if e["event"] == "retry"][0].startswith("counterpart_ids b99")
    assert result.stats.llm_fallbacks == {}


def test_a_second_invalid_answer_falls_back_to_the_offline_policy(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=lambda messages: answer(["b2"], "deleted", "", 0.9))  # type contradicts ids
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1)
    offline, _ = run_comparison(*docs, embedder=use_embedder)
    assert len(model.calls) == 2 * len(CHANGED)  # one retry per chunk
    assert [(c.type, c.a_ids, c.b_ids) for c in result.changes] == [(c.type, c.a_ids, c.b_ids) for c in offline.changes]
    assert result.stats.llm_fallbacks == {"invalid": 3}
    assert all(c.fallback.startswith("invalid: change_type is 'deleted'") for c in result.stats.per_chunk)
    assert any("回答が使えなかった 3 件" in n for n in result.notes)
    assert [e["kind"] for e in read_trace(tmp_path) if e["event"] == "fallback"] == ["invalid"] * 3


def test_an_answer_outside_the_schema_is_retried_then_falls_back(docs, use_embedder, tmp_path):
    bad = tool_call("ComparisonAnswer", {"counterpart_ids": ["b2"], "change_type": "renamed", "confidence": 3})
    model = ScriptedChatModel(script=lambda messages: bad)
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1)
    assert result.stats.llm_fallbacks == {"invalid": 3}
    assert "schema" in result.stats.per_chunk[0].fallback


def test_a_model_that_never_answers_with_the_tool_hits_the_call_limit_and_falls_back(docs, use_embedder, tmp_path):
    def script(messages):  # a new search every time: no loop, but no answer either
        n = sum(1 for m in messages if isinstance(m, ToolMessage))
        return tool_call("string_search_tool", {"pattern": f"第{n + 1}条", "document_id": "B"}, f"call_{n}")

    model = ScriptedChatModel(script=script)
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1, llm_max_model_calls=3,
                             llm_max_failures=10)
    assert len(model.calls) == 3 * 2 * 3  # 3 calls per attempt, 2 attempts, 3 chunks
    assert result.stats.llm_fallbacks == {"invalid": 3}
    assert result.stats.llm_requests == 18 and result.stats.llm_rejected == 6  # both attempts of each chunk


def test_invalid_answers_count_toward_giving_the_llm_up(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=lambda messages: answer(["b99"], "modified", "", 0.9))
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1, llm_max_failures=2)
    assert len(model.calls) == 2 * 2  # two chunks, each retried once; then the LLM is given up
    assert result.stats.llm_fallbacks == {"invalid": 2, "unavailable": 1}
    note = next(n for n in result.notes if "打ち切った" in n)
    assert "it failed on 2 chunks in a row; the last, on chunk a4: invalid: " in note


def test_identical_documents_cost_no_model_call(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
    a = docs[0]
    result, _ = run_comparison(a, a.model_copy(update={"id": "B"}), chat_model=model, embedder=use_embedder)
    assert model.calls == [] and result.stats.llm_calls == 0 and result.count("unchanged") == len(OLD)


def test_llm_scope_decides_which_settled_pairs_cost_a_call(use_embedder, tmp_path):
    a = doc("A", *OLD)
    light = [*OLD]
    light[2] = "第3条（休日）休日は土曜日、日曜日及び国民の祝日とする。"  # a certain, lightly edited pair
    b = doc("B", *light)
    script = search_then_answer(texts(a).__getitem__)
    counts = {}
    for scope in ("uncertain", "changed", "all"):
        model = ScriptedChatModel(script=script)
        result, _ = run_comparison(a, b, chat_model=model, embedder=use_embedder, llm_scope=scope)
        counts[scope] = asked_chunks(model)
        assert result.of_type("modified")[0].a_ids == ["a3"]
    assert counts == {"uncertain": set(), "changed": {"a3"}, "all": {f"a{i}" for i in range(1, 7)}}


def test_the_token_budget_hands_the_remaining_chunks_to_the_offline_policy(docs, use_embedder, tmp_path):
    model = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1, max_tokens_total=150)
    assert asked_chunks(model) == {"a2"}  # 220 tokens spent on the first chunk
    assert result.stats.llm_fallbacks == {"budget": 2}
    assert result.stats.llm_input_tokens + result.stats.llm_output_tokens == 220
    assert any("トークン予算" in n for n in result.notes)
    assert "トークン予算" in hikaku.render(result, "md")
    assert {c.a_ids[0] for c in result.of_type("modified")} == CHANGED  # the offline policy still found them


class _ServerError(Exception):
    status_code = 500


def test_failing_calls_are_retried_with_backoff(docs, use_embedder, tmp_path):
    failures = {"left": 2}
    inner = search_then_answer(texts(docs[0]).__getitem__)

    def script(messages):
        if failures["left"]:
            failures["left"] -= 1
            raise _ServerError("HTTP 500 from the server")
        return inner(messages)

    model = ScriptedChatModel(script=script)
    result, _ = compare_with(model, docs, use_embedder, tmp_path, concurrency=1, llm_retry_initial_delay_s=0.01)
    assert result.stats.llm_fallbacks == {} and result.stats.policy == "llm"
    assert len([e for e in read_trace(tmp_path) if e["event"] == "model_error"]) == 2


def test_a_model_down_for_good_is_given_up_after_a_few_chunks(use_embedder, tmp_path):
    a = doc("A", *OLD)
    b = doc("B", *[t.replace("。", "ものとする。") if i % 2 == 0 else t for i, t in enumerate(NEW)])

    def script(messages):
        raise _ServerError("HTTP 500 from the server")

    model = ScriptedChatModel(script=script)
    result, _ = run_comparison(a, b, chat_model=model, embedder=use_embedder, concurrency=1, llm_max_retries=1,
                               llm_retry_initial_delay_s=0.0, llm_max_failures=2, llm_scope="changed")
    kinds = [c.fallback.split(":")[0] for c in result.stats.per_chunk]
    assert kinds[:2] == ["error", "error"] and set(kinds[2:]) == {"unavailable"}
    assert len(model.calls) == 2 * 2  # two chunks tried (with one retry each), then no more calls
    assert result.count("modified") == len(OLD)


def test_concurrent_chunks_give_the_same_result(docs, use_embedder, tmp_path):
    script = search_then_answer(texts(docs[0]).__getitem__)
    one, _ = run_comparison(*docs, chat_model=ScriptedChatModel(script=script), embedder=use_embedder, concurrency=1,
                            llm_scope="changed")
    many, state = run_comparison(*docs, chat_model=ScriptedChatModel(script=script), embedder=use_embedder,
                                 concurrency=3, llm_scope="changed")
    assert [c.model_dump(exclude={"confidence"}) for c in one.changes] == \
        [c.model_dump(exclude={"confidence"}) for c in many.changes]
    # each chunk counted its own calls
    assert [(c.llm_calls, c.tool_calls) for c in many.stats.per_chunk] == \
        [(c.llm_calls, c.tool_calls) for c in one.stats.per_chunk]
    assert [c.llm_calls for c in many.stats.per_chunk] == [2, 2, 2]


def test_a_chunk_never_sees_the_decisions_of_the_chunks_examined_beside_it(docs, use_embedder, tmp_path,
                                                                           monkeypatch):
    """The worst timing, made certain: a4 (between a2 and a6) is examined only once the
    others' decisions are handed on. It must see what it sees at concurrency 1 — the plan,
    not a6's decision (a chunk of the window sees no other's: PlanView) — else a result
    would depend on the machine's load."""
    from threading import Event

    from hikaku.agent.llm import LLMPolicy
    from hikaku.workflow.runtime import PlanView

    handed_on = {"a2": Event(), "a6": Event()}
    record, examine = PlanView.record, LLMPolicy._examine

    def recorded(self, d):
        record(self, d)
        if d.a_ids[0] in handed_on:
            handed_on[d.a_ids[0]].set()

    def late(self, task, view, rec):
        if task.a_ids == ("a4",):
            assert all(e.wait(60) for e in handed_on.values())
        return examine(self, task, view, rec)

    def run(concurrency, trace):
        model = ScriptedChatModel(script=search_then_answer(texts(docs[0]).__getitem__))
        result, _ = run_comparison(*docs, chat_model=model, embedder=use_embedder, concurrency=concurrency,
                                   llm_scope="changed", trace=trace)
        evidence = {tuple(e["chunk"]): e["candidates"] for e in map(json.loads, trace.read_text("utf-8").splitlines())
                    if e["event"] == "evidence"}
        return result, evidence

    one, evidence_one = run(1, tmp_path / "one.jsonl")
    monkeypatch.setattr(PlanView, "record", recorded)
    monkeypatch.setattr(LLMPolicy, "_examine", late)
    many, evidence_many = run(3, tmp_path / "many.jsonl")
    assert all(e.is_set() for e in handed_on.values())
    assert evidence_many == evidence_one
    assert [c.model_dump() for c in many.changes] == [c.model_dump() for c in one.changes]
    assert [(c.a_ids, c.tool_calls) for c in many.stats.per_chunk] == [(c.a_ids, c.tool_calls) for c in one.stats.per_chunk]


def test_check_answer(docs):
    a, b = docs
    ok = ComparisonAnswer(counterpart_ids=["b2"], change_type="modified", confidence=0.9)
    assert check_answer(ok, b, a) is None
    assert "do not exist" in check_answer(ok.model_copy(update={"counterpart_ids": ["x"]}), b, a)
    assert "ids of document A" in check_answer(ok.model_copy(update={"counterpart_ids": ["a2"]}), b, a)
    assert "empty" in check_answer(ok.model_copy(update={"counterpart_ids": []}), b, a)
    assert check_answer(ComparisonAnswer(change_type="deleted", confidence=0.5), b, a) is None
    four = ok.model_copy(update={"counterpart_ids": ["b1", "b2", "b3", "b4"]})
    assert "at most" in check_answer(four, b, a)


def test_ai_messages_from_the_script_are_plain_ai_messages():
    assert isinstance(answer([], "deleted"), AIMessage)


def test_heading_summaries_are_written_by_the_llm_once_and_cached(use_embedder, tmp_path):
    from langchain_core.messages import SystemMessage

    from tests.helpers import EXAMPLES

    summaries = []

    def script(messages):
        if isinstance(messages[0], SystemMessage) and messages[0].content.startswith("あなたは規約・契約書"):
            summaries.append(messages[1].content.splitlines()[0])
            return AIMessage(content="労働時間と休日を定める章。")
        if not isinstance(messages[-1], ToolMessage):
            return tool_call("get_context_tool_a", {"chunk_id": chunk_id_of(messages), "hierarchy_levels": 1})
        context = json.loads(messages[-1].content)
        assert context["success"]
        return answer([], "deleted", "", 0.5) if not context["output"]["hierarchy"] else answer(
            [], "deleted", context["output"]["hierarchy"][0]["summary"], 0.5)

    a = EXAMPLES / "shugyo_kisoku_v1.md"
    b = EXAMPLES / "shugyo_kisoku_v2.md"
    first = ScriptedChatModel(script=script)
    result, _ = run_comparison(a, b, chat_model=first, embedder=use_embedder, concurrency=1)
    assert summaries and len(summaries) == len(set(summaries))  # one call per heading
    # the model's descriptions quote the heading summaries; one that also names the tool's chunk count
    # ("(3 chunks)", in no text) is refused, and kept as evidence
    described = [c.summary if c.summary_by == "llm" else c.refused_summary for c in result.changes
                 if c.type == "deleted"]
    assert any("労働時間と休日を定める章。" in (s or "") for s in described)
    n = len(summaries)
    second = ScriptedChatModel(script=script)
    run_comparison(a, b, chat_model=second, embedder=use_embedder, concurrency=1)
    assert len(summaries) == n  # from the cache: no new summary call
    off = ScriptedChatModel(script=script)
    run_comparison(a, b, chat_model=off, embedder=use_embedder, concurrency=1, llm_summaries=False)
    assert len(summaries) == n
