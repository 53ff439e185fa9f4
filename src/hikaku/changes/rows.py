"""The rows of a comparison: one :class:`~hikaku.result.Change` per resolved group, with
its type, its facts (:mod:`.facts`) and the description written from them (moved / split /
merged first), the signals that it may disadvantage the customer (:mod:`.attention`), its
inline diff and its place in the document. A pair that differs only by its clause numbers
(renumbered, 条ずれ) and a pair that differs only cosmetically are ``unchanged`` unless
``strict``; both say so in their own fields. A description an LLM wrote stands only when it
names nothing the row does not hold (:mod:`.grounding`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ..align import ResolvedGroup
from ..document import (
    Chunk,
    Document,
    NumberingSection,
    is_clause_label,
    is_placeholder,
    numbering_sections,
    numbers_several,
    placeholder_label,
)
from ..result import Attention, Change, ChangeDiff, ChangeType, Fact, ReferenceFact
from ..text import remembering
from ..wording import Wording, wording
from .attention import attention_of, clause_attention
from .describe import describe_facts, label_change
from .facts import extract_facts
from .grounding import fact_strings, ungrounded
from .inline import DiffCache, diff_spans, inline_ops
from .items import item_label
from .noise import cosmetic_kind
from .renumbering import Numbers, renumbering_of
from .summary import keys_of, leave_out, only_replaced, replacements_throughout
from .toc import with_toc_said

__all__ = ["build_change", "build_changes", "pages_of", "row_facts"]


def build_changes(doc_a: Document, doc_b: Document, groups: Sequence[ResolvedGroup], lang: str, *,
                  strict: bool, numbers: Numbers | None = None,
                  sections: tuple[Sequence[NumberingSection], Sequence[NumberingSection]] | None = None) -> list[Change]:
    """The rows of a comparison, with what only the whole documents tell: the renumbering
    of each numbering section (a pair that differs only by it is *renumbered*) and, where
    clause numbers repeat (every rider has a 第1条), the section in the 項目 column.
    *numbers*: the chunks' own numbers, when the caller read them already (the plan did);
    *sections*: the numbering sections of A and B, likewise."""
    sections_a, sections_b = sections or (numbering_sections(doc_a.chunks), numbering_sections(doc_b.chunks))
    pairs = [(g.a[0], g.b[0]) for g in groups if len(g.a) == 1 and len(g.b) == 1]  # moved ones too
    renumbering = renumbering_of(doc_a, doc_b, pairs, sections_a, numbers)
    scope_a, scope_b = _scopes(doc_a, sections_a), _scopes(doc_b, sections_b)
    out = []
    to_scopes: list[str] = []  # the section each moved row went to, when another (for its summary)
    diffs = DiffCache()  # what the rows' inline diffs share
    with remembering() as memo:  # a pair's texts normalised and read for clause numbers once
        for g in groups:
            ca = [doc_a.chunks[i] for i in g.a]
            cb = [doc_b.chunks[j] for j in g.b]
            renumbered = None
            if len(ca) == len(cb) == 1 and not g.moved and ca[0].content != cb[0].content:
                renumbered = renumbering.labels(g.a[0], ca[0].content, cb[0].content)
            scope = scope_a[g.a[0]] if g.a else scope_b[g.b[0]]
            to_scope = scope_b[g.b[0]] if g.moved and g.a and g.b and scope_b[g.b[0]] != scope else ""
            to_scopes.append(to_scope)
            out.append(build_change(ca, cb, g, lang, strict=strict, renumbered=renumbered, scope=scope, diffs=diffs,
                                    shifted=partial(renumbering.follows, g.a[0]) if g.a else None, to_scope=to_scope))
            memo.clear()
    _say_replacements_once(out, doc_a, doc_b, groups, lang, to_scopes)
    return with_toc_said(out, groups, doc_a, doc_b, lang, strict=strict)  # a TOC's row: what no heading row says


def _say_replacements_once(rows: list[Change], doc_a: Document, doc_b: Document, groups: Sequence[ResolvedGroup],
                           lang: str, to_scopes: Sequence[str]) -> None:
    """A term replaced throughout the document (:func:`.summary.replacements_throughout`) is said
    once, in the summary: the rows that also changed otherwise say the rest."""
    replacements = replacements_throughout(rows)
    if not replacements:
        return
    keys = keys_of(replacements)
    w = wording(lang)
    for c, g, to_scope in zip(rows, groups, to_scopes):
        if c.type != "modified" or c.summary_by == "llm" or c.cosmetic or c.renumbered or c.repealed:
            continue
        skip = leave_out(c.facts, keys)
        if not skip or only_replaced(c, keys):
            continue
        ca = [doc_a.chunks[i] for i in g.a]
        cb = [doc_b.chunks[j] for j in g.b]
        shape = _shape(ca, cb, g.moved, w, to_scope)
        c.summary = w("text.clause_sep").join(p for p in (shape, describe_facts(c.facts, lang, leave_out=skip)) if p)


def _scopes(doc: Document, sections: Sequence[NumberingSection]) -> list[str]:
    """For each clause, the title of its numbering section when the document numbers
    several sections on their own (every rider has a 第1条), else "". The document's own
    title names no section, whether every section sits under it or the main clauses alone do
    (the report's header names it, and A's and B's differ by their dates): the main clauses of
    a 約款 have no scope, its riders' clauses the rider's name."""
    out = [""] * len(doc.chunks)
    if not numbers_several(sections):
        return out
    root = _shared_prefix([s.key for s in sections])
    for s in sections:
        title = s.key[-1] if len(s.key) > len(root) and s.key[-1] != doc.title else ""
        for i in range(s.start, s.end):
            if title and is_clause_label(doc.chunks[i].structure.structural_label):
                out[i] = title
    return out


def _shared_prefix(keys: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    n = min(len(k) for k in keys)
    while n and any(k[:n] != keys[0][:n] for k in keys):
        n -= 1
    return keys[0][:n]


def build_change(ca: list[Chunk], cb: list[Chunk], g: ResolvedGroup, lang: str, *, strict: bool,
                 renumbered: list[tuple[str, str]] | None = None, scope: str = "",
                 diffs: DiffCache | None = None, shifted: Callable[[str, str], bool] | None = None,
                 to_scope: str = "") -> Change:
    """One row: the chunks of A and B a resolved group holds, compared. *renumbered*: the
    clause numbers of a pair that differs by nothing else (:mod:`.renumbering`); *scope*:
    the section to name in the 項目 column; *diffs*: a cache the rows' inline diffs share
    (:func:`.inline.inline_ops`); *shifted(old, new)*: whether a changed reference follows
    the document's renumbering; *to_scope*: the section a moved clause went to, when it is
    another (「第3条 → がん診断特約 第2条へ移動」)."""
    w = wording(lang)
    a_text = ca[0].content if len(ca) == 1 else "\n".join(c.content for c in ca)  # (join gives the one text itself)
    b_text = cb[0].content if len(cb) == 1 else "\n".join(c.content for c in cb)
    kind: str | None = None  # the same texts: no cosmetic difference (most rows of a large comparison)
    if ca and cb and a_text != b_text:
        toc = all(c.structure.kind == "toc" for c in ca + cb)
        kind = cosmetic_kind(a_text, b_text, toc=toc)
    parts: list[str] = []
    repealed = False
    summary_by, offline_summary, diff, refused = "offline", None, None, None
    facts: list[Fact] = []
    attention: list[Attention] = []
    item = item_label(ca, cb)
    ctype: ChangeType
    if ca and cb:
        one_to_one = len(ca) == len(cb) == 1  # a split or a merge is a change even with the same words
        if renumbered:
            facts = [ReferenceFact(old=old, new=new, own=k == 0, shifted=k > 0) for k, (old, new) in enumerate(renumbered)]
        if one_to_one and (a_text == b_text or ((kind is not None or renumbered) and not strict)):
            ctype = "unchanged"
            if kind is not None:
                parts.append(w(f"report.cosmetic.{kind}"))
            elif renumbered:
                parts.append(_renumbering_text(renumbered, w))
        else:
            ctype = "modified"
            # 「第9条　削除」 for a clause that had text: deleted, its number kept. Read only here, where it
            # is said: the unchanged twins are most rows of a large comparison
            repealed = one_to_one and placeholder_label(b_text) is not None and not is_placeholder(a_text)
            ops = inline_ops(a_text, b_text, cache=diffs)  # one diff for the highlights (and a cache for the facts)
            if kind is not None:
                parts.append(w(f"report.cosmetic.{kind}"))
            elif renumbered:
                parts.append(_renumbering_text(renumbered, w))
            elif repealed:
                parts.append(w("report.repealed_summary", label=placeholder_label(b_text)))
                attention = clause_attention(a_text, added=False, item=item, lang=lang)
            else:
                title = one_to_one and _is_title(ca[0]) and _is_title(cb[0])  # a heading: said whole
                facts, attention = row_facts(a_text, b_text, lang, title=title, own=not g.moved, diffs=diffs,
                                             shifted=shifted)
                parts.append(describe_facts(facts, lang))
                if g.description:
                    # the LLM's words stand when they name nothing the row does not hold
                    if ungrounded(g.description, [a_text, b_text, *fact_strings(facts), *_headings(ca + cb)]):
                        refused = g.description
                    else:
                        offline_summary, summary_by = parts.pop(), "llm"
                        parts.append(g.description)
            sa, sb = diff_spans(a_text, b_text, ops)
            diff = ChangeDiff(a=sa, b=sb)
        shape = _shape(ca, cb, g.moved, w, to_scope)
        if shape:
            parts.insert(0, shape)
    else:
        ctype = "deleted" if ca else "added"
        attention = clause_attention(a_text or b_text, added=not ca, item=item, lang=lang)
        if ca and g.description:
            if ungrounded(g.description, [a_text, *_headings(ca)]):
                refused = g.description
            else:
                parts.append(g.description)
                summary_by = "llm"
    return Change(
        type=ctype,
        a_ids=[c.id for c in ca],
        b_ids=[c.id for c in cb],
        item=f"{scope} {item}" if scope and not item.startswith(scope) else item,
        summary=w("text.clause_sep").join(p for p in parts if p),
        confidence=round(float(g.confidence), 4),
        moved=g.moved,
        cosmetic=kind is not None,
        cosmetic_kind=kind,
        similarity=None if g.similarity is None else round(float(g.similarity), 4),
        a_text=a_text,
        b_text=b_text,
        decided_by=g.decided_by,
        summary_by="llm" if summary_by == "llm" else "offline",
        offline_summary=offline_summary,
        path=list((cb or ca)[0].structure.section_path),
        diff=diff,
        renumbered=bool(renumbered),
        renumbering=list(renumbered or []),
        ignored=False,
        repealed=ctype == "modified" and repealed,
        a_pages=pages_of(ca),
        b_pages=pages_of(cb),
        facts=facts,
        attention=attention,
        refused_summary=refused,
    )  # every field given: the rows share one set of given fields (Change.model_post_init)


def row_facts(a_text: str, b_text: str, lang: str, *, title: bool = False, own: bool = True,
              diffs: DiffCache | None = None,
              shifted: Callable[[str, str], bool] | None = None) -> tuple[list[Fact], list[Attention]]:
    """The facts of a modified pair (the clause's own renumbering first, unless *own* is False:
    a moved row says its move) and the signals that it may disadvantage the customer."""
    found = extract_facts(a_text, b_text, title=title, diffs=diffs, shifted=shifted)
    renumbered = label_change(a_text, b_text) if own and not title else None
    facts = ([ReferenceFact(old=renumbered[0], new=renumbered[1], own=True)] if renumbered else []) + [
        f.fact for f in found]
    return facts, attention_of(found, lang)


def _headings(chunks: list[Chunk]) -> list[str]:
    """The headings the chunks sit under: what the LLM was shown of their place, and may name."""
    return list(dict.fromkeys(h for c in chunks for h in c.structure.section_path))


def pages_of(chunks: list[Chunk]) -> list[int]:
    """The pages the *chunks* are on, in order (their ``page_start`` … ``page_end``); none when the
    document has no pages."""
    pages: set[int] = set()
    for c in chunks:
        st = c.structure
        if st.page_start is not None:
            pages.update(range(st.page_start, (st.page_end if st.page_end is not None else st.page_start) + 1))
    return sorted(pages)


def _renumbering_text(renumbered: list[tuple[str, str]], w: Wording) -> str:
    """「第12条 → 第13条」: the clause's own number, then the references that shifted with it
    (the kind, 条番号のみ変更, is the row's type label)."""
    return w("text.clause_sep").join(f"{old} → {new}" for old, new in renumbered[:3]) + ("…" if len(renumbered) > 3 else "")


def _is_title(chunk: Chunk) -> bool:
    """A heading alone, said whole when it changes (「第2章 責任」 → 「第2章 個人情報」); a clause
    written on one line (「第2条 …。」, "Section 4.1 Neither party …") is a heading to the
    loader, but is described like any clause: its renumbering and what else changed."""
    st = chunk.structure
    return st.kind == "heading" and not is_clause_label(st.structural_label)


def _label(chunks: list[Chunk]) -> str:
    return "・".join(x for x in (c.structure.structural_label for c in chunks) if x)


def _shape(ca: list[Chunk], cb: list[Chunk], moved: bool, w: Wording, to_scope: str = "") -> str:
    """「第5条 → 第7条へ移動」, 「第3条 → がん診断特約 第2条へ移動」 (*to_scope*: into another
    section), 「分割: 第16条・第17条」, 「統合: 第3条・第4条」."""
    if moved:
        la, lb = _label(ca), _label(cb)
        if to_scope and la:
            return w("report.moved_to", a=la, b=f"{to_scope} {lb}".strip())
        if la and lb and la != lb:
            return w("report.moved_to", a=la, b=lb)
        return w("report.moved_summary")
    if len(ca) == 1 and len(cb) > 1:
        return f"{w('report.aspect.split')}: {_label(cb)}" if _label(cb) else w("report.aspect.split")
    if len(ca) > 1 and len(cb) == 1:
        return f"{w('report.aspect.merged')}: {_label(ca)}" if _label(ca) else w("report.aspect.merged")
    return ""
