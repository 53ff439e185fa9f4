"""Cross-references after a revision (issue 38), on documents with the structure the issue
describes, compared end to end (loader, alignment, rows, check): an article inserted and every
later number shifted with all references but two updated; a reference to a deleted article;
前条 in a provision that now follows an inserted one; an English agreement whose Section
references were updated but two after a section was inserted."""

from __future__ import annotations

from pathlib import Path

import hikaku

# 就業規則 (company work rules), as a company writes them: 第N条（見出し）, paragraphs ２, items (1)
RULES_A = """# 就業規則

## 第1章　総則

第1条（目的）
この規則は、株式会社サンプルの従業員の就業に関し必要な事項を定める。

第2条（適用範囲）
この規則は、会社に雇用される全ての従業員に適用する。
２　パートタイム従業員の就業に関し必要な事項は、別に定める。

第3条（規則の遵守）
従業員は、第2条に定める範囲において、この規則を遵守しなければならない。

## 第2章　人事

第4条（採用）
会社は、入社を希望する者の中から選考により従業員を採用する。

第5条（提出書類）
第4条により採用された者は、第7条第2項に定める期日までに、次の書類を提出しなければならない。
(1) 住民票記載事項証明書
(2) 身元保証書

第6条（試用期間）
新たに採用した者については、採用の日から3か月間を試用期間とする。
２　試用期間中に第9条各号のいずれかに該当したときは、解雇することがある。

第7条（労働条件の明示）
会社は、従業員の採用に際し、労働条件を明示する。
２　前項の書面は、採用の日から1週間以内に交付する。

第8条（人事異動）
会社は、第7条の労働条件の範囲内で、従業員に異動を命ずることがある。

第9条（解雇）
従業員が次のいずれかに該当するときは、解雇する。
(1) 勤務成績が不良で、改善の見込みがないとき
(2) 第3条に違反し、その程度が重いとき
(3) 事業の縮小その他やむを得ない事由があるとき

## 第3章　服務

第10条（服務）
従業員は、第9条第1項第2号に該当することのないよう、誠実に職務を遂行しなければならない。

第11条（遵守事項）
従業員は、前条に定めるもののほか、会社の秩序を維持しなければならない。

第12条（懲戒）
第11条に違反した者は、第6条第2項の例により処分する。
"""

# 第4条（ハラスメントの禁止） inserted: 第4条〜第12条 become 第5条〜第13条; every reference updated
# but two: 第7条第2項's 「第9条各号」 (解雇 is 第10条 now) and 第11条's 「第9条第1項第2号」
RULES_B = """# 就業規則

## 第1章　総則

第1条（目的）
この規則は、株式会社サンプルの従業員の就業に関し必要な事項を定める。

第2条（適用範囲）
この規則は、会社に雇用される全ての従業員に適用する。
２　パートタイム従業員の就業に関し必要な事項は、別に定める。

第3条（規則の遵守）
従業員は、第2条に定める範囲において、この規則を遵守しなければならない。

第4条（ハラスメントの禁止）
従業員は、他の従業員の就業環境を害してはならない。

## 第2章　人事

第5条（採用）
会社は、入社を希望する者の中から選考により従業員を採用する。

第6条（提出書類）
第5条により採用された者は、第8条第2項に定める期日までに、次の書類を提出しなければならない。
(1) 住民票記載事項証明書
(2) 身元保証書

第7条（試用期間）
新たに採用した者については、採用の日から3か月間を試用期間とする。
２　試用期間中に第9条各号のいずれかに該当したときは、解雇することがある。

第8条（労働条件の明示）
会社は、従業員の採用に際し、労働条件を明示する。
２　前項の書面は、採用の日から1週間以内に交付する。

第9条（人事異動）
会社は、第8条の労働条件の範囲内で、従業員に異動を命ずることがある。

第10条（解雇）
従業員が次のいずれかに該当するときは、解雇する。
(1) 勤務成績が不良で、改善の見込みがないとき
(2) 第3条に違反し、その程度が重いとき
(3) 事業の縮小その他やむを得ない事由があるとき

## 第3章　服務

第11条（服務）
従業員は、第9条第1項第2号に該当することのないよう、誠実に職務を遂行しなければならない。

第12条（遵守事項）
従業員は、前条に定めるもののほか、会社の秩序を維持しなければならない。

第13条（懲戒）
第12条に違反した者は、第7条第2項の例により処分する。
"""


def _compare(tmp_path: Path, a: str, b: str, **options) -> hikaku.ComparisonResult:
    (tmp_path / "a.md").write_text(a, encoding="utf-8")
    (tmp_path / "b.md").write_text(b, encoding="utf-8")
    return hikaku.compare(tmp_path / "a.md", tmp_path / "b.md", llm="offline", embedding_cache=False, **options)


def _flags(result: hikaku.ComparisonResult) -> list[tuple[str, str, str, str | None]]:
    return [(f.kind, result.changes[f.change].b_text.split("（")[0].split("\n")[0], f.text, f.suggestion)
            for f in result.references]


