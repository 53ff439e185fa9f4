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
