"""The section 「引用条項の確認」 / "Cross-references to check" in every report: Markdown, HTML (the
reference marked in its row and listed in the review queue), Word and the Excel 概要 sheet."""

from __future__ import annotations

import io
import re

import hikaku
from hikaku.result import Change, ComparisonResult, DocumentInfo, ReferenceFlag

B_TEXT = "第7条（試用期間）\n新たに採用した者については、3か月間を試用期間とする。\n２　試用期間中に第9条各号のいずれかに該当したときは、解雇することがある。"


def _result() -> ComparisonResult:
    rows = [
        Change(type="unchanged", a_ids=["a6"], b_ids=["b7"], item="第6条（試用期間）", a_text=B_TEXT.replace("第7条", "第6条"),
               b_text=B_TEXT, renumbered=True, renumbering=[("第6条", "第7条")]),
        Change(type="unchanged", a_ids=["a9"], b_ids=["b10"], item="第9条（解雇）", a_text="第9条（解雇）\n解雇する。",
               b_text="第10条（解雇）\n解雇する。", renumbered=True, renumbering=[("第9条", "第10条")]),
        Change(type="modified", a_ids=["a8"], b_ids=["b9"], item="第8条（人事異動）", a_text="第8条（人事異動）\n異動させる。",
               b_text="第9条（人事異動）\n異動を命ずる。"),
    ]
    start = B_TEXT.index("第9条")
    flag = ReferenceFlag(kind="stale", change=0, b_id="b7", text="第9条", start=start, end=start + 3, a_text="第9条",
                         a_target="第9条", a_target_ids=["a9"], b_target="第9条", b_target_ids=["b9"],
                         suggestion="第10条", suggestion_ids=["b10"])
    gone = ReferenceFlag(kind="missing_target", change=2, b_id="b9", text="第30条", start=0, end=0)
    return ComparisonResult(document_a=DocumentInfo(id="a", title="就業規則", chunk_count=3),
                            document_b=DocumentInfo(id="b", title="就業規則", chunk_count=3), changes=rows,
                            references=[flag, gone])


def test_markdown_lists_each_reference_with_what_to_check():
    md = hikaku.render(_result(), "md")
    section = md[md.index("### 引用条項の確認（2件）"):]
    assert "| 項目 | 引用 | 種類 | 確認事項 |" in section
    assert ("| 第7条（試用期間） | 第9条 | 番号の更新漏れ | 「第9条」が指していた第9条（解雇）は第10条になっています"
            "（「第9条」は現在第9条（人事異動）を指しています）。「第10条」の誤りの可能性があります |") in section
    assert "| 第9条（人事異動） | 第30条 | 存在しない規定の引用 | 「第30条」に当たる規定がありません |" in section
    # after the table of rows, before the closing totals (the revision summary opens with them too)
    assert md.index("| 項目 | ") < md.index("### 引用条項の確認") < md.rindex("**集計**")
    en = hikaku.render(_result(), "md", lang="en")
    assert "### Cross-references to check (2)" in en and "| Item | Reference | Kind | What to check |" in en
    assert "it probably should read \"第10条\"" in en
    plain = _result().model_copy(update={"references": []})
    assert "引用条項" not in hikaku.render(plain, "md")


def test_html_marks_the_reference_in_its_row_and_lists_it_in_the_review_queue():
    html = hikaku.render(_result(), "html")
    row = re.search(r'<tr class="change" id="row-0"[^>]*>.*?</tr>', html, re.S).group()
    assert 'data-review="1"' in row and '<a class="badge reference" href="#references"' in row
    mark = re.search(r'<mark class="ref stale" id="ref-0-(\d+)" title="([^"]*)">第9条</mark>', row)
    assert mark is not None and int(mark.group(1)) == B_TEXT.index("第9条") and "第10条" in mark.group(2)
    queue = re.search(r'<section class="review-queue".*?</section>', html, re.S).group()
    assert f'<a href="#ref-0-{mark.group(1)}">第7条（試用期間） 「第9条」</a> — 番号の更新漏れ' in queue
    section = re.search(r'<section class="references" id="references".*?</section>', html, re.S).group()
    assert "引用条項の確認（2件）" in section and f'href="#ref-0-{mark.group(1)}"' in section
    assert '<li class="references"><a href="#references">引用条項の確認 2</a></li>' in html
    # the desk's 要確認 filter counts the rows it shows: those holding a reference to check (no queue here)
    review = re.search(r'<button type="button" data-filter="review"[^>]*>要確認 <span class="n">(\d+)</span>', html)
    flagged = re.findall(r'<tr class="change" id="row-(\d+)"[^>]*data-review="1"', html)
    assert review is not None and int(review.group(1)) == len(flagged) == 2 and flagged == ["0", "2"]


def test_word_and_excel_hold_the_section(tmp_path):
    import docx
    import openpyxl

    document = docx.Document(io.BytesIO(hikaku.render(_result(), "docx")))
    assert any(p.text == "引用条項の確認（2件）" for p in document.paragraphs)
    cells = [[c.text for c in r.cells] for r in document.tables[-1].rows]
    assert cells[0] == ["項目", "引用", "種類", "確認事項"] and cells[1][:3] == ["第7条（試用期間）", "第9条", "番号の更新漏れ"]
    book = openpyxl.load_workbook(io.BytesIO(hikaku.render(_result(), "xlsx")))
    values = [row for row in book["概要"].iter_rows(values_only=True)]
    at = [row[0] for row in values].index("引用条項の確認（2件）")
    assert values[at + 1][0] == "第7条（試用期間）\n「第9条」" and values[at + 1][1].startswith("番号の更新漏れ: 「第9条」")


def test_html_renders_two_flags_on_one_span():
    """Two flags on the same characters (a reference read twice) are both listed and the row renders:
    their order is their place, never a comparison of the flags themselves."""
    result = _result()
    twice = result.references[0].model_copy(update={"kind": "relative_shift"})
    result = result.model_copy(update={"references": [result.references[0], twice, result.references[1]]})
    html = hikaku.render(result, "html")
    row = re.search(r'<tr class="change" id="row-0"[^>]*>.*?</tr>', html, re.S).group()
    assert row.count(">第9条</mark>") == 1 and "引用 2" in row
