"""A document whose strings hold no CJK compatibility character is returned as it is, told by
a screen of its UTF-16 code units; the screen never misses one."""

from __future__ import annotations

import random

from hikaku import Chunk, Document
from hikaku.loaders import unify
from hikaku.loaders.unify import _COMPAT, _may_hold_compat, unify_chunk, unify_cjk, unify_document


def _unified_chunk_by_chunk(doc: Document) -> Document:
    """unify_document as it was before the screen: every chunk unified."""
    chunks = [unify_chunk(c) for c in doc.chunks]
    title = unify_cjk(doc.title)
    if title == doc.title and all(a is b for a, b in zip(chunks, doc.chunks)):
        return doc
    return Document(id=doc.id, title=title, chunks=chunks, source=doc.source, notes=doc.notes)


def test_the_screen_never_misses_a_compatibility_character():
    ranges = [(0x2D00, 0x3100), (0xF800, 0xFC00), (0x2F700, 0x2FC00)]
    for lo, hi in ranges:
        for cp in range(lo, hi):
            if _COMPAT.search(chr(cp)):
                assert _may_hold_compat(["第1条", f"本文{chr(cp)}です"]), hex(cp)
    assert not _may_hold_compat(["第１２条\u3000保険金（目的）", "Article 4 Fees", "［写A］", "\U0001F600", ""])


def test_a_document_is_unified_as_chunk_by_chunk(monkeypatch):
    monkeypatch.setattr(unify, "_SCREEN", 7)  # several blocks of texts
    rng = random.Random(3)
    plain = ["第一条\u3000この法律は", "（目的）", "Article 4 Fees", "ＡＢＣ　１２", "日本人", "\ufa11", "\U0001F600"]
    compat = ["⽇本⼈", "\uf91d", "\u2ed1期", "\U0002f800"]
    for _ in range(300):
        def text(odds: float) -> str:
            return "".join(rng.choice(compat if rng.random() < odds else plain) for _ in range(rng.randint(0, 3)))

        chunks = [Chunk(id=f"c{k}", content=text(0.02) or "x",
                        metadata=rng.choice([{}, {"heading_path": [text(0.05), [text(0.05)]]}, {"path": text(0.05)},
                                             {"kind": "article", "note": text(0.3)}, {"title": text(0.05), "level": 2}]))
                  for k in range(rng.randint(1, 6))]
        doc = Document(id="d", title=text(0.02), chunks=chunks)
        expected = _unified_chunk_by_chunk(doc)
        got = unify_document(doc)
        assert got == expected and (got is doc) == (expected is doc)
        assert [a is b for a, b in zip(got.chunks, doc.chunks)] == [a is b for a, b in zip(expected.chunks, doc.chunks)]
