"""The Excel 新旧対照表, read back with openpyxl: columns in both orders, underlines exactly on
the changed characters, （新設）/（削除）, section rows, text-only cells, print set-up."""

from __future__ import annotations

import io
import re
import sys
import zipfile

import openpyxl
import pytest
from openpyxl.cell.rich_text import CellRichText, TextBlock

from hikaku import MissingDependencyError, render
from hikaku.cli import main

from ..helpers import EXAMPLES
from .taisho_pair import CH1, CH2, FORMULA_NEW, FORMULA_OLD, NEW, OLD, clause

HEADERS = {"new-old": ["項目", "改正後", "改正前", "変更タイプ", "備考"],
           "old-new": ["項目", "改正前", "改正後", "変更タイプ", "備考"]}


def workbook(data: bytes):
    return openpyxl.load_workbook(io.BytesIO(data), rich_text=True)


def runs(cell) -> list[tuple[str, bool]]:
    """(text, underlined) of a cell: its rich-text runs, or the whole value in the cell's font."""
    value = cell.value
    if isinstance(value, CellRichText):
        return [(b.text, b.font.u not in (None, "none")) if isinstance(b, TextBlock) else (b, False) for b in value]
    return [(value or "", cell.font.u not in (None, "none"))]


def underlined(cell) -> list[str]:
    """The underlined stretches of a cell, adjacent runs joined."""
    out: list[str] = []
    previous = False
    for text, u in runs(cell):
        if u and previous:
            out[-1] += text
        elif u:
            out.append(text)
        previous = u
    return out


def text(cell) -> str:
    return "".join(t for t, _ in runs(cell))


def rows_by_item(ws) -> dict[str, list]:
    """The rows by clause number, each a clause's first (a continuation's 項目 ends 「（続き）」)."""
    return {clause(text(r[0])): list(r) for r in ws.iter_rows(min_row=2)
            if not text(r[0]).endswith(("（続き）", "(continued)"))}


@pytest.mark.parametrize("order", ["new-old", "old-new"])
def test_columns_and_underlines_on_the_changed_characters(policy, order):
    ws = workbook(render(policy, "xlsx", column_order=order)).worksheets[0]
    assert [c.value for c in ws[1]] == HEADERS[order]
    new, old = (1, 2) if order == "new-old" else (2, 1)
    rows = rows_by_item(ws)
    modified = [c for c in policy.changes if c.type == "modified"]
    assert len(modified) == 2  # 第2条 and the formula; 第6条, 第7条 are renumbered only
    for change in modified:
        row = rows[clause(change.item)]
        assert text(row[new]) == change.b_text and text(row[old]) == change.a_text
        assert underlined(row[new]) == [change.b_text[s:e] for s, e in change.diff.b]
        assert underlined(row[old]) == [change.a_text[s:e] for s, e in change.diff.a]
    assert underlined(rows["第2条"][new]) == ["25"] and underlined(rows["第2条"][old]) == ["20"]
    assert underlined(rows["第7条"][new]) == ["6", "5"]  # 第6条（請求）… 第5条に定める
    # a new clause: （新設） in the current column, all of its text underlined in the revised one
    added = rows["第3条の2"]
    assert text(added[old]) == "（新設）" and underlined(added[old]) == []
    assert underlined(added[new]) == [NEW.chunks[5].content]
    deleted = rows["第5条"]
    assert text(deleted[new]) == "（削除）" and underlined(deleted[new]) == []
    assert underlined(deleted[old]) == [OLD.chunks[7].content]
    assert text(deleted[3]) == "削除" and text(added[3]) == "追加"
    assert text(rows["第6条"][3]) == "条番号のみ変更" and text(rows["第2条"][3]) == "変更"
    assert text(rows["第2条"][4]) == "入院給付金日額の20倍 → 25倍"


