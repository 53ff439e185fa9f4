"""Running headers and footers of PDF pages (loaders/pdf/furniture.py): what a page template
printed goes — once a page, at the same height, outermost, its numbers page numbers — and
text that merely recurs at the top of columns (clause headings, boilerplate) stays, also in
a document of two pages."""

from __future__ import annotations

import pytest

from hikaku import load_document
from hikaku.loaders.pdf.furniture import running_lines, without_furniture
from hikaku.loaders.pdf.reader import PdfLine
from tests.loaders.make_layouts import make_grid_pdf

BOILERPLATE = "The Customer shall comply with obligation number {n} as described herein, and the Provider " \
              "shall deliver service level {n} within {d} business days."
JA_BODY = "この保険契約において、会社は被保険者が保険期間中に所定の事由に該当したときは、規定に定めるところにより" \
          "保険金を支払います。保険金の額は基本保険金額の{n}割とします。"


def _en(n: int) -> list[tuple[str, str]]:
    return [(f"Section {k}. Clause {k}", BOILERPLATE.format(n=k, d=3 * k)) for k in range(1, n + 1)]


def test_a_short_document_keeps_the_headings_and_boilerplate_atop_its_columns(tmp_path):
    # two pages, two columns, each opening with "Section N. Clause N" and the same sentence:
    # recurring on every page in the margin, but twice a page, below the header, numbered
    # unlike pages — the document's text; the header and the page numbers go
    clauses = _en(16)
    doc = load_document(make_grid_pdf(tmp_path / "terms.pdf", clauses, header="ACME Terms of Service"))
    text = "\n".join(c.content for c in doc.chunks)
    assert [c.content.split("\n")[0] for c in doc.chunks] == [h for h, _ in clauses]
    for _, body in clauses:
        assert body in text
    assert "ACME" not in text and "Page" not in text


def test_a_single_column_page_of_two_keeps_its_first_clause(tmp_path):
    # page 2 holds one column: its "Section 9" at the height of page 1's "Section 1" once
    doc = load_document(make_grid_pdf(tmp_path / "short.pdf", _en(9), header="ACME Terms of Service"))
    assert [c.content.split("\n")[0] for c in doc.chunks] == [h for h, _ in _en(9)]


def test_a_long_document_loses_its_running_header_with_the_page_number_and_its_footer(tmp_path):
    # one column, three articles a page, each page opening with 第N条（規定）at the same
    # height under the header 「普通保険約款　N」 and above the footer 「- N -」
    clauses = [(f"第{k}条（規定）", JA_BODY.format(n=k)) for k in range(1, 19)]
    path = make_grid_pdf(tmp_path / "policy.pdf", clauses, header="ひかく生命　普通保険約款　{page}",
                         footer="- {page} -", columns=1, per_column=3, lang="ja")
    doc = load_document(path)
    text = "\n".join(c.content for c in doc.chunks)
    assert [c.content.split("\n")[0] for c in doc.chunks] == [h for h, _ in clauses]
    assert "普通保険約款" not in text and "- 3 -" not in text
    assert all(JA_BODY.format(n=k) in text for k in range(1, 19))
    assert [c.metadata["page_start"] for c in doc.chunks[::3]] == [1, 2, 3, 4, 5, 6]


def test_a_running_title_goes_beside_the_chapter_name_that_shares_its_row(tmp_path):
    # six pages, the header row holding the policy's title at the left and the current
    # chapter (changing every two pages: on fewer than half of them) at the right, a page
    # number in the foot: the row is the page template's, both go on every page
    chapters = ["第1章　総則", "第2章　保険金の支払", "第3章　保険契約の解除"]
    clauses = [(f"第{k}条（規定）", JA_BODY.format(n=k)) for k in range(1, 19)]
    path = make_grid_pdf(tmp_path / "chapters.pdf", clauses, header="ひかく損保　普通保険約款",
                         header_right=lambda page: chapters[(page - 1) // 2], footer="- {page} -",
                         columns=1, per_column=3, lang="ja")
    doc = load_document(path)
    text = "\n".join(c.content for c in doc.chunks)
    assert "普通保険約款" not in text
    assert not any(ch in text for ch in chapters)
    assert [c.content.split("\n")[0] for c in doc.chunks] == [h for h, _ in clauses]
    assert all(JA_BODY.format(n=k) in text for k in range(1, 19))


def test_a_two_page_document_keeps_a_running_line_beside_a_column_top():
    # two pages whose left column opens with the same line at the same height (a running
    # line by every other rule) and whose right column opens with a clause of its own:
    # two pages are too few to take the row for a page template's, the column tops stay
    pages = [[_line("共通事項", 0.05), _line(f"第{k}条（規定）", 0.05, x=300.0), _line("本文", 0.3)] for k in (1, 9)]
    running = running_lines(pages)
    assert ("top", "共通事項") in running
    assert [ln.text for ln in without_furniture(pages[1], running)] == ["共通事項", "第9条（規定）", "本文"]


def _line(text: str, top: float, x: float = 50.0) -> PdfLine:
    return PdfLine(text, top, top + 0.012, x, size=10.0, right=x + 200.0)


def _pages(header, n: int = 4, body: str = "本文の{p}ページ目です。") -> list[list[PdfLine]]:
    return [[*header(p), _line(body.format(p=p), 0.3)] for p in range(1, n + 1)]


@pytest.mark.parametrize(("header", "running"), [
    (lambda p: [_line(f"普通保険約款 {p + 2}", 0.03)], True),  # the page number (after a cover and a TOC)
    (lambda p: [_line("約款 2025-05-28", 0.03)], True),  # fixed numbers
    (lambda p: [_line(f"第{3 * p}条（規定）", 0.03)], False),  # numbers that do not follow the pages
    (lambda p: [_line("約款集", 0.03 + 0.02 * p)], False),  # a different height on each page
    (lambda p: [_line("約款集", 0.03), _line("約款集", 0.03, x=300.0)], False),  # twice on a page
])
def test_what_makes_a_running_line(header, running):
    pages = _pages(header)
    keys = running_lines(pages)
    assert bool(keys) is running
    kept = [without_furniture(page, keys) for page in pages]
    assert all(len(k) == (1 if running else len(p)) for k, p in zip(kept, pages))


def test_a_running_line_below_the_body_text_is_body_text():
    # 「注意」 recurs at the same height on every page, but a line of the body stands above it
    pages = [[_line("ACME", 0.02), _line(f"第{p}章 {title}", 0.05), _line("注意", 0.08), _line("本文", 0.3)]
             for p, title in enumerate(("総則", "契約", "保険料", "解約"), start=1)]
    keys = running_lines(pages)
    assert ("top", "注意") in keys and ("top", "ACME") in keys
    assert [ln.text for ln in without_furniture(pages[0], keys)] == ["第1章 総則", "注意", "本文"]


def test_a_header_that_repeats_the_title_of_page_1_goes_and_the_title_stays():
    # page 1 holds 「普通保険約款」 twice: the header at its place, the title below it
    pages = _pages(lambda p: [_line("普通保険約款", 0.03)] + ([_line("普通保険約款", 0.08)] if p == 1 else []))
    running = running_lines(pages)
    assert set(running) == {("top", "普通保険約款")}
    assert [ln.text for ln in without_furniture(pages[0], running)] == ["普通保険約款", "本文の1ページ目です。"]
    assert [ln.text for ln in without_furniture(pages[1], running)] == ["本文の2ページ目です。"]
