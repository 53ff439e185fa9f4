"""PDF pages set in columns, and tables (loaders/pdf/columns.py, _pdf_tables.py): read
column by column, a title across the page once and first, a table row by row with its
cells apart; pages of one column read exactly as before (a page whose order is in doubt:
test_load_notes.py). The PDFs are built by the tests (tests/loaders/make_layouts.py)."""

from __future__ import annotations

import pytest

import hikaku
from hikaku.loaders.pdf.columns import reading_order
from hikaku.loaders.pdf.layout import clean_pages
from hikaku.loaders.pdf.reader import PdfLine, read_pdf
from hikaku.loaders.pdf.tables import join_rows
from tests.loaders.make_files import ARTICLES_V1, make_pdf
from tests.loaders.make_layouts import en_sections, ja_articles, make_columns_pdf, make_table_pdf
from tests.policy_docs import make_policy_pdf

NEW_ARTICLE = ("第9条の2（特約の付加）", "保険契約者は、会社の承諾を得て、この保険契約に特約を付加することができます。")


def _expected(title: str, clauses: list[tuple[str, str]]) -> list[str]:
    return [title] + [line for clause in clauses for line in clause]


def _changes(result):
    return [c for c in result.changes if c.type != "unchanged"]


@pytest.fixture(scope="module")
def ja_pair(tmp_path_factory):
    d = tmp_path_factory.mktemp("columns")
    v1 = ja_articles(20)
    v2 = [*v1[:9], NEW_ARTICLE, *v1[9:]]
    return (make_columns_pdf(d / "v1.pdf", v1), make_columns_pdf(d / "v2.pdf", v2)), (v1, v2)


def test_a_two_column_japanese_policy_is_read_column_by_column(ja_pair):
    (p1, p2), (v1, v2) = ja_pair
    pages = read_pdf(p1)
    assert len(pages) >= 2 and any(ln.x > 300 for ln in pages[0])  # the setting: two pages, two columns
    clean = clean_pages(pages)
    # the title across the page first, then every article whole, in order; header and page numbers gone
    assert clean.text.splitlines() == _expected("普通保険約款", v1)
    assert clean.columns[1] == 2 and not clean.doubts
    assert clean_pages(read_pdf(p2)).text.splitlines() == _expected("普通保険約款", v2)


def test_an_article_added_in_the_right_column_is_added_with_its_own_text(ja_pair, use_embedder):
    (p1, p2), _ = ja_pair
    first_page = read_pdf(p2)[0]
    (heading,) = [ln for ln in first_page if ln.text == NEW_ARTICLE[0]]
    assert heading.x > 300  # it stands in the right column
    (change,) = _changes(hikaku.compare(p1, p2, embedder=use_embedder))
    assert change.type == "added" and change.item == NEW_ARTICLE[0]
    assert change.b_text == "\n".join(NEW_ARTICLE)


def test_an_english_clause_changed_in_the_right_column_is_one_modified_row(tmp_path, use_embedder):
    v1 = en_sections(22)
    v2 = [(h, b.replace("77 days", "90 days")) for h, b in v1]  # Section 11, on the right
    p1 = make_columns_pdf(tmp_path / "v1.pdf", v1, lang="en", title="Master Services Agreement")
    p2 = make_columns_pdf(tmp_path / "v2.pdf", v2, lang="en", title="Master Services Agreement")
    pages = read_pdf(p1)
    assert any(ln.x > 300 and ln.text.startswith("Section 11.") for ln in pages[0])
    assert clean_pages(pages).text.splitlines() == _expected("Master Services Agreement", v1)
    (change,) = _changes(hikaku.compare(p1, p2, embedder=use_embedder))
    assert change.type == "modified" and change.item.startswith("Section 11")
    assert [change.a_text[s:e] for s, e in change.diff.a] == ["77"]
    assert [change.b_text[s:e] for s, e in change.diff.b] == ["90"]


