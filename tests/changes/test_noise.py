"""Differences that are not changes: invisible characters, whitespace, width, list-marker
renumbering, page artefacts. Unchanged (cosmetic) by default, modified with --strict."""

from __future__ import annotations

import pytest

import hikaku
from hikaku.changes import cosmetic_kind
from tests.helpers import doc


@pytest.mark.parametrize(("a", "b", "kind"), [
    ("保険金を支払います。", "保険金を\u200b支払います。", "invisible"),  # a zero-width space
    ("保険金を支払います。", "\ufeff保険金を支払\u00adいます。", "invisible"),  # a BOM, a soft hyphen
    ("contract", "con\u200dtract\u2060", "invisible"),  # a joiner, a word joiner
    ("保険料は３０日\u200b以内に払い込む。", "保険料は30日以内に払い込む。", "width"),  # invisible aside, width
    ("第1条　目的", "第1条 目的", "whitespace"),
    ("The insured  shall pay.", "The insured shall\npay.", "whitespace"),
    ("保険料は３０日以内に払い込む。", "保険料は30日以内に払い込む。", "width"),
    ("ｶﾞｲﾄﾞﾗｲﾝ", "ガイドライン", "width"),
    ("⽤語の定義", "用語の定義", "width"),  # U+2F64, a CJK radical look-alike from PDF text
    ("1. 誓約書\n2. 住民票", "(1) 誓約書\n(2) 住民票", "list_marker"),
    ("①誓約書", "②誓約書", "list_marker"),
    ("（１）甲", "（２）甲", "list_marker"),
    ("保険金を支払います。\n3 / 21", "保険金を支払います。\n4 / 21", "page_artefact"),
    ("保険金を支払います。\n- 3 -", "保険金を支払います。", "page_artefact"),
])
def test_cosmetic_kinds(a, b, kind):
    assert cosmetic_kind(a, b) == kind


@pytest.mark.parametrize(("a", "b"), [
    ("20倍", "25倍"), ("1.5倍", "2.5倍"), ("-5%", "5%"), ("七大疾病", "五大疾病"), ("same", "same"),
    ("1. 誓約書", "1. 身元保証書"), ("保険金を支払います。\n3 / 21", "保険金を支払いません。\n3 / 21"),
])
def test_real_changes_are_not_cosmetic(a, b):
    assert cosmetic_kind(a, b) is None


def test_cosmetic_pairs_are_unchanged_unless_strict(hashing_embedder):
    texts = ["第1条 この規則は、従業員の就業に関する事項を定める。", "第2条 保険料は30日以内に払い込む。",
             "第3条 次の書類を提出する。\n1. 誓約書\n2. 住民票"]
    new = ["第1条　この規則は、従業員の就業に関する事項を定める。", "第2条 保険料は３０日以内に払い込む。",
           "第3条 次の書類を提出する。\n(1) 誓約書\n(2) 住民票"]
    default = hikaku.compare(doc("A", *texts), doc("B", *new), embedder=hashing_embedder)
    assert default.count("modified") == 0 and default.stats.cosmetic == 3
    assert [c.cosmetic_kind for c in default.changes] == ["whitespace", "width", "list_marker"]
    assert all(c.type == "unchanged" and c.cosmetic for c in default.changes)
    assert "変更はありません。" in hikaku.render(default, "md")
    strict = hikaku.compare(doc("A", *texts), doc("B", *new), embedder=hashing_embedder, strict=True)
    assert strict.count("modified") == 3 and all(c.cosmetic for c in strict.changes)
    assert [c.summary for c in strict.changes] == ["空白・改行の違いのみ", "全角・半角など表記の違いのみ",
                                                   "番号・記号の付け替えのみ"]
    md = hikaku.render(strict, "md")
    assert "変更（表記のみ）" in md


def test_an_invisible_character_is_no_change_and_no_highlight():
    from hikaku.changes import diff_spans
    from hikaku.text import normalize

    a, b = "主契約が消滅したときは、この特約も同時に消滅します。", "主契約が消滅したときは、この特約も同\u200b時に消滅します。"
    assert normalize(a) == normalize(b)  # matched as the same text
    assert diff_spans(a, b) == ([], [])  # nothing would show
    assert diff_spans("同時に消滅", "同\u200b時に失効") == ([(3, 5)], [(4, 6)])  # the real change only
