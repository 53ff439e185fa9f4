"""Two versions of a small policy (約款) with what a 新旧対照表 must show: sections, unchanged
clauses, an amended amount, a clause that starts like a spreadsheet formula, a new clause, a
deleted one, and clauses renumbered because of the deletion (one also with its cross-reference
shifted). Compared by hikaku itself (offline, hashing embedder), so the rows are real."""

from __future__ import annotations

from hikaku import Chunk, ComparisonResult, Document, compare

CH1, CH2 = "第1章　総則", "第2章　給付"
TITLE_OLD, TITLE_NEW = "傷害保険約款（2024年版）", "傷害保険約款（2025年版）"
FORMULA_OLD = "=SUM(A1) は合計を求める式であり、そのまま表示する。"
FORMULA_NEW = "=SUM(A1) は合計を求める式であり、文字として表示する。"


def _document(doc_id: str, title: str, prefix: str, items: list[tuple[str, str | None]]) -> Document:
    chunks = []
    for k, (text, section) in enumerate(items, 1):
        if section is None:  # a heading alone: it opens its section
            metadata = {"heading": text, "kind": "heading"}
        else:
            metadata = {"heading_path": [section]}
        chunks.append(Chunk(id=f"{prefix}{k}", content=text, metadata=metadata))
    return Document(id=doc_id, title=title, chunks=chunks)


OLD = _document("policy_2024", TITLE_OLD, "a", [
    (CH1, None),
    ("第1条（目的）\nこの約款は、保険契約の内容を定める。", CH1),
    ("第2条（入院給付金）\n入院給付金日額の20倍を支払う。", CH1),
    (FORMULA_OLD, CH1),
    ("第3条（告知義務）\n契約者は、重要な事項を告知しなければならない。", CH1),
    (CH2, None),
    ("第4条（免責）\n故意による事故については支払わない。", CH2),
    ("第5条（見舞金）\n見舞金は、別表に定める額とする。", CH2),
    ("第6条（手術給付金）\n手術給付金は、第4条の場合を除き支払う。", CH2),
    ("第7条（請求）\n請求は、第6条に定める給付ごとに行う。", CH2),
])
NEW = _document("policy_2025", TITLE_NEW, "b", [
    (CH1, None),
    ("第1条（目的）\nこの約款は、保険契約の内容を定める。", CH1),
    ("第2条（入院給付金）\n入院給付金日額の25倍を支払う。", CH1),
    (FORMULA_NEW, CH1),
    ("第3条（告知義務）\n契約者は、重要な事項を告知しなければならない。", CH1),
    ("第3条の2（反社会的勢力の排除）\n契約者が反社会的勢力に該当するときは、契約を解除することができる。", CH1),
    (CH2, None),
    ("第4条（免責）\n故意による事故については支払わない。", CH2),
    ("第5条（手術給付金）\n手術給付金は、第4条の場合を除き支払う。", CH2),
    ("第6条（請求）\n請求は、第5条に定める給付ごとに行う。", CH2),
])


def policy_result(embedder) -> ComparisonResult:
    result = compare(OLD, NEW, embedder=embedder, llm="offline")
    by_a = {c.a_ids[0] if c.a_ids else c.b_ids[0]: c for c in result.changes}
    # the comparison itself is not under test here; make sure the rows are the ones described
    assert by_a["a3"].type == "modified" and by_a["a4"].type == "modified"
    assert by_a["b6"].type == "added" and by_a["a8"].type == "deleted"
    assert by_a["a9"].b_ids == ["b9"] and by_a["a10"].b_ids == ["b10"]
    return result


def clause(item: str) -> str:
    """The clause number of an 項目 cell or a change's item, as A numbers it: 「第2条（入院給付金）\n第1章」
    → 「第2条」; a clause B numbers otherwise, 「第5条（手術給付金）（旧第6条）」 → 「第6条」."""
    first = item.split("\n")[0]
    for mark, end in (("（旧", "）"), (" (formerly ", ")")):
        if mark in first:
            return first.rsplit(mark, 1)[1].removesuffix(end)
    return first.split("（")[0]
