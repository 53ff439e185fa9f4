"""Where A's parts went in B: the same words (numbers aside) once on each side in order, parts
rewritten in place, parts alike; an item moved to another paragraph, a paragraph split in two."""

from __future__ import annotations

from hikaku.crossrefs.mapping import Correspondence, align_in_order, words_key
from hikaku.crossrefs.outline import Outline
from hikaku.crossrefs.resolve import Target
from hikaku.document import numbering_sections
from hikaku.result import Change
from tests.helpers import doc


def test_parts_are_aligned_in_order():
    assert words_key("２　前項第三号の規定は、第５条に準用する。") == words_key("３ 前項第四号の規定は、第6条に準用する。")
    # an inserted part; a part rewritten in place; parts alike in a longer gap
    assert align_in_order(["甲", "乙", "丙"], ["甲", "新", "乙", "丙"]) == [(0, 0), (1, 2), (2, 3)]
    assert align_in_order(["甲", "乙", "丙"], ["甲", "全く別の文", "丙"]) == [(0, 0), (1, 1), (2, 2)]
    assert align_in_order(["甲", "会社は年次有給休暇を与える", "丙"],
                          ["甲", "新設の条文", "会社は年次有給休暇を付与する", "丙"]) == [(0, 0), (1, 2), (2, 3)]


A = doc("A", "第一条　次の各号のいずれかに該当する者は、罰金に処する。\n一　甲をした者\n二　乙をした者\n三　丙をした者\n"
        "２　前項第三号の罪の未遂は、罰する。", "第二条　第一条第一項第三号の罪は、告訴がなければ公訴を提起することができない。", prefix="a")
# 第一条第一項 split in two by penalty: 乙 and 丙 are 第二項's items now; a paragraph of A's 2 is 3
B = doc("B", "第一条　次の各号のいずれかに該当する者は、罰金に処する。\n一　甲をした者\n"
        "２　次の各号のいずれかに該当する者は、拘禁刑に処する。\n一　乙をした者\n二　丙をした者\n"
        "３　前項第二号の罪の未遂は、罰する。", "第二条　第一条第二項第二号の罪は、告訴がなければ公訴を提起することができない。",
        prefix="b")


def test_an_item_is_found_in_another_paragraph_and_a_paragraph_where_its_items_went():
    oa, ob = Outline(A, numbering_sections(A.chunks)), Outline(B, numbering_sections(B.chunks))
    rows = [Change(type="modified", a_ids=[a.id], b_ids=[b.id]) for a, b in zip(A.chunks, B.chunks)]
    corr = Correspondence(oa, ob, rows, A, B)
    assert corr.expect(Target(0, (("paragraph", (1,)), ("item", (3,))))) == (
        "same", (Target(0, (("paragraph", (2,)), ("item", (2,)))),))
    assert corr.expect(Target(0, (("paragraph", (2,)),))) == ("same", (Target(0, (("paragraph", (3,)),)),))
    state, went = corr.expect(Target(0, (("paragraph", (1,)),)))
    assert state == "same" and set(went) == {Target(0, (("paragraph", (1,)),)), Target(0, (("paragraph", (2,)),))}
    assert corr.expect(Target(1)) == ("same", (Target(1),))
    gone = Correspondence(oa, ob, [rows[0], Change(type="deleted", a_ids=["a2"])], A, B)
    assert gone.expect(Target(1)) == ("deleted", ())
