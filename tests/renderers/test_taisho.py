"""The 新旧対照表 both Office exports write (renderers/taisho.py): rows, sections, （略）,
（新設）/（削除）, renumber-only rows, column order."""

from __future__ import annotations

import datetime as dt

import pytest

from hikaku import Change, ComparisonResult, ConfigurationError, DocumentInfo
from hikaku.renderers import RenderOptions
from hikaku.renderers.taisho import Cell, build_table, is_renumber_only

from .taisho_pair import CH1, CH2, TITLE_NEW, TITLE_OLD


def texts(row):
    return [c.text for c in row.cells]


def test_rows_in_revised_order_with_sections_and_omissions(policy):
    table = build_table(policy, RenderOptions(), today=dt.date(2025, 4, 1))
    assert table.headers == ("項目", "改正後", "改正前", "変更タイプ", "備考")
    assert table.documents == (("改正後", TITLE_NEW), ("改正前", TITLE_OLD))
    assert table.date == "2025年4月1日"
    kinds = [(r.kind, r.change_type) for r in table.rows]
    assert kinds == [
        ("section", ""), ("omitted", "unchanged"), ("change", "modified"), ("change", "modified"),
        ("omitted", "unchanged"), ("change", "added"),
        ("section", ""), ("omitted", "unchanged"), ("change", "deleted"), ("change", "unchanged"),
        ("change", "unchanged"),  # renumbered only: shown, not （略）
    ]
    assert texts(table.rows[0]) == [CH1] and texts(table.rows[6]) == [CH2]
    # the sections' own headings are their heading rows, not a （略）
    assert texts(table.rows[1]) == ["第1条（目的）", "（略）", "（略）", "一致", ""]
    added = table.rows[5]
    assert added.cells[2] == Cell("（新設）", mark=True)
    assert added.cells[1].underlined == ((0, len(added.cells[1].text)),)  # a new clause: all of it
    deleted = table.rows[8]
    assert deleted.cells[1] == Cell("（削除）", mark=True)
    assert deleted.cells[2].underlined == ((0, len(deleted.cells[2].text)),)
    # 項目: the label, and the heading path as its detail line
    assert table.rows[2].cells[0].text == "第2条（入院給付金）" and table.rows[2].cells[0].detail == CH1


def test_renumbered_clauses_are_marked(policy):
    table = build_table(policy, RenderOptions())
    types = {r.cells[0].text: r.cells[3].text for r in table.rows if r.kind == "change"}
    # beside the revised text first, a clause is called by its new number, the old one after it
    assert types["第5条（手術給付金）（旧第6条）"] == "条番号のみ変更"  # 第6条 → 第5条, text the same
    assert types["第6条（請求）（旧第7条）"] == "条番号のみ変更"  # and its reference to 第6条 now 第5条
    assert types["第2条（入院給付金）"] == "変更"
    notes = {r.cells[0].text: r.cells[4].text for r in table.rows if r.kind == "change"}
    assert notes["第6条（請求）（旧第7条）"] == "第7条 → 第6条、第6条 → 第5条"
    en = build_table(policy, RenderOptions(lang="en"))
    assert {r.cells[0].text: r.cells[3].text for r in en.rows if r.kind == "change"}[
        "第5条（手術給付金） (formerly 第6条)"] == "Renumbered only"
    # the current text first: the clauses as A numbers them
    old_first = build_table(policy, RenderOptions(column_order="old-new"))
    items = [r.cells[0].text for r in old_first.rows if r.kind == "change"]
    assert "第6条（手術給付金）" in items and not any("旧" in i for i in items)



def test_the_totals_are_the_markdown_reports(policy):
    """The 概要 of Excel and the header of Word count as the Markdown report does: a
    renumbered clause on its own, not also as 一致."""
    from hikaku import render

    for lang in ("ja", "en"):
        table = build_table(policy, RenderOptions(lang=lang))
        markdown = render(policy, "md", lang=lang)
        assert f"{table.totals}\n" in markdown
    renumbered = sum(c.renumbered for c in policy.changes)
    unchanged = policy.stats.counts["unchanged"] - renumbered
    assert renumbered == 2 and f"一致 {unchanged} ／ 条番号のみ変更 2" in build_table(policy, RenderOptions()).totals


def _pair(a: str, b: str, **kw) -> Change:
    return Change(type="modified", a_ids=["a"], b_ids=["b"], a_text=a, b_text=b, **kw)


def test_a_renumbered_clause_is_shown_marked_with_its_number_underlined():
    c = Change(type="unchanged", a_ids=["a"], b_ids=["b"], item="第7条（請求）", a_text="第7条（請求）\n書面による。",
               b_text="第8条（請求）\n書面による。", renumbered=True, renumbering=[("第7条", "第8条")])
    assert is_renumber_only(c) and not is_renumber_only(c.model_copy(update={"renumbered": False}))
    rows = [r for r in build_table(_result(c), RenderOptions()).rows if r.kind == "change"]
    assert len(rows) == 1 and rows[0].change_type == "unchanged"
    new, old = rows[0].cells[1], rows[0].cells[2]
    assert [new.text[s:e] for s, e in new.underlined] == ["8"] and [old.text[s:e] for s, e in old.underlined] == ["7"]
    assert rows[0].cells[3].text == "条番号のみ変更"


def _result(*changes: Change) -> ComparisonResult:
    return ComparisonResult(document_a=DocumentInfo(id="a", title="規程（旧）", chunk_count=9),
                            document_b=DocumentInfo(id="b", title="規程（新）", chunk_count=9), changes=list(changes))