def test_three_columns_and_a_title_centred_over_the_middle_one(tmp_path):
    articles = ja_articles(30)
    path = make_columns_pdf(tmp_path / "three.pdf", articles, columns=3, size=9)
    clean = clean_pages(read_pdf(path))
    assert clean.columns[1] == 3
    # a line that ends with 。 ends its paragraph (the PDF cannot tell): the text as one string
    assert "".join(clean.text.splitlines()) == "".join(_expected("普通保険約款", articles))
    headings = [ln for ln in clean.text.splitlines() if ln.startswith("第") and ln.endswith("）")]
    assert headings == [h for h, _ in articles]


def test_pages_of_one_column_are_read_as_before(tmp_path):
    """The same lines in the same order, on the test suites' policy PDFs (a TOC, riders,
    running headers and footers, indented body text)."""
    for path in (make_policy_pdf(tmp_path / "policy.pdf", 2), make_pdf(tmp_path / "plain.pdf", ARTICLES_V1)):
        for page in read_pdf(path):
            order = reading_order(page)
            assert order.lines == page and order.columns == 1 and order.doubt is None
            assert join_rows(page) == page


TABLE_V1 = [["区分", "給付倍率", "限度"], ["入院", "1倍", "1,095日"], ["手術", "20倍", "なし"], ["通院", "0.5倍", "30日"]]


def test_a_table_is_read_row_by_row_with_its_cells_apart(tmp_path, use_embedder):
    p1 = make_table_pdf(tmp_path / "v1.pdf", TABLE_V1)
    v2 = [r[:] for r in TABLE_V1]
    v2[2][1] = "25倍"
    p2 = make_table_pdf(tmp_path / "v2.pdf", [*v2, ["先進医療", "1倍", "2,000万円"]])
    clean = clean_pages(read_pdf(p1))
    assert clean.text.splitlines() == [
        "別表1（給付の一覧）",
        "| 区分 | 給付倍率 | 限度 |", "|---|---|---|", "| 入院 | 1倍 | 1,095日 |", "| 手術 | 20倍 | なし |",
        "| 通院 | 0.5倍 | 30日 |",
        "第1条（別表の適用）", "給付の額は、別表1に定めるところによります。",
    ]
    assert not clean.columns  # the table's columns are not columns of text
    (change,) = _changes(hikaku.compare(p1, p2, embedder=use_embedder))
    assert change.type == "modified" and change.item.startswith("別表1")
    assert "| 手術 | 25倍 | なし |" in change.b_text and "| 先進医療 | 1倍 | 2,000万円 |" in change.b_text
    assert [change.a_text[s:e] for s, e in change.diff.a] == ["20"]


def _line(text: str, top: float, x: float, right: float, size: float = 10.0) -> PdfLine:
    return PdfLine(text, top, top + 0.012, x, size, False, right)


def _two_columns(rows: int = 12) -> list[PdfLine]:
    lines = [_line("TITLE ACROSS THE PAGE", 0.08, 200, 400, 16)]
    lines += [_line(f"L{k} " + "x" * 40, 0.12 + 0.02 * k, 50, 280) for k in range(rows)]
    lines += [_line(f"R{k} " + "y" * 40, 0.12 + 0.02 * k, 310, 540) for k in range(rows)]
    return sorted(lines, key=lambda ln: (round(ln.top, 3), ln.x))


def test_columns_are_read_after_the_line_across_them():
    order = reading_order(_two_columns())
    assert order.columns == 2 and order.doubt is None
    assert [ln.text.split()[0] for ln in order.lines] == ["TITLE"] + [f"L{k}" for k in range(12)] + [f"R{k}" for k in range(12)]


def test_a_line_across_the_gap_beside_column_text_is_a_doubt():
    lines = _two_columns()
    lines.append(_line("L12 runs on into the gap and past it", 0.12 + 0.02 * 12, 50, 320))
    lines.append(_line("R12 " + "y" * 30, 0.12 + 0.02 * 12, 330, 540))
    order = reading_order(sorted(lines, key=lambda ln: (round(ln.top, 3), ln.x)))
    assert order.columns == 2 and "overlapping columns" in (order.doubt or "")


def test_long_lines_side_by_side_without_a_gutter_are_a_doubt():
    lines = [_line(f"L{k} " + "x" * 40, 0.12 + 0.02 * k, 50, 280) for k in range(8)]
    lines += [_line(f"R{k} " + "y" * 40, 0.12 + 0.02 * k, 310, 540) for k in range(8)]
    lines += [_line(f"W{k} " + "z" * 80, 0.30 + 0.02 * k, 50, 540) for k in range(12)]  # most lines across
    order = reading_order(sorted(lines, key=lambda ln: (round(ln.top, 3), ln.x)))
    assert order.columns == 1 and "side by side" in (order.doubt or "")