def test_sections_and_omitted_clauses(policy):
    ws = workbook(render(policy, "xlsx")).worksheets[0]
    column_a = [clause(text(r[0])) for r in ws.iter_rows(min_row=2)]
    assert column_a == [CH1, "第1条", "第2条", "a4 → b4", "第3条", "第3条の2", CH2, "第4条", "第5条", "第6条", "第7条"]
    merged = {str(r) for r in ws.merged_cells.ranges}
    assert merged == {"A2:E2", "A8:E8"}  # the section rows span the table
    assert ws["A2"].font.b and ws["A2"].value == CH1
    assert [ws["B3"].value, ws["C3"].value, ws["D3"].value] == ["（略）", "（略）", "一致"]
    assert text(ws["A4"]) == f"第2条（入院給付金）\n{CH1}"  # 項目: label and heading path
    with_unchanged = workbook(render(policy, "xlsx", include_unchanged=True)).worksheets[0]
    values = [c.value for row in with_unchanged.iter_rows(min_row=2) for c in row]
    assert "（略）" not in values
    assert text(rows_by_item(with_unchanged)["第1条"][1]) == OLD.chunks[1].content
    assert text(rows_by_item(with_unchanged)["第1条"][3]) == "一致"


def test_every_cell_is_text_even_a_formula_lookalike(policy):
    data = render(policy, "xlsx")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheets = [z.read(n).decode() for n in z.namelist() if n.startswith("xl/worksheets/sheet")]
    assert sheets and not any(re.search(r"<f[ >]", s) for s in sheets)  # no formula anywhere
    # every cell with content is a shared string: no numbers, booleans or formulas
    types = [t for s in sheets for t in re.findall(r'<c r="[A-Z]+\d+"(?: s="\d+")?(?: t="(\w+)")?>', s)]
    assert types and set(types) == {"s"}
    wb = workbook(data)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.value is None or cell.data_type == "s", cell.coordinate
    row = rows_by_item(wb.worksheets[0])["a4 → b4"]
    assert text(row[1]) == FORMULA_NEW and text(row[2]) == FORMULA_OLD
    assert underlined(row[1]) == ["文字として"] and underlined(row[2]) == ["そのまま"]


def test_print_setup_and_view(policy):
    ws = workbook(render(policy, "xlsx")).worksheets[0]
    assert ws.title == "新旧対照表"
    assert ws.freeze_panes == "A2"  # the header row stays
    assert ws.print_title_rows == "$1:$1"  # and is printed on every page
    assert ws.auto_filter.ref == f"D1:D{ws.max_row}"  # on 変更タイプ
    setup = ws.page_setup
    assert setup.orientation == "landscape" and int(setup.paperSize) == 9  # A4
    # a print scale, not "fit to the page", which would ignore the page breaks the sheet sets
    assert not (ws.sheet_properties.pageSetUpPr and ws.sheet_properties.pageSetUpPr.fitToPage)
    assert 80 <= int(setup.scale or 100) <= 100
    widths = [next(d.width for d in ws.column_dimensions.values() if d.min <= k <= d.max) for k in range(1, 6)]
    assert widths[1] == widths[2] > widths[0] > widths[3]  # the texts get the room
    assert widths[1] >= 40  # about twenty full-width characters a line
    for cell in ws[4]:
        assert cell.alignment.wrap_text and cell.alignment.vertical == "top"
    assert ws["B4"].value[0].font.rFont == "Yu Mincho"  # a Japanese font in the runs too
    assert ws.row_dimensions[4].height > ws.row_dimensions[3].height  # two lines against one
    assert "新旧対照表" in ws.oddHeader.left.text and "&P" in ws.oddFooter.center.text
    summary = workbook(render(policy, "xlsx")).worksheets[1]
    assert summary.title == "概要"
    assert summary.sheet_properties.pageSetUpPr.fitToPage and summary.page_setup.fitToHeight == 0  # one page wide
    assert "新旧対照表" in summary.oddHeader.left.text and "&P" in summary.oddFooter.center.text
    assert all(summary.row_dimensions[r].height for r in range(1, summary.max_row + 1))  # values shown whole
    assert [summary["A2"].value, summary["B2"].value] == ["改正後", "傷害保険約款（2025年版）"]
    assert summary["A5"].value == "集計" and summary["B5"].value.startswith("追加 1 ／ 削除 1 ／ 変更 2")


