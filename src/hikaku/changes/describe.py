"""What a row says it changed, written from its facts (:mod:`.facts`) in the report's language:
「入院給付金日額の20倍 → 25倍」, 「試用期間：3か月間 → 6か月間」, 「削除: 「肝硬変」「慢性腎不全」」,
「「タイムカード」 → 「勤怠管理システム」」, 「ただし書・除外の追加: 「…」」. The clause's own renumbering
first, then the title, values, items, provisos, terms, references and sentences; each fact once,
items of one kind together, at most :data:`MAX_PARTS` parts (then 「ほかN件」)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..document import own_ref
from ..result import (
    Fact,
    HeadingFact,
    ItemFact,
    NumberFact,
    ProvisoFact,
    ReferenceFact,
    SentenceFact,
    TermFact,
)
from ..text import nfkc, shorten
from ..wording import wording
from .facts import extract_facts

__all__ = ["describe_change", "describe_facts", "fact_text", "label_change", "number_changes", "MAX_SUMMARY"]

MAX_SUMMARY = 200
MAX_PARTS = 5
_ORDER = ("own", "heading", "number", "item_removed", "item_added", "proviso_added", "proviso_removed", "term",
          "reference", "sentence_removed", "sentence_added")


def label_change(a: str, b: str) -> tuple[str, str] | None:
    """(old, new) when the clause's own number (第N条, Article N, Section N.M, a heading's N.M,
    also after a caption （目的）) was renumbered."""
    la, lb = own_ref(a), own_ref(b)
    return (la.text, lb.text) if la and lb and la.text != lb.text else None


def _rank(fact: Fact) -> int:
    if isinstance(fact, ReferenceFact) and fact.own:
        return 0
    return _ORDER.index(fact.kind)


def fact_text(fact: Fact, lang: str) -> str:
    """One fact in words (an item or sentence alone, with its label)."""
    w = wording(lang)
    q, qc = w("text.quote_open"), w("text.quote_close")
    if isinstance(fact, NumberFact):
        prefix = f"{fact.subject}{w('text.subject_sep')}" if fact.subject and fact.subject not in fact.context else ""
        return f"{prefix}{fact.context}{fact.old} → {fact.new}" if fact.old else f"{w('report.added_text')}: {fact.new}"
    if isinstance(fact, ReferenceFact):
        return f"{fact.old} → {fact.new}"
    if isinstance(fact, HeadingFact | TermFact):
        if fact.old and fact.new:
            return f"{q}{fact.old}{qc} → {q}{fact.new}{qc}"
        key = "heading" if isinstance(fact, HeadingFact) else "text"
        return (f"{w(f'report.added_{key}')}: {q}{fact.new}{qc}" if fact.new
                else f"{w(f'report.deleted_{key}')}: {q}{fact.old}{qc}")
    if isinstance(fact, ProvisoFact):
        said = w("report.proviso_added") if fact.kind == "proviso_added" else w("report.proviso_removed")
        return f"{said}: {q}{fact.text}{qc}"
    assert isinstance(fact, ItemFact | SentenceFact)
    said = w("report.added_text") if fact.kind.endswith("_added") else w("report.deleted_text")
    return f"{said}: {q}{fact.text}{qc}"


def describe_facts(facts: Sequence[Fact], lang: str = "ja", *, leave_out: Collection[tuple[str, str]] = (),
                   limit: int = MAX_PARTS) -> str:
    """The description of a row from its *facts*: each once, in the order of :data:`_ORDER`, the
    items removed (added) together; terms in *leave_out* (replacements the summary states once)
    and references that only follow the renumbering (when anything else is said) left out."""
    w = wording(lang)
    q, qc = w("text.quote_open"), w("text.quote_close")
    kept = [f for f in facts if not (isinstance(f, TermFact) and (f.old, f.new) in leave_out)]
    if any(not (isinstance(f, ReferenceFact) and f.shifted) for f in kept):
        kept = [f for f in kept if not (isinstance(f, ReferenceFact) and f.shifted and not f.own)]
    kept = sorted(dict.fromkeys(kept), key=_rank)
    # an item removed from one enumeration and added to another of the clause is said once, as moved
    removed = {f.text for f in kept if isinstance(f, ItemFact) and f.kind == "item_removed"}
    moved = list(dict.fromkeys(f.text for f in kept if isinstance(f, ItemFact) and f.kind == "item_added"
                               and f.text in removed))
    if moved:
        kept = [f for f in kept if not (isinstance(f, ItemFact) and f.text in moved)]
    parts: list[str] = []
    k = 0
    while k < len(kept) or moved:
        if moved and (k == len(kept) or _rank(kept[k]) >= _ORDER.index("item_removed")):
            parts.append(f"{w('report.moved_item')}: " + w("text.item_sep").join(f"{q}{t}{qc}" for t in moved))
            moved = []
            continue
        f = kept[k]
        if isinstance(f, ItemFact):
            same = [g for g in kept[k:] if isinstance(g, ItemFact) and g.kind == f.kind]
            said = w("report.added_text") if f.kind == "item_added" else w("report.deleted_text")
            parts.append(f"{said}: " + w("text.item_sep").join(f"{q}{g.text}{qc}" for g in same))
            k += len(same)
            continue
        parts.append(fact_text(f, lang))
        k += 1
    if len(parts) > limit:
        parts = [*parts[:limit - 1], w("report.more", n=len(parts) - limit + 1)]
    return shorten(w("text.clause_sep").join(parts), MAX_SUMMARY)


def describe_change(a: str, b: str, lang: str = "ja", *, renumbering: bool = True, title: bool = False) -> str:
    """A one-line description of how *b* differs from *a* (:func:`describe_facts` of their facts,
    the clause's own renumbering first unless ``renumbering=False``)."""
    return describe_facts(change_facts(a, b, renumbering=renumbering, title=title), lang)


def change_facts(a: str, b: str, *, renumbering: bool = True, title: bool = False, **kwargs: object) -> list[Fact]:
    """The facts of a pair: its own renumbering (unless ``renumbering=False``), then those
    :func:`.facts.extract_facts` finds."""
    found = [f.fact for f in extract_facts(a, b, title=title, **kwargs)]  # type: ignore[arg-type]
    own = label_change(a, b) if renumbering and not title else None
    return [ReferenceFact(old=own[0], new=own[1], own=True), *found] if own else found


def number_changes(a: str, b: str) -> list[tuple[str, str]]:
    """Pairs (old, new) of the numbers with their units that changed, in order (NFKC)."""
    return [(f.old, f.new) for f in change_facts(nfkc(a), nfkc(b), renumbering=False) if isinstance(f, NumberFact)]
