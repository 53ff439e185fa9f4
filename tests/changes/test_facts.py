"""Issue 33's acceptance: a 約款-like rider revised as real riders are — an enumeration of covered
diseases losing two items, benefit and premium amounts up and down, a new ただし書き exclusion,
an exclusion added to a numbered list (its markers renumbered), a term replaced throughout,
a list whose markers alone changed, a zero-width space — compared whole. The facts and the
attention come out exactly; no fact is a list marker; the replaced term is said once."""

from __future__ import annotations

import re

import pytest

import hikaku
from hikaku.result import Attention, ItemFact, NumberFact, ProvisoFact, Replacement, TermFact

A = """# 特定疾病保障特約

第1条（特定疾病入院給付金の支払）
当社は、被保険者が七大疾病（がん、急性心筋梗塞、脳卒中、糖尿病、高血圧性疾患、肝硬変、慢性腎不全）を直接の原因として入院したときは、特定疾病入院給付金を支払います。

第2条（入院一時金の額）
入院一時金の額は、入院給付金日額の20倍とします。

第3条（手術給付金の額）
手術給付金の額は、手術1回につき、入院給付金日額の10倍とします。

第4条（手術給付金の支払）
当社は、被保険者が入院中に手術を受けたときは、手術給付金を支払います。

第5条（特約保険料）
この特約の保険料は、月額3,000円とします。

第6条（年払の特約保険料）
年単位で払い込む場合の特約保険料は、34,000円とします。

第7条（給付金を支払わない場合）
次のいずれかに該当するときは、給付金を支払いません。
（1）保険契約者または被保険者の故意または重大な過失
（2）戦争その他の変乱

第8条（被保険者の同意）
この特約の締結には、被保険者の同意を要します。

第9条（被保険者による解約の請求）
被保険者は、保険契約者に対し、この特約の解約を請求することができます。

第10条（請求書類）
給付金の請求には、次の書類を提出してください。
（1）請求書
（2）診断書
（3）住民票

第11条（特約の消滅）
主契約が消滅したときは、この特約も同時に消滅します。
"""

B = """# 特定疾病保障特約

第1条（特定疾病入院給付金の支払）
当社は、保険対象者が五大疾病（がん、急性心筋梗塞、脳卒中、糖尿病、高血圧性疾患）を直接の原因として入院したときは、特定疾病入院給付金を支払います。

第2条（入院一時金の額）
入院一時金の額は、入院給付金日額の25倍とします。

第3条（手術給付金の額）
手術給付金の額は、手術1回につき、入院給付金日額の5倍とします。

第4条（手術給付金の支払）
当社は、保険対象者が入院中に手術を受けたときは、手術給付金を支払います。ただし、美容整形手術その他の美容を目的とする手術は対象外とします。

第5条（特約保険料）
この特約の保険料は、月額3,500円とします。

第6条（年払の特約保険料）
年単位で払い込む場合の特約保険料は、33,000円とします。

第7条（給付金を支払わない場合）
次のいずれかに該当するときは、給付金を支払いません。
（1）保険契約者または保険対象者の故意または重大な過失
（2）保険対象者の酒気帯び運転
（3）戦争その他の変乱

第8条（保険対象者の同意）
この特約の締結には、保険対象者の同意を要します。

第9条（保険対象者による解約の請求）
保険対象者は、保険契約者に対し、この特約の解約を請求することができます。

第10条（請求書類）
給付金の請求には、次の書類を提出してください。
1. 請求書
2. 診断書
3. 住民票

第11条（特約の消滅）
主契約が消滅したときは、この特約も同\u200b時に消滅します。
"""

REPLACED = TermFact(old="被保険者", new="保険対象者")


@pytest.fixture(scope="module")
def result(tmp_path_factory, use_embedder):
    d = tmp_path_factory.mktemp("rider")
    (d / "a.md").write_text(A, encoding="utf-8")
    (d / "b.md").write_text(B, encoding="utf-8")
    return hikaku.compare(d / "a.md", d / "b.md", embedder=use_embedder)


def _row(result, label):
    (row,) = [c for c in result.changes if c.item.startswith(label)]
    return row


def test_every_fact_and_signal_exactly(result):
    expected = {
        "第1条": ([ItemFact(kind="item_removed", text="肝硬変"), ItemFact(kind="item_removed", text="慢性腎不全"),
                  REPLACED, TermFact(old="七大疾病", new="五大疾病")],
                 [Attention(code="coverage_removed", evidence="削除: 「肝硬変」「慢性腎不全」")]),
        "第2条": ([NumberFact(old="20倍", new="25倍", unit="倍", subject="入院給付金日額", context="入院給付金日額の",
                             change="up")], []),  # a benefit increased: no signal
        "第3条": ([NumberFact(old="10倍", new="5倍", unit="倍", subject="入院給付金日額", context="入院給付金日額の",
                             change="down")],
                 [Attention(code="benefit_decreased", evidence="入院給付金日額の10倍 → 5倍")]),
        "第4条": ([REPLACED, ProvisoFact(kind="proviso_added", text="ただし、美容整形手術その他の美容を目的とする手術は対象外とします。")],
                 [Attention(code="exclusion_added",
                            evidence="ただし書・除外の追加: 「ただし、美容整形手術その他の美容を目的とする手術は対象外とします。」")]),
        "第5条": ([NumberFact(old="3,000円", new="3,500円", unit="円", subject="特約の保険料", context="月額", change="up")],
                 [Attention(code="charge_increased", evidence="特約の保険料：月額3,000円 → 3,500円")]),
        "第6条": ([NumberFact(old="34,000円", new="33,000円", unit="円", subject="特約保険料", context="", change="down")],
                 []),  # a premium decreased: no signal
        "第7条": ([REPLACED, ItemFact(kind="item_added", text="保険対象者の酒気帯び運転")],
                 [Attention(code="exclusion_added", evidence="追加: 「保険対象者の酒気帯び運転」")]),
        "第8条": ([REPLACED], []),
        "第9条": ([REPLACED], []),
    }
    got = {label: (_row(result, label).facts, _row(result, label).attention) for label in expected}
    assert got == expected
    assert all(_row(result, label).type == "modified" for label in expected)


