"""Renumbering (条ずれ): a clause whose only difference is its number.

When a clause is inserted, every later 第N条 shifts, and so do the cross-references to
them (「第12条の規定により」→「第13条の規定により」); in English, every later Article or
Section (``Section 4.1`` → ``Section 5.1``, "Article 4 survives" → "Article 5 survives").
Such a pair is no change of substance. The numbers of a document's paired clauses give the
renumbering of each numbering section (the main part, every rider); a pair is *renumbered*
when, its clause numbers aside, both texts are the same, and every number that differs — its
own and those it cites — differs as that renumbering says (a reference to a clause that did
not move must not change). Which numbers are clause numbers, in either language, and the
renumbering itself (the map the alignment's anchors follow too) are
:mod:`hikaku.document.references`; here the pairs of a comparison give it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..document import (
    ClauseRef,
    Document,
    NumberingSection,
    Renumbering,
    clause_renumbering,
    numbering_sections,
    own_ref,
    per_text,
    section_of,
)

__all__ = ["Numbers", "Renumbering", "own_numbers", "renumbering_of", "section_of"]


Numbers = tuple[Sequence[ClauseRef | None], Sequence[ClauseRef | None]]


def own_numbers(doc_a: Document, doc_b: Document) -> Numbers:
    """The number each chunk of A and of B is cited by (第5条, 第2章, Article 3, Section 4.1),
    as written in its text (:func:`hikaku.document.references.own_ref`), read once per distinct
    text (B's twins of A's chunks are most of B)."""
    own_a, own_b = per_text(own_ref, doc_a, doc_b)
    return own_a, own_b


def renumbering_of(doc_a: Document, doc_b: Document, pairs: Sequence[tuple[int, int]],
                   sections_a: Sequence[NumberingSection] | None = None, numbers: Numbers | None = None) -> Renumbering:
    """The renumbering given by *pairs* (positions of 1:1 pairs, moved ones too: an article
    that moved still had its number and has its new one, and the references to it follow):
    for each numbering section of A, the number each clause had and has
    (:func:`hikaku.document.references.clause_renumbering`, the alignment's map too).
    *numbers*: the chunks' own numbers (:func:`own_numbers`), when the caller has them."""
    of_a = section_of(numbering_sections(doc_a.chunks) if sections_a is None else sections_a, len(doc_a.chunks))
    own_a, own_b = own_numbers(doc_a, doc_b) if numbers is None else numbers
    return clause_renumbering(pairs, own_a, own_b, of_a)
