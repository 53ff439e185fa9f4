"""What a reviewer gets for real documents (tests/policy_docs.py): the new rider reported
as added (its heading row, then all its clauses), never paired with another rider's
identical boilerplate; the renamed chapter one row; the clauses that only shifted their
numbers (条ずれ) renumbered, not 変更; no Kangxi radical in any cell; the PDF and the
chunk JSON of the same documents giving the same rows; the bundled example's renumbered
clauses; English sections."""

from __future__ import annotations

import json
import re

import pytest

import hikaku
from hikaku import render
from tests.policy_docs import contract, make_policy_pdf, policy_chunks_echoed, write_policy_json

RADICALS = re.compile("[\u2e80-\u2fdf\uf900-\ufaff]")
NEW_RIDER = "がん診断特約"


@pytest.fixture(scope="module")
def pdf_result(tmp_path_factory, use_embedder):
    d = tmp_path_factory.mktemp("pdf")
    return hikaku.compare(make_policy_pdf(d / "v1.pdf", 1), make_policy_pdf(d / "v2.pdf", 2), embedder=use_embedder)


@pytest.fixture(scope="module")
def json_result(tmp_path_factory, use_embedder):
    d = tmp_path_factory.mktemp("json")
    return hikaku.compare(write_policy_json(d / "v1.json", 1), write_policy_json(d / "v2.json", 2),
                          embedder=use_embedder)


def _rows(result):
    """What a reviewer reads: every row that is not 一致, and every renumbered one."""
    return [(c.type, c.item, c.summary, c.renumbered) for c in result.changes if c.type != "unchanged" or c.renumbered]


@pytest.mark.parametrize("which", ["pdf_result", "json_result"])
def test_the_new_rider_is_added_whole_and_pairs_with_no_other_rider(which, request):
    result = request.getfixturevalue(which)
    rider = [k for k, c in enumerate(result.changes) if c.path and NEW_RIDER in c.path]
    head = next(k for k, c in enumerate(result.changes) if c.item == NEW_RIDER)
    assert rider == list(range(head, head + 7))  # its heading row, then its six clauses, together
    assert all(result.changes[k].type == "added" for k in rider)
    assert [result.changes[k].item for k in rider[1:]] == [
        f"{NEW_RIDER} 第{n}条（{t}）" for n, t in enumerate(
            ["特約の締結", "特約の保険期間", "がん診断給付金の支払", "特約の消滅", "特約の解約", "特約の更新"], 1)]
    # the other riders' identical boilerplate stayed with their own riders, unchanged
    for c in result.changes:
        if c.a_ids and c.b_ids:
            assert (NEW_RIDER in c.path) is False
            assert c.type == "unchanged" or not c.item.startswith(("通院", "先進", "女性")), c


@pytest.mark.parametrize("which", ["pdf_result", "json_result"])
def test_the_chapter_rename_is_one_row_and_shifted_clauses_are_renumbered(which, request):
    result = request.getfixturevalue(which)
    renamed = [c for c in result.changes if c.type != "unchanged" and "給付金の支払" in c.b_text
               and c.item != "目次" and NEW_RIDER not in c.path]
    assert [(c.item, c.summary) for c in renamed] == [
        ("第2章 保険金の支払", "「第2章 保険金の支払」 → 「第2章 給付金の支払」")]
    # the clauses under it are not changes of their own
    under = [c for c in result.changes if c.path and c.path[-1] == "第2章\u3000給付金の支払" and c.a_ids != renamed[0].a_ids]
    assert {c.type for c in under if "手術" not in c.item and "先進医療" not in c.item} == {"unchanged"}
    shifted = [c for c in result.changes if c.renumbered]
    assert [(c.renumbering, c.type) for c in shifted] == [
        ([("第5条", "第6条")], "unchanged"), ([("第6条", "第7条")], "unchanged"),
        ([("第7条", "第8条"), ("第6条", "第7条")], "unchanged"), ([("第8条", "第9条"), ("第7条", "第8条")], "unchanged"),
        ([("第9条", "第10条")], "unchanged")]
    assert shifted[2].summary == "第7条 → 第8条、第6条 → 第7条"
    assert result.stats.renumbered == 5
    modified = [c.item for c in result.of_type("modified")]
    assert modified == ["第2章 保険金の支払", "第1編\u3000普通保険約款 第4条（手術給付金）"]


