"""The HTML report of the example pair in headless Chromium (Debian's package, installed
by scripts/install-test-tools.sh, which `make test` runs): it renders without console
errors, and the 変更 filter leaves only the modified rows."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import hikaku
from hikaku import render
from tests.browser import CHROMIUM_FLAGS, chromium, watch
from tests.helpers import EXAMPLES, ROOT


@pytest.fixture(scope="module")
def page_of(tmp_path_factory, use_embedder):
    from playwright.sync_api import sync_playwright

    result = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=use_embedder)
    out = tmp_path_factory.mktemp("html")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)

        def open_report(lang: str):
            path = out / f"report-{lang}.html"
            path.write_text(render(result, "html", lang=lang), encoding="utf-8")
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            watched = watch(page)
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            return page, watched, result

        yield open_report
        browser.close()


def visible_types(page) -> list[str]:
    return page.locator("tr.change:visible").evaluate_all("rows => rows.map(r => r.dataset.type)")


def test_the_report_renders_without_console_errors(page_of):
    page, watched, result = page_of("ja")
    assert watched.problems == [] and watched.elsewhere("file:") == []
    assert page.title().startswith("比較結果: 就業規則")
    # opened on the changes: everything but 一致
    assert sorted(visible_types(page)) == sorted(c.type for c in result.changes if c.type != "unchanged")
    shot = Path(os.environ["HIKAKU_TEST_SCREENSHOT"]) if os.environ.get("HIKAKU_TEST_SCREENSHOT") else None
    page.screenshot(path=str(shot or ROOT / "bench" / "out" / "report.png"))


def test_the_modified_filter_leaves_only_modified_rows(page_of):
    page, watched, result = page_of("ja")
    modified = page.locator('.filters button[data-filter="modified"]')
    modified.click()
    types = visible_types(page)
    assert types and set(types) == {"modified"} and len(types) == result.count("modified")
    assert modified.get_attribute("aria-pressed") == "true"
    # section rows without a visible change are hidden too
    for section in page.locator("tr.section:visible").all():
        n = section.get_attribute("data-section")
        assert page.locator(f'tr.change[data-section="{n}"]:visible').count() > 0
    page.get_by_role("button", name=f"すべて {len(result.changes)}", exact=True).click()
    assert len(visible_types(page)) == len(result.changes)
    page.get_by_role("button", name=f"追加 {result.count('added')}", exact=True).click()
    assert set(visible_types(page)) == {"added"}
    assert watched.problems == [] and watched.elsewhere("file:") == []


def test_english_report(page_of):
    page, watched, result = page_of("en")
    page.locator('.filters button[data-filter="modified"]').click()
    assert page.locator('.filters button[data-filter="modified"]').inner_text().startswith("Modified")
    assert set(visible_types(page)) == {"modified"}
    assert page.get_by_role("columnheader", name="Document A").count() == 1
    assert watched.problems == [] and watched.elsewhere("file:") == []
