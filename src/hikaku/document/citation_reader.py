"""Citations: the references a text makes to provisions — the one extraction both the
renumbering (条ずれ: :func:`hikaku.document.references.clause_refs`) and the cross-reference
check (:mod:`hikaku.crossrefs`) read. The grammar of each language is a module of its own
(:mod:`.japanese_citations`, :mod:`.english_citations`); the records are
:mod:`.citation_records`."""

from __future__ import annotations

from dataclasses import replace

from .citation_records import Citation, fold_width
from .english_citations import english_citations
from .japanese_citations import could_cite, japanese_citations

__all__ = ["citations"]


_FULL_DIGITS = frozenset("０１２３４５６７８９")


def _as_written(c: Citation, text: str) -> Citation:
    written = text[c.start:c.end]
    if written == c.text:
        return c
    steps = tuple(replace(s, text=text[s.start:s.end]) for s in c.steps)
    full = c.style == "arabic" and any(ch in _FULL_DIGITS for ch in written)
    return replace(c, text=written, steps=steps, style="full" if full else c.style)


def citations(text: str, *, clauses: bool = False) -> list[Citation]:
    """Every citation in *text*, in order; positions are those of *text* (it is read with
    full-width ASCII as ASCII, which keeps its length). *clauses*: only the citations of
    clauses and structures (第五条, 第二章, ``Section 4.2``), without what is said around them
    (:func:`.japanese_citations.japanese_citations`): what the renumbering reads."""
    t = fold_width(text)
    ja = japanese_citations(t, clauses=clauses) if could_cite(t) else []
    en = english_citations(t)
    if t is not text:  # as written: 第１２条 (read as 第12条), its numerals full-width
        ja, en = [_as_written(c, text) for c in ja], [_as_written(c, text) for c in en]
    if not en or not ja:
        return ja or en
    order = sorted([(c.start, lang, k) for lang, found in (("ja", ja), ("en", en)) for k, c in enumerate(found)])
    where = {(lang, k): n for n, (_, lang, k) in enumerate(order)}
    out = []
    for _, lang, k in order:
        c = (ja if lang == "ja" else en)[k]
        if c.joined >= 0:
            c = Citation(c.start, c.end, c.text, c.steps, c.lang, c.style, c.supplement, c.law, c.self_named,
                         where[(lang, c.joined)], c.range_end, c.quoted)
        out.append(c)
    return out
