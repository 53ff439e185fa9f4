"""Pairings a reviewer can trust (issue 34), on documents with the shapes real revisions have:
list-heavy terms whose items share their boilerplate, half of them replaced by unrelated ones
(削除 + 追加, never 変更 between unrelated items); a rider split in two, one of its benefit clauses
moved into the new rider with its amount raised (one 移動 + 変更 row naming the amount); tables of
contents in PDF, Word, HTML, Markdown and chunk JSON (never a clause row; a change in one said only
where no heading row says it)."""

from __future__ import annotations

import pytest

import hikaku
from hikaku.review import CandidateFinder
from hikaku.settings import CompareOptions
from tests.policy_docs import (
    REPLACED_PROVIDERS,
    REPLACED_STATES,
    list_terms_chunks,
    list_terms_markdown,
    make_policy_docx,
    make_policy_pdf,
    policy_markdown,
    split_rider_policy,
)


def _said(result):
    return [(c.type, c.a_ids, c.b_ids) for c in result.changes if c.type != "unchanged"]


@pytest.mark.parametrize("form", ["chunks", "markdown"])
def test_list_items_replaced_by_unrelated_ones_are_deleted_and_added(form, tmp_path, use_embedder):
    if form == "chunks":
        a, b = list_terms_chunks(1), list_terms_chunks(2)
    else:
        (tmp_path / "a.md").write_text(list_terms_markdown(1), encoding="utf-8")
        (tmp_path / "b.md").write_text(list_terms_markdown(2), encoding="utf-8")
        a, b = tmp_path / "a.md", tmp_path / "b.md"
    result = hikaku.compare(a, b, embedder=use_embedder, lang="en")
    replaced = len(REPLACED_PROVIDERS) + len(REPLACED_STATES)
    deleted = result.of_type("deleted")
    added = result.of_type("added")
    assert len(deleted) == len(added) == replaced
    # what was deleted is what version 2 replaced, what was added what replaced it
    assert all("advertising" not in c.a_text and "developer in" not in c.a_text for c in deleted)
    assert {c.b_text.split(" with ")[1].split(" that ")[0] for c in added if " share " in c.b_text} == {
        "advertising networks", "survey platforms", "translation agencies", "event organisers"}
    assert sum("developer in" in c.b_text for c in added) == len(REPLACED_STATES)
    # the two items that were edited, and only they, are 変更
    modified = result.of_type("modified")
    assert [("chargebacks" in c.b_text, "900 Broad Street" in c.b_text) for c in modified] == [(True, False), (False, True)]
    assert "chargebacks" in modified[0].summary and "900" in modified[1].summary  # the facts name what changed


def test_a_rider_split_in_two_reports_its_moved_clause_as_one_move_with_its_amount(tmp_path, use_embedder):
    for version in (1, 2):
        (tmp_path / f"v{version}.md").write_text(policy_markdown(split_rider_policy(version)), encoding="utf-8")
    result = hikaku.compare(tmp_path / "v1.md", tmp_path / "v2.md", embedder=use_embedder)
    (moved,) = [c for c in result.changes if c.moved]
    assert moved.type == "modified"
    assert moved.item == "入院保障特約 第4条（手術給付金の支払）"
    assert moved.summary == "第4条 → 手術保障特約 第3条へ移動、手術給付金：15万円 → 20万円"
    assert moved.b_ids and "手術保障特約" in moved.path
    # the benefit is nowhere reported removed, and only the new rider's own clauses are added
    assert not result.of_type("deleted")
    assert [c.item for c in result.of_type("added")] == [
        "手術保障特約", "手術保障特約 第1条（特約の締結）", "手術保障特約 第2条（特約の保険期間）",
        "手術保障特約 第4条（特約の消滅）", "手術保障特約 第5条（特約の解約）"]
    assert [c.item for c in result.of_type("modified")] == [moved.item]
    # the revision summary says where it went too, not only the amount
    said = [e.description for s in result.summary.sections for e in s.entries if e.item == moved.item]
    assert said == [moved.summary]
    report = hikaku.render(result, "md")
    assert f"- {moved.item}：{moved.summary}" in report.split("| 項目 |")[0]  # the report's summary, before its table


def test_the_moved_clause_in_the_pdfs_too(tmp_path, use_embedder):
    a = make_policy_pdf(tmp_path / "v1.pdf", 1, blocks=split_rider_policy(1))
    b = make_policy_pdf(tmp_path / "v2.pdf", 2, blocks=split_rider_policy(2))
    result = hikaku.compare(a, b, embedder=use_embedder)
    (moved,) = [c for c in result.changes if c.moved]
    assert (moved.type, moved.summary) == ("modified", "第4条 → 手術保障特約 第3条へ移動、手術給付金：15万円 → 20万円")
    assert not result.of_type("deleted")


