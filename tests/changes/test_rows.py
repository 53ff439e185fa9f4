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
    from hikaku.loaders.chunker import first_heading

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


def test_a_clause_replaced_by_its_placeholder_is_deleted_with_its_number_kept():
    """「第2条　削除」 in B: the clause was deleted, its number kept (Japanese legal drafting).
    The pair stays a pair (the placeholder is the clause's counterpart, as the statutes' gold
    has it: type ``modified``), and says it was deleted: ``repealed``, 「削除（番号存置）」."""
    from hikaku.changes import type_label

    row = _row("第2条（通知）\n契約者は住所を変更したときは、遅滞なく当会社に通知しなければならない。", "第2条　削除", "ja")
    assert row.type == "modified" and row.repealed and row.b_ids == ["b1"]
    assert row.summary == "条文を削除（第2条は番号のみ存置）"
    assert type_label(row, "ja") == "削除（番号存置）"
    row = _row("Section 9.3 Time is of the essence of this Agreement and of every obligation in it.",
               "Section 9.3 [Reserved]", "en")
    assert row.repealed and row.summary == "text deleted (Section 9.3 kept as a placeholder)"
    assert type_label(row, "en") == "Deleted (number kept)"
    # a placeholder that stays one, or one that is filled again, is no deletion
    assert not _row("第2条　削除", "第2条　削除", "ja").repealed
    assert not _row("第2条　削除", "第2条（通知）\n契約者は通知しなければならない。", "ja").repealed


def test_placeholders_are_told_from_clauses_that_mention_deletion():
    from hikaku.document.placeholders import is_placeholder

    for text in ("第2条　削除", "（通知）\n第2条　削除", "第十条の二　削除", "第三十条から第三十二条まで　削除",
                 "第3条及び第4条　削除", "第3章　削除", "Section 9.3 [Reserved]", "Article 5 - Repealed",
                 "9.3 Intentionally omitted.", "Section 9.3. Deleted."):
        assert is_placeholder(text), text
    for text in ("第2条　削除する。", "第2条\n当会社は記録を削除する。", "Section 9.3 Deleted provisions survive.", "削除",
                 "第2条　この規定は削除しない。"):
        assert not is_placeholder(text), text


def test_a_repealed_clause_is_counted_apart_in_the_totals(hashing_embedder):
    import hikaku
    from hikaku.renderers.totals import totals_line

    def rules(second: str) -> Document:
        text = f"# 規程\n\n第1条（目的）\nこの規程は手術給付について定める。\n\n{second}\n\n第3条（倍率）\n給付倍率は別表による。\n"
        return Document(id="r", chunks=chunk_text(text, source="r", id_prefix="r"))

    result = hikaku.compare(rules("第2条（通知）\n契約者は住所を変更したときは、遅滞なく当会社に通知しなければならない。"),
                            rules("第2条　削除"), llm="offline", embedder=hashing_embedder)
    assert result.stats.repealed == 1 and result.stats.counts["modified"] == 1
    assert totals_line(result, "ja") == "追加 0 ／ 削除 0 ／ 変更 0 ／ 一致 3 ／ 削除（番号存置） 1"