def test_an_inserted_article_with_all_references_but_two_updated(tmp_path):
    result = _compare(tmp_path, RULES_A, RULES_B)
    assert _flags(result) == [("stale", "第7条", "第9条", "第10条"), ("stale", "第11条", "第9条第1項第2号", "第10条第1項第2号")]
    first, second = result.references
    row = result.changes[first.change]
    assert row.b_text[first.start:first.end] == "第9条" and first.b_id == row.b_ids[0]
    assert first.a_text == "第9条" and first.a_target == "第9条" and first.b_target == "第9条"  # B's 第9条 is 人事異動
    assert result.changes[second.change].b_text[second.start:second.end] == "第9条第1項第2号"
    assert second.b_target is None  # B's 第9条 has no items
    (dismissal,) = [c for c in result.changes if c.b_text.startswith("第10条（解雇）")]
    assert first.suggestion_ids == second.suggestion_ids == dismissal.b_ids
    assert first.a_target_ids == dismissal.a_ids
    # the updated references (第5条, 第8条第2項, 第8条, 第12条, 第7条第2項, 前条) raise nothing, and the
    # articles whose numbers all followed are 条番号のみ変更 as before; the two with a stale one are not
    assert [c.renumbering[0] for c in result.changes if c.renumbered] == [
        ("第4条", "第5条"), ("第5条", "第6条"), ("第7条", "第8条"), ("第8条", "第9条"), ("第9条", "第10条"),
        ("第11条", "第12条"), ("第12条", "第13条")]
    assert hikaku.ComparisonResult.from_json(result.to_json()).references == result.references


def test_the_same_revision_in_full_width_and_kanji_numerals_is_read_alike(tmp_path):
    digits = str.maketrans("0123456789", "０１２３４５６７８９")
    result = _compare(tmp_path, RULES_A.translate(digits), RULES_B.translate(digits))
    assert [(f.kind, f.text, f.suggestion) for f in result.references] == [
        ("stale", "第９条", "第１０条"), ("stale", "第９条第１項第２号", "第１０条第１項第２号")]


TRAVEL_A = """# 旅費規程

第1条（目的）
この規程は、出張旅費の支給に関し必要な事項を定める。

第2条（出張の命令）
出張は、所属長が命ずる。

第3条（届出）
出張者は、出発の前日までに出張届を提出しなければならない。

第4条（旅費の種類）
旅費は、交通費、宿泊料及び日当とする。

第5条（精算）
出張者は、第3条の規定による届出に基づき、帰着後1週間以内に旅費を精算しなければならない。
２　前項の精算は、第4条に定める旅費ごとに行う。
"""


def test_a_reference_to_a_deleted_article(tmp_path):
    # 第3条 deleted and the numbers closed up: 第5条 (now 第4条) still cites 第3条, which is 旅費の種類 now
    b = TRAVEL_A.replace("第3条（届出）\n出張者は、出発の前日までに出張届を提出しなければならない。\n\n", "").replace(
        "第4条（旅費の種類）", "第3条（旅費の種類）").replace("第5条（精算）", "第4条（精算）").replace("第4条に定める", "第3条に定める")
    result = _compare(tmp_path, TRAVEL_A, b)
    (flag,) = result.references
    assert (flag.kind, flag.text, flag.suggestion, flag.a_target) == ("deleted_target", "第3条", None, "第3条")
    assert flag.b_target == "第3条" and result.changes[flag.change].b_text.startswith("第4条（精算）")
    # 「第3条　削除」: the number kept, the article deleted
    kept = _compare(tmp_path, TRAVEL_A, TRAVEL_A.replace(
        "第3条（届出）\n出張者は、出発の前日までに出張届を提出しなければならない。", "第3条　削除"))
    assert [(f.kind, f.text) for f in kept.references] == [("deleted_target", "第3条")]


def test_a_relative_reference_after_an_inserted_article(tmp_path):
    # 第11条（兼業） inserted after 第10条（服務）: 遵守事項 (now 第12条) still says 前条, which is 兼業 now
    b = RULES_A.replace("第12条（懲戒）\n第11条に違反", "第13条（懲戒）\n第12条に違反").replace(
        "第11条（遵守事項）", "第12条（遵守事項）").replace(
        "誠実に職務を遂行しなければならない。\n", "誠実に職務を遂行しなければならない。\n\n第11条（兼業）\n従業員は、会社の許可なく他の業務に従事してはならない。\n")
    result = _compare(tmp_path, RULES_A, b)
    (flag,) = result.references
    assert (flag.kind, flag.text, flag.a_target, flag.b_target, flag.suggestion) == (
        "relative_shift", "前条", "第10条", "第11条", "第10条")
    assert result.changes[flag.change].b_text.startswith("第12条（遵守事項）")


