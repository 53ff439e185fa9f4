"""An LLM may word a change, never invent it: a description whose numbers, quoted terms and
article numbers all occur in the row's texts or facts stands; one that names anything else is
refused and hikaku's own description stands (counted, kept as evidence, one note). Scripted
chat models through the real agent, one honest and adversarial ones."""

from __future__ import annotations

import json

from langchain_core.messages import ToolMessage

from hikaku import run_comparison
from hikaku.changes import ungrounded
from tests.fakes import ScriptedChatModel, answer, chunk_id_of, tool_call
from tests.helpers import doc

OLD = [
    "第1条（目的）この規則は、従業員の就業に関する事項を定める。",
    "第2条（年次有給休暇）6か月継続勤務した者には10日の年次有給休暇を与える。",
    "第3条（賃金）賃金は毎月25日に支払う。",
    "第4条（退職）従業員は退職の30日前までに届け出なければならない。",
]
NEW = [
    OLD[0],
    "第2条（年次有給休暇）6か月継続勤務した者には12日の年次有給休暇を与える。",
    "第3条（賃金）賃金は毎月20日に支払う。",
    "第4条（退職）従業員は退職の14日前までに書面で届け出なければならない。",
]


def describing(descriptions: dict[str, str]):
    """A model that finds each chunk's counterpart with the vector tool, then answers with the
    description given for it."""

    def script(messages):
        last = messages[-1]
        cid = chunk_id_of(messages)
        if not isinstance(last, ToolMessage):
            return tool_call("vector_similarity_tool", {"query_text": OLD[int(cid[1:]) - 1], "document_id": "B",
                                                        "threshold": 0.3})
        hits = json.loads(last.content).get("output") or []
        return answer([hits[0]["id"]], "modified", descriptions[cid], 0.9)

    return script


def compare(model, embedder, tmp_path):
    result, _ = run_comparison(doc("A", *OLD), doc("B", *NEW), chat_model=model, embedder=embedder,
                               llm_scope="changed", concurrency=1, trace=tmp_path / "trace.jsonl")
    return {c.a_ids[0]: c for c in result.of_type("modified")}, result


def test_descriptions_that_name_what_the_rows_hold_stand(use_embedder, tmp_path):
    model = ScriptedChatModel(script=describing({
        "a2": "年次有給休暇が10日から12日に増えた。",
        "a3": "賃金の支払日が毎月25日から20日に早まった（第3条）。",
        "a4": "届出の期限が三十日前から十四日前になり、「書面で」届け出ることになった。",  # kanji numerals: the same values
    }))
    rows, result = compare(model, use_embedder, tmp_path)
    assert {k: (c.summary_by, c.refused_summary) for k, c in rows.items()} == {
        "a2": ("llm", None), "a3": ("llm", None), "a4": ("llm", None)}
    assert rows["a2"].offline_summary == "年次有給休暇：10日 → 12日"  # hikaku's own, kept as evidence
    assert (result.stats.llm_descriptions_kept, result.stats.llm_descriptions_refused) == (3, 0)
    assert not any("LLM の説明" in n for n in result.notes)


def test_an_invented_number_term_or_article_is_refused(use_embedder, tmp_path):
    model = ScriptedChatModel(script=describing({
        "a2": "年次有給休暇が10日から15日に増えた。",  # 15: in neither text
        "a3": "「賞与」の支払日が変わった。",  # a term found nowhere
        "a4": "第7条の届出期限が14日前になった。",  # an article the clause does not name
    }))
    rows, result = compare(model, use_embedder, tmp_path)
    assert {k: c.summary_by for k, c in rows.items()} == {"a2": "offline", "a3": "offline", "a4": "offline"}
    assert rows["a2"].summary == "年次有給休暇：10日 → 12日" and rows["a2"].refused_summary == "年次有給休暇が10日から15日に増えた。"
    assert rows["a3"].summary == "賃金：毎月25日 → 20日" and rows["a3"].refused_summary == "「賞与」の支払日が変わった。"
    assert rows["a4"].summary == "退職の30日前 → 14日前、追加: 「書面で」"
    assert (result.stats.llm_descriptions_kept, result.stats.llm_descriptions_refused) == (0, 3)
    (note,) = [n for n in result.notes if "LLM の説明" in n]
    assert note.startswith("LLM の説明のうち 3 件は") and "第7条の届出期限" in note
    # the decisions themselves were the model's: only its words were refused
    assert all(c.decided_by == "agent" for c in rows.values())