def test_the_review_view_offers_the_clause_that_moved_into_another_rider(tmp_path, use_embedder):
    for version in (1, 2):
        (tmp_path / f"v{version}.md").write_text(policy_markdown(split_rider_policy(version)), encoding="utf-8")
    a, b = hikaku.load_document(tmp_path / "v1.md"), hikaku.load_document(tmp_path / "v2.md")
    surgery_a = next(c.id for c in a.chunks if "手術給付金" in c.content)
    surgery_b = next(c.id for c in b.chunks if "手術給付金" in c.content)
    finder = CandidateFinder(a, b, CompareOptions(), embedder=use_embedder)
    ((best, p),) = finder.document_wide([surgery_a])
    assert best == (surgery_b,) and p > 0.5
    # among the candidates of the row even when it says deleted (the row's counterpart: none) and
    # the limit is one: the document-wide best is always shown
    found = finder.find([surgery_a], limit=1)
    assert [c.b_ids for c in found] == [(surgery_b,)]


@pytest.mark.parametrize("shape", ["pdf-untitled", "pdf-titled", "docx-titled", "docx-untitled"])
def test_a_toc_page_gives_no_clause_row(shape, tmp_path, use_embedder):
    if shape.startswith("pdf"):
        kw = {"toc_title": shape.split("-")[1] == "titled", "rider_pages": False}
        a, b = (make_policy_pdf(tmp_path / f"v{v}.pdf", v, **kw) for v in (1, 2))
    else:
        kw = {"toc_title": shape.split("-")[1] == "titled"}
        a, b = (make_policy_docx(tmp_path / f"v{v}.docx", v, **kw) for v in (1, 2))
    doc = hikaku.load_document(a)
    (toc,) = [c for c in doc.chunks if c.structure.kind == "toc"]
    assert "通院保障特約" in toc.content and "第1章" in toc.content  # the rider names too, one entry a line
    result = hikaku.compare(a, b, embedder=use_embedder)
    (row,) = [c for c in result.changes if c.a_text == toc.content]  # the TOC is one row, its own
    assert row.item == "目次" and row.type == "unchanged" and row.cosmetic_kind == "toc"
    assert row.summary == "目次の変更は各見出しの行のとおり"
    assert [c for c in result.changes if c.item == "目次"] == [row]
    # no row holds a TOC line as a clause: every other row's text is the body's
    for c in result.changes:
        if c is not row:
            assert "......" not in c.a_text + c.b_text
            assert "特約通院" not in c.b_text and "特約女性" not in c.b_text  # no rider names glued together
    # the changes the TOC mirrors are the heading rows'
    assert [c.item for c in result.of_type("modified")] == ["第2章 保険金の支払", "第1編\u3000普通保険約款 第4条（手術給付金）"]


def test_a_move_below_certain_is_in_the_review_queue(tmp_path, use_embedder):
    import json

    from hikaku.align import load_calibration

    for version in (1, 2):
        (tmp_path / f"v{version}.md").write_text(policy_markdown(split_rider_policy(version)), encoding="utf-8")
    result = hikaku.compare(tmp_path / "v1.md", tmp_path / "v2.md", embedder=use_embedder)
    (moved,) = [c for c in result.changes if c.moved]
    assert 0.5 < moved.confidence
    # a calibration that settles only what is more probable than this move: the move is doubtful
    data = load_calibration().to_json()
    data["constants"]["certain"]["value"] = (1 + moved.confidence) / 2
    (tmp_path / "strict.json").write_text(json.dumps(data), encoding="utf-8")
    doubtful = hikaku.compare(tmp_path / "v1.md", tmp_path / "v2.md", embedder=use_embedder,
                              calibration=str(tmp_path / "strict.json"))
    (moved,) = [c for c in doubtful.changes if c.moved]
    queued = [q for q in doubtful.review_queue if q.a_ids == moved.a_ids]
    assert queued and queued[0].b_ids == moved.b_ids and "low_confidence" in queued[0].reasons
    assert moved.summary == "第4条 → 手術保障特約 第3条へ移動、手術給付金：15万円 → 20万円"


def test_premiums_raised_in_a_table_of_unchanged_rows_are_each_one_change(use_embedder):
    """A row of a premium table whose amount alone changed is as like the unchanged row beside it
    (another age, the same amount) as its revision — and one raised to the next row's amount is more
    like that row than its old self is: each is still one 変更 naming the amount, never 削除 + 追加."""
    old = [1500, 1500, 1520, 1520, 1550, 1580, 1580, 1610, 1650, 1650, 1700, 1750, 1800, 1800, 1860, 1920]
    new = list(old)
    new[1], new[6], new[12] = 1520, 1613, 1860  # 21歳 to 22歳's amount; 32歳 to 34歳's
    rows = [f"{20 + k}歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜{{:,}}円" for k in range(len(old))]
    a = [{"id": f"r{k}", "content": r.format(v)} for k, (r, v) in enumerate(zip(rows, old))]
    b = [{"id": f"r{k}", "content": r.format(v)} for k, (r, v) in enumerate(zip(rows, new))]
    result = hikaku.compare(a, b, embedder=use_embedder)
    assert _said(result) == [("modified", [f"r{k}"], [f"r{k}"]) for k in (1, 6, 12)]
    assert [c.summary for c in result.of_type("modified")] == ["1,500円 → 1,520円", "1,580円 → 1,613円",
                                                               "1,800円 → 1,860円"]
