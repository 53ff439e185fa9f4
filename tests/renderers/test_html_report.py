"""The standalone HTML report, read as text: one file, escaped, every label in the
report language. (tests/report/test_html_browser.py opens it in Chromium.)"""

from __future__ import annotations

import re

import pytest

import hikaku
from hikaku import render
from tests.helpers import EXAMPLES, doc


@pytest.fixture(scope="module")
def example(use_embedder):
    return hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", embedder=use_embedder)


def test_one_file_without_external_assets(example):
    page = render(example, "html")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="ja">' in page
    assert not re.search(r"""(?:src|href)\s*=\s*["'](?:https?:)?//""", page)  # nothing fetched
    assert "<style>" in page and "<script>" in page and "@import" not in page
    assert page.count('<tr class="change"') == len(example.changes)  # every row; filters hide some


def test_rows_hold_highlights_sections_and_counts(example):
    page = render(example, "html")
    assert "就業規則（<del>2023</del>年4月1日施行）" in page and "就業規則（<ins>2025</ins>年4月1日施行）" in page
    assert '<a href="#sec-' in page and ">第1章　総則</a>" in page  # the heading path as navigation
    assert '<li class="modified">変更 13</li>' in page and '<li class="added">追加 3</li>' in page
    assert "<li>条番号のみ変更 4</li>" in page  # 条ずれ counted on their own, not as 変更
    assert "<svg" in page and "見出しごとの変更" in page
    for key in ("changes", "added", "deleted", "modified", "unchanged", "all"):
        assert f'data-filter="{key}"' in page


def test_document_text_is_escaped():
    a = doc("A", "第1条 <script>alert('a')</script> & \"引用\"", "第2条 同じ")
    b = doc("B", "第1条 <script>alert('b')</script> & \"引用\"です", "第2条 同じ")
    result = hikaku.compare(a, b, embedding="hashing")
    page = render(result, "html")
    assert "alert(" in page and "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;<del>a</del>&#x27;)&lt;/script&gt; &amp; &quot;引用&quot;" in page
    assert page.count("<script>") == 1  # the report's own


def test_english_labels(example):
    page = render(example, "html", lang="en")
    assert '<html lang="en">' in page and "Changes per section" in page and ">Document A<" in page
    assert not re.search(r"[ぁ-んァ-ン]", re.sub(r'<td class="text [ab]">.*?</td>|<td>.*?</td>|<a [^>]*>.*?</a>|'
                                           r"<th colspan=\"4\">.*?</th>|<title>.*?</title>|<h1>.*?</h1>|<text[^>]*>.*?</text>|"
                                           r'<span class="summary">.*?</span>', "", page, flags=re.S))
