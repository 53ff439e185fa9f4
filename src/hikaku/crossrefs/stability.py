"""Which rows cannot hold a reference to check, told without reading their references.

A row whose text B kept as it was (most rows of a revision) points where A's text pointed
unless what it cites moved: a provision that went elsewhere — another number, another text,
deleted —, a number B gives to another provision, or, for 前条 / 次条, the provisions around
the citing one. References within the citing provision itself (第二項, 前号) cannot have
moved: its text is the same. So such a row needs its references read only when its text
names an unstable number (a pattern of their written forms: 第十条, 第10条, ``Section 4``)
or holds a relative article reference (前条, 次条, 前二条) where its neighbours changed — a
superset of the rows that can be flagged, found by one search each.
"""

from __future__ import annotations

import re

from ..document import write_number
from .mapping import Correspondence
from .outline import Outline

__all__ = ["Stability"]

_RELATIVE_ARTICLE = re.compile(r"(?:前|次|前[二三四五六七八九十]+)条(?![約例件理文項])")
_REACH = 3  # neighbours each side a relative article reference may name (前三条)
_SCHEDULES, _ANY = -1, -2  # unstable numbers read from anywhere (別表第一), or in a section not told


class Stability:
    """The provisions of A whose counterpart in B is the same provision under the same number
    with the same text; the written forms of every other number."""

    def __init__(self, oa: Outline, ob: Outline, corr: Correspondence) -> None:
        self.oa, self.ob = oa, ob
        self.stable: dict[int, int] = {}  # A provision -> its B counterpart, when the same number and text
        for p, prov in enumerate(oa.provisions):
            state, pb = corr.provisions(p)
            if state != "same" or len(pb) != 1:
                continue
            other = ob.provisions[pb[0]]
            if (prov.kind, prov.number, prov.placeholder) == (other.kind, other.number, other.placeholder) and \
                    oa.text(p) == ob.text(pb[0]) and self._supplement(oa, p) == self._supplement(ob, pb[0]):
                self.stable[p] = pb[0]
        kept = set(self.stable.values())
        # the unstable numbers of each numbering section of A (a citation reads its own scope's):
        # A's provisions that moved, and B's that took a number (in the A section their B section
        # pairs with; document-wide when that cannot be told, and for schedules)
        section_b = {ob.provisions[q].section: oa.provisions[p].section for p, q in self.stable.items()}
        self.unstable: dict[int, set[tuple[str, tuple[int | str, ...]]]] = {}
        for p, prov in enumerate(oa.provisions):
            if p not in self.stable:
                self._note(prov.section, prov.kind, prov.number)
        for q, prov in enumerate(ob.provisions):
            if q not in kept:
                self._note(section_b.get(prov.section, _ANY), prov.kind, prov.number)
        self._patterns: dict[tuple[int, ...], re.Pattern[str] | None] = {}

    def _note(self, section: int, kind: str, number: tuple[int | str, ...]) -> None:
        everywhere = kind in ("別表", "附則", "schedule", "annex", "exhibit", "appendix")
        self.unstable.setdefault(_SCHEDULES if everywhere else section, set()).add((kind, number))

    def _pattern(self, scopes: tuple[int, ...]) -> re.Pattern[str] | None:
        """The unstable numbers a chunk reading the numbering *scopes* may cite: theirs, those
        of a B section whose A section is unknown (when it reads any), the schedules'."""
        if scopes not in self._patterns:
            also = (_SCHEDULES, _ANY) if scopes else (_SCHEDULES,)
            keys = set().union(*(self.unstable.get(k, set()) for k in (*also, *scopes)))
            forms = sorted({form for key in keys for form in _forms(*key)}, key=len, reverse=True)
            self._patterns[scopes] = re.compile("|".join(forms)) if forms else None
        return self._patterns[scopes]

    @staticmethod
    def _supplement(o: Outline, p: int) -> bool:
        section = o.provisions[p].section
        return o.supplementary[section] or section == o.first_supplement

    def quiet(self, chunk: int, text: str) -> bool:
        """Whether a row B kept as it was, chunk *chunk* of A with the text *text*, can hold no
        reference to check."""
        section = self.oa.section_of[chunk]
        scopes = tuple(sorted({k for k in (self.oa.scope(section, False), self.oa.scope(section, True)) if k is not None}))
        pattern = self._pattern(scopes)
        if pattern is not None and pattern.search(text) is not None:
            return False
        p = self.oa.of_chunk[chunk]
        if p < 0 or _RELATIVE_ARTICLE.search(text) is None:
            return True
        return self._settled(p)

    def _settled(self, p: int) -> bool:
        """Whether the provisions around A's *p* are, one for one, those around its counterpart."""
        q = self.stable.get(p)
        if q is None:
            return False
        around_a, around_b = self.oa.siblings(p), self.ob.siblings(q)
        i, j = around_a.index(p), around_b.index(q)
        for d in range(-_REACH, _REACH + 1):
            x, y = i + d, j + d
            inside_a, inside_b = 0 <= x < len(around_a), 0 <= y < len(around_b)
            if inside_a != inside_b or (inside_a and self.stable.get(around_a[x]) != around_b[y]):
                return False
        return True


def _forms(kind: str, number: tuple[int | str, ...]) -> list[str]:
    """How a citation may write the number of a provision (a superset: 第十条 also names 第十条の二)."""
    if not number:
        return ["附則"] if kind == "附則" else []
    head, *branch = number
    if isinstance(head, int):
        out = []
        for style in ("kanji", "arabic", "full"):
            digits = write_number(head, style)
            if kind == "条":
                out.append(f"第{digits}条")
            elif kind == "別表":
                out.append(f"別表第{digits}")
        return [re.escape(f) for f in out]
    # English: Section 4.2, clause 4 (and its 4.2), a heading's bare 4.1
    word = r"(?i:part|chapter|article|section|clause|schedule|annex|exhibit|appendix)s?[ \t]*|§§?[ \t]*"
    return [rf"(?:{word})?\b{re.escape(str(head))}(?![0-9])"]