@pytest.mark.parametrize("which", ["pdf_result", "json_result"])
def test_the_toc_is_one_row_that_says_nothing_the_heading_rows_do_not(which, request):
    (toc,) = [c for c in request.getfixturevalue(which).changes if c.item == "目次"]
    assert len(toc.a_ids) == len(toc.b_ids) == 1 and "がん診断特約" in toc.b_text
    # its new entries are the new rider (an added heading row) and the renamed chapter (a modified one)
    assert (toc.type, toc.cosmetic_kind, toc.summary) == ("unchanged", "toc", "目次の変更は各見出しの行のとおり")


def test_a_chunk_export_repeating_each_heading_as_printed_reports_a_renamed_chapter_once(use_embedder):
    # every chunk: its context lines, then the chapter's heading as the PDF printed it (full-width digits,
    # an ideographic space, ⾦ U+2FA6 and ⽀ U+2F40), then the clause; version 2 renames 第2章
    result = hikaku.compare(policy_chunks_echoed(1), policy_chunks_echoed(2), embedder=use_embedder)
    said = [(c.type, c.item, c.summary) for c in result.changes
            if (c.type != "unchanged" or c.renumbered) and NEW_RIDER not in c.path]
    assert said == [
        ("modified", "第2章 保険金の支払", "「第2章 保険金の支払」 → 「第2章 給付金の支払」"),
        ("modified", "第1編 普通保険約款 第4条（手術給付金）", "入院給付金日額の20倍 → 25倍"),
        ("added", "第1編 普通保険約款 第5条（先進医療給付金）", ""),
        *(("unchanged", f"第1編 普通保険約款 第{n}条（{t}）", s) for n, t, s in (
            (5, "支払限度", "第5条 → 第6条"), (6, "保険料の払込み", "第6条 → 第7条"),
            (7, "猶予期間", "第7条 → 第8条、第6条 → 第7条"), (8, "失効", "第8条 → 第9条、第7条 → 第8条"),
            (9, "復活", "第9条 → 第10条"))),
    ]
    # the clauses under the renamed chapter are unchanged, and say nothing of the new title
    under = [c for c in result.changes if c.path and "給付金の支払" in c.path[-1] and c.item != "第2章 保険金の支払"]
    assert len(under) == 4 and all(c.type == "unchanged" or "手術" in c.item or "先進医療" in c.item for c in under)
    assert not any("保険金" in c.summary for c in result.changes if c.item != "第2章 保険金の支払")


def test_no_cell_holds_a_kangxi_radical(pdf_result, json_result):
    for result in (pdf_result, json_result):
        assert not RADICALS.search(result.to_json())
        assert not RADICALS.search(render(result, "md", include_unchanged=True))
        assert any("日数" in c.b_text for c in result.changes)


def test_pdf_and_chunk_json_give_the_same_rows(pdf_result, json_result):
    assert _rows(pdf_result) == _rows(json_result)
    assert len(_rows(pdf_result)) == 15  # chapter, 第4条, 第5条 added, 5 renumbered, rider + 6 clauses


def test_markdown_folds_renumbered_clauses_into_one_line_and_strict_lists_them(tmp_path, json_result, use_embedder):
    md = render(json_result, "md")
    assert "**条番号のみ変更（5件）**: 第5条→第6条、第6条→第7条、第7条→第8条、第8条→第9条、第9条→第10条" in md
    assert "第7条（猶予期間）" not in md
    assert "条番号のみ変更 5" in md and "変更 2" in md
    strict = hikaku.compare(write_policy_json(tmp_path / "v1.json", 1), write_policy_json(tmp_path / "v2.json", 2),
                            embedder=use_embedder, strict=True)
    assert [c.type for c in strict.changes if c.renumbered] == ["modified"] * 5
    md = render(strict, "md")
    assert "条番号のみ変更（" not in md
    assert "| 第1編\u3000普通保険約款 第7条（猶予期間） | 第~~7~~条（猶予期間）" in md and "| 条番号のみ変更<br>第7条 → 第8条、第6条 → 第7条 |" in md
    data = json.loads(strict.to_json())
    assert data["stats"]["renumbered"] == 5 and data["changes"][0]["renumbered"] is False


