"""What a citation points at in its own document, from where it stands: numbering sections
(a rider's own 第1条, a 附則 citing the main provisions, an amending act's supplementary
provisions not read), relative references, 同条 / 同項, list members."""

from __future__ import annotations

from hikaku.crossrefs.outline import Outline
from hikaku.crossrefs.resolve import resolve_chunk
from hikaku.document import citations, numbering_sections
from tests.helpers import doc

LAW = doc(
    "L",
    "第一条　この法律は、目的を定める。",
    "第二条　この法律において、次に掲げる用語の意義は、当該各号に定めるところによる。\n一　甲\n二　乙\n三　丙\n"
    "２　前項第二号の規定は、第一条に準用する。",
    "第三条　前条第一項第一号及び第三号に掲げるもの並びに同項第二号、同条第二項及び次条の規定は、別表第一に掲げる。\n"
    "２　前項の規定は、民法（明治二十九年法律第八十九号）第九十条、同法第九十一条及び同条第二項には適用しない。",
    "第四条　前二条の規定は、第五条第二項には及ばない。",
    "別表第一（第三条関係）\n一　甲",
    "附　則\n１　この法律は、公布の日から施行する。\n２　第三条の規定は、前項の日から適用する。",
    "附　則\n１　この法律は、第二条の改正規定の施行の日から施行する。",
)


def _read(outline: Outline, i: int) -> list[tuple[str, str, list]]:
    out = []
    for r in resolve_chunk(outline, i, citations(outline.doc.chunks[i].content)):
        targets = [(outline.provisions[t.provision].label, t.path) for t in r.targets]
        out.append((r.citation.text, r.status, targets))
    return out


def test_relative_references_and_lists_resolve_from_where_they_stand():
    o = Outline(LAW, numbering_sections(LAW.chunks))
    assert _read(o, 2) == [
        ("第三条", "own", []),
        ("前条第一項第一号", "ok", [("第二条", (("paragraph", (1,)), ("item", (1,))))]),
        ("第三号", "ok", [("第二条", (("paragraph", (1,)), ("item", (3,))))]),  # 前条第一項's
        ("同項第二号", "ok", [("第二条", (("paragraph", (1,)), ("item", (2,))))]),
        ("同条第二項", "ok", [("第二条", (("paragraph", (2,)),))]),
        ("次条", "ok", [("第四条", ())]),
        ("別表第一", "ok", [("別表第一", ())]),
        ("前項", "ok", [("第三条", (("paragraph", (1,)),))]),
        ("第八十九号", "external", []), ("第九十条", "external", []), ("第九十一条", "external", []),
        ("同条第二項", "external", []),  # 同条 after 同法第九十一条 is 民法's
    ]
    assert _read(o, 3) == [("第四条", "own", []), ("前二条", "ok", [("第二条", ()), ("第三条", ())]),
                           ("第五条第二項", "missing", [])]
    assert _read(o, 1)[-2:] == [("前項第二号", "ok", [("第二条", (("paragraph", (1,)), ("item", (2,))))]),
                                ("第一条", "ok", [("第一条", ())])]


def test_supplementary_provisions_cite_the_main_ones_and_an_amending_acts_are_not_read():
    o = Outline(LAW, numbering_sections(LAW.chunks))
    assert _read(o, 5) == [("第三条", "ok", [("第三条", ())]), ("前項", "ok", [("附則", (("paragraph", (1,)),))])]
    assert _read(o, 6) == [("第二条", "unread", [])]  # the second 附則: an amending act's, citing its own articles


def test_a_rider_numbers_its_own_articles():
    policy = doc("P", "# 普通保険約款", "第1条（目的）\n本文。", "第2条（支払）\n第1条の目的による。",
                 "# 通院特約", "第1条（特約の目的）\n普通保険約款第2条の規定にかかわらず、第2条による。",
                 "第2条（支払）\n前条の規定による。")
    policy = policy.model_copy(update={"chunks": [
        c.model_copy(update={"metadata": {"heading_path": ["通院特約"] if k >= 3 else ["普通保険約款"]}})
        for k, c in enumerate(policy.chunks)]})
    o = Outline(policy, numbering_sections(policy.chunks))
    rider = _read(o, 4)
    assert rider[1] == ("第2条", "external", []) and rider[2] == ("第2条", "ok", [("第2条", ())])
    assert o.provisions[o.of_chunk[5]].section == o.provisions[o.of_chunk[4]].section != o.main
    assert _read(o, 5)[1] == ("前条", "ok", [("第1条", ())])
