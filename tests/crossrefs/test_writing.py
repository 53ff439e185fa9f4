"""Targets written as the document cites them, and suggestions in the shape of the reference
they correct."""

from __future__ import annotations

from hikaku.crossrefs.outline import Outline
from hikaku.crossrefs.resolve import Target
from hikaku.crossrefs.writing import suggestion, target_label
from hikaku.document import citations, numbering_sections
from tests.helpers import doc

LAW = doc("L", "第一条　目的。", "第二条　定義。\n一　甲\n二　乙\n三　丙\n２　準用。", "第三条の二　雑則。", "附　則\n１　施行。")


def test_targets_in_the_numerals_of_the_reference():
    o = Outline(LAW, numbering_sections(LAW.chunks))
    (kanji,) = citations("第二条第三号")
    (arabic,) = citations("第2条第3号")
    (full,) = citations("第２条第３号")
    item = Target(1, (("paragraph", (1,)), ("item", (3,))))
    assert target_label(o, [item], kanji) == "第二条第一項第三号"
    assert target_label(o, [item], arabic) == "第2条第1項第3号" and target_label(o, [item], full) == "第２条第１項第３号"
    assert target_label(o, [Target(2)], kanji) == "第三条の二"
    assert target_label(o, [Target(3, (("paragraph", (1,)),))], kanji) == "附則第一項"


def test_a_suggestion_keeps_the_shape_of_the_reference():
    o = Outline(LAW, numbering_sections(LAW.chunks))
    citing = Target(2)
    (bare,) = [c for c in citations("第一号及び第二号") if c.text == "第二号"]
    assert suggestion(o, [Target(1, (("paragraph", (1,)), ("item", (3,))))], bare,
                      Target(1, (("paragraph", (1,)), ("item", (2,))))) == "第三号"
    (whole,) = citations("第二条第二号")
    assert suggestion(o, [Target(1, (("paragraph", (1,)), ("item", (3,))))], whole, None) == "第二条第三号"
    (same,) = citations("同項第二号")
    assert suggestion(o, [Target(1, (("paragraph", (1,)), ("item", (3,))))], same, citing,
                      Target(1, (("paragraph", (1,)), ("item", (2,))))) == "同項第三号"
    (previous,) = citations("前条")
    assert suggestion(o, [Target(0)], previous, citing, Target(1)) == "第一条"