def test_the_example_reports_its_renumbered_clauses_as_renumbered(use_embedder):
    result = hikaku.compare("examples/shugyo_kisoku_v1.md", "examples/shugyo_kisoku_v2.md", embedder=use_embedder)
    shifted = {c.renumbering[0] for c in result.changes if c.renumbered}
    assert shifted == {("第16条", "第18条"), ("第17条", "第19条"), ("第18条", "第20条"), ("第24条", "第25条")}
    assert all(c.type == "unchanged" for c in result.changes if c.renumbered)
    # a clause whose number shifted and whose text changed too is a change
    wage = next(c for c in result.changes if c.item.startswith("第19条"))
    assert wage.type == "modified" and not wage.renumbered and "25日 → 20日" in wage.summary
    moved = next(c for c in result.changes if c.moved)  # 第10条（秘密保持） moved to the end: a move, not a shift
    assert not moved.renumbered
    assert "| 第16条（産前産後の休業）" not in render(result, "md")


def test_english_contract_changes_are_reported_under_their_section(tmp_path, use_embedder):
    (tmp_path / "v1.txt").write_text(contract(1), encoding="utf-8")
    (tmp_path / "v2.txt").write_text(contract(2), encoding="utf-8")
    result = hikaku.compare(tmp_path / "v1.txt", tmp_path / "v2.txt", embedder=use_embedder, lang="en")
    (change,) = result.of_type("modified")
    assert change.item == "Section 2.1 (Fees)" or change.item.startswith("Section 2.1")
    assert "ARTICLE II PAYMENT" in change.path
    assert "USD 10,000" in change.a_text and "USD 12,000" in change.b_text


def _msa(data_article: bool) -> str:
    """A services agreement whose version 2 inserts ARTICLE 3 DATA PROTECTION: every later
    article and section shifts by one, and the liability cap also changes."""
    data = ("ARTICLE 3 DATA PROTECTION\n\nSection 3.1 Each party shall comply with the data protection laws.\n\n"
            if data_article else "")
    n = 1 if data_article else 0
    cap = "150% of the fees" if data_article else "the fees"
    return (f"# Master Services Agreement\n\nARTICLE 1 DEFINITIONS\n\nSection 1.1 \"Affiliate\" means an entity "
            f"controlled by a party.\n\nARTICLE 2 SERVICES\n\nSection 2.1 The Supplier shall provide the Services.\n\n"
            f"{data}ARTICLE {3 + n} LIABILITY\n\nSection {3 + n}.1 Neither party's liability shall exceed {cap} paid "
            f"in the twelve (12) months preceding the claim.\n\nSection {3 + n}.2 Nothing limits liability for death "
            f"caused by negligence.\n\nARTICLE {4 + n} TERM\n\nSection {4 + n}.1 This Agreement continues for three (3) "
            f"years.\n\nSection {4 + n}.2 Section {3 + n}.2 survives termination.\n")


def test_an_english_agreement_with_an_inserted_article_folds_its_shifted_sections(tmp_path, use_embedder):
    (tmp_path / "v1.md").write_text(_msa(False), encoding="utf-8")
    (tmp_path / "v2.md").write_text(_msa(True), encoding="utf-8")
    result = hikaku.compare(tmp_path / "v1.md", tmp_path / "v2.md", embedder=use_embedder, lang="en")
    shifted = {c.renumbering[0] for c in result.changes if c.renumbered}
    assert shifted == {("ARTICLE 3", "ARTICLE 4"), ("Section 3.2", "Section 4.2"), ("ARTICLE 4", "ARTICLE 5"),
                       ("Section 4.1", "Section 5.1"), ("Section 4.2", "Section 5.2")}
    assert all(c.type == "unchanged" for c in result.changes if c.renumbered)
    (cap,) = result.of_type("modified")  # shifted and changed: both said
    assert cap.summary == 'Section 3.1 → Section 4.1; added: "150% of"'
    md = render(result, "md", lang="en")
    assert "**Renumbered only (5)**" in md and "Modified 1" in md and "Section 4.2→Section 5.2" in md
    assert json.loads(result.to_json())["stats"]["renumbered"] == 5