def test_a_column_top_that_recurs_is_text_when_text_stands_beside_it():
    """A running header recurs in the page's margin; so can the first line of a column
    (第1条（目的） on one page, 第9条（目的） on the next). Beside it stands the other
    column's first line, which does not recur: it is text, not furniture."""
    def page(n: int, left: str, right: str) -> list[PdfLine]:
        lines = [_line("ひかく生命　約款集", 0.03, 50, 170, 8), _line(f"- {n} -", 0.96, 290, 310, 8),
                 _line(left, 0.10, 50, 150), _line(right, 0.10, 310, 540)]
        lines += [_line(f"左{n}の{k}" + "あ" * 20, 0.13 + 0.02 * k, 50, 280) for k in range(6)]
        lines += [_line(f"右{n}の{k}" + "い" * 20, 0.13 + 0.02 * k, 310, 540) for k in range(6)]
        return sorted(lines, key=lambda ln: (round(ln.top, 3), ln.x))

    text = clean_pages([page(1, "第1条（目的）", "第5条（保険料）" + "う" * 15),
                        page(2, "第9条（目的）", "第13条（解約）" + "え" * 15)]).text
    assert "約款集" not in text and "- 1 -" not in text  # the running header and page numbers go
    lines = text.splitlines()
    assert lines[0] == "第1条（目的）" and "第9条（目的）" in lines  # the columns' first lines stay


def test_a_paragraph_across_the_page_then_columns_then_a_table_across_them(tmp_path):
    """A page of a booklet: a preamble set across the page, two columns, a closing paragraph
    across the page, and a table whose middle column lies across the gutter's place: each read
    once, in order, the table whole with its rows."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    path = tmp_path / "mixed.pdf"
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setFont("HeiseiMin-W3", 10)
    y = A4[1] - 120
    preamble = [f"前文{k}" + "あ" * 43 for k in range(6)]
    left = [f"左{k:02d}" + "い" * 20 for k in range(15)]
    right = [f"右{k:02d}" + "う" * 20 for k in range(15)]
    closing = [f"結び{k}" + "え" * 42 for k in range(3)]
    for text in preamble:
        c.drawString(50, y, text)
        y -= 15
    for a, b in zip(left, right):
        c.drawString(50, y - 10, a)
        c.drawString(305, y - 10, b)
        y -= 15
    y -= 20
    for text in closing:
        c.drawString(50, y, text)
        y -= 15
    for row in [["区分", "金額", "備考"], ["入院", "5000円", "日額"], ["手術", "10万円", "1回"]]:
        for x, cell in zip([60, 250, 420], row):
            c.drawString(x, y - 10, cell)
        y -= 18
    c.save()
    clean = clean_pages(read_pdf(path))
    assert clean.columns == {1: 2} and not clean.doubts
    lines = clean.text.splitlines()
    assert lines[0] == "".join(preamble + left + right + closing)  # one sentence: no 。 anywhere
    assert lines[1:] == ["| 区分 | 金額 | 備考 |", "|---|---|---|", "| 入院 | 5000円 | 日額 |", "| 手術 | 10万円 | 1回 |"]


def test_captions_set_in_the_margin_beside_their_articles_are_not_a_table():
    lines = []
    for k in range(3):
        top = 0.2 + 0.1 * k
        lines.append(_line(f"（目的{k}）", top, 40, 100))
        lines.append(_line(f"第{k + 1}条　この約款は、会社が引き受ける保険契約の内容を定めるもので", top, 120, 520))
        lines.append(_line("す。", top + 0.02, 120, 140))
    lines.sort(key=lambda ln: (round(ln.top, 3), ln.x))
    assert join_rows(lines) == lines
    text = clean_pages([lines]).text
    assert "|" not in text  # read as before: the caption, then its article
    assert text.splitlines()[:3] == ["（目的0）", "第1条　この約款は、会社が引き受ける保険契約の内容を定めるもので", "す。"]
