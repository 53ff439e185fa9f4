"""The whole workflow on small hand-made pairs, with the real default models."""

import pytest

import hikaku
from hikaku.workflow import NODES, build_graph

from ..helpers import SIMILARITY_FIRST, calibration_file, doc

BASE = [
    "第1条（目的）この約款は、医療保険契約の内容を定めるものです。",
    "第2条（入院給付金）被保険者が入院したときは、入院1日につき入院給付金日額を支払います。",
    "第3条（手術給付金）被保険者が手術を受けたときは、入院給付金日額の20倍を支払います。",
    "第4条（支払限度）入院給付金の支払限度は、1回の入院につき60日、通算して1,095日とします。",
    "第5条（保険料の払込）保険料は、毎月の応当日までに払い込むものとします。",
    "第6条（告知義務）契約者は、契約の締結に際し、当社が求める事項について事実を告げなければなりません。",
    "第7条（住所の変更）契約者が住所を変更したときは、遅滞なく当社に通知してください。",
    "第8条（管轄裁判所）この契約に関する訴訟は、当社の本店所在地を管轄する地方裁判所を管轄裁判所とします。",
]


@pytest.fixture
def run(use_embedder, sudachi):
    def _run(a_texts, b_texts, **kw):
        return hikaku.run_comparison(doc("A", *a_texts), doc("B", *b_texts), embedder=use_embedder,
                                     tokenizer=sudachi, **kw)
    return _run


def kinds(result):
    return [(c.type, c.a_ids, c.b_ids) for c in result.changes if c.type != "unchanged"]


def test_graph_has_the_seeds_nodes():
    g = build_graph().get_graph()
    for node in ("initialize", "select_next_chunk", "react_agent", "process_comparison_results", "format_output"):
        assert node in g.nodes
    assert set(NODES) <= set(g.nodes)


def test_identical_documents_are_all_unchanged_without_any_search(run):
    result, state = run(BASE, BASE)
    assert [c.type for c in result.changes] == ["unchanged"] * len(BASE)
    assert all(c.confidence == 1.0 and c.decided_by == "anchor" for c in result.changes)
    assert result.stats.tool_calls_total == 0 and result.stats.embedded_texts == 0
    assert result.stats.chunks_settled_without_agent == len(BASE)
    assert state["processed_chunks_a"] == [f"a{i}" for i in range(1, 9)]
    assert state["current_step"] == "format_output"
    assert set(state) >= {"document_a", "document_b", "current_chunk_a", "comparison_results", "processed_chunks_a",
                          "agent_thoughts", "current_step"}


def test_one_sentence_changed(run):
    b = list(BASE)
    b[2] = b[2].replace("20倍", "25倍")
    result, _ = run(BASE, b)
    assert kinds(result) == [("modified", ["a3"], ["b3"])]
    change = result.of_type("modified")[0]
    assert change.summary == "入院給付金日額の20倍 → 25倍" and change.item.startswith("第3条")
    assert result.stats.counts == {"unchanged": 7, "modified": 1, "deleted": 0, "added": 0}


def test_chunk_inserted(run):
    new = "第4条の2（先進医療給付金）被保険者が先進医療による療養を受けたときは、その技術料相当額を支払います。"
    b = BASE[:4] + [new] + BASE[4:]
    result, _ = run(BASE, b)
    assert kinds(result) == [("added", [], ["b5"])]
    assert [c.b_ids for c in result.changes][4] == ["b5"]  # in reading order


def test_chunk_deleted(run):
    b = BASE[:5] + BASE[6:]
    result, _ = run(BASE, b)
    assert kinds(result) == [("deleted", ["a6"], [])]
    assert [c.a_ids for c in result.changes][5] == ["a6"]


def test_clause_moved_and_edited(run, tmp_path):
    # the agent's mechanics (its searches find the moved clause, the move is reported) under a candidate
    # model that links by similarity: the dev pairs hold few moved-and-edited chunks, and the model
    # fitted on them weighs a candidate outside the expected region low (see the notes in docs/alignment.md)
    moved = BASE[6].replace("遅滞なく", "30日以内に")
    b = [BASE[0], moved] + BASE[1:6] + [BASE[7]]
    result, state = run(BASE, b, calibration=calibration_file(tmp_path, **SIMILARITY_FIRST))
    m = [c for c in result.changes if c.moved]
    assert [(c.type, c.a_ids, c.b_ids) for c in m] == [("modified", ["a7"], ["b2"])]
    assert result.count("deleted") == 0 and result.count("added") == 0
    assert any("vector_similarity_tool" in t or "string_search_tool" in t for t in state["agent_thoughts"])


OLD_4 = "第4条（支払限度）入院給付金の支払限度は、1回の入院につき60日とします。手術給付金の支払限度は、通算して10回とします。"
SPLIT_4 = [
    "第4条（入院給付金の支払限度）入院給付金の支払限度は、1回の入院につき60日とします。",
    "第4条の2（手術給付金の支払限度）手術給付金の支払限度は、通算して10回とします。",
]


def test_clause_split_in_two(run):
    a = BASE[:3] + [OLD_4] + BASE[4:]
    b = BASE[:3] + SPLIT_4 + BASE[4:]
    result, _ = run(a, b)
    assert kinds(result) == [("modified", ["a4"], ["b4", "b5"])]
    assert result.stats.splits == 1


def test_clauses_merged(run):
    a = BASE[:3] + SPLIT_4 + BASE[4:]
    b = BASE[:3] + [OLD_4] + BASE[4:]
    result, _ = run(a, b)
    assert kinds(result) == [("modified", ["a4", "a5"], ["b4"])]
    assert result.stats.merges == 1


def test_english_sentences(run):
    a = ["Self-driving cars could save lives.", "They never get tired or distracted.", "But the law is not ready.",
         "Insurance rules must change first."]
    b = ["Self-driving cars could save many lives.", "They never get tired or distracted.",
         "Cities would need new parking rules.", "Insurance rules must change first."]
    result, _ = run(a, b, lang="en")
    assert kinds(result) == [("modified", ["a1"], ["b1"]), ("deleted", ["a3"], []), ("added", [], ["b3"])]
    assert result.of_type("modified")[0].summary == 'added: "many"'


def test_agent_thoughts_follow_react(run):
    b = list(BASE)
    b[6] = "第7条（連絡先の変更）契約者は、電話番号やメールアドレスを変更したときも届け出てください。"
    _, state = run(BASE, b)
    thoughts = [t for t in state["agent_thoughts"] if t.startswith("[a7]")]
    text = "\n".join(thoughts)
    for step in ("観察", "思考", "行動", "判断"):
        assert step in text
    assert state["comparison_results"][-1].decided_by == "agent"


def test_cosmetic_change_is_unchanged_unless_strict(run):
    b = list(BASE)
    b[3] = b[3].replace("60日", "６０日")
    result, _ = run(BASE, b)
    assert result.count("modified") == 0
    change = next(c for c in result.changes if c.a_ids == ["a4"])
    assert change.type == "unchanged" and change.cosmetic and change.cosmetic_kind == "width"
    assert result.stats.cosmetic == 1
    strict, _ = run(BASE, b, strict=True)
    change = strict.of_type("modified")[0]
    assert change.cosmetic and change.a_ids == ["a4"] and change.summary == "全角・半角など表記の違いのみ"