def test_markers_and_invisible_characters_are_no_change(result):
    markers, zwsp = _row(result, "第10条"), _row(result, "第11条")
    assert (markers.type, markers.cosmetic_kind, markers.facts) == ("unchanged", "list_marker", [])
    assert (zwsp.type, zwsp.cosmetic_kind, zwsp.facts, zwsp.summary) == (
        "unchanged", "invisible", [], "見えない文字（ゼロ幅スペースなど）の違いのみ")
    strict = hikaku.compare(hikaku.Document(id="a", chunks=[hikaku.Chunk(id="a1", content="同時に消滅します。")]),
                            hikaku.Document(id="b", chunks=[hikaku.Chunk(id="b1", content="同\u200b時に消滅します。")]),
                            strict=True, embedding="hashing")
    (row,) = strict.changes
    assert row.type == "modified" and row.cosmetic_kind == "invisible" and row.diff.b == []  # nothing to highlight


def test_no_fact_is_a_list_marker_or_a_number_of_one(result):
    marker = re.compile(r"^[（(]?[0-9０-９一二三四五六七八九十]+[）).．]?$|^[①-⑳]$")
    for c in result.changes:
        for f in c.facts:
            for value in (getattr(f, "text", ""), getattr(f, "old", ""), getattr(f, "new", "")):
                assert not marker.match(value.strip()), (c.item, f)
            if isinstance(f, ItemFact):
                assert not re.match(r"^[（(][0-9]+[）)]|^[0-9]+\.", f.text), f


def test_the_replacement_is_said_once_and_its_rows_folded(result):
    summary = result.summary
    rows = {c.item.split("（")[0]: k for k, c in enumerate(result.changes)}
    assert summary.replacements == [Replacement(old="被保険者", new="保険対象者",
                                                changes=[rows["第1条"], rows["第4条"], rows["第7条"], rows["第8条"],
                                                         rows["第9条"]])]
    assert summary.folded == [rows["第8条"], rows["第9条"]]
    # the rows that changed otherwise say the rest, not the replacement
    assert _row(result, "第4条").summary == "ただし書・除外の追加: 「ただし、美容整形手術その他の美容を目的とする手術は対象外とします。」"
    assert "被保険者" not in _row(result, "第1条").summary and "被保険者" not in _row(result, "第7条").summary
    md = hikaku.render(result, "md")
    head, table = md.split("| 項目 | ドキュメントA | ドキュメントB | 変更タイプ |")
    assert head.count("「被保険者」 → 「保険対象者」") == 1  # the summary states it once
    assert "**「被保険者」 → 「保険対象者」 のみ（2件）**: 第8条（被保険者の同意）、第9条（被保険者による解約の請求）" in table
    assert "| 第8条" not in table and "| 第9条" not in table  # folded: no rows of their own
    assert summary.attention == [rows[k] for k in ("第1条", "第3条", "第4条", "第5条", "第7条")]
    assert summary.counts["replaced_only"] == 2 and summary.counts["attention"] == 5


def test_every_report_opens_with_the_summary_and_the_attention_section(result):
    md = hikaku.render(result, "md")
    assert md.index("### 改定の要旨") < md.index("### 要確認：不利になりうる変更（5）") < md.index("| 項目 | ドキュメントA")
    assert "| 第1条（特定疾病入院給付金の支払） | 保障・給付の対象から削除 | 削除: 「肝硬変」「慢性腎不全」 |" in md
    page = hikaku.render(result, "html")
    assert page.index('class="revision-summary"') < page.index('class="attention"') < page.index('id="changes"')
    assert page.count('data-attention="1"') == 5 and 'data-filter="attention"' in page
    # the desk's filter says how many rows it shows
    assert '<button type="button" data-filter="attention" aria-pressed="false">不利の可能性 <span class="n">5</span></button>' in page
    en = hikaku.render(result, "md", lang="en")
    assert "### Summary of the revision" in en and "### To check: changes that may disadvantage the customer (5)" in en
    assert "Special illness" not in en and 'removed: "肝硬変", "慢性腎不全"' in en  # the facts said in English


def test_a_tables_numbers_are_named_by_their_row_and_column():
    from hikaku.changes import describe_facts, row_facts

    a = "別表1（給付の一覧）\n区分 | 給付倍率 | 限度\n入院 | 1倍 | 1,095日\n手術 | 20倍 | なし\n通院 | 0.5倍 | 30日"
    b = a.replace("1,095日", "1,825日").replace("20倍", "25倍")
    facts, attention = row_facts(a, b, "ja")
    assert describe_facts(facts) == "入院 限度：1,095日 → 1,825日、手術 給付倍率：20倍 → 25倍"
    assert attention == []  # (a limit and a multiple raised: no signal)
