"""The web app in headless Chromium (Debian's package, installed by
scripts/install-test-tools.sh) against a real ``hikaku serve`` process: upload the
example pair, watch the progress reach 100 %, review the table, filter it, download the
Markdown (byte for byte what ``hikaku compare`` prints), the history, the language
switch; no console error and no request to any other origin.

The screenshots go to bench/out/web.png and review.png; HIKAKU_TEST_WEB_SCREENSHOT=docs/images/web.png
and HIKAKU_TEST_REVIEW_SCREENSHOT=docs/images/review.png refresh the ones in the docs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.browser import CHROMIUM_FLAGS, chromium, watch
from tests.helpers import ROOT

from .conftest import V1, V2


def cli_markdown(env: dict[str, str], cwd: Path) -> bytes:
    done = subprocess.run([sys.executable, "-m", "hikaku", "compare", str(V1), str(V2), "--llm", "offline"],
                          env=env, capture_output=True, cwd=cwd, check=True)
    return done.stdout


def test_upload_compare_review_download(server, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    url, env, tmp = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        watched = watch(page)
        page.on("requestfailed", lambda r: watched.problems.append(f"failed: {r.url} {r.failure}"))

        page.goto(url)
        expect(page.get_by_role("heading", name="新しい比較")).to_be_visible()
        compare = page.get_by_role("button", name="比較する")
        expect(compare).to_be_disabled()
        page.set_input_files("#file-a", str(V1))
        page.set_input_files("#file-b", str(V2))
        expect(page.locator("#name-a")).to_contain_text(V1.name)
        expect(compare).to_be_enabled()
        compare.click()

        # live progress, up to 100 %
        expect(page.locator("#run")).to_be_visible()
        expect(page.locator("#progress-percent")).to_have_text("100%", timeout=120_000)
        assert page.locator("#progress-bar").evaluate("bar => bar.value") == 100
        expect(page.locator("#progress-text")).to_have_text("完了")

        # the side-by-side report in the page itself, and its 変更 filter
        report = page.locator("#report")
        expect(report.locator("table#changes")).to_be_visible()
        expect(report.get_by_role("columnheader", name="ドキュメントA")).to_be_visible()
        job = json.loads(urllib.request.urlopen(url + "api/comparisons").read())["comparisons"][0]
        rows = report.locator("tr.change:visible")
        assert rows.count() == sum(job["counts"][t] for t in ("added", "deleted", "modified"))
        report.locator('.filters button[data-filter="modified"]').click()
        types = rows.evaluate_all("rows => rows.map(r => r.dataset.type)")
        assert types and set(types) == {"modified"} and len(types) == job["counts"]["modified"]
        expect(report.locator("header .counts")).to_contain_text(f"変更 {job['counts']['modified']}")

        # downloads: the Markdown is what the CLI prints for the same pair and options
        with page.expect_download() as info:
            page.get_by_role("link", name="Markdown (.md)").click()
        downloaded = Path(info.value.path()).read_bytes()
        assert downloaded == cli_markdown(env, tmp)
        assert info.value.suggested_filename == "hikaku-shugyo_kisoku_v1-shugyo_kisoku_v2.md"
        for fmt in ("JSON (.json)", "CSV (.csv)", "HTML (.html)"):
            expect(page.get_by_role("link", name=fmt)).to_be_visible()

        # the history
        row = page.locator("#history-rows tr").first
        expect(row).to_contain_text(V1.name)
        expect(row).to_contain_text("完了")
        shot = os.environ.get("HIKAKU_TEST_WEB_SCREENSHOT")
        target = Path(shot) if shot else ROOT / "bench" / "out" / "web.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(target), full_page=True)

        # English
        page.locator("#lang-switch").click()
        expect(page.get_by_role("heading", name="History")).to_be_visible()
        expect(page.locator("#progress-text")).to_have_text("Done")
        expect(page.get_by_role("button", name="Compare")).to_be_visible()
        page.reload()
        expect(page.get_by_role("heading", name="New comparison")).to_be_visible()  # the choice is remembered
        page.locator("#lang-switch").click()

        assert watched.problems == []
        assert watched.requests and watched.elsewhere(url) == []
        browser.close()


def test_review_reject_pair_with_rerun_export_and_import(server, tmp_path):
    """Review mode in the page: reject a pairing, pair the A chunk with another candidate
    (found with the agent's tools), see the comparison run again with the decisions applied
    (in the review view and in the report), export the decisions file and import it into a
    new project, whose rerun applies it."""
    from playwright.sync_api import expect, sync_playwright

    url, _, _ = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
        watched = watch(page)

        def compare_in(project: str) -> None:
            page.fill("#opt-project", project)
            page.set_input_files("#file-a", str(V1))
            page.set_input_files("#file-b", str(V2))
            page.get_by_role("button", name="比較する").click()
            expect(page.locator("#review-project")).to_have_text(project, timeout=120_000)
            expect(page.locator("#review")).to_be_visible()

        page.goto(url)
        compare_in("就業規則")
        page.get_by_label("すべての行を表示").check()
        # a clause that differs only by its number says so, as in the reports (not 一致)
        expect(page.locator("#review-table .label", has_text="条番号のみ変更").first).to_be_visible()
        row = page.locator('tr.review-row[data-type="modified"]').first
        a_id, b_id = row.get_attribute("data-a"), row.get_attribute("data-b")
        assert a_id and b_id and "," not in a_id + b_id
        mine = page.locator(f'tr.review-row[data-a="{a_id}"]')

        # reject the pairing: the comparison runs again without it
        mine.get_by_role("button", name="対応なし").click()
        expect(mine).not_to_have_attribute("data-b", b_id, timeout=120_000)
        expect(page.locator("#decision-count")).to_have_text("判断 1 件")

        # pair the A chunk with another candidate of the agent's tools
        mine.get_by_role("button", name="別の候補と対応付け…").click()
        candidates = page.locator('tr.candidates-row[data-for] li.candidate')
        expect(candidates.first).to_be_visible()
        expect(candidates.first).to_contain_text("ベクトル")  # its score, with its context
        choice = candidates.first.get_attribute("data-b")
        assert choice and choice != b_id
        shot = os.environ.get("HIKAKU_TEST_REVIEW_SCREENSHOT")
        target = Path(shot) if shot else ROOT / "bench" / "out" / "review.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        box = page.locator("#review").evaluate(
            "e => { const r = e.getBoundingClientRect(); return {x: r.x + scrollX, y: r.y + scrollY, width: r.width,"
            " height: Math.min(r.height, 760)}; }")
        page.screenshot(path=str(target), full_page=True, clip=box)
        candidates.first.get_by_role("button", name="対応付ける").click()
        expect(mine).to_have_attribute("data-b", choice, timeout=120_000)
        expect(mine).to_have_attribute("data-decided-by", "reviewer")
        expect(mine).to_contain_text("レビュー済")
        report = page.locator("#report")
        expect(report.locator(f'tr.change[title="{a_id} → {choice}"] .badge.reviewed')).to_be_visible()

        # export the decisions file
        with page.expect_download() as info:
            page.get_by_role("link", name="判断をエクスポート").click()
        exported = tmp_path / "decisions.json"
        exported.write_bytes(Path(info.value.path()).read_bytes())
        data = json.loads(exported.read_text(encoding="utf-8"))
        assert data["schema"] == "hikaku.decisions/v1"
        assert [d["verdict"] for d in data["decisions"]] == ["no_match", "match"]

        # a new project: nothing applied until the file is imported and the comparison rerun
        compare_in("就業規則（写し）")
        page.get_by_label("すべての行を表示").check()
        expect(mine).to_have_attribute("data-b", b_id)
        page.set_input_files("#import-decisions", str(exported))
        expect(page.locator("#review-message")).to_have_text("2 件の判断を取り込みました。「再比較」で反映します。")
        expect(page.locator("#decision-count")).to_have_text("判断 2 件")
        page.get_by_role("button", name="再比較").click()
        expect(mine).to_have_attribute("data-b", choice, timeout=120_000)
        expect(mine).to_have_attribute("data-decided-by", "reviewer")

        assert watched.problems == []
        assert watched.elsewhere(url) == []
        browser.close()


def test_the_page_says_its_errors_in_japanese(server, tmp_path):
    """The error cases of the page, in Japanese: a file the server refuses, a comparison that
    fails and one cancelled — the page's heading and the server's explanation, no English
    sentence; switched to English, the same in English (the server asked again)."""
    from playwright.sync_api import expect, sync_playwright

    from .test_api import BIG
    from .test_japanese import english_sentences

    url, _, _ = server
    files = {}
    for name, data in (("policy.md", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"),
                       ("shape.json", b'{"x": 1}'), ("b.json", b'[{"id": "b1", "content": "x"}]'), *BIG):
        files[name] = tmp_path / name
        files[name].write_bytes(data)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
        page.goto(url)
        expect(page.get_by_role("heading", name="新しい比較")).to_be_visible()

        def compare(a: str, b: str) -> None:
            page.set_input_files("#file-a", str(files[a]))
            page.set_input_files("#file-b", str(files[b]))
            page.get_by_role("button", name="比較する").click()

        def said(locator) -> str:
            text = locator.text_content() or ""
            assert english_sentences(text) == [], text
            return text

        # refused by the server: the page's heading for 415, the server's reason in Japanese
        compare("policy.md", "b.json")
        expect(page.locator("#error")).to_be_visible()
        assert said(page.locator("#error")) == ("読み込めない形式のファイルです: policy.md: 名前はMarkdownを示していますが、"
                                                "中身はPDFです")

        # a comparison that fails in the worker
        compare("shape.json", "b.json")
        expect(page.locator("#progress-text")).to_contain_text("失敗", timeout=60_000)
        assert said(page.locator("#progress-text")).startswith("失敗 — 比較できませんでした: shape.json: ")
        assert said(page.locator("#history-rows tr").first.locator("td.status")) == "失敗"
        assert english_sentences(page.locator("#history-rows tr").first.locator("td.status").get_attribute("title")) == []

        # a comparison cancelled by the reader
        compare("a.txt", "b.txt")
        expect(page.get_by_role("button", name="中止")).to_be_visible(timeout=60_000)
        page.get_by_role("button", name="中止").click()
        expect(page.locator("#progress-text")).to_have_text("中止 — ユーザーが中止しました", timeout=60_000)

        # in English: the page's words and the server's, asked again in English
        page.get_by_role("button", name="English").click()  # (the server's answer may take a while on a busy machine)
        expect(page.locator("#progress-text")).to_have_text("Cancelled — cancelled by the user", timeout=60_000)
        page.get_by_role("button", name="日本語").click()
        expect(page.locator("#progress-text")).to_have_text("中止 — ユーザーが中止しました", timeout=60_000)
        assert problems == []
        browser.close()
