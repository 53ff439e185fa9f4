"""Citations read by the grammar of legal citation (法令における引用の仕方): chains of steps,
relative references, lists and ranges and what a member takes from the one before it, the
instrument a citation names, and what only looks like one."""

from __future__ import annotations

from hikaku.document import citations, number_value, write_number
from hikaku.document.numerals import kanji_value, number_style, roman_value


def _read(text: str) -> list[tuple]:
    out = []
    for c in citations(text):
        steps = tuple((s.level, s.number, s.relative, s.count) if s.relative else (s.level, s.number) for s in c.steps)
        out.append((c.text, steps, c.joined))
    return out


def test_numerals_in_kanji_arabic_full_width_and_roman():
    assert kanji_value("三百二十一") == 321 and kanji_value("十") == 10 and kanji_value("千百") == 1100
    assert kanji_value("二〇") == 20 and kanji_value("十百") is None
    assert number_value("１５") == 15 and number_value("15") == 15 and roman_value("XIV") == 14 and roman_value("IIII") is None
    assert [write_number(n, "kanji") for n in (1, 10, 15, 105, 1100, 2024)] == ["一", "十", "十五", "百五", "千百", "二千二十四"]
    assert write_number(17, "full") == "１７" and write_number(4, "roman") == "IV"
    assert number_style("十五") == "kanji" and number_style("１") == "full" and number_style("1") == "arabic"


def test_a_chain_of_steps_in_any_numerals():
    assert _read("第十五条の二第三項第一号イの規定") == [
        ("第十五条の二第三項第一号イ", (("article", (15, 2)), ("paragraph", (3,)), ("item", (1,)), ("subitem", ("イ",))), -1)]
    assert _read("第１２条２項及び第5条の2第3号") == [
        ("第１２条２項", (("article", (12,)), ("paragraph", (2,))), -1),
        ("第5条の2第3号", (("article", (5, 2)), ("item", (3,))), 0)]
    assert _read("旧法第四条ノ二") == [("第四条ノ二", (("article", (4, 2)),), -1)]  # an older statute's branch


def test_relative_references():
    found = _read("前条、次条、同条第二項、本条、前二条、前項第三号、同項、前各号、次号")
    assert [t for t, _, _ in found] == ["前条", "次条", "同条第二項", "本条", "前二条", "前項第三号", "同項", "前各号", "次号"]
    assert found[4][1] == (("article", (), "前", 2),) and found[7][1] == (("item", (), "前各", 1),)


def test_a_list_member_takes_the_steps_before_it_even_across_a_parenthesis():
    found = citations("第二十一条第一項、第二項、第四項（第四号を除く。）、第五項及び第六項の罪")
    assert [(c.text, c.joined) for c in found] == [("第二十一条第一項", -1), ("第二項", 0), ("第四項", 1), ("第四号", 2),
                                                   ("第五項", 2), ("第六項", 4)]
    assert all(c.continues for c in found[1:])
    ranged = citations("第三条から第五条まで、第七条")
    assert [c.range_end for c in ranged] == [False, True, False]
    # words between two citations make no list: 同項 is read from what was cited before, not joined
    assert [c.joined for c in citations("第二条第一項第四号に規定する行為又は同項第八号")] == [-1, -1]


def test_the_instrument_a_citation_names():
    found = citations("特許法（昭和三十四年法律第百二十一号）第百四条の三第一項の規定は、同法第四条、この法律第三条、"
                      "旧法第四条第一項から第三項まで又は第四条ノ二、旧第五条、新法第十六条")
    laws = [(c.text, c.law, c.self_named) for c in found]
    assert laws[0] == ("第百二十一号", "昭和三十四年法律", False)  # a law's number is no citation of the document
    assert laws[1] == ("第百四条の三第一項", "特許法", False) and laws[2] == ("第四条", "同法", False)
    assert laws[3] == ("第三条", "法律", True)
    assert [x[1] for x in laws[4:]] == ["旧法", "旧法", "旧法", "旧", "新法"]  # the list's instrument is every member's
    assert not found[3].external() and found[1].external() and found[5].external()
    # the document's own title names it: 就業規則第10条 in the 就業規則
    (own,) = citations("就業規則第10条の規定")
    assert own.external("就業規則（2024年改定）") is False and own.external("旅費規程") is True


def test_what_only_looks_like_a_citation():
    assert _read("第一号被保険者、第二号施行日、第一号様式、同条約、本条例、前条件、各本条の罰金刑、第十条の一部") == [
        ("第十条", (("article", (10,)),), -1)]
    quoted = citations("同法第四条中「第四十六条の二第一項第三号」とあるのは「第百二十一条」と読み替える")
    assert [c.quoted for c in quoted] == [False, True, True]


def test_english_citations():
    found = citations("as set out in Sections 4.1(a) and 4.2, clause 12(b)(ii) of this Agreement, Schedule 2, "
                      "Section 409A of the Code and Article IV")
    assert [(c.text, c.joined) for c in found] == [("Sections 4.1(a)", -1), ("4.2", 0), ("clause 12(b)(ii)", -1),
                                                   ("Schedule 2", -1), ("Section 409A", -1), ("Article IV", -1)]
    assert found[2].steps[1:] == tuple(s for s in found[2].steps[1:]) and [s.number for s in found[2].steps] == [
        ("12",), ("b",), ("ii",)]
    assert found[2].self_named and not found[2].external() and found[4].external() and found[3].steps[0].level == "appendix"
    assert not citations("Section 4.2 of the Agreement")[0].external()  # the document by its defined name


def test_positions_are_those_of_the_text_given():
    text = "（目的）\n第１条　第２条第３項の規定による。"
    (own, cited) = citations(text)
    assert text[cited.start:cited.end] == "第２条第３項" and cited.steps[1].number == (3,)
