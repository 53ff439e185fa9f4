"""The rows of a comparison (changes/rows.py): how a pair that changed is described, and the
項目 column, which names a clause's section only where the document numbers several sections
on its own (every rider has a 第1条), not because a 附則 follows the last clause."""

from __future__ import annotations

from hikaku import Document
from hikaku.align import ResolvedGroup
from hikaku.changes import build_changes
from hikaku.loaders import chunk_text
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


def test_the_documents_own_title_names_no_section_in_the_item_a_riders_name_does(tmp_path, use_embedder):
    """Every rider numbers its clauses from 第1条 again, so a rider's clauses carry its name in
    the 項目 column; the main clauses sit under the document's title only, which the report's
    header already names (A's and B's titles differ by their revision date: an item must not)."""
    import hikaku

    def policy(revision: str, benefit: str) -> str:
        return (f"# 医療保険普通保険約款（{revision}改定）\n\n## 第1条（目的）\n\nこの約款は契約内容を定めます。\n\n"
                f"## 第2条（入院給付金）\n\n入院給付金日額は{benefit}円とします。\n\n# 先進医療特約\n\n"
                f"## 第1条（特約の目的）\n\nこの特約は先進医療を保障します。\n\n## 第2条（給付金）\n\n"
                f"先進医療給付金は技術料{benefit}円とします。\n")

    (tmp_path / "a.md").write_text(policy("2024年4月", "5,000"), encoding="utf-8")
    (tmp_path / "b.md").write_text(policy("2025年10月", "10,000"), encoding="utf-8")
    result = hikaku.compare(tmp_path / "a.md", tmp_path / "b.md", embedder=use_embedder)
    items = {c.item for c in result.of_type("modified")}
    assert items == {"医療保険普通保険約款（2024年4月改定）", "第2条（入院給付金）", "先進医療特約 第2条（給付金）"}


def _items(text: str) -> list[str]:
    from hikaku.loaders._chunker import first_heading

    chunks = chunk_text(text, source="a", id_prefix="a")
    d = Document(id="a", title=first_heading(chunks), chunks=chunks)  # as load_document makes it
    groups = [ResolvedGroup(a=(k,), b=(k,), similarity=1.0, confidence=1.0, decided_by="anchor")
              for k in range(len(d.chunks))]
    return [c.item for c in build_changes(d, d, groups, "ja", strict=False)]


def test_a_supplementary_provision_does_not_make_clauses_name_their_section():
    items = _items("# 規則\n\n第1条（目的）\n本文。\n\n第2条（解約）\n本文。\n\n附則\nこの規則は公布の日から施行する。\n")
    assert items == ["規則", "第1条（目的）", "第2条（解約）", "附則"]


def test_clauses_of_several_numberings_name_their_section():
    items = _items("# 約款\n\n第1条（目的）\n本文。\n\n# 先進医療特約\n\n第1条（特約の目的）\n本文。\n\n"
                   "附則\nこの約款は、2025年10月1日から施行します。\n")
    # the main clauses sit under the document's own title, which names no section (the header names it)
    assert items == ["約款", "第1条（目的）", "先進医療特約", "先進医療特約 第1条（特約の目的）", "附則"]