def test_sections_without_changes_fold_into_one_omission():
    def same(item: str, *path: str) -> Change:
        return Change(type="unchanged", a_ids=[item], b_ids=[item], item=item, a_text=item, b_text=item,
                      path=["規程（新）", *path])

    result = _result(
        same("第1条", "第1章"), Change(type="modified", a_ids=["x"], b_ids=["y"], item="第2条", a_text="甲",
                                      b_text="乙", path=["規程（新）", "第1章"]),
        same("第3条", "第1章"), same("第2章", "第2章"), same("第4条", "第2章"), same("第5条", "第3章"),
        Change(type="unchanged", a_ids=["m"], b_ids=["m"], item="第8条", a_text="戊", b_text="戊", moved=True,
               path=["規程（新）", "第3章"]),
        Change(type="added", b_ids=["z"], item="第6条", b_text="丙", path=["規程（新）", "第3章"]),
        Change(type="deleted", a_ids=["w"], item="第7条", a_text="丁", path=["規程（旧）", "第3章"]),
        Change(type="added", b_ids=["v"], item="附則", b_text="附則", path=["規程（新）"]),
    )
    rows = build_table(result, RenderOptions()).rows
    assert [(r.kind, r.cells[0].text) for r in rows] == [
        ("section", "第1章"), ("omitted", "第1条"), ("change", "第2条"),
        ("omitted", "第3条〜第4条"),  # the end of 第1章 and all of 第2章 (no heading row for it)
        ("section", "第3章"), ("omitted", "第5条"), ("change", "第8条"),  # moved: shown, though the same
        ("change", "第6条"),
        ("change", "第7条"),  # under the old title: the same section
        ("section", "規程（新）"), ("change", "附則"),  # back at the top level of the document
    ]
    assert [r.cells[3].text for r in rows if r.cells[0].text == "第8条"] == ["一致（移動）"]
    full = build_table(result, RenderOptions(include_unchanged=True, lang="en")).rows
    assert [r.kind for r in full].count("omitted") == 0
    assert [r.cells[0].text for r in full if r.kind == "section"] == ["第1章", "第2章", "第3章", "規程（新）"]
    assert [r.cells[3].text for r in full if r.cells[0].text == "第1条"] == ["Unchanged"]


def test_column_order_and_labels():
    result = _result(Change(type="modified", a_ids=["x"], b_ids=["y"], item="第2条", a_text="甲乙", b_text="甲丙",
                            path=["規程（新）"]))
    old_new = build_table(result, RenderOptions(column_order="old-new", lang="en"))
    assert old_new.headers == ("Item", "Current", "Revised", "Change", "Note")
    assert old_new.documents == (("Current", "規程（旧）"), ("Revised", "規程（新）"))
    row = old_new.rows[-1]
    assert [c.text for c in row.cells[1:3]] == ["甲乙", "甲丙"]
    assert row.cells[1].runs() == [("甲", False), ("乙", True)]  # diff computed when the result has none
    with pytest.raises(ConfigurationError, match="column order"):
        build_table(result, RenderOptions(column_order="left-right"))


def test_cell_runs():
    assert Cell("abcdef", ((1, 2), (2, 4))).runs() == [("a", False), ("bcd", True), ("ef", False)]
    assert Cell("abc", ((0, 3),)).runs() == [("abc", True)]
    assert Cell("abc", ((2, 9),)).runs() == [("ab", False), ("c", True)]
    assert Cell("").runs() == []


def test_with_every_clause_shown_a_sections_own_heading_is_its_heading_row_only():
    def same(item: str, text: str, *path: str) -> Change:
        return Change(type="unchanged", a_ids=[item], b_ids=[item], item=item, a_text=text, b_text=text,
                      path=["規程（新）", *path])

    result = _result(
        same("第1章", "第1章　総則", "第1章　総則"), same("第1条", "第1条　目的", "第1章　総則"),
        Change(type="modified", a_ids=["x"], b_ids=["y"], item="第2条", a_text="甲", b_text="乙",
               path=["規程（新）", "第1章　総則"]),
        Change(type="modified", a_ids=["h"], b_ids=["h"], item="第2章", a_text="第2章　給付",
               b_text="第2章　保険給付", path=["規程（新）", "第2章　保険給付"]),
        same("第3条", "第3条　給付", "第2章　保険給付"),
    )
    rows = build_table(result, RenderOptions(include_unchanged=True)).rows
    assert [(r.kind, r.cells[0].text) for r in rows] == [
        ("section", "第1章　総則"), ("change", "第1条"), ("change", "第2条"),  # no 一致 row repeating 第1章
        ("section", "第2章　保険給付"), ("change", "第2章"), ("change", "第3条"),  # a changed heading keeps its row
    ]


def test_a_deleted_clause_of_a_renamed_chapter_sits_under_its_chapter_once():
    """A deleted clause carries A's path; its chapter, renamed in B (第3章　保険料 → 第3章　保険料の払込),
    is the same chapter by its label: no second heading row with the old name."""
    old, new = "第3章　保険料", "第3章　保険料の払込"
    result = _result(
        Change(type="modified", a_ids=["h"], b_ids=["h"], item="第3章", a_text=old, b_text=new,
               path=["規程（新）", new]),
        Change(type="modified", a_ids=["x"], b_ids=["y"], item="第7条", a_text="甲", b_text="乙",
               path=["規程（新）", new]),
        Change(type="deleted", a_ids=["w"], item="第8条", a_text="丁", path=["規程（旧）", old]),
        Change(type="added", b_ids=["z"], item="第9条", b_text="丙", path=["規程（新）", "第4章　解除"]),
    )
    rows = build_table(result, RenderOptions()).rows
    assert [(r.kind, r.cells[0].text) for r in rows] == [
        ("section", new), ("change", "第3章"), ("change", "第7条"), ("change", "第8条"),
        ("section", "第4章　解除"), ("change", "第9条"),
    ]
