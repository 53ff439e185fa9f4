"""The reviewer's desk in the web app, in headless Chromium against a real ``hikaku serve``: the
report is part of the page (no frame, no scroll bar of its own), its language switched after the
run without running it again, the CSV of the Japanese report made for Excel; a PDF pair's 「p.N」
opens the page of each original with the clause marked; the review view agrees with itself
(issue 37, point 4: each check fails on the page before it).

Screenshots go to bench/out/page-view-{ja,en}.png and web-desk.png (HIKAKU_TEST_DESK_SCREENSHOTS=DIR
writes them there instead)."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

from hikaku import ComparisonResult
from tests.browser import watch
from tests.helpers import ROOT
from tests.loaders.make_files import ARTICLES_V1, make_pdf, v2_articles
from tests.renderers.test_html_desk import occurrences

from .conftest import V1, V2

BIG_A = "\n\n".join(f"第{i}条 この規程は、第{i}項の定めにより{i * 7 % 97}日以内に届け出る。" for i in range(1, 1501))


def shots() -> Path:
    target = Path(os.environ.get("HIKAKU_TEST_DESK_SCREENSHOTS") or ROOT / "bench" / "out")
    target.mkdir(parents=True, exist_ok=True)
    return target


@pytest.fixture
def page(browser, server):
    url, _, _ = server
    page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    watched = watch(page)
    page.goto(url)
    yield page
    assert watched.problems == []
    assert watched.elsewhere(url) == []
    page.close()


def compare(page, a: Path, b: Path, project: str = "default") -> dict:
    from playwright.sync_api import expect

    page.fill("#opt-project", project)
    page.set_input_files("#file-a", str(a))
    page.set_input_files("#file-b", str(b))
    page.get_by_role("button", name="比較する").click()
    expect(page.locator("#report .hikaku-report table.changes")).to_be_visible(timeout=120_000)
    url = page.url
    return json.loads(urllib.request.urlopen(url + "api/comparisons").read())["comparisons"][0]


def test_the_report_in_the_page_its_language_and_the_csv(page, server):
    from playwright.sync_api import expect

    url, _, _ = server
    job = compare(page, V1, V2)
    report = page.locator("#report .hikaku-report")
    # part of the page: no frame, and nothing in it scrolls on its own
    assert page.locator("iframe").count() == 0
    assert page.evaluate("() => { const r = document.querySelector('#report');"
                         " return r.scrollHeight <= r.clientHeight + 1 && getComputedStyle(r).overflowY === 'visible'; }")
    assert page.evaluate("() => document.scrollingElement.scrollHeight > innerHeight")  # the page scrolls, once
    # the desk works in the page: search and j
    result = ComparisonResult.from_json(urllib.request.urlopen(url + f"api/comparisons/{job['id']}/report.json").read())
    hits = occurrences([c for c in result.changes if c.type != "unchanged"], "ハラスメント")
    report.get_by_role("searchbox").fill("ハラスメント")
    expect(report.locator(".search .hits")).to_have_text(f"{hits} 件")
    report.get_by_role("searchbox").evaluate("box => box.blur()")
    page.keyboard.press("j")
    expect(report.locator("tr.change.current")).to_have_count(1)
    # the counts are the report's: 一致 and 条番号のみ変更 apart, in the history too
    chips = report.locator("header .counts li").all_inner_texts()
    assert f"一致 {job['counts']['unchanged']}" in chips and f"条番号のみ変更 {job['counts']['renumbered']}" in chips
    history = page.locator(f'#history-rows tr[data-id="{job["id"]}"] .counts li').all_inner_texts()
    assert history == [c for c in chips if not c.startswith("要確認")]
    # the language of the report, after the run, without running it again
    page.locator("#report-lang").get_by_role("button", name="English").click()
    expect(report.get_by_role("columnheader", name="Document A")).to_be_visible()
    expect(report.locator(".search input")).to_have_value("ハラスメント")  # what the reader was doing, kept
    expect(report.locator(".search .hits")).to_have_text(f"{hits} found")
    expect(page.get_by_role("heading", name="新しい比較")).to_be_visible()  # the page stays in Japanese
    again = json.loads(urllib.request.urlopen(url + f"api/comparisons/{job['id']}").read())
    assert again["finished"] == job["finished"] and again["status"] == "done"
    assert len(json.loads(urllib.request.urlopen(url + "api/comparisons").read())["comparisons"]) >= 1
    with page.expect_download() as info:
        page.get_by_role("link", name="CSV (.csv)").click()
    english = Path(info.value.path()).read_bytes()
    assert not english.startswith(b"\xef\xbb\xbf") and b"\nmodified,Modified," in english  # as hikaku compare -f csv
    page.locator("#report-lang").get_by_role("button", name="日本語").click()
    expect(report.get_by_role("columnheader", name="ドキュメントA")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_role("link", name="CSV (.csv)").click()
    japanese = Path(info.value.path()).read_bytes()
    assert japanese.startswith(b"\xef\xbb\xbf") and b"\r\n" in japanese  # Excel-ready, as --excel
    assert "\nmodified,変更," in japanese.decode("utf-8-sig").replace("\r\n", "\n")
    page.screenshot(path=str(shots() / "web-desk.png"))


def test_a_pdf_rows_pages_open_with_the_clause_marked(page, server, tmp_path):
    from playwright.sync_api import expect

    a, b = make_pdf(tmp_path / "約款（旧）.pdf", ARTICLES_V1), make_pdf(tmp_path / "約款（新）.pdf", v2_articles())
    compare(page, a, b)
    row = page.locator("#report tr.change", has_text="第4条（手術給付金）")
    link = row.locator(".page[data-side='b']")
    expect(link).to_have_text("p.3")
    for lang, close in (("ja", "閉じる"), ("en", "Close")):
        if lang == "en":
            page.locator("#lang-switch").click()  # the page's language
            expect(page.get_by_role("heading", name="History")).to_be_visible()
        link.click()
        dialog = page.locator("#page-view")
        expect(dialog).to_be_visible()
        expect(dialog.locator(".page-figure.loaded")).to_have_count(2, timeout=60_000)
        expect(page.locator("#page-view-title")).to_contain_text("第4条（手術給付金）")
        for side in ("a", "b"):
            column = dialog.locator(f".page-column.{side}")
            expect(column.locator(".page-tabs button[aria-pressed='true']")).to_have_text("p.3")
            boxes = column.locator(".clause-box")
            assert boxes.count() >= 1
            inside = boxes.first.evaluate("""box => {
              const b = box.getBoundingClientRect(), i = box.parentNode.querySelector('img').getBoundingClientRect();
              return b.width > 20 && b.height > 10 && b.left >= i.left && b.right <= i.right && b.top >= i.top
                && b.bottom <= i.bottom && box.dataset.page === '3';
            }""")
            assert inside
            assert column.locator("img").evaluate("i => i.complete && i.naturalWidth === 1200")
        page.screenshot(path=str(shots() / f"page-view-{lang}.png"))
        page.get_by_role("button", name=close).click()
        expect(dialog).to_be_hidden()
    page.locator("#lang-switch").click()


def test_the_review_view_agrees_with_itself(page, server, tmp_path):
    """Each point of 4 in issue 37."""
    from playwright.sync_api import expect

    url, _, _ = server
    # the example, with a new 賞与 article after 第21条: the deleted 昇給 article (「毎年…勤務成績その他…」)
    # has a plausible counterpart in it, so its deletion is doubtful (without it, no candidate of the
    # deleted article is more similar than the articles around it: a certain deletion, not in the queue)
    v2 = tmp_path / V2.name
    v2.write_text(V2.read_text(encoding="utf-8").replace(
        "第22条（通勤手当）", "第21条の2（賞与）\n賞与は、毎年６月及び12月に、勤務成績その他を勘案して支給する。\n\n第22条（通勤手当）", 1),
        encoding="utf-8")
    compare(page, V1, v2, project="desk-review")
    queue = page.locator("#review-rows tr.review-row")
    expect(queue).to_have_count(2)
    # the action buttons line up with their rows: no flex box for a table cell
    for r in queue.all():
        assert r.locator("td").last.evaluate("td => getComputedStyle(td).display") == "table-cell"
        gap = r.evaluate("tr => tr.querySelector('button').getBoundingClientRect().top - tr.getBoundingClientRect().top")
        assert 0 <= gap < 12
    # a decided row leaves the queue and shows no doubt: 対応なし on 第15条 → 第16条・第17条
    split = page.locator('tr.review-row', has_text="第15条（休暇）")
    a_id = split.get_attribute("data-a")
    split.get_by_role("button", name="対応なし").click()
    mine = page.locator(f'tr.review-row[data-a="{a_id}"]')
    expect(mine).to_have_count(0, timeout=120_000)  # the rerun's queue does not hold it
    expect(queue).to_have_count(1)
    page.get_by_label("すべての行を表示").check()
    expect(mine).to_contain_text("レビュー済")
    expect(mine).not_to_contain_text("誤りの確率")
    page.get_by_label("すべての行を表示").uncheck()
    # 確認 on a deleted row confirms the deletion (not 「対応なし」)
    deleted = page.locator('tr.review-row[data-type="deleted"]', has_text="第21条（昇給）")
    deleted.get_by_role("button", name="確認").click()
    expect(queue).to_have_count(0, timeout=120_000)
    expect(page.locator("#review-empty")).to_be_visible()
    items = page.locator("#decision-items li")
    expect(items).to_have_count(3)  # 第15条 with 第16条, with 第17条: ruled out; 第21条 deleted
    expect(items.nth(2)).to_contain_text("削除を確認")
    expect(items.nth(2)).not_to_contain_text("対応なし")
    expect(items.nth(0)).to_contain_text("対応なし")  # a pair ruled out
    data = json.loads(urllib.request.urlopen(url + "api/projects/desk-review/decisions").read())
    assert [(d["verdict"], d["b_sha256"] is None) for d in data["decisions"]] == [("no_match", False)] * 2 + [
        ("no_match", True)]  # the file says a deletion so: no counterpart
    # the counts of the history are the report's
    report_chips = page.locator("#report header .counts li").all_inner_texts()
    row = page.locator("#history-rows tr").first
    assert row.locator(".counts li").all_inner_texts() == [c for c in report_chips if not c.startswith("要確認")]
    # an empty file is 0 bytes
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    page.set_input_files("#file-a", str(empty))
    expect(page.locator("#name-a")).to_have_text("empty.txt (0 バイト)")
    # after 中止 the history says so at once
    big_a, big_b = tmp_path / "big_a.txt", tmp_path / "big_b.txt"
    big_a.write_text(BIG_A, encoding="utf-8")
    big_b.write_text(BIG_A.replace("届け出る", "届け出なければならない"), encoding="utf-8")
    page.set_input_files("#file-a", str(big_a))
    page.set_input_files("#file-b", str(big_b))
    page.get_by_role("button", name="比較する").click()
    page.get_by_role("button", name="中止").click()
    first = page.locator("#history-rows tr").first
    expect(first).to_contain_text("big_a.txt")
    expect(first.locator("td.status")).to_have_text("中止", timeout=30_000)
