"""Renumbering (条ずれ): a clause whose only difference is its number.

When a clause is inserted, every later 第N条 shifts, and so do the cross-references to
them (「第12条の規定により」→「第13条の規定により」). Such a pair is no change of substance.
The numbers of a document's paired clauses give the renumbering of each numbering
section (the main part, every rider); a pair is *renumbered* when, its clause numbers
aside, both texts are the same, and every number that differs — its own and those it
cites — differs as that renumbering says (a reference to a clause that did not move
must not change).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..document import Chunk, Document
from ..document.headings import match_opening
from ..document.structure import NumberingSection, first_lines, numbering_sections

__all__ = ["LABEL_REF", "Renumbering", "opening_label", "renumbering_of", "section_of"]

_NUM = r"[0-9〇一二三四五六七八九十百千]+"
LABEL_REF = re.compile(rf"第{_NUM}[編章節款目条](?:の{_NUM})*")


def opening_label(text: str) -> str | None:
    """The 第N条-style number *text* opens with (NFKC), as written. A text opens with 第 in
    NFKC only if it does as written (no other character has 第 as its compatibility form:
    tests/changes/test_renumbering.py): most texts are spared NFKC here."""
    text = text.lstrip()
    m = match_opening(LABEL_REF, text) if text.startswith("第") else None
    return m.group() if m is not None else None


def _label(chunk: Chunk) -> str | None:
    """The number a chunk is cited by (第5条, 第2章), as written in its text."""
    text = chunk.content.lstrip()
    found = opening_label(text)
    if found is not None or not text.startswith(("（", "(")):
        return found
    lines = first_lines(chunk.content, 3)[1:3]
    return opening_label(next((ln for ln in lines if ln.strip()), ""))  # after a caption 「（目的）」


@dataclass
class Renumbering:
    """The renumbering of each numbering section of A, from its paired clauses."""

    maps: dict[int, dict[str, str]] = field(default_factory=dict)  # A section -> {A number: B number}
    section_of_a: list[int] = field(default_factory=list)  # numbering section of every A chunk

    def labels(self, a_pos: int, a_text: str, b_text: str) -> list[tuple[str, str]] | None:
        """The (old, new) numbers of a renumbered pair, its own first; None when the pair
        differs in anything else, or a number moved other than the renumbering says."""
        mapping: Mapping[str, str] = self.maps.get(self.section_of_a[a_pos], {}) if self.section_of_a else {}
        a, b = unicodedata.normalize("NFKC", a_text), unicodedata.normalize("NFKC", b_text)
        refs_a, refs_b = LABEL_REF.findall(a), LABEL_REF.findall(b)
        if a == b or len(refs_a) != len(refs_b) or LABEL_REF.sub("\x00", a) != LABEL_REF.sub("\x00", b):
            return None
        changed: list[tuple[str, str]] = []
        for old, new in zip(refs_a, refs_b):
            if mapping.get(old, old) != new:
                return None
            if old != new and (old, new) not in changed:
                changed.append((old, new))
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
    maps: dict[int, dict[str, str]] = {}
    taken: dict[int, set[str]] = {}
    for i, j in pairs:
        la, lb = _label(doc_a.chunks[i]), _label(doc_b.chunks[j])
        if la is None or lb is None:
            continue
        section = of_a[i]
        m = maps.setdefault(section, {})
        if la in m or lb in taken.setdefault(section, set()):
            m[la] = ""  # two clauses claim one number: nothing certain about it
            continue
        m[la] = lb
        taken[section].add(lb)
    return Renumbering(maps, of_a)
