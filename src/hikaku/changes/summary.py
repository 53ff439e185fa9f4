"""改定の要旨, the revision summary every report opens with (``ComparisonResult.summary``): the
counts; the replacements made throughout (「労働者」 → 「社員」 in 37 clauses), each stated once — a
term replaced in :data:`THROUGHOUT` rows or more — with the rows that differ by nothing else
(their renumbering aside) folded into one line, as 条番号のみ変更 is; the rows that may
disadvantage the customer or employee; and every changed row, grouped by section, with what
changed (its facts, the replacements left out)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..result import (
    Change,
    Fact,
    ReferenceFact,
    Replacement,
    RevisionSummary,
    SectionSummary,
    SummaryEntry,
    TermFact,
)
from .describe import describe_facts

__all__ = ["MAX_REPLACEMENTS", "THROUGHOUT", "replacements_throughout", "revision_summary", "section_of", "only_replaced",
           "summary_digest"]

THROUGHOUT = 3  # a term replaced in this many rows or more is a replacement made throughout the document
MAX_REPLACEMENTS = 20  # the most a summary states (those made in the most rows): each is looked for in all of B


def _core(old: str, new: str) -> tuple[str, str]:
    """The words that differ, their common ends aside (「労働者代表」 → 「社員代表」 is 「労働者」 → 「社員」)."""
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    return old[p:len(old) - s], new[p:len(new) - s]


def _key(fact: TermFact) -> tuple[str, str]:
    """What two replacements share when they are one: their differing words, when both sides have
    two characters or more (「七」 → 「五」 alone would join 七大疾病 with 七日), else the words said."""
    core = _core(fact.old, fact.new)
    return core if min(len(core[0]), len(core[1])) >= 2 else (fact.old, fact.new)


def replacements_throughout(changes: Sequence[Change]) -> list[Replacement]:
    """The terms replaced in :data:`THROUGHOUT` rows or more (by their differing words) and left in
    fewer rows of B than they were replaced in (「労働者」 → 「社員」 everywhere, not "is" → "are" in a
    few sentences of many), most rows first, each with its rows; said as the words most of its
    rows say."""
    rows: dict[tuple[str, str], list[int]] = {}
    said: dict[tuple[str, str], dict[tuple[str, str], int]] = {}
    for k, c in enumerate(changes):
        if c.type != "modified":
            continue
        for f in c.facts:
            if isinstance(f, TermFact) and f.old and f.new:
                key = _key(f)
                if k not in rows.setdefault(key, []):
                    rows[key].append(k)
                said.setdefault(key, {})
                said[key][(f.old, f.new)] = said[key].get((f.old, f.new), 0) + 1
    ranked = sorted((key for key, ks in rows.items() if len(ks) >= THROUGHOUT), key=lambda k: (-len(rows[k]), rows[k][0]))
    candidates = {key: len(rows[key]) for key in ranked[:MAX_REPLACEMENTS]}
    left = _left_in_b(changes, candidates)
    out = []
    for key, ks in rows.items():
        if key in candidates and key not in left:
            forms = said[key]
            old, new = key if len(forms) > 1 else next(iter(forms))
            out.append(Replacement(old=old, new=new, changes=ks))
    out.sort(key=lambda r: (-len(r.changes), r.changes[0]))
    return out


Keys = frozenset[tuple[str, str]]


def keys_of(replacements: Sequence[Replacement]) -> Keys:
    """What the replacements are known by (their words and the words that differ), computed once."""
    return frozenset({(r.old, r.new) for r in replacements} | {_core(r.old, r.new) for r in replacements})


def _left_in_b(changes: Sequence[Change], candidates: dict[tuple[str, str], int]) -> set[tuple[str, str]]:
    """The candidates whose old words are still in B as many times as the rows they were replaced
    in (the new words' own occurrences aside: 「保険者」 is in 「被保険者」; an English word only whole:
    "driver" is not in "drivers"). B's texts are joined once and counted in (at C speed), a word
    read only where the count cannot tell."""
    if not candidates:
        return set()
    b = "\x00".join(c.b_text for c in changes if c.b_text)
    left = set()
    for (old, new), replaced in candidates.items():
        n = b.count(old)
        if new and old in new:
            n -= b.count(new) * new.count(old)
        if n < replaced:
            continue
        if old.isascii():
            whole = re.compile(rf"(?<![A-Za-z]){re.escape(old)}(?![A-Za-z])")
            n = 0
            for _ in whole.finditer(b):
                n += 1
                if n >= replaced:
                    break
            if n < replaced:
                continue
        left.add((old, new))
    return left


def _replaced(fact: Fact, keys: Keys) -> bool:
    return isinstance(fact, TermFact) and bool(fact.old and fact.new) and _key(fact) in keys


def leave_out(facts: Sequence[Fact], replacements: Sequence[Replacement] | Keys) -> set[tuple[str, str]]:
    """The terms of *facts* that are replacements made throughout (to leave out of a description)."""
    keys = replacements if isinstance(replacements, frozenset) else keys_of(replacements)
    if not keys:
        return set()
    return {(f.old, f.new) for f in facts if isinstance(f, TermFact) and _replaced(f, keys)}


def said_by_facts(change: Change, lang: str, replacements: Sequence[Replacement] | Keys) -> str | None:
    """What the revision summary says of a modified row from its typed facts, in *lang*, leaving
    out the replacements made throughout; None for a row its facts do not say: an LLM's
    description, a cosmetic, renumbered or moved row (the move is no fact), a row without facts."""
    if (change.type != "modified" or change.summary_by == "llm" or not change.facts
            or change.cosmetic or change.renumbered or change.moved):
        return None
    return describe_facts(change.facts, lang, leave_out=leave_out(change.facts, replacements))


def only_replaced(change: Change, replacements: Sequence[Replacement] | Keys) -> bool:
    """A modified row that differs by replacements made throughout and nothing else (its clause
    numbers, shifted or its own, aside)."""
    if change.type != "modified" or change.moved or change.summary_by == "llm" or not change.facts:
        return False
    if len(change.a_ids) != 1 or len(change.b_ids) != 1:
        return False
    keys = replacements if isinstance(replacements, frozenset) else keys_of(replacements)
    terms = [f for f in change.facts if not isinstance(f, ReferenceFact)]
    return bool(keys) and bool(terms) and all(_replaced(f, keys) for f in terms)


def section_of(change: Change, roots: frozenset[str] = frozenset(), top: str = "") -> str:
    """The section a row belongs to, under the documents' titles; a row right under a title is in
    *top* (one name for both documents' titles, which a revision often changes), else that title."""
    if change.path and change.path[0] in roots:
        return " > ".join(change.path[1:]) if len(change.path) > 1 else (top or change.path[0])
    return " > ".join(change.path)


def revision_summary(changes: Sequence[Change], lang: str, *, roots: frozenset[str] = frozenset(), top: str = "",
                     counts: dict[str, int] | None = None) -> RevisionSummary:
    """The summary of *changes* (*roots*: the documents' titles, above every section; *top*: the
    section of the rows right under either title, B's title; *counts*: the totals the report
    states, else counted here)."""
    replacements = replacements_throughout(changes)
    keys = keys_of(replacements)
    folded = [k for k, c in enumerate(changes) if only_replaced(c, keys)]
    skip = set(folded)
    sections: dict[str, list[SummaryEntry]] = {}
    sections_seen: dict[str, str] = {}
    for k, c in enumerate(changes):
        if k in skip or (c.type == "unchanged" and not c.moved):
            continue
        description = said_by_facts(c, lang, keys)
        if description is None:  # a moved row's own says where it went, as well as what changed
            description = c.summary if c.type in ("modified", "unchanged") else ""
        elif description == c.summary:
            description = c.summary  # the row's own string, not a copy of it
        section = section_of(c, roots, top)
        section = sections_seen.setdefault(section, section)
        sections.setdefault(section, []).append(SummaryEntry(change=k, item=c.item, type=c.type, description=description))
    if counts is None:
        counts = {t: sum(1 for c in changes if c.type == t) for t in ("added", "deleted", "modified", "unchanged")}
    counts = {**counts, "replaced_only": len(folded), "attention": sum(1 for c in changes if c.attention)}
    return RevisionSummary(
        counts=counts,
        replacements=replacements,
        folded=folded,
        attention=[k for k, c in enumerate(changes) if c.attention],
        sections=[SectionSummary(section=s, entries=e) for s, e in sections.items()],
    )


def summary_digest(summary: RevisionSummary, changes: Sequence[Change], lang: str, *, limit: int = 200) -> str:
    """The summary as plain lines, what an LLM is given to word it: the counts, the replacements,
    the rows that may disadvantage the customer with their evidence, the changed rows by section
    (at most *limit*)."""
    from ..wording import wording

    w = wording(lang)
    q, qc, sep, said_of = w("text.quote_open"), w("text.quote_close"), w("text.clause_sep"), w("text.subject_sep")
    lines = [w("report.totals") + said_of + sep.join(
        f"{w(f'report.change.{k}')} {n}" for k, n in summary.counts.items() if n and k in ("added", "deleted", "modified"))]
    for r in summary.replacements:
        lines.append(f"{w('report.summary.replaced')}{said_of}" + w("report.summary.replaced_in",
                     old=f"{q}{r.old}{qc}", new=f"{q}{r.new}{qc}", n=len(r.changes)))
    for k in summary.attention:
        c = changes[k]
        lines.append(f"{w('report.attention.title')}{said_of}{c.item}{said_of}"
                     + sep.join(f"{w(f'report.attention.code.{a.code}')} ({a.evidence})" for a in c.attention))
    shown = 0
    for section in summary.sections:
        if shown >= limit:
            break
        lines.append(f"[{section.section}]")
        for e in section.entries[:limit - shown]:
            said = e.description or w.get(f"report.change.{e.type}", e.type)
            lines.append(f"- {e.item}{said_of}{said}")
            shown += 1
    return "\n".join(lines)
