"""Exported chunk lists cleaned (loaders/exported.py): the quick paths (no context tags, no
metadata copied unless changed, the first line found without splitting the text) give the
chunks the plain reading gave, and the same objects for chunks with nothing to clean."""

from __future__ import annotations

from typing import Any

from hikaku.document import Chunk
from hikaku.document.headings import is_toc_title
from hikaku.loaders import exported
from hikaku.loaders.exported import _context_tags, _first_line, _leading_context, clean_exported
from hikaku.loaders.furniture import learn_furniture

TRICKY = ["", "\n", " \n\u3000\nabc\ndef", "\u2028abc\ndef", "x", "\r\n目次\n第1章", "  \t", "\n\n  目　次  \nx",
          "本文\n\n", "\x1c\nsecond"]


def _plain_first_line(text: str) -> str:
    return next((ln for ln in text.split("\n") if ln.strip()), "")


def test_first_line_is_the_first_line_not_blank():
    for t in TRICKY:
        assert _first_line(t) == _plain_first_line(t), repr(t)


def _plain(chunks: list[Chunk]) -> list[tuple[str, str, dict[str, Any]]]:
    """The cleaning loop as first written (heading chunks aside): every text split, every
    metadata copied."""
    tags = _context_tags(chunks)
    furniture = learn_furniture([c.content for c in chunks])
    out = []
    for c in chunks:
        lines = c.content.split("\n")
        context, skip = _leading_context(lines, tags) if tags else ([], 0)
        body = furniture.clean("\n".join(lines[skip:])).strip("\n")
        md: dict[str, Any] = dict(c.metadata)
        if context:
            path = [value for _, value in context]
            if not body.strip():
                body, path = path[-1], path[:-1]
                md.setdefault("kind", "heading")
                md.setdefault("heading", body)
            if "heading_path" not in md:
                md["heading_path"] = path
        first = _plain_first_line(body)
        if first and is_toc_title(first) and "kind" not in md:
            md.update(kind="toc", heading=first.strip())
        out.append((c.id, body if body.strip() else c.content, md))
    return out


def _chunks(texts: list[str], tagged: bool) -> list[Chunk]:
    out = []
    for k, t in enumerate(texts):
        content = f"[上位階層1] 第1編\n  \n[上位階層2] 第{k}章\n{t}" if tagged and k % 2 else t
        md: dict[str, Any] = {"heading": "既存"} if k % 3 == 0 else ({"kind": "clause"} if k % 3 == 1 else {})
        out.append(Chunk(id=f"c{k}", content=content, metadata=md))
    return out


def test_the_same_chunks_as_the_plain_reading(monkeypatch):
    texts = [*TRICKY, "目次", "Table of Contents\n1. Intro", "【重要】 注意", "[注] 本文", "  [x] y", "report.pdf 2024-01-02\n本文",
             "report.pdf 2024-01-02\n次の本文"]
    for tagged in (False, True):
        chunks = _chunks(texts, tagged)
        got = clean_exported(chunks)
        synthetic = [c for c in got if c.metadata.get("synthetic")]
        assert bool(synthetic) == tagged
        plain = _plain(chunks)
        assert [(c.id, c.content, c.metadata) for c in got if not c.metadata.get("synthetic")] == plain
        if not tagged:  # nothing to clean: the same object
            assert got[4] is chunks[4] and got[8] is not chunks[8]
    assert exported.MIN_SHARE == 0.3


def test_context_tags_skip_only_texts_no_tagged_line_opens():
    chunks = _chunks([*TRICKY, " \n [甲] 一", "\u3000【乙】 二", "本文 [丙] 三", "[丁]", "\n[戊] 五"] * 2, True)
    opened: dict[str, int] = {}
    for c in chunks:
        for tag in {tag for tag, _ in _leading_context(c.content.split("\n"), None)[0]}:
            opened[tag] = opened.get(tag, 0) + 1
    need = max(2, exported.MIN_SHARE * len(chunks))
    assert _context_tags(chunks) == {tag for tag, n in opened.items() if n >= need}
    assert _context_tags(_chunks(["[甲] 一", "\n【甲】 二", " [甲] 三", "x"], False)) == {"甲"}


def test_a_heading_repeated_as_printed_after_the_context_is_the_heading_path():
    # the page printed the chapter's heading above every clause: full-width digits, an ideographic
    # space, ⾦ (U+2FA6) and ⽀ (U+2F40) where the context line has 金 and 支
    chunks = [Chunk(id=f"c{k}", content=f"[上位階層1] 第1編 普通保険約款\n[上位階層2] 第2章 保険金の支払\n"
                                        f"第２章　 保険\u2fa6の\u2f40払\n第{k}条（給付）\n本文{k}。", metadata={})
              for k in range(3, 6)]
    chunks.insert(0, Chunk(id="h", content="[上位階層1] 第1編 普通保険約款\n[上位階層2] 第2章 保険金の支払\n"
                                           "第２章　保険\u2fa6の\u2f40払", metadata={}))
    got = clean_exported(chunks)
    assert [c.id for c in got] == ["h#h1", "h", "c3", "c4", "c5"]  # 第1編 is named by no chunk: one is made for it
    heading, *clauses = got[1:]
    assert (heading.content, heading.structure.kind) == ("第２章　保険\u2fa6の\u2f40払", "heading")
    assert heading.structure.heading_path == ("第1編 普通保険約款",)
    assert [c.content for c in clauses] == [f"第{k}条（給付）\n本文{k}。" for k in range(3, 6)]
    assert {c.structure.heading_path for c in clauses} == {("第1編 普通保険約款", "第2章 保険金の支払")}
    # no heading chunk is made up for the chapter: the chunk that printed it is its heading
    assert not [c for c in got if c.metadata.get("synthetic") and "第2章" in c.content]
    # a line that only looks like the heading further down is text
    (kept,) = clean_exported([Chunk(id="x", content="[上位階層1] 第1編\n本文。\n第1編", metadata={}),
                              Chunk(id="y", content="[上位階層1] 第1編\n本文2。", metadata={})])[1:2]
    assert kept.content == "本文。\n第1編"
