"""The review queue in the HTML report: a list of the doubtful rows (most doubtful first)
linking to them, badges on the rows (要確認 with the doubt, レビュー済, 対象外) and a filter;
and the filter itself in Chromium."""

from __future__ import annotations

import hikaku
from hikaku import render
from hikaku.review import ReviewerDecision, text_sha256
from tests.review import ambiguous


def reviewed(hashing_embedder):
    """The ambiguous pair (two rows to review), with a pair confirmed and an identical pair out of scope."""
    a, b = ambiguous.records(ambiguous.A, "a"), ambiguous.records(ambiguous.B, "b")
    confirm = ReviewerDecision(a_sha256=text_sha256(ambiguous.A[1]), b_sha256=text_sha256(ambiguous.B[1]),
                               verdict="match")
    ignore = ReviewerDecision(a_sha256=text_sha256(ambiguous.A[0]), b_sha256=text_sha256(ambiguous.B[0]),
                              verdict="ignore")
    return hikaku.compare(a, b, embedder=hashing_embedder, llm="offline", decisions=[confirm, ignore])


def test_the_queue_and_the_badges(hashing_embedder):
    result = reviewed(hashing_embedder)
    assert result.review_queue and result.stats.decisions_applied == 2
    page = render(result, "html")
    assert f"要確認の行（誤りの可能性が高い順） ({len(result.review_queue)})" in page
    first = result.review_queue[0]
    assert f'<a href="#row-{first.change}">' in page and f'id="row-{first.change}"' in page
    assert page.count('data-review="1"') == len(result.review_queue)
    assert f"要確認 {first.doubt:.2f}" in page and ("拮抗する候補がある" in page or "確信度が低い" in page)
    assert page.count('<span class="badge ignored">対象外</span>') == 1
    assert page.count('<span class="badge reviewed">レビュー済</span>') == sum(c.decided_by == "reviewer"
                                                                             for c in result.changes) >= 1
    assert 'data-filter="review"' in page and f'<li class="review">要確認 {len(result.review_queue)}</li>' in page
    en = render(result, "html", lang="en")
    assert "Rows to review (most doubtful first)" in en and "out of scope" in en


def test_no_queue_no_section(hashing_embedder):
    a = [{"id": "a1", "content": "第1条 同じ"}]
    result = hikaku.compare(a, a, embedder=hashing_embedder, llm="offline")
    page = render(result, "html")
    assert result.review_queue == [] and 'class="review-queue"' not in page and 'data-filter="review"' not in page


def test_the_review_filter_in_chromium(hashing_embedder, tmp_path):
    from playwright.sync_api import sync_playwright

    from tests.browser import CHROMIUM_FLAGS, chromium

    result = reviewed(hashing_embedder)
    path = tmp_path / "report.html"
    path.write_text(render(result, "html"), encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.goto(path.as_uri())
        page.locator('.filters button[data-filter="review"]').click()
        shown = page.locator("tr.change:visible").evaluate_all("rows => rows.map(r => r.id)")
        assert sorted(shown) == sorted(f"row-{q.change}" for q in result.review_queue)
        browser.close()
