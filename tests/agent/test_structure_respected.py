"""Both policies respect the sections: an LLM that insists on a clause of another rider
(identical boilerplate) is told so, retried, and overruled; the offline policy never
considers such a clause."""

from __future__ import annotations

import json

from hikaku import run_comparison
from tests.align.test_sections import A, B
from tests.fakes import ScriptedChatModel, answer


def _rider(doc, chunk_id):
    path = doc.get(chunk_id).structure.section_path
    return path[1] if len(path) > 1 else ""


NEW_RIDER_CLAUSES = [c.id for c in B.chunks if _rider(B, c.id) == "がん診断特約"]


def test_an_llm_answer_in_another_rider_is_rejected_and_overruled(use_embedder, tmp_path):
    renewal = next(c.id for c in B.chunks if c.content.startswith("第3条") and _rider(B, c.id) == "がん診断特約")
    model = ScriptedChatModel(script=lambda messages: answer([renewal], "modified", "同じ文言"))
    result, _ = run_comparison(A, B, chat_model=model, embedder=use_embedder, trace=tmp_path / "t.jsonl",
                               concurrency=1, llm_scope="all")
    problems = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text(encoding="utf-8").splitlines()]
    problems = [e["problem"] for e in problems if e["event"] == "retry"]
    assert problems and all("another section of document B" in p for p in problems if renewal in p)
    for c in result.changes:
        if c.a_ids and c.b_ids:
            assert not set(c.b_ids) & set(NEW_RIDER_CLAUSES), c
    assert {c.type for c in result.changes if set(c.b_ids) & set(NEW_RIDER_CLAUSES)} == {"added"}


def test_the_offline_policy_finds_no_candidate_in_another_rider(use_embedder, tmp_path):
    result, state = run_comparison(A, B, embedder=use_embedder)
    for c in result.changes:
        if c.a_ids and c.b_ids:
            assert (_rider(A, c.a_ids[0]), _rider(B, c.b_ids[0])) in {
                ("", ""), ("通院特約", "通院特約"), ("女性疾病特約", "女性疾病保障特約")}, c
    assert [c.type for c in result.changes if set(c.b_ids) & set(NEW_RIDER_CLAUSES)] == ["added"] * 4