def test_what_counts_as_named():
    texts = ["入院給付金の額は、入院給付金日額の20倍とする。", "入院給付金の額は、入院給付金日額の25倍とする。"]
    assert ungrounded("入院給付金日額の倍率が20倍から25倍になった。", texts) == []
    assert ungrounded("入院給付金日額の倍率が二十倍から二十五倍になった。", texts) == []  # the same values
    assert ungrounded("倍率が20倍から30倍になった。", texts) == ["30"]
    assert ungrounded("「入院給付金日額」の倍率。", texts) == []
    assert ungrounded("「入院一時金」の倍率。", texts) == ["入院一時金"]
    assert ungrounded("第3条の倍率が変わった。", texts) == ["第3条"]
    assert ungrounded("第三条の倍率", ["第3条 本文"]) == []
    assert ungrounded("b3 に改定", texts) == []  # an id is no number
    assert ungrounded("The fee rises from $25 to $30 (Section 4.1).", ["The fee is $25.", "Section 4.1 The fee is $30."]) == []
    assert ungrounded("The fee rises to $40.", ["The fee is $25.", "The fee is $30."]) == ["40"]


def summarising(text: str, descriptions: dict[str, str]):
    """The agent's answers as :func:`describing`, and *text* when asked for the revision summary."""
    from langchain_core.messages import AIMessage

    agent = describing(descriptions)

    def script(messages):
        if "改定の要旨" in str(messages[0].content):
            return AIMessage(content=text)
        return agent(messages)

    return script


WORDS = {"a2": "", "a3": "", "a4": ""}


def test_the_summary_of_the_revision_in_the_llms_words_when_it_invents_nothing(use_embedder, tmp_path):
    text = "年次有給休暇は10日から12日に増え、賃金の支払日は毎月25日から20日に早まる。退職の届出は30日前から14日前になる。"
    model = ScriptedChatModel(script=summarising(text, WORDS))
    result, _ = run_comparison(doc("A", *OLD), doc("B", *NEW), chat_model=model, embedder=use_embedder,
                               llm_scope="changed", concurrency=1, llm_revision_summary=True)
    assert result.summary.text == text
    assert result.stats.llm_descriptions_kept == 1 and result.stats.llm_calls == 7  # 3 chunks × 2, and the summary
    assert "LLM による要約（本文・事実と照合済み）" in __import__("hikaku").render(result, "md")
    asked = [m for m in model.calls if "改定の要旨" in str(m[0].content)]
    assert len(asked) == 1 and "年次有給休暇：10日 → 12日" in asked[0][1].content  # written from the facts


def test_an_invented_summary_is_not_used(use_embedder, tmp_path):
    model = ScriptedChatModel(script=summarising("年次有給休暇は40日に倍増し、第9条が新設された。", WORDS))
    result, _ = run_comparison(doc("A", *OLD), doc("B", *NEW), chat_model=model, embedder=use_embedder,
                               llm_scope="changed", concurrency=1, llm_revision_summary=True)
    assert result.summary.text == "" and result.stats.llm_descriptions_refused == 1
    (note,) = [n for n in result.notes if "改定の要旨" in n]
    assert "第9条" in note and "40" in note
    # off by default: no call
    quiet = ScriptedChatModel(script=summarising("x", WORDS))
    run_comparison(doc("A", *OLD), doc("B", *NEW), chat_model=quiet, embedder=use_embedder, llm_scope="changed",
                   concurrency=1)
    assert not [m for m in quiet.calls if "改定の要旨" in str(m[0].content)]
