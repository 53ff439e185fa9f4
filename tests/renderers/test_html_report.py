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
    # (the documents' own words: their texts, items, headings and titles, the panes' titles)
    assert not re.search(r"[ぁ-んァ-ン]", re.sub(r'<td class="text [ab]">.*?</td>|<td class="item">.*?</td>|<a [^>]*>.*?</a>|'
                                           r"<th colspan=\"4\">.*?</th>|<title>.*?</title>|<h1>.*?</h1>|<text[^>]*>.*?</text>|"
                                           r'<span class="(?:summary|section|evidence)">.*?</span>|title="[^"]*"|<h3 title="[^"]*">.*?</h3>',
                                           "", page, flags=re.S))  # the documents' words, and the evidence quoting them


def test_counts_are_the_totals_of_the_other_formats(hashing_embedder):
    """A clause B keeps only by its number (「第2条　削除」) is counted as 削除（番号存置） and
    not also as 変更, a renumbered one as 条番号のみ変更 and not also as 一致: the totals of
    Markdown and the 新旧対照表, with the same full-width brackets."""
    from hikaku import Document
    from hikaku.loaders import chunk_text

    def rules(*articles: str) -> Document:
        text = "# 規程\n\n" + "".join(f"{a}\n\n" for a in articles)
        return Document(id="r", chunks=chunk_text(text, source="r", id_prefix="r"))

    a = rules("第1条（目的）\nこの規程は手術給付について定める。",
              "第2条（通知）\n契約者は住所を変更したときは、遅滞なく当会社に通知しなければならない。",
              "第3条（倍率）\n給付倍率は別表による。")
    b = rules("第1条（目的）\nこの規程は手術給付について定める。", "第2条　削除", "第3条（倍率）\n給付倍率は別表による。")
    result = hikaku.compare(a, b, llm="offline", embedder=hashing_embedder)
    assert result.stats.repealed == 1 and result.stats.counts["modified"] == 1
    page = render(result, "html")
    assert '<li class="modified">変更 0</li>' in page and "<li>削除（番号存置） 1</li>" in page
    assert "(番号存置)" not in page
    assert '<span class="label modified repealed">削除（番号存置）</span>' in page  # the deletion's colour (report.css)
    page = render(result, "html", lang="en")
    assert '<li class="modified">Modified 0</li>' in page and "<li>Deleted (number kept) 1</li>" in page

    renumbered = hikaku.compare(rules("第1条（目的）\n本文。", "第2条（払込み）\n払い込みます。"),
                                rules("第1条（目的）\n本文。", "第2条（新設）\n新しい条です。", "第3条（払込み）\n払い込みます。"),
                                llm="offline", embedder=hashing_embedder)
    from hikaku.renderers.totals import totals

    page = render(renumbered, "html")
    for key, label, n in totals(renumbered, "ja"):
        assert (f'<li class="{key}">{label} {n}</li>' if key in ("added", "deleted", "modified", "unchanged")
                else f"<li>{label} {n}</li>") in page
    assert ("renumbered", "条番号のみ変更", 1) in totals(renumbered, "ja")
    assert f'<li class="unchanged">一致 {renumbered.stats.counts["unchanged"] - 1}</li>' in page
