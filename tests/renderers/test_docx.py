"""The Word 新旧対照表, read back with python-docx: page set-up, the titles and date at the top,
a table with a repeated header row in both column orders, underlined runs exactly on the
changed characters, （新設）/（削除）, section rows, a Japanese font, page numbers."""

from __future__ import annotations

import datetime as dt
import io
import sys
import zipfile

import docx
import pytest
from docx.enum.section import WD_ORIENT
from docx.oxml.ns import qn
from docx.shared import Mm

from hikaku import MissingDependencyError, render
from hikaku.cli import main

from ..helpers import EXAMPLES
from .taisho_pair import CH1, CH2, FORMULA_NEW, NEW, OLD, TITLE_NEW, TITLE_OLD, clause

HEADERS = {"new-old": ["項目", "改正後", "改正前", "変更タイプ", "備考"],
           "old-new": ["項目", "改正前", "改正後", "変更タイプ", "備考"]}


def document(data: bytes):
    return docx.Document(io.BytesIO(data))


def underlined(cell) -> list[str]:
    """The underlined stretches of a cell's text, adjacent runs joined."""
    out: list[str] = []
    previous = False
    for p in cell.paragraphs:
        for r in p.runs:
            u = bool(r.underline)
            if u and previous:
                out[-1] += r.text
            elif u and r.text:
                out.append(r.text)
            previous = u
    return out


def unique_cells(row) -> list:
    """A row's cells, a merged cell once."""
    out: list = []
    for cell in row.cells:
        if not out or cell._tc is not out[-1]._tc:
            out.append(cell)
    return out


def rows_by_item(table) -> dict[str, list]:
    return {clause(row.cells[0].text): row.cells for row in table.rows[1:]}


@pytest.mark.parametrize("order", ["new-old", "old-new"])
def test_columns_and_underlines_on_the_changed_characters(policy, order):
    table = document(render(policy, "docx", column_order=order)).tables[0]
    assert [c.text for c in table.rows[0].cells] == HEADERS[order]
    new, old = (1, 2) if order == "new-old" else (2, 1)
    rows = rows_by_item(table)
    modified = [c for c in policy.changes if c.type == "modified"]
    assert len(modified) == 2  # 第2条 and the formula; 第6条, 第7条 are renumbered only
    for change in modified:
        cells = rows[clause(change.item)]
        assert cells[new].text == change.b_text and cells[old].text == change.a_text
        assert underlined(cells[new]) == [change.b_text[s:e] for s, e in change.diff.b]
        assert underlined(cells[old]) == [change.a_text[s:e] for s, e in change.diff.a]
    assert underlined(rows["第2条"][new]) == ["25"] and underlined(rows["第2条"][old]) == ["20"]
    formula = rows["a4 → b4"]
    assert formula[new].text == FORMULA_NEW and underlined(formula[new]) == ["文字として"]
    added, deleted = rows["第3条の2"], rows["第5条"]
    assert added[old].text == "（新設）" and underlined(added[old]) == []
    assert underlined(added[new]) == [NEW.chunks[5].content]
    assert deleted[new].text == "（削除）" and underlined(deleted[new]) == []
    assert underlined(deleted[old]) == [OLD.chunks[7].content]
    assert rows["第6条"][3].text == "条番号のみ変更" and rows["第2条"][4].text == "入院給付金日額の20倍 → 25倍"
    # renumbered only: shown (not （略）) with the numbers that changed underlined, its reference too
    assert underlined(rows["第6条"][new]) == ["5"] and underlined(rows["第6条"][old]) == ["6"]
    assert underlined(rows["第7条"][new]) == ["6", "5"] and rows["第7条"][4].text == "第7条 → 第6条、第6条 → 第5条"


def test_page_titles_date_and_footer(policy):
    data = render(policy, "docx")
    d = document(data)
    assert "docProps/thumbnail.jpeg" not in zipfile.ZipFile(io.BytesIO(data)).namelist()  # no blank preview
    section = d.sections[0]
    assert section.orientation == WD_ORIENT.LANDSCAPE
    assert abs(section.page_width - Mm(297)) < Mm(1) and abs(section.page_height - Mm(210)) < Mm(1)
    top = [p.text for p in d.paragraphs[:5]]
    assert top[:3] == ["新旧対照表", f"改正後：{TITLE_NEW}", f"改正前：{TITLE_OLD}"]
    today = dt.date.today()
    assert top[3] in (f"作成日：{today.year}年{today.month}月{today.day}日",
                      "作成日：{0.year}年{0.month}月{0.day}日".format(today - dt.timedelta(days=1)))
    assert top[4].startswith("集計：追加 1 ／ 削除 1 ／ 変更 2")
    footer = section.footer.paragraphs[0]._p
    instructions = [e.text.strip() for e in footer.iter(qn("w:instrText"))]
    assert instructions == ["PAGE", "NUMPAGES"]
    assert [e.get(qn("w:fldCharType")) for e in footer.iter(qn("w:fldChar"))] == ["begin", "separate", "end"] * 2
    assert d.core_properties.title.startswith("新旧対照表")


