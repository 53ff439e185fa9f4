"""Pages of a Word file from the breaks Word recorded when it laid the file out: a page that
starts in the middle of a paragraph, a hard page break followed by the rendered break Word
writes after it (one page, not two), a heading whose style starts a page, a break carried by
an empty paragraph, a page that starts inside a table, a section that starts a page. A file
no layout was recorded in (python-docx, LibreOffice) gets no pages, even with hard breaks."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

import hikaku
from hikaku import load_document

BODY = "被保険者が入院したときは、入院給付金を支払います。"


def _break(run, kind: str = "rendered") -> None:
    """Put a break first in *run* (python-docx Run): Word's rendered one, or a hard page break."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    if kind == "rendered":
        el = OxmlElement("w:lastRenderedPageBreak")
    else:
        el = OxmlElement("w:br")
        el.set(qn("w:type"), "page")
    rpr = run._r.rPr
    if rpr is not None:
        rpr.addnext(el)
    else:
        run._r.insert(0, el)


def laid_out(path: Path, *, rendered: bool = True) -> Path:
    """A 約款 over six pages, written as Word writes a file it laid out (*rendered*: with
    ``w:lastRenderedPageBreak`` where pages start; without: the hard breaks alone)."""
    import docx
    from docx.oxml import OxmlElement

    d = docx.Document()
    d.add_heading("医療保険普通保険約款", level=1)
    d.add_heading("第1条（目的）", level=3)
    d.add_paragraph("この約款は、医療保険契約の内容を定めます。")
    # page 2 starts in the middle of 第2条's paragraph
    d.add_heading("第2条（入院給付金）", level=3)
    p = d.add_paragraph()
    p.add_run(BODY * 3)
    second = p.add_run("２　入院給付金の額は、日額に入院日数を乗じた額とします。")
    if rendered:
        _break(second)
    # 第3条 ends with a hard page break; Word writes a rendered break where 第4条 starts
    d.add_heading("第3条（手術給付金）", level=3)
    p = d.add_paragraph("被保険者が手術を受けたときは、手術給付金を支払います。")
    _break(p.add_run(""), "page")
    heading = d.add_heading("第4条（通院給付金）", level=3)
    if rendered:
        _break(heading.runs[0])
    d.add_paragraph("被保険者が通院したときは、通院給付金を支払います。")
    # an empty paragraph carries the break to page 4: 第5条 starts it
    empty = d.add_paragraph()
    _break(empty.add_run(""), "page")
    heading = d.add_heading("第5条（給付の制限）", level=3)
    if rendered:
        _break(heading.runs[0])
    d.add_paragraph("故意による事故については、給付金を支払いません。")
    # a style that starts a page (Heading 2 here), and a page 6 that starts in a table's third row
    d.styles["Heading 2"].paragraph_format.page_break_before = True
    heading = d.add_heading("別表1（給付の一覧）", level=2)
    if rendered:
        _break(heading.runs[0])
    rows = [("給付金", "支払額"), ("入院給付金", "日額×日数"), ("手術給付金", "日額×10倍"), ("通院給付金", "日額×日数")]
    table = d.add_table(rows=len(rows), cols=2)
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            table.cell(i, j).text = text
    if rendered:
        _break(table.cell(2, 0).paragraphs[0].runs[0])
    # the last section ends with a section break that starts a page: 附則 is on page 7
    d.add_paragraph("以上")
    sect = OxmlElement("w:sectPr")  # a section break in the last paragraph's properties (type: nextPage)
    d.paragraphs[-1]._p.get_or_add_pPr().append(sect)
    heading = d.add_heading("附則", level=3)
    if rendered:
        _break(heading.runs[0])
    d.add_paragraph("この約款は、2025年4月1日から施行します。")
    d.save(str(path))
    return path


def pages(path: Path) -> dict[str, tuple[int, int] | None]:
    out = {}
    for c in load_document(path).chunks:
        label = c.structure.structural_label or c.structure.heading or c.id
        md = c.metadata
        out[label] = (md["page_start"], md["page_end"]) if "page_start" in md else None
    return out


def test_pages_from_the_breaks_word_recorded(tmp_path):
    got = pages(laid_out(tmp_path / "laid_out.docx"))
    assert got == {
        "医療保険普通保険約款": (1, 1),
        "第1条": (1, 1),
        "第2条": (1, 2),  # the page starts in its paragraph
        "第3条": (2, 2),
        "第4条": (3, 3),  # the hard break and Word's rendered break after it: one page
        "第5条": (4, 4),  # the break of the empty paragraph before it
        "別表1": (5, 6),  # its style starts page 5; page 6 starts in the table's third row
        "附則": (7, 7),  # the section break before it
    }


def test_the_text_is_the_same_with_or_without_the_breaks(tmp_path):
    a = load_document(laid_out(tmp_path / "a.docx"))
    b = load_document(laid_out(tmp_path / "b.docx", rendered=False))
    assert [c.content for c in a.chunks] == [c.content for c in b.chunks]


def test_a_file_word_never_laid_out_has_no_pages(tmp_path):
    """Its hard breaks alone would put 第5条 on page 3, not 4: no pages rather than wrong ones."""
    got = pages(laid_out(tmp_path / "hard_breaks_only.docx", rendered=False))
    assert got and set(got.values()) == {None}


def test_a_style_break_needs_no_direct_formatting(tmp_path):
    """The heading's own properties say nothing: the break is its style's (Heading 2)."""
    path = laid_out(tmp_path / "style.docx")
    with zipfile.ZipFile(path) as z:
        xml = z.read("word/document.xml").decode()
        styles = z.read("word/styles.xml").decode()
    assert xml.count("pageBreakBefore") == 0 and "pageBreakBefore" in styles


@pytest.mark.parametrize("rendered", [True, False])
def test_the_rows_carry_the_pages(tmp_path, rendered):
    """A comparison of two Word files: every row has the pages of each side it has (when Word
    laid them out), none otherwise."""
    a = laid_out(tmp_path / "a.docx", rendered=rendered)
    b_doc = tmp_path / "b.docx"
    import docx

    d = docx.Document(str(a))
    for p in d.paragraphs:
        if p.text.startswith("故意による"):
            p.runs[0].text = "故意または重大な過失による事故については、給付金を支払いません。"
    d.save(str(b_doc))
    result = hikaku.compare(a, b_doc, embedding="hashing", llm="offline")
    changed = [c for c in result.changes if c.type == "modified"]
    assert changed and changed[0].item.startswith("第5条")
    for c in result.changes:
        if rendered:
            assert bool(c.a_pages) == bool(c.a_ids) and bool(c.b_pages) == bool(c.b_ids), c.item
        else:
            assert not c.a_pages and not c.b_pages
    if rendered:
        assert (changed[0].a_pages, changed[0].b_pages) == ([4], [4])
