"""Renumbering (条ずれ): a clause whose only difference is its number.

When a clause is inserted, every later 第N条 shifts, and so do the cross-references to
them (「第12条の規定により」→「第13条の規定により」); in English, every later Article or
Section (``Section 4.1`` → ``Section 5.1``, "Article 4 survives" → "Article 5 survives").
Such a pair is no change of substance. The numbers of a document's paired clauses give the
renumbering of each numbering section (the main part, every rider); a pair is *renumbered*
when, its clause numbers aside, both texts are the same, and every number that differs — its
own and those it cites — differs as that renumbering says (a reference to a clause that did
not move must not change). Which numbers are clause numbers, in either language, is
:mod:`hikaku.document.references`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..document import Chunk, Document
from ..document.references import ClauseRef, clause_refs, opening_ref, without_refs
from ..document.structure import NumberingSection, first_lines, numbering_sections

__all__ = ["Renumbering", "renumbering_of", "section_of"]

_Key = tuple[str, str]  # (kind, number): ("条", "12"), ("section", "4.1"), ("", "4.1") for a heading's bare number


def _own_number(chunk: Chunk) -> ClauseRef | None:
    """The number a chunk is cited by (第5条, 第2章, Article 3, Section 4.1), as written in its text."""
    text = chunk.content.lstrip()
    found = opening_ref(text)
    if found is not None or not text.startswith(("（", "(")):
        return found
    lines = first_lines(chunk.content, 3)[1:3]
    return opening_ref(next((ln for ln in lines if ln.strip()), ""))  # after a caption 「（目的）」


def _target(mapping: Mapping[_Key, str], ref: ClauseRef) -> str:
    """The number *ref* should read in B: the renumbering's, else its own. A document whose
    headings carry a bare number (4.1 Fees) is cited as "clause 4.1" or "Section 4.1"."""
    key = (ref.kind, ref.number)
    if key not in mapping and ref.kind and ref.english:
        key = ("", ref.number)
    return mapping.get(key, ref.number)


@dataclass
class Renumbering:
    """The renumbering of each numbering section of A, from its paired clauses."""

    maps: dict[int, dict[_Key, str]] = field(default_factory=dict)  # A section -> {(kind, A number): B number}
    section_of_a: list[int] = field(default_factory=list)  # numbering section of every A chunk

    def labels(self, a_pos: int, a_text: str, b_text: str) -> list[tuple[str, str]] | None:
        """The (old, new) numbers of a renumbered pair, its own first; None when the pair
        differs in anything else, or a number moved other than the renumbering says."""
        mapping: Mapping[_Key, str] = self.maps.get(self.section_of_a[a_pos], {}) if self.section_of_a else {}
        a, b = unicodedata.normalize("NFKC", a_text), unicodedata.normalize("NFKC", b_text)
        if a == b:
            return None
        refs_a, refs_b = clause_refs(a), clause_refs(b)
        if len(refs_a) != len(refs_b) or without_refs(a) != without_refs(b):
            return None
        changed: list[tuple[str, str]] = []
        for old, new in zip(refs_a, refs_b):
            if new.text != old.with_number(_target(mapping, old)):
                return None
            if old.text != new.text and (old.text, new.text) not in changed:
                changed.append((old.text, new.text))
        return changed or None


def section_of(sections: Sequence[NumberingSection], n: int) -> list[int]:
    """The numbering section of each of *n* chunks."""
    out = [0] * n
    for k, s in enumerate(sections):
        for i in range(s.start, s.end):
            out[i] = k
    return out


def renumbering_of(doc_a: Document, doc_b: Document, pairs: Sequence[tuple[int, int]],
                   sections_a: Sequence[NumberingSection] | None = None) -> Renumbering:
    """The renumbering given by *pairs* (positions of 1:1 pairs in document order, not
    moved): for each numbering section of A, the number each clause had and has."""
    of_a = section_of(numbering_sections(doc_a.chunks) if sections_a is None else sections_a, len(doc_a.chunks))
    maps: dict[int, dict[_Key, str]] = {}
    taken: dict[int, set[_Key]] = {}
    for i, j in pairs:
        la, lb = _own_number(doc_a.chunks[i]), _own_number(doc_b.chunks[j])
        if la is None or lb is None:
            continue
        section = of_a[i]
        m = maps.setdefault(section, {})
        key, new = (la.kind, la.number), (lb.kind, lb.number)
        if key in m or new in taken.setdefault(section, set()) or la.kind != lb.kind:
            m[key] = ""  # two clauses claim one number, or a clause became another kind: nothing certain
            continue
        m[key] = lb.number
        taken[section].add(new)
    return Renumbering(maps, of_a)