def test_table_header_repeats_and_sections_span_the_table(policy):
    d = document(render(policy, "docx"))
    table = d.tables[0]
    header = table.rows[0]._tr
    assert header.trPr.find(qn("w:tblHeader")) is not None  # repeated on every page
    assert all(r.bold for c in table.rows[0].cells for r in c.paragraphs[0].runs)
    first = [unique_cells(row) for row in table.rows[1:]]
    sections = [cells[0].text for cells in first if len(cells) == 1]
    assert sections == [CH1, CH2]
    assert [c.text for c in first[1]] == ["第1条（目的）", "（略）", "（略）", "一致", ""]
    assert first[2][0].text == f"第2条（入院給付金）\n{CH1}"  # 項目: label and heading path
    with_unchanged = document(render(policy, "docx", include_unchanged=True)).tables[0]
    texts = [c.text for row in with_unchanged.rows for c in row.cells]
    assert "（略）" not in texts and OLD.chunks[1].content in texts
    widths = [c.width for c in table.rows[3].cells]
    assert widths[1] == widths[2] > widths[0] > widths[3]
    assert sum(widths) <= Mm(297 - 20)  # inside the margins


def test_japanese_font_on_every_run(policy):
    d = document(render(policy, "docx"))
    runs = [r for p in d.paragraphs for r in p.runs]
    runs += [r for row in d.tables[0].rows for c in row.cells for p in c.paragraphs for r in p.runs]
    assert len(runs) > 50
    for r in runs:
        fonts = r._r.rPr.find(qn("w:rFonts"))
        assert fonts.get(qn("w:eastAsia")) == "Yu Mincho" and fonts.get(qn("w:ascii")) == "Yu Mincho"
    normal = d.styles["Normal"].element.rPr.find(qn("w:rFonts"))
    assert normal.get(qn("w:eastAsia")) == "Yu Mincho"
    font_table = next(p for p in d.part.package.iter_parts() if str(p.partname) == "/word/fontTable.xml").blob
    assert "<w:font w:name=\"Yu Mincho\"><w:altName w:val=\"ＭＳ 明朝\"/>" in font_table.decode()


def test_english_labels(policy):
    d = document(render(policy, "docx", lang="en"))
    table = d.tables[0]
    assert [c.text for c in table.rows[0].cells] == ["Item", "Revised", "Current", "Change", "Note"]
    rows = rows_by_item(table)
    assert rows["第3条の2"][2].text == "(new)" and rows["第5条"][1].text == "(deleted)"
    assert rows["第1条"][1].text == "(omitted)" and rows["第6条"][3].text == "Renumbered only"
    assert [p.text for p in d.paragraphs[:3]] == ["Comparison table", f"Revised: {TITLE_NEW}", f"Current: {TITLE_OLD}"]
    assert d.paragraphs[3].text.startswith("Date: 2") and d.paragraphs[4].text.startswith("Totals: Added 1 / Deleted 1")
    old_new = document(render(policy, "docx", lang="en", column_order="old-new"))
    assert [c.text for c in old_new.tables[0].rows[0].cells] == ["Item", "Current", "Revised", "Change", "Note"]
    assert [p.text for p in old_new.paragraphs[1:3]] == [f"Current: {TITLE_OLD}", f"Revised: {TITLE_NEW}"]


def test_text_word_cannot_hold_is_replaced_one_for_one(policy):
    odd = policy.model_copy(deep=True)
    change = next(c for c in odd.changes if clause(c.item) == "第2条")
    change.b_text = change.b_text.replace("入院", "入\x0b院", 1)  # a vertical tab from a PDF, before the change
    change.diff.b = [(s + 1, e + 1) for s, e in change.diff.b]
    cells = rows_by_item(document(render(odd, "docx")).tables[0])["第2条"]
    assert "入\ufffd院" in cells[1].text and underlined(cells[1]) == ["25"]


def test_cli_writes_docx_by_extension(tmp_path, capsys):
    out = tmp_path / "taisho.docx"
    a, b = str(EXAMPLES / "shugyo_kisoku_v1.md"), str(EXAMPLES / "shugyo_kisoku_v2.md")
    assert main(["compare", a, b, "--embedding", "hashing", "--llm", "offline", "-o", str(out), "--lang", "en"]) == 0
    d = document(out.read_bytes())
    assert [c.text for c in d.tables[0].rows[0].cells] == ["Item", "Revised", "Current", "Change", "Note"]
    assert d.paragraphs[1].text == "Revised: 就業規則（2025年4月1日施行）"
    texts = [c.text for row in d.tables[0].rows for c in row.cells]
    assert "第8章　秘密保持" in texts and "(deleted)" in texts


def test_missing_python_docx_names_the_extra(policy, monkeypatch):
    monkeypatch.setitem(sys.modules, "docx", None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'hikaku\[docx\]'"):
        render(policy, "docx")