def test_the_english_example_keeps_a_wrapped_schedule_reference_in_its_clause(use_embedder):
    result = hikaku.compare("examples/terms_v1.md", "examples/terms_v2.md", embedder=use_embedder, lang="en")
    assert [c.item for c in result.of_type("added")] == ["5. Data Protection"]
    levels = next(c for c in result.changes if c.item == "4. Service Levels")
    assert levels.b_text.endswith("the service credits set out in\nSchedule 2.")
    assert levels.summary == '99.5% → 99.9%; added: "If it does not, the Customer receives the service credits s…"'


def _clauses(lines: list[str]) -> str:
    return "\n\n".join(lines) + "\n"


def test_clauses_with_their_text_on_the_label_line_are_called_by_their_label(tmp_path, use_embedder):
    from hikaku.renderers import RenderOptions
    from hikaku.renderers.taisho import build_table

    a = ["# 服務規程", "第1条　この規程は、社員の服務について定める。", "第2条　社員は、誠実に職務を遂行しなければならない。",
         "第3条　社員は、会社の許可なく兼業してはならない。"]
    b = [*a[:2], "第2条　社員は、誠実かつ公正に職務を遂行しなければならない。", a[3]]
    (tmp_path / "a.md").write_text(_clauses(a), encoding="utf-8")
    (tmp_path / "b.md").write_text(_clauses(b), encoding="utf-8")
    result = hikaku.compare(tmp_path / "a.md", tmp_path / "b.md", embedder=use_embedder)
    (change,) = result.of_type("modified")
    assert (change.item, change.path, change.summary) == ("第2条", ["服務規程"], "追加: 「かつ公正」")
    rows = build_table(result, RenderOptions()).rows
    assert [r.kind for r in rows] == ["section", "omitted", "change", "omitted"]  # one heading row: 服務規程

    en_a = ["ARTICLE 1 DEFINITIONS",
            'Section 1.1 "Affiliate" means any entity that controls, is controlled by, or is under common control.',
            'Section 1.2 "Confidential Information" means all non-public information disclosed by one party.']
    en_b = [*en_a[:2], en_a[2][:-1] + ", whether marked as confidential or not."]
    (tmp_path / "a.txt").write_text(_clauses(en_a), encoding="utf-8")
    (tmp_path / "b.txt").write_text(_clauses(en_b), encoding="utf-8")
    result = hikaku.compare(tmp_path / "a.txt", tmp_path / "b.txt", embedder=use_embedder, lang="en")
    (change,) = result.of_type("modified")
    assert (change.item, change.path) == ("Section 1.2", ["ARTICLE 1 DEFINITIONS"])
    assert change.summary == 'added: "whether marked as confidential or not"'
    rows = build_table(result, RenderOptions(lang="en")).rows
    assert [r.kind for r in rows] == ["section", "omitted", "change"]


def test_every_row_of_a_pdf_pair_names_the_pages_of_its_text(pdf_result, json_result, tmp_path):
    """A reviewer goes from a row to the page of the PDF: every row that is not 一致 has the pages of
    each side it has (in the JSON, and 「p.N」 in the reports); chunk JSON has no pages."""
    shown = [c for c in pdf_result.changes if c.type != "unchanged"]
    assert shown
    for c in shown:
        assert bool(c.a_pages) == bool(c.a_ids) and bool(c.b_pages) == bool(c.b_ids), c.item
        assert all(1 <= p <= 20 for p in c.a_pages + c.b_pages) and c.a_pages == sorted(set(c.a_pages))
    toc = next(c for c in pdf_result.changes if "目次" in c.b_text)
    assert toc.b_pages == [1]  # the title and table of contents page
    later = [c for c in shown if c.b_pages and c.b_pages[0] > 1]
    assert later and all(later[k].b_pages[0] <= later[k + 1].b_pages[0] for k in range(len(later) - 1))
    data = hikaku.ComparisonResult.from_json(pdf_result.to_json())
    assert [(c.a_pages, c.b_pages) for c in data.changes] == [(c.a_pages, c.b_pages) for c in pdf_result.changes]
    md = render(pdf_result, "md")
    assert f"*p.{shown[-1].b_pages[0]}" in md
    assert all(not c.a_pages and not c.b_pages for c in json_result.changes)
    assert "*p." not in render(json_result, "md")
