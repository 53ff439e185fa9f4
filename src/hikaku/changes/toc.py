"""A table of contents' row: navigation, said only where the heading rows do not say it.

A TOC lists the headings (``loaders.toc``): when a chapter is renamed or a rider added, the TOC
changes with it, and the heading's own row already tells the reviewer. The TOC's row then says
nothing new. Its entries are compared without page numbers; each entry added to it must be a
heading that a row reports added, renamed or renumbered in B, each entry gone from it a heading
a row reports deleted, renamed or renumbered in A. When every changed entry is so said, the TOC's
row is 一致 with ``cosmetic_kind`` ``toc`` (as a cosmetic difference: 変更 with ``--strict``); an
entry no heading row says (a TOC corrected on its own, a heading renamed in the TOC only) is
named in the row's summary.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..align import ResolvedGroup
from ..document import Chunk, Document
from ..result import Change
from ..wording import wording

__all__ = ["toc_entries", "with_toc_said"]

MAX_NAMED = 3


def _key(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def toc_entries(text: str) -> list[str]:
    """The entries of a table of contents (its first line, the title, left out), without their page
    numbers and leaders, as keys (NFKC, no whitespace): what a heading and its entry share."""
    from ..loaders import entry_title  # the loader's reading of an entry (a lazy import: loaders is below)

    lines = [ln for ln in text.splitlines() if ln.strip()]
    return [_key(entry_title(ln)[0]) for ln in lines[1:]]


def _headings(chunks: Sequence[Chunk]) -> set[str]:
    """What the chunks of a row name as headings: a heading's text, a section's heading."""
    out = set()
    for c in chunks:
        st = c.structure
        if st.kind in ("heading", "section") and st.heading:
            out.add(_key(st.heading))
        if st.kind == "heading":
            out.add(_key(c.content.strip().split("\n")[0]))
    return out


def with_toc_said(rows: list[Change], groups: Sequence[ResolvedGroup], doc_a: Document, doc_b: Document, lang: str,
                  *, strict: bool) -> list[Change]:
    """*rows* (one for each of *groups*) with every TOC pair's row said as above."""

    def chunks(k: int) -> tuple[list[Chunk], list[Chunk]]:
        return [doc_a.chunks[i] for i in groups[k].a], [doc_b.chunks[j] for j in groups[k].b]

    toc_rows = [k for k, (row, g) in enumerate(zip(rows, groups))
                if g.a and g.b and row.type == "modified" and not row.cosmetic
                and all(doc_a.chunks[i].structure.kind == "toc" for i in g.a)
                and all(doc_b.chunks[j].structure.kind == "toc" for j in g.b)]
    if not toc_rows:
        return rows
    said_a: set[str] = set()
    said_b: set[str] = set()
    for k, row in enumerate(rows):
        if row.type != "unchanged" or row.renumbered:
            ca, cb = chunks(k)
            said_a |= _headings(ca)
            said_b |= _headings(cb)
    w = wording(lang)
    out = list(rows)
    for k in toc_rows:
        ca, cb = chunks(k)
        old = toc_entries("\n".join(c.content for c in ca))
        new = toc_entries("\n".join(c.content for c in cb))
        gone = [e for e in old if e not in set(new) and e not in said_a]
        came = [e for e in new if e not in set(old) and e not in said_b]
        if not gone and not came:
            out[k] = rows[k].model_copy(update={
                "type": "modified" if strict else "unchanged", "cosmetic": True, "cosmetic_kind": "toc",
                "summary": w("report.cosmetic.toc"), "diff": rows[k].diff if strict else None})
            continue
        q, qc = w("text.quote_open"), w("text.quote_close")
        parts = [f"{w('report.added_text')}: {q}{e}{qc}" for e in came[:MAX_NAMED]]
        parts += [f"{w('report.deleted_text')}: {q}{e}{qc}" for e in gone[:MAX_NAMED]]
        out[k] = rows[k].model_copy(update={"summary": w("text.clause_sep").join(parts)})
    return out
