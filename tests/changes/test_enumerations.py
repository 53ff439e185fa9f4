"""The items of Japanese and English enumerations, by their grammar: 、 at the level of the
conjunction after it, 又は over 若しくは, 並びに over 及び, brackets as scopes, the first item after
the last particle, the last before the particle that ends it."""

from __future__ import annotations

import pytest

from hikaku.changes.enumerations import enumeration_items
from hikaku.changes.lines import lines_of, sentences


def items(text: str, cjk: bool = True) -> list[str]:
    return [i.text for i in enumeration_items(text, cjk=cjk)]


@pytest.mark.parametrize("text, expected", [
    ("七大疾病（がん、急性心筋梗塞、脳卒中、糖尿病、高血圧性疾患、肝硬変、慢性腎不全）を対象とします。",
     ["がん", "急性心筋梗塞", "脳卒中", "糖尿病", "高血圧性疾患", "肝硬変", "慢性腎不全"]),
    # 又は over 若しくは: the 、 before 若しくは joins at that level, inside the third item
    ("特許権者は、専用実施権者、質権者又は第三十五条第一項、第七十七条第四項若しくは第七十八条第一項の規定による"
     "通常実施権者があるときは、これらの者の承諾を得た場合に限り、その特許権を放棄することができる。",
     ["専用実施権者", "質権者", "第三十五条第一項、第七十七条第四項若しくは第七十八条第一項の規定による通常実施権者"]),
    # 並びに over 又は and 及び; 「その他の業種」 names what the items are; the bracket is a scope of its own
    ("資本金の額又は出資の総額が三億円以下の会社並びに常時使用する従業員の数が三百人以下の会社及び個人であつて、"
     "製造業、建設業、運輸業その他の業種（次号から第四号までに掲げる業種及び第五号の政令で定める業種を除く。）に属する事業",
     ["資本金の額又は出資の総額が三億円以下の会社", "常時使用する従業員の数が三百人以下の会社及び個人", "製造業", "建設業",
      "運輸業", "次号から第四号までに掲げる業種", "第五号の政令で定める業種"]),
    # what is said of all the items is no part of the last
    ("その営業秘密又は限定提供データを使用する行為によって生じた損害", ["その営業秘密", "限定提供データ"]),
    ("必要な書類又は電磁的記録の提出を命ずることができる。", ["必要な書類", "電磁的記録"]),
    ("性的な言動、妊娠・出産等に関する言動及び職場における優越的な関係を背景とした言動により",
     ["性的な言動", "妊娠・出産等に関する言動", "職場における優越的な関係を背景とした言動"]),
    ("被保険者が、けが、やけど又は骨折により入院したとき", ["けが", "やけど", "骨折"]),
    # clause commas are no enumeration
    ("賃金は、毎月末日に締め切り、翌月25日に支払う。", []),
    ("会社は、必要に応じ、配置転換を命じる。", []),
    ("通勤手当は、月額30,000円までの範囲内において、通勤に要する実費に相当する額を支給する。", []),
])
def test_japanese_enumerations(text, expected):
    assert items(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("We cover cancer, heart attack, stroke, diabetes and kidney failure.",
     ["cancer", "heart attack", "stroke", "diabetes", "kidney failure"]),
    ("Personal data includes your name, email address and phone number.", ["your name", "email address", "phone number"]),
    ("The fee is due within 30 days, and late fees apply.", []),
    ("You may cancel or suspend the service at any time.", []),
    ("whether marked as confidential or not.", []),
])
def test_english_lists(text, expected):
    assert items(text, cjk=False) == expected


def test_lines_without_markers_numbers_or_labels():
    text = ("第5条（提出書類）\n従業員は、次の書類を提出しなければならない。\n（1）誓約書\n2. 身元保証書\n①住民票\n・印鑑\n"
            "２　前項の書類は、\n入社日までに提出する。\n三 | 出願をする者 | 一件につき一万円")
    assert [(x.kind, x.text) for x in lines_of(text)] == [
        ("caption", "提出書類"), ("text", "従業員は、次の書類を提出しなければならない。"), ("item", "誓約書"),
        ("item", "身元保証書"), ("item", "住民票"), ("item", "印鑑"),
        ("text", "前項の書類は、入社日までに提出する。"),  # a paragraph's number set aside, its wrapped line joined
        ("row", "出願をする者 | 一件につき一万円")]
    assert [x.text for x in lines_of("2.5 million users signed up.")] == ["2.5 million users signed up."]  # no label


def test_sentences_do_not_end_inside_brackets():
    assert sentences("支払います（ただし、次の場合を除く。）。ただし、この限りでない。") == [
        "支払います（ただし、次の場合を除く。）。", "ただし、この限りでない。"]
    assert sentences("Fees are due. Late fees apply (see Section 3.1.) monthly.") == [
        "Fees are due.", "Late fees apply (see Section 3.1.) monthly."]
