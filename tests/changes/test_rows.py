"""The rows of a comparison (changes/rows.py): how a pair that changed is described."""

from __future__ import annotations

from hikaku.align import ResolvedGroup
from hikaku.changes import build_changes
from tests.helpers import doc


def _row(a_text: str, b_text: str, lang: str, **metadata):
    a, b = doc("A", a_text, prefix="a", **metadata), doc("B", b_text, prefix="b", **metadata)
    (row,) = build_changes(a, b, [ResolvedGroup(a=(0,), b=(0,), similarity=0.9, confidence=0.9, decided_by="plan")],
                           lang, strict=False)
    return row


def test_a_heading_alone_is_said_whole():
    row = _row("第2章 責任", "第2章 個人情報", "ja", kind="heading")
    assert row.summary == "「第2章 責任」 → 「第2章 個人情報」"
    assert _row("ARTICLE 4 LIABILITY", "ARTICLE 4 DATA PROTECTION", "en", kind="heading").summary == (
        '"ARTICLE 4 LIABILITY" → "ARTICLE 4 DATA PROTECTION"')


def test_a_clause_on_one_line_is_described_like_a_clause_with_its_renumbering():
    """The loader calls a one-line clause a heading (nothing follows its label line); quoting
    both whole would bury what changed besides the number."""
    row = _row("Section 4.1 Neither party's liability shall exceed the fees paid in the twelve (12) months.",
               "Section 5.1 Neither party's liability shall exceed 150% of the fees paid in the twelve (12) months.",
               "en", kind="heading")
    assert row.type == "modified" and not row.renumbered
    assert row.summary == 'Section 4.1 → Section 5.1; added: "150% of"'
    row = _row("第4条 責任の総額は、料金を超えないものとする。", "第5条 責任の総額は、料金の150%を超えないものとする。",
               "ja", kind="heading")
    assert row.summary == "第4条 → 第5条、追加: 「の150%」"
