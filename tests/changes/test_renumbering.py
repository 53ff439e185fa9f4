"""Renumbering (条ずれ): a pair is renumbered only when its clause numbers — its own and
the ones it cites — are all that differ, and differ as the document's renumbering says."""

from __future__ import annotations

from hikaku.align import ResolvedGroup
from hikaku.changes import build_changes
from tests.helpers import doc

A = doc("A", "第1条（目的）\n本文。", "第2条（払込み）\n払い込みます。", "第3条（猶予）\n第2条の期月の翌月までとします。",
        "第4条（失効）\n第3条の猶予期間を過ぎたときは失効し、第1条の目的は達せられません。", prefix="a")
B = doc("B", "第1条（目的）\n本文。", "第2条（新設）\n新しい条です。", "第3条（払込み）\n払い込みます。",
        "第4条（猶予）\n第3条の期月の翌月までとします。",
        "第5条（失効）\n第3条の猶予期間を過ぎたときは失効し、第1条の目的は達せられません。", prefix="b")


def _rows(groups):
    return {c.item: c for c in build_changes(A, B, groups, "ja", strict=False)}


def _pairs(*ab):
    return [ResolvedGroup(a=(i,), b=(j,), similarity=0.9, confidence=0.9, decided_by="plan") for i, j in ab]


def test_a_shift_with_consistent_references_is_renumbered():
    rows = _rows([*_pairs((0, 0), (1, 2), (2, 3), (3, 4)),
                  ResolvedGroup(a=(), b=(1,), similarity=None, confidence=1.0, decided_by="resolver")])
    assert rows["第2条（払込み）"].renumbering == [("第2条", "第3条")] and rows["第2条（払込み）"].type == "unchanged"
    assert rows["第3条（猶予）"].renumbering == [("第3条", "第4条"), ("第2条", "第3条")]
    assert rows["第3条（猶予）"].summary == "第3条 → 第4条、第2条 → 第3条"
    # 失効 cites 第3条 (which became 第4条) but still says 第3条: a real change of reference
    lapse = rows["第4条（失効）"]
    assert not lapse.renumbered and lapse.type == "modified"
    assert not rows["第1条（目的）"].renumbered and rows["第1条（目的）"].type == "unchanged"


def test_strict_reports_renumbered_pairs_as_modified():
    (row,) = [c for c in build_changes(A, B, _pairs((1, 2)), "ja", strict=True) if c.renumbered]
    assert row.type == "modified" and row.diff is not None


def test_a_pair_that_changed_besides_its_number_is_no_renumbering():
    b = doc("B", "第2条（払込み）\n払い込みません。", prefix="b")
    (row,) = build_changes(A, b, _pairs((1, 0)), "ja", strict=False)
    assert row.type == "modified" and not row.renumbered


def test_a_moved_pair_is_a_move_not_a_renumbering():
    g = ResolvedGroup(a=(1,), b=(2,), similarity=0.9, confidence=0.9, decided_by="agent", moved=True)
    (row,) = build_changes(A, B, [g], "ja", strict=False)
    assert row.moved and not row.renumbered and row.type == "modified"


def test_only_第_itself_opens_with_第_in_nfkc():
    """What lets a chunk's clause number be looked for only in texts that open with 第 as
    written (renumbering._label skips NFKC for all others)."""
    import sys
    import unicodedata

    sources = {chr(cp) for cp in range(sys.maxunicode + 1)
               if not 0xD800 <= cp <= 0xDFFF and unicodedata.decomposition(chr(cp))
               and unicodedata.normalize("NFKC", chr(cp)).startswith("第")}
    assert sources == set()
    assert unicodedata.decomposition("第") == ""


def test_a_clause_number_after_its_caption_and_in_full_width_digits_is_found():
    from hikaku.changes.renumbering import _label

    a = doc("A", "（目的）\n第１条　この約款は…", "第２条の２　本文", "（注）\n本文", "  第3条 本文", prefix="a")
    assert [_label(c) for c in a.chunks] == ["第1条", "第2条の2", None, "第3条"]
