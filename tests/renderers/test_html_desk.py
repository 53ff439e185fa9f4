"""The reviewer's desk of the standalone HTML report, in headless Chromium: search (hits
highlighted and counted, as the comparison reads text: width and spacing ignored), next /
previous change with j / k, a filter for every kind of row (移動, 条番号のみ変更 … each showing
the rows its button counts), the whole documents side by side scrolling together (each in its
own order: a moved clause stands where it was in A)."""

from __future__ import annotations

import unicodedata

import pytest

import hikaku
from hikaku import render
from tests.browser import watch
from tests.helpers import EXAMPLES

WHOLE = "全文を左右に（同期スクロール）"


@pytest.fixture(scope="module")
def example(use_embedder):
    return hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=use_embedder)


@pytest.fixture
def report(browser, example, tmp_path):
    """The example's report in a page; the test's console errors fail it."""
    path = tmp_path / "report.html"
    path.write_text(render(example, "html"), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    watched = watch(page)
    page.goto(path.as_uri())
    yield page
    assert watched.problems == []
    page.close()


def fold(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", c).lower() for c in text if not c.isspace()).replace(" ", "")


def occurrences(rows, needle: str) -> int:
    n = fold(needle)
    return sum(fold(t).count(n) for c in rows for t in (c.item, c.a_text, c.b_text))


def visible_indexes(page) -> list[int]:
    return page.locator("tr.change:visible").evaluate_all("rows => rows.map(r => Number(r.dataset.index))")


def test_search_finds_and_counts_a_clause(report, example):
    changed = [c for c in example.changes if c.type != "unchanged"]
    box = report.get_by_role("searchbox", name="レポート内を検索")
    box.fill("ハラスメント")
    expected = occurrences(changed, "ハラスメント")
    assert expected >= 2
    hits = report.locator("tr.change:visible mark.hit")
    from playwright.sync_api import expect

    expect(report.locator(".search .hits")).to_have_text(f"{expected} 件")
    assert hits.count() == expected
    assert set(hits.all_inner_texts()) == {"ハラスメント"}
    box.press("Enter")
    expect(report.locator(".search .hits")).to_have_text(f"1 / {expected} 件")
    current = report.locator("mark.hit.current")
    expect(current).to_be_in_viewport()
    assert current.evaluate("m => m.closest('tr').querySelector('td.item').textContent").startswith("第10条")
    # as the comparison reads text: full-width digits and a line break inside the clause are no obstacle
    box.fill("第１０条（ハラスメントの禁止）従業員は")
    expect(report.locator(".search .hits")).to_have_text("1 件")
    # a word only in rows the filter does not show is counted apart
    only_unchanged = "年末年始"
    assert occurrences(changed, only_unchanged) == 0
    hidden = occurrences([c for c in example.changes if c.type == "unchanged"], only_unchanged)
    box.fill(only_unchanged)
    expect(report.locator(".search .hits")).to_have_text(f"見つかりません （ほかに非表示の行に {hidden} 件）")
    report.get_by_role("button", name=f"すべて {len(example.changes)}").click()
    expect(report.locator(".search .hits")).to_have_text(f"{hidden} 件")
    box.press("Escape")
    assert report.locator("mark.hit").count() == 0


def test_j_and_k_step_through_the_changes(report, example):
    from playwright.sync_api import expect

    changes = [k for k, c in enumerate(example.changes) if c.type != "unchanged"]
    current = report.locator("tr.change.current")
    report.keyboard.press("j")
    expect(current).to_have_attribute("data-index", str(changes[0]))
    report.keyboard.press("j")
    report.keyboard.press("j")
    expect(current).to_have_attribute("data-index", str(changes[2]))
    expect(current).to_be_in_viewport()
    expect(report.locator(".steps .position")).to_have_text(f"3 / {len(changes)}")
    report.keyboard.press("k")
    expect(current).to_have_attribute("data-index", str(changes[1]))
    report.get_by_role("button", name="次の変更").click()
    expect(current).to_have_attribute("data-index", str(changes[2]))
    for _ in range(len(changes) + 2):  # the last change stays the last
        report.keyboard.press("j")
    expect(current).to_have_attribute("data-index", str(changes[-1]))
    expect(current).to_be_in_viewport()
    # typing in the search box is typing, not stepping
    report.get_by_role("searchbox").fill("")
    report.get_by_role("searchbox").press("k")
    expect(current).to_have_attribute("data-index", str(changes[-1]))
    # j / k visit what the filter shows
    report.locator('.filters button[data-filter="renumbered"]').click()
    renumbered = [k for k, c in enumerate(example.changes) if c.renumbered]
    report.locator("body").press("j")
    expect(current).to_have_attribute("data-index", str(renumbered[0]))
    expect(report.locator(".steps .position")).to_have_text(f"1 / {len(renumbered)}")


@pytest.mark.parametrize("kind", ["moved", "renumbered", "added", "deleted", "modified", "unchanged", "review",
                                  "changes", "all"])
def test_every_filter_shows_the_rows_its_button_counts(report, example, kind):
    rows = example.changes
    expected = {
        "moved": [k for k, c in enumerate(rows) if c.moved],
        "renumbered": [k for k, c in enumerate(rows) if c.renumbered],
        "added": [k for k, c in enumerate(rows) if c.type == "added"],
        "deleted": [k for k, c in enumerate(rows) if c.type == "deleted" and not c.repealed],
        "modified": [k for k, c in enumerate(rows) if c.type == "modified" and not c.renumbered and not c.repealed],
        "unchanged": [k for k, c in enumerate(rows) if c.type == "unchanged" and not c.renumbered and not c.repealed],
        "review": sorted(q.change for q in example.review_queue),
        "changes": [k for k, c in enumerate(rows) if c.type != "unchanged"],
        "all": list(range(len(rows))),
    }[kind]
    assert expected
    button = report.locator(f'.filters button[data-filter="{kind}"]')
    button.click()
    assert button.get_attribute("aria-pressed") == "true"
    assert visible_indexes(report) == expected
    assert button.locator(".n").inner_text() == str(len(expected))
    if kind in ("moved", "renumbered"):  # the same number as the report's totals
        label = {"moved": "移動", "renumbered": "条番号のみ変更"}[kind]
        assert button.inner_text().replace("\n", " ").startswith(label)
        assert report.locator("header .counts li", has_text=label).inner_text() == f"{label} {len(expected)}"
    for section in report.locator("tr.section:visible").all():  # no heading row without a row under it
        assert report.locator(f'tr.change[data-section="{section.get_attribute("data-section")}"]:visible').count()


def line_rows(page) -> dict[str, list]:
    """For each pane: the row of the block at the panes' reading line (30 % down), and how far
    below the block's top the line is (px)."""
    return page.evaluate("""() => {
      const out = {};
      for (const side of ["a", "b"]) {
        const pane = document.querySelector(".scroller." + side);
        const s = pane.scrollTop + pane.clientHeight * 0.3;
        const block = [...pane.querySelectorAll(".block")].filter((x) => x.offsetTop <= s).pop();
        out[side] = [Number(block.dataset.row), s - block.offsetTop, block.offsetHeight];
      }
      return out;
    }""")


def test_the_whole_documents_scroll_together(report, example):
    from playwright.sync_api import expect

    report.get_by_role("button", name=WHOLE).click()
    expect(report.locator(".whole")).to_be_visible()
    expect(report.locator("table.changes")).to_be_hidden()
    a_blocks = report.locator(".scroller.a .block").evaluate_all("bs => bs.map(b => Number(b.dataset.row))")
    b_blocks = report.locator(".scroller.b .block").evaluate_all("bs => bs.map(b => Number(b.dataset.row))")
    # each document whole and in its own order
    assert sorted(a_blocks) == [k for k, c in enumerate(example.changes) if c.a_ids]
    assert sorted(b_blocks) == [k for k, c in enumerate(example.changes) if c.b_ids]
    order_a = {cid: k for k, cid in enumerate(example.document_a.chunk_ids)}
    assert [example.changes[k].a_ids[0] for k in a_blocks] == sorted(
        (c.a_ids[0] for c in example.changes if c.a_ids), key=order_a.__getitem__)
    moved = next(k for k, c in enumerate(example.changes) if c.moved)
    before = max(k for k, c in enumerate(example.changes[:moved]) if c.a_ids and c.b_ids)  # the row above it
    assert a_blocks.index(moved) < a_blocks.index(before) and b_blocks.index(moved) > b_blocks.index(before)
    # scroll A: B follows, the same row at the same line; scroll B: A follows
    checked = 0
    for side, other in (("a", "b"), ("b", "a")):
        for target in (300, 900, 1500):
            report.evaluate(f"document.querySelector('.scroller.{side}').scrollTop = {target}")
            report.wait_for_timeout(150)
            at = line_rows(report)
            row = example.changes[at[side][0]]
            if row.a_ids and row.b_ids and not row.moved:
                assert at[other][0] == at[side][0], (side, target, at)
                share = at[side][1] / at[side][2]
                assert abs(at[other][1] / at[other][2] - share) < 0.05, at
                checked += 1
    assert checked >= 4
    # j in the whole view brings the change to both panes' line
    report.keyboard.press("j")
    first = next(k for k, c in enumerate(example.changes) if c.type != "unchanged")
    expect(report.locator(".scroller.a .block.current")).to_have_attribute("data-row", str(first))
    expect(report.locator(".scroller.b .block.current")).to_be_in_viewport()
    # and back to the table, on the same row
    report.get_by_role("button", name="対照表").click()
    expect(report.locator("tr.change.current")).to_have_attribute("data-index", str(first))


def test_the_desk_in_english(browser, example, tmp_path):
    from playwright.sync_api import expect

    path = tmp_path / "report-en.html"
    path.write_text(render(example, "html", lang="en"), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(path.as_uri())
    moved = sum(c.moved for c in example.changes)
    page.get_by_role("button", name=f"Moved {moved}").click()
    assert len(visible_indexes(page)) == moved
    page.get_by_role("searchbox", name="Search the report").fill("harassment")
    expect(page.locator(".search .hits")).to_have_text("No match")  # the documents are Japanese
    page.get_by_role("button", name="Whole documents side by side (scrolling together)").click()
    expect(page.locator(".pane.a h3")).to_contain_text("Document A: ")
    page.close()