AGREEMENT_A = """# Master Services Agreement

## Section 1 Definitions
"Services" means the services described in Schedule 1.

## Section 2 Services
2.1 The Supplier shall provide the Services in accordance with Section 4.
2.2 The Customer shall cooperate as set out in Section 3.2.

## Section 3 Fees
3.1 The Customer shall pay the fees within 30 days of invoice.
3.2 Late payments bear interest as described in clause 3.1.

## Section 4 Service Levels
4.1 The Supplier shall meet the service levels.
4.2 If the Supplier fails to meet them, Section 5 applies.

## Section 5 Termination
Either party may terminate this Agreement under Sections 3 and 4. Section 6 survives termination.

## Section 6 Confidentiality
Each party shall keep the other's information confidential.
"""

# Section 3 (Data Protection) inserted; every reference updated but "Section 3.2" (now 4.2) and
# "Section 6 survives" (Confidentiality is Section 7 now)
AGREEMENT_B = """# Master Services Agreement

## Section 1 Definitions
"Services" means the services described in Schedule 1.

## Section 2 Services
2.1 The Supplier shall provide the Services in accordance with Section 5.
2.2 The Customer shall cooperate as set out in Section 3.2.

## Section 3 Data Protection
The Supplier shall process personal data only on the Customer's instructions.

## Section 4 Fees
4.1 The Customer shall pay the fees within 30 days of invoice.
4.2 Late payments bear interest as described in clause 4.1.

## Section 5 Service Levels
5.1 The Supplier shall meet the service levels.
5.2 If the Supplier fails to meet them, Section 6 applies.

## Section 6 Termination
Either party may terminate this Agreement under Sections 4 and 5. Section 6 survives termination.

## Section 7 Confidentiality
Each party shall keep the other's information confidential.
"""


def test_an_english_agreement_with_section_references_after_a_section_is_inserted(tmp_path):
    result = _compare(tmp_path, AGREEMENT_A, AGREEMENT_B, lang="en")
    assert [(f.kind, f.text, f.suggestion) for f in result.references] == [
        ("stale", "Section 3.2", "Section 4.2"), ("stale", "Section 6", "Section 7")]
    sub_clause, survival = result.references
    assert sub_clause.b_target is None and sub_clause.a_target == "Section 3.2"  # 3.2 is Data Protection's: none
    assert survival.b_target == "Section 6" and result.changes[survival.change].b_text.startswith("Section 6 Termination")


def test_nothing_is_flagged_when_every_reference_followed(tmp_path):
    updated = RULES_B.replace("試用期間中に第9条各号", "試用期間中に第10条各号").replace(
        "従業員は、第9条第1項第2号", "従業員は、第10条第1項第2号")
    assert _compare(tmp_path, RULES_A, updated).references == []
    assert _compare(tmp_path, RULES_A, RULES_A).references == []


def test_a_new_reference_to_a_number_the_new_version_lacks(tmp_path):
    b = TRAVEL_A.replace("帰着後1週間以内に", "第8条に定める期限内に")
    result = _compare(tmp_path, TRAVEL_A, b)
    assert [(f.kind, f.text, f.a_text, f.b_target) for f in result.references] == [("missing_target", "第8条", None, None)]


STATUTE = Path(__file__).resolve().parent.parent / "data" / "jp_law_unfair_competition_excerpt"


def test_a_real_revision_whose_references_the_legislature_updated(tmp_path):
    """不正競争防止法 2015 → 2016: items inserted into 第二条第一項, and the references of 第五条 and
    第十九条 to them updated (第十号 → 第十一号 …). Nothing is flagged but a reference the excerpt
    cannot hold: 第十五条, new in 第十九条, is an article the excerpt leaves out."""
    result = hikaku.compare(STATUTE / "a.json", STATUTE / "b.json", llm="offline", embedding_cache=False)
    assert [(f.kind, f.text, f.a_text) for f in result.references] == [("missing_target", "第十五条", None)]
    # the same B with one of the legislature's updates reverted to A's numbers
    import json

    chunks = json.loads((STATUTE / "b.json").read_text(encoding="utf-8"))
    (art19,) = [c for c in chunks if "第十九条" in c["content"][:12]]
    assert "八　第二条第一項第十一号及び第十二号に掲げる" in art19["content"]
    art19["content"] = art19["content"].replace("八　第二条第一項第十一号及び第十二号に掲げる", "八　第二条第一項第十号及び第十一号に掲げる")
    (tmp_path / "b.json").write_text(json.dumps(chunks, ensure_ascii=False), encoding="utf-8")
    reverted = hikaku.compare(STATUTE / "a.json", tmp_path / "b.json", llm="offline", embedding_cache=False)
    stale = [(f.text, f.b_target, f.suggestion) for f in reverted.references if f.kind == "stale"]
    assert stale == [("第二条第一項第十号", "第二条第一項第十号", "第二条第一項第十一号"),
                     ("第十一号", "第二条第一項第十一号", "第十二号")]
