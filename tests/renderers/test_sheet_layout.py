"""The printed layout of the Excel 新旧対照表 (renderers/sheet_layout.py): long clauses cut into rows
that fit, the page breaks with no heading row left at the foot of a page."""

from __future__ import annotations

import io
import random
import zipfile

import openpyxl
import pytest

from hikaku import ComparisonResult, render
from hikaku.renderers.sheet_layout import MAX_ROW_PT, Pages, cut, lines, lines_in, row_height, split_row
from hikaku.renderers.taisho import Cell, Row

from .long_clauses import write_pair


@pytest.mark.parametrize("seed", range(5))
def test_pieces_hold_the_whole_text_each_within_its_lines(seed):
    rng = random.Random(seed)
    words = ["保険金", "を支払います。", "ただし、", "\n", "Article 4 ", "（1）", "被保険者", "の故意による場合は除きます。"]
    text = "".join(rng.choice(words) for _ in range(rng.randint(50, 600)))
    budgets = [rng.randint(1, 30) for _ in range(500)]
    pieces = list(cut(text, 44.5, lambda k: budgets[k]))
    assert pieces[0][0] == 0 and pieces[-1][1] == len(text)
    assert all(e0 == s1 for (_, e0), (s1, _) in zip(pieces, pieces[1:]))  # nothing lost, nothing twice
    for k, (s, e) in enumerate(pieces):
        assert e > s and lines(text[s:e].strip("\n"), 44.5) <= budgets[k]


def test_a_piece_ends_after_a_sentence_when_one_lies_in_its_second_half():
    text = "あ" * 30 + "。" + "い" * 200
    (s, e), *_ = cut(text, 44.5, lambda k: 2)  # two lines: about 42 characters
    assert text[s:e].endswith("。")


def test_a_long_change_row_goes_on_over_rows_with_its_underlines():
    old, new = "甲" * 3000 + "旧", "甲" * 3000 + "新"
    row = Row("change", (Cell("第1条"), Cell(new, ((3000, 3001),)), Cell(old, ((3000, 3001),)), Cell("変更"),
                         Cell("「旧」 → 「新」")), "modified")
    rows = list(split_row(row, [21.3, 44.5, 44.5, 12.6, 21.3], 0, 3, "（続き）", lambda k: 20))
    assert len(rows) > 5
    assert [r[0].text for r in rows[1:]] == ["第1条（続き）"] * (len(rows) - 1)
    assert {r[3].text for r in rows} == {"変更"}
    assert "".join(r[1].text for r in rows) == new and "".join(r[2].text for r in rows) == old
    assert [r[1].underlined for r in rows if r[1].underlined] == [((len(rows[-1][1].text) - 1, len(rows[-1][1].text)),)]
    assert all(row_height(r, [21.3, 44.5, 44.5, 12.6, 21.3]) <= 20 * 14.5 + 8 for r in rows)


def test_pages_keep_a_heading_with_the_row_after_it():
    pages = Pages(100)
    r = 0
    while pages.left() > 40:
        r += 1
        pages.add(r, min(100.0, pages.left() - 30))
    r += 1
    pages.add(r, 20.0, heading=True)  # fits on the first page ...
    r += 1
    pages.add(r, 150.0)  # ... but its first row does not: both go over
    assert pages.breaks == [r - 1]


def test_a_clause_starts_where_the_page_has_room_and_goes_on_a_page_at_a_time():
    pages = Pages(100)
    pages.add(1, pages.room - 5 * 14.5 - 8)  # five lines left
    assert pages.budget(0) == 5
    pages.add(2, 5 * 14.5 + 8)
    assert pages.budget(1) == min(lines_in(MAX_ROW_PT), lines_in(pages.room))  # a new page: a whole row


def _breaks(data: bytes) -> list[int]:
    """The rows (1-based sheet rows) each printed page after the first starts with."""
    sheet = zipfile.ZipFile(io.BytesIO(data)).read("xl/worksheets/sheet1.xml").decode()
    import re

    return [int(x) for x in re.findall(r'<brk id="(\d+)"', sheet)]


def test_no_heading_row_ends_a_printed_page(tmp_path):
    import hikaku

    a, b = write_pair(tmp_path, clauses=12, length=700)  # a chapter heading every three clauses
    result: ComparisonResult = hikaku.compare(a, b, embedding="hashing", llm="offline", max_chunk_chars=4000)
    data = render(result, "xlsx")
    ws = openpyxl.load_workbook(io.BytesIO(data)).worksheets[0]
    headings = {rng.min_row for rng in ws.merged_cells.ranges}
    breaks = _breaks(data)  # a page starts at sheet row r (0-based), openpyxl's row r + 1:
    assert len(breaks) >= 3  # the page before it ends with openpyxl's row r
    assert not any(r in headings for r in breaks)
