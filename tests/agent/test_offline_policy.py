"""The offline policy decides from what its tools return."""

import pytest
from pydantic import BaseModel

import hikaku
from hikaku.agent import extract_keywords
from hikaku.tools import BaseTool

from ..helpers import SIMILARITY_FIRST, calibration_file, doc

A = [
    "第1条（目的）この規則は従業員の就業条件を定める。",
    "第2条（秘密保持）従業員は、在職中及び退職後においても、業務上知り得た機密を漏洩してはならない。",
    "第3条（出勤）従業員は始業時刻までに出勤しなければならない。",
    "第4条（休日）休日は土曜日及び日曜日とする。",
    "第5条（賃金）賃金は毎月25日に支払う。",
]
# 第2条 moved to the end (renumbered and edited); a new 第2条 takes its place
B = [
    A[0],
    "第2条（ハラスメントの禁止）従業員は、他の従業員の就業環境を害する言動をしてはならない。",
    A[2],
    A[3],
    A[4],
    "第6条（秘密保持）従業員は、在職中及び退職後においても、業務上知り得た会社の機密を漏洩してはならない。",
]


@pytest.fixture
def compare(use_embedder, sudachi, tmp_path):
    """The agent's mechanics under a candidate model that links by similarity (not the
    shipped model, which the dev pairs taught to distrust moved prose)."""
    calibration = calibration_file(tmp_path, **SIMILARITY_FIRST)

    def _compare(a, b, **kw):
        kw.setdefault("calibration", calibration)
        return hikaku.run_comparison(doc("A", *a), doc("B", *b), embedder=use_embedder, tokenizer=sudachi, **kw)
    return _compare


def pairs(result):
    return {(tuple(c.a_ids), tuple(c.b_ids)): c for c in result.changes}


def test_finds_the_moved_clause_with_its_tools(compare):
    result, state = compare(A, B)
    moved = pairs(result)[(("a2",), ("b6",))]
    assert moved.type == "modified" and moved.moved and moved.decided_by == "agent"
    assert pairs(result)[((), ("b2",))].type == "added"
    found = [t for t in state["agent_thoughts"] if t.startswith("[a2]") and "string_search_tool" in t and "b6" in t]
    assert found  # its rarest terms led the agent to b6: no need for vector search


def test_without_search_tools_the_move_is_not_found(compare):
    result, state = compare(A, B, enabled_tools="get_context_tool_a,get_context_tool_b,get_adjacent_chunks_tool")
    assert pairs(result)[(("a2",), ())].type == "deleted"
    assert pairs(result)[((), ("b6",))].type == "added"
    assert "vector_similarity_tool" not in result.stats.tool_calls


def test_string_search_alone_finds_it_by_keywords(compare):
    result, state = compare(A, B, enabled_tools="string_search_tool,get_context_tool_a,get_adjacent_chunks_tool")
    assert pairs(result)[(("a2",), ("b6",))].moved
    text = "\n".join(t for t in state["agent_thoughts"] if t.startswith("[a2]"))
    assert "string_search_tool" in text and "第2条" in text  # searched by its label first


class FixedParams(BaseModel):
    query_text: str
    document_id: str
    threshold: float = 0.7
    max_results: int = 5


class ScriptedVectorTool(BaseTool):
    """A stand-in for vector search that returns a scripted answer."""

    name = "vector_similarity_tool"
    Params = FixedParams

    def __init__(self, answer):
        self.answer = answer
        self.queries = []

    def _run(self, p):
        self.queries.append(p.query_text)
        return self.answer, [a["score"] for a in self.answer], None


def scripted_factory(answer, holder):
    from hikaku.agent import OfflinePolicy

    def factory(inputs):
        tool = ScriptedVectorTool(answer)
        inputs.registry._tools["vector_similarity_tool"] = tool
        holder.append(tool)
        return OfflinePolicy(inputs.registry, inputs.document_a, inputs.document_b, inputs.stores.b.index,
                             inputs.calibration.candidate)
    return factory


def test_decision_follows_what_vector_search_returns(compare):
    only = "vector_similarity_tool,get_context_tool_a,get_context_tool_b,get_adjacent_chunks_tool"
    holder = []
    found = [{"id": "b6", "content": B[5], "metadata": {}, "position": 5, "score": 0.9}]
    result, _ = compare(A, B, enabled_tools=only, policy_factory=scripted_factory(found, holder))
    assert pairs(result)[(("a2",), ("b6",))].moved
    assert holder[0].queries and holder[0].queries[0].startswith("第2条（秘密保持）")
    holder.clear()
    result, _ = compare(A, B, enabled_tools=only, policy_factory=scripted_factory([], holder))
    assert pairs(result)[(("a2",), ())].type == "deleted"


def test_same_label_in_place_links_a_repealed_article(use_embedder, sudachi):
    a = ["第1条　目的を定める。", "第2条　特許法の規定は、この法律の規定による処分の取消しの訴えに準用する。", "第3条　期間の計算を定める。"]
    b = ["第1条　目的を定める。", "第2条　削除", "第3条　期間の計算を定める。"]
    # the shipped calibration: the plan proposes the pair by its label, the agent's evidence confirms it
    result, state = hikaku.run_comparison(doc("A", *a), doc("B", *b), embedder=use_embedder, tokenizer=sudachi)
    pair = pairs(result)[(("a2",), ("b2",))]
    assert pair.type == "modified" and pair.decided_by == "agent"
    thoughts = "\n".join(t for t in state["agent_thoughts"] if t.startswith("[a2]"))
    assert "第2条" in thoughts and "b2" in thoughts


def test_a_clause_that_moved_and_only_changed_its_number_is_anchored(compare):
    b = list(B)
    b[5] = A[1].replace("第2条", "第6条")
    result, _ = compare(A, b)
    moved = pairs(result)[(("a2",), ("b6",))]
    assert moved.moved and moved.decided_by == "anchor"


def test_keywords(sudachi):
    df = {"秘密": 1, "保持": 1, "従業": 9, "機密": 2}
    kws = extract_keywords("従業員の秘密保持と機密", sudachi.tokenize, lambda t: df.get(t, 0), n_docs=10)
    assert kws == ["秘密", "保持", "機密"]
