"""A reviewer's decisions bind the agents: the offline policy never proposes a pair that was
ruled out, and an LLM that answers one is told so, retried, and overruled."""

from __future__ import annotations

from hikaku import run_comparison
from hikaku.review import ReviewerDecision, text_sha256
from tests.agent.test_llm_policy import NEW, OLD
from tests.fakes import ScriptedChatModel, answer, chunk_id_of
from tests.helpers import doc

A, B = doc("A", *OLD), doc("B", *NEW)
RULED_OUT = ReviewerDecision(a_sha256=text_sha256(OLD[3]), b_sha256=text_sha256(NEW[3]), verdict="no_match")


def pairs(result):
    return {(tuple(c.a_ids), tuple(c.b_ids)) for c in result.changes if c.a_ids and c.b_ids}


def test_the_offline_policy_examines_the_chunk_again_and_never_proposes_the_pair(hashing_embedder):
    result, state = run_comparison(A, B, embedder=hashing_embedder, llm="offline", decisions=[RULED_OUT])
    assert (("a4",), ("b4",)) in pairs(run_comparison(A, B, embedder=hashing_embedder, llm="offline")[0])
    assert not any("a4" in a and "b4" in b for a, b in pairs(result))
    examined = [d for d in state["comparison_results"] if d.a_ids == ("a4",)]
    assert examined[0].decided_by == "agent"  # the plan had no pair to offer: the agent looked again
    assert all(b != ("b4",) for b, _ in examined[0].candidates)  # not even a candidate
    assert {c.decided_by for c in result.changes if "a4" in c.a_ids or "b4" in c.b_ids} == {"reviewer"}


def test_an_llm_answer_the_reviewer_ruled_out_is_retried_then_overruled(hashing_embedder):
    def stubborn(messages):
        cid = chunk_id_of(messages)
        return answer(["b" + cid[1:]], "modified", "", 0.9)

    model = ScriptedChatModel(script=stubborn)
    result, _ = run_comparison(A, B, embedder=hashing_embedder, chat_model=model, decisions=[RULED_OUT],
                               llm_scope="all", concurrency=1)
    told = [m for call in model.calls if chunk_id_of(call) == "a4" for m in call if "ruled out" in str(m.content)]
    assert told  # the retry said why
    assert not any("a4" in a and "b4" in b for a, b in pairs(result))
    cost = next(c for c in result.stats.per_chunk if c.a_ids == ["a4"])
    assert cost.fallback.startswith("invalid: a reviewer ruled out b4")
    assert result.stats.llm_fallbacks == {"invalid": 1}