def test_english_labels(policy):
    wb = workbook(render(policy, "xlsx", lang="en"))
    ws = wb.worksheets[0]
    assert [c.value for c in ws[1]] == ["Item", "Revised", "Current", "Change", "Note"]
    rows = rows_by_item(ws)
    assert text(rows["第3条の2"][2]) == "(new)" and text(rows["第5条"][1]) == "(deleted)"
    assert text(rows["第6条"][3]) == "Renumbered only" and text(rows["第1条"][1]) == "(omitted)"
    assert ws.title == "Comparison table" and wb.worksheets[1].title == "Summary"
    old_new = workbook(render(policy, "xlsx", lang="en", column_order="old-new")).worksheets[0]
    assert [c.value for c in old_new[1]] == ["Item", "Current", "Revised", "Change", "Note"]


def test_a_long_clause_goes_on_over_the_rows_after_it(policy):
    """Excel's tallest row is 409 pt: a clause of 40,000 characters is not cut (nor left to print cut
    off) but continued row after row, every row within the limit, the underlines where they were."""
    long = policy.model_copy(deep=True)
    change = next(c for c in long.changes if clause(c.item) == "第2条")
    change.b_text = "甲" * 40000 + change.b_text
    change.diff.b = [(s + 40000, e + 40000) for s, e in change.diff.b] + [(0, 3)]
    ws = workbook(render(long, "xlsx")).worksheets[0]
    rows = [r for r in ws.iter_rows(min_row=2) if clause(text(r[0])) == "第2条"]
    assert len(rows) > 60 and all(text(r[0]).endswith("（続き）") for r in rows[1:])
    assert "".join(text(r[1]) for r in rows).replace("\n", "") == change.b_text.replace("\n", "")
    assert underlined(rows[0][1]) == ["甲甲甲"] and underlined(rows[-1][1]) == ["25"]
    assert {text(r[3]) for r in rows} == {"変更"}  # a filter on 変更タイプ keeps the whole clause
    assert all(ws.row_dimensions[r[0].row].height <= 409 for r in rows)


def test_cli_chooses_xlsx_by_extension_and_takes_the_column_order(tmp_path, capsys):
    out = tmp_path / "taisho.xlsx"
    a, b = str(EXAMPLES / "shugyo_kisoku_v1.md"), str(EXAMPLES / "shugyo_kisoku_v2.md")
    assert main(["compare", a, b, "--embedding", "hashing", "--llm", "offline", "-o", str(out),
                 "--column-order", "old-new"]) == 0
    ws = workbook(out.read_bytes()).worksheets[0]
    assert [c.value for c in ws[1]] == HEADERS["old-new"]
    assert main(["compare", a, b, "--embedding", "hashing", "--llm", "offline", "-f", "md",
                 "--column-order", "new-old"]) == 2
    assert "the md format has a fixed column layout; a column order applies to xlsx, docx" in capsys.readouterr().err


def test_missing_xlsxwriter_names_the_extra(policy, monkeypatch):
    monkeypatch.setitem(sys.modules, "xlsxwriter", None)  # import xlsxwriter raises ImportError
    with pytest.raises(MissingDependencyError, match=r"pip install 'hikaku\[xlsx\]'"):
        render(policy, "xlsx")


def test_cli_writes_binary_to_a_pipe_but_not_to_a_terminal(tmp_path, capsysbinary, monkeypatch):
    a, b = str(EXAMPLES / "shugyo_kisoku_v1.md"), str(EXAMPLES / "shugyo_kisoku_v2.md")
    args = ["compare", a, b, "--embedding", "hashing", "--llm", "offline", "-f", "xlsx"]
    assert main(args) == 0
    out = capsysbinary.readouterr().out
    assert out.startswith(b"PK") and workbook(out).worksheets[0]["B1"].value == "改正後"
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(args) == 2
    captured = capsysbinary.readouterr()
    assert captured.out == b""
    assert b"xlsx is a binary format: write it to a file with -o FILE.xlsx" in captured.err
