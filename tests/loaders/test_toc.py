"""Tables of contents recognised (loaders/toc.py) in every format: after a 目次 / Contents line,
or without one — entries paged after dot leaders, or listing the headings that follow —, and
nothing else taken for one (a table of fees, a list that lists nothing)."""

from __future__ import annotations

import pytest

import hikaku
from hikaku.loaders import chunk_text
from hikaku.loaders.toc import find_toc, is_toc_block

BODY = ["# 約款", "", "## 第1章　総則", "", "第1条（目的）", "この約款は契約の内容を定めます。", "",
        "## 通院特約", "", "第1条（給付）", "通院1回につき支払います。", "", "## 女性疾病特約", "", "第1条（給付）",
        "入院1日につき支払います。"]


def _kinds(text: str, markdown: bool = True) -> list[tuple[str | None, str]]:
    return [(c.structure.kind, c.content.split("\n")[0]) for c in chunk_text(text, source="t", markdown=markdown)]


@pytest.mark.parametrize("entries", [
    ["第1章　総則 ………… 1", "通院特約 ………… 2", "女性疾病特約 ………… 3"],  # paged after leaders
    ["第1章　総則", "通院特約", "女性疾病特約"],  # the headings that follow, in order
    ["- [第1章　総則](#s1)", "- [通院特約](#s2)", "- [女性疾病特約](#s3)"],  # a web page's list of links
])
def test_a_toc_without_a_title_is_one_chunk_and_no_parent(entries):
    text = "\n".join(["# 約款", "", *entries, "", *BODY[2:]])
    kinds = _kinds(text)
    assert kinds[1] == ("toc", entries[0]) and [k for k, _ in kinds].count("toc") == 1
    toc = chunk_text(text, source="t")[1]
    assert toc.structure.heading == "目次" and len(toc.content.split("\n")) == 3
    assert all(c.structure.heading_path[-1:] != ("目次",) for c in chunk_text(text, source="t"))


def test_the_entries_after_a_title_run_on_while_they_are_paged_or_listed():
    lines = ["目次", "第1章　総則 .......... 1", "通院特約", "女性疾病特約", "", "第1章　総則", "通院特約", "女性疾病特約"]
    toc = find_toc(lines)
    assert toc is not None and (toc.start, toc.end, toc.titled) == (0, 4, True)


@pytest.mark.parametrize("lines", [
    ["手数料一覧", "再発行手数料 300", "解約手数料 100", "振込手数料 200", "", "第1条（手数料）", "本文。"],  # no leaders
    ["初診料 ........ 300", "再診料 ........ 200", "処方料 ........ 100", "", "第1条", "本文。"],  # going back
    ["- Hosting", "- Support", "- Backups", "", "## Definitions", "Text."],  # lists nothing that follows
    ["第1章　総則", "通院特約", "", "## 第1章　総則", "## 通院特約"],  # two entries: a coincidence
])
def test_what_is_no_toc(lines):
    assert find_toc(lines) is None


def test_a_chunk_of_an_export_listing_the_chunks_after_it_is_a_toc():
    chunks = [{"id": "t", "content": "医療保険約款", "metadata": {}},
              {"id": "x", "content": "第1章　総則\n通院特約\n女性疾病特約", "metadata": {}},
              {"id": "1", "content": "第1章　総則", "metadata": {}},
              {"id": "2", "content": "第1条（目的）\n本文。", "metadata": {}},
              {"id": "3", "content": "通院特約\n第1条（給付）\n本文。", "metadata": {}},
              {"id": "4", "content": "女性疾病特約\n第1条（給付）\n本文。", "metadata": {}}]
    doc = hikaku.load_document(chunks)
    assert [c.structure.kind for c in doc.chunks][:2] == [None, "toc"]
    assert doc.chunks[1].structure.heading == "目次"
    assert not is_toc_block(["第1章　総則", "通院特約", "がん特約"], {"第1章総則", "通院特約"})  # one lists nothing


def test_html_and_markdown_tables_of_contents(tmp_path):
    (tmp_path / "t.html").write_text(
        "<html><body><h1>Terms</h1><ul><li><a href='#d'>Definitions</a></li><li><a href='#p'>Payment</a></li>"
        "<li><a href='#t'>Termination</a></li></ul><h2 id='d'>Definitions</h2><p>Text one.</p>"
        "<h2 id='p'>Payment</h2><p>Text two.</p><h2 id='t'>Termination</h2><p>Text three.</p></body></html>",
        encoding="utf-8")
    doc = hikaku.load_document(tmp_path / "t.html")
    toc = [c for c in doc.chunks if c.structure.kind == "toc"]
    assert len(toc) == 1 and toc[0].structure.heading == "Contents" and "Payment" in toc[0].content
    assert [c.structure.heading for c in doc.chunks if c.structure.kind == "section"] == [
        "Definitions", "Payment", "Termination"]
