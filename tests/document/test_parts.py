"""The parts of a provision citations name below the article: paragraphs (２, ３ …), items (一,
二 … or (1), ①), sub-items (イ, ロ …); in English numbered sub-clauses (4.2) and (a), (b)."""

from __future__ import annotations

from hikaku.document import provision_parts

ARTICLE = ("（定義）\n第二条　この法律において、次に掲げる用語の意義は、当該各号に定めるところによる。\n"
           "一　第一の用語\n二　第二の用語\nイ　その一\nロ　その二\n三の二　枝番の用語\n"
           "２　前項の規定は、次に掲げる場合に準用する。\n一から三まで　略\n四　第四の場合\n３　前二項に定めるもののほか、別に定める。")


def _shape(text: str, opening: int, english: bool = False) -> list[tuple]:
    parts = provision_parts(text, opening, english)
    return [(p.level, p.number, parts[p.parent].number if p.parent >= 0 else None) for p in parts]


def test_paragraphs_items_and_sub_items_of_a_statute():
    opening = ARTICLE.index("この法律")
    assert _shape(ARTICLE, opening) == [
        ("paragraph", (1,), None), ("item", (1,), (1,)), ("item", (2,), (1,)), ("subitem", ("イ",), (2,)),
        ("subitem", ("ロ",), (2,)), ("item", (3, 2), (1,)), ("paragraph", (2,), None), ("item", (1,), (2,)),
        ("item", (2,), (2,)), ("item", (3,), (2,)), ("item", (4,), (2,)), ("paragraph", (3,), None)]
    parts = provision_parts(ARTICLE, opening)
    first = parts[0]
    assert ARTICLE[first.start:first.body_end].startswith("この法律") and ARTICLE[first.body_end:].startswith("一　")
    assert ARTICLE[parts[6].start:parts[6].end].startswith("２　") and ARTICLE[parts[6].end:].startswith("３　")


def test_a_company_rule_numbers_its_items_in_parentheses_and_a_supplement_its_first_paragraph():
    rule = "第9条（解雇）\n従業員が次のいずれかに該当するときは、解雇する。\n(1) 勤務成績が不良のとき\n（2）　第3条に違反したとき\n２　前項の場合、予告する。"
    assert _shape(rule, rule.index("従業員")) == [("paragraph", (1,), None), ("item", (1,), (1,)), ("item", (2,), (1,)),
                                                 ("paragraph", (2,), None)]
    supplement = "附　則\n１　この法律は、公布の日から施行する。\n２　前項の規定にかかわらず、…"
    assert _shape(supplement, supplement.index("\n") + 1) == [("paragraph", (1,), None), ("paragraph", (2,), None)]


def test_english_sub_clauses():
    section = "Section 4 Fees\n4.1 The Customer pays:\n(a) the fee; and\n(b) the costs.\n4.2 Late payments bear interest."
    assert _shape(section, section.index("\n") + 1, english=True) == [
        ("paragraph", ("4.1",), None), ("item", ("a",), ("4.1",)), ("item", ("b",), ("4.1",)), ("paragraph", ("4.2",), None)]
    roman = "Section 9 Termination\n(a) for cause:\n(i) a breach;\n(ii) insolvency;\n(b) for convenience."
    assert [p.number for p in provision_parts(roman, roman.index("\n") + 1, True)] == [("a",), ("b",)]  # (i) is deeper
