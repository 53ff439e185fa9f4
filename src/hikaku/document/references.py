"""Clause numbers as a document writes them: a clause's own number where it opens the clause,
and the numbers it cites — 第12条, 第2章, 第5条の2, ``Article 4``, ``ARTICLE IV``,
``Section 4.1``, ``clause 7``, ``§ 3``, ``Part 2``, ``Chapter 1``. A numbered heading's bare
number (``4.1 Fees``, ``2.3. Term``) is its own number too; a bare number anywhere else is no
reference (``4.1 million``).

Each :class:`ClauseRef` says *what* it numbers (its kind: 条, 章 …; ``article``,
``section`` …, ``§`` being a section; ``""`` for a heading's bare number) and *which* (its
number), so that a renumbering (第12条 → 第13条, Section 4.1 → Section 5.1) is told the same
way in both languages (:mod:`hikaku.changes.renumbering`). All positions are those of the
NFKC text.

The renumbering a document's paired clauses give (:class:`Renumbering`: 第12条 → 第13条 in
each numbering section) is made here too, once for both its readers: the alignment, which
anchors a clause whose references followed it (:mod:`hikaku.align.anchors`), and the rows,
which call a pair that differs by nothing else renumbered (:mod:`hikaku.changes.renumbering`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..text import is_plain, nfkc, nfkc_head, recall
from .citation_reader import citations
from .opening import OPENING, match_opening
from .structure import first_lines

__all__ = ["ClauseRef", "Renumbering", "clause_refs", "clause_renumbering", "opening_ref", "own_ref", "without_refs"]

_NUM = r"[0-9〇一二三四五六七八九十百千]+"
_JA = rf"第(?P<ja_num>{_NUM})(?P<ja_kind>[編章節款目条])(?P<ja_sub>(?:の{_NUM})*)"
# the words of English structure (編/章/条 …); a Roman number only in capitals: "Article I", not "article i"
_EN = (r"(?<![A-Za-z])(?P<en_word>(?i:part|chapter|article|section|clause)[ \t]+|§[ \t]*)"
       r"(?P<en_num>[0-9]+(?:\.[0-9]+)*[A-Za-z]?|[IVXLC]+)\b")
_REF = re.compile(rf"{_JA}|{_EN}")
# a heading's own number: two to four levels (a single "4." is a list marker, hikaku.changes.noise),
# then the title, which starts like one
_BARE = re.compile(r"(?P<bare>[0-9]{1,2}(?:\.[0-9]{1,2}){1,3})\.?(?=[ \t]+[A-Z\"“'‘(])")
_JA_KINDS = frozenset("編章節款目条")


@dataclass(frozen=True, slots=True)
class ClauseRef:
    """One clause number in a text (NFKC): ``第12条の2`` is kind 条, number ``12の2``;
    ``Section 4.1`` kind ``section``, number ``4.1``; a heading's ``4.1`` kind ``""``."""

    text: str  # as written (NFKC)
    kind: str
    number: str
    start: int
    end: int

    def with_number(self, number: str) -> str:
        """This reference as it reads with another number (第12条 → 第13条, Section 4.1 → Section 5.1)."""
        if self.kind in _JA_KINDS:
            head, sep, tail = number.partition("の")
            return f"第{head}{self.kind}{sep}{tail}"
        return self.text[: len(self.text) - len(self.number)] + number

    @property
    def english(self) -> bool:
        return self.kind not in _JA_KINDS


def _ref(m: re.Match[str], offset: int = 0) -> ClauseRef:
    start, end = m.start() + offset, m.end() + offset
    if m.group("ja_num") is not None:
        kind = m.group("ja_kind")
        return ClauseRef(m.group(), kind, m.group("ja_num") + m.group("ja_sub"), start, end)
    word = m.group("en_word").strip()
    kind = "section" if word.startswith("§") else word.lower().removesuffix("s")
    return ClauseRef(m.group(), kind, m.group("en_num"), start, end)


def _bare(text: str, at: int) -> ClauseRef | None:
    m = _BARE.match(text, at)
    return ClauseRef(m.group("bare"), "", m.group("bare"), at, m.end("bare")) if m else None


def clause_refs(text: str) -> list[ClauseRef]:
    """Every clause number in *text* (NFKC), in order: its own bare heading number first
    when it opens with one, then every 第N条 / Section N-style reference, each number of a
    list or range too (「第3条及び第4条」, 「第3条から第5条まで」, "Sections 4.1 and 4.2",
    "Articles 3 to 5")."""
    return recall("clause_refs", text, _clause_refs, list)  # (a row's texts: read for its renumbering, then its numbers)


def _clause_refs(text: str) -> list[ClauseRef]:
    stripped = text.lstrip()
    first = _bare(text, len(text) - len(stripped)) if stripped[:1].isdigit() else None
    refs: list[ClauseRef] = []
    for c in citations(text, clauses=True):  # the one extraction: a citation's steps that number clauses
        if c.lang == "ja":
            refs.extend(ClauseRef(s.text, s.kind, s.text[1:].replace(s.kind, "", 1), s.start, s.end)
                        for s in c.steps if s.level in ("structure", "article") and not s.relative)
        elif c.steps[0].level == "article":
            s = c.steps[0]
            refs.append(ClauseRef(s.text, s.kind, str(s.number[0]), s.start, s.end))
    return [first, *refs] if first is not None else refs


def without_refs(text: str, refs: Sequence[ClauseRef] | None = None) -> str:
    """*text* (NFKC) with each of its clause numbers set aside, but not what they number
    (第5条 and 第6条 read alike, 第5条 and 第5章 do not): what stays the same when only the
    numbering moved. *refs*: :func:`clause_refs` of *text*, when the caller has them."""
    out, last = [], 0
    for r in clause_refs(text) if refs is None else refs:
        out.append(f"{text[last:r.start]}\x00{r.kind}\x00")
        last = r.end
    out.append(text[last:])
    return "".join(out)


_OPENERS = frozenset("第§")
_JA_DIGITS = re.compile(rf"第{_NUM[:-1]}*")  # 第 and the digits of a number after it
_JA_HEAD = 16  # characters of a text opening with 第 normalised first: a number and its kind fit in them


def opening_ref(text: str) -> ClauseRef | None:
    """The number *text* opens with (第5条, Article 3, Section 4.1, a heading's 4.1), read
    in NFKC; positions are those of the stripped text. NFKC of a text opens with 第, § or
    ASCII only if NFKC of its first character does (no composition yields them:
    tests/document/test_references.py), so a text that opens otherwise — most Japanese
    text — is told without normalising more than that character. Nor is one that opens
    with other ASCII (（目的）, ［…］) before a plain character (``hikaku.text.plain``): NFKC of
    the text then opens with that character's, which no number starts with; and one that
    opens with 第 is read from NFKC of its first characters when they decide it."""
    text = text.lstrip()
    lead = text[:1] if text[:1].isascii() or text[:1] in _OPENERS else unicodedata.normalize("NFKC", text[:1])
    if not (lead.isascii() or lead in _OPENERS) or not lead.strip():
        return None
    if lead.isascii() and not lead.isalnum() and (len(text) == 1 or is_plain(text[1])):
        return None  # NFKC(text) == lead + NFKC(text[1:]): neither 第, § nor a letter or digit opens it
    if text[0] == "第":
        decided, found = _ja_opening(text)
        if decided:
            return found
    m = match_opening(_REF, text)
    if m is not None:
        return _ref(m)
    if not lead.isdigit():
        return None
    head = unicodedata.normalize("NFKC", text[:40])  # a heading's number is short; what follows it decides
    return _bare(head, 0)


def _ja_opening(text: str) -> tuple[bool, ClauseRef | None]:
    """Whether the NFKC of the first characters of *text* (which opens with 第) decides
    ``_REF.match(NFKC(text))``, and its reference. They are an exact prefix of NFKC(text)
    (:func:`hikaku.text.plain.nfkc_head`), and the match reads no further than one character past
    where it ends, or, failing, past where the number after 第 ends (no English reference
    opens with 第; a Japanese one reads 第, its digits, its kind at the first character that
    is no digit, then each の and the digits after it): when that character lies in the
    prefix, the prefix decides. A prefix cut within match_opening's opening is one of its NFKC
    opening too, where it reads the same: the answer is the one it gives."""
    head, whole = nfkc_head(text[:OPENING], _JA_HEAD)
    m = _REF.match(head)
    if whole:  # the text itself when no longer than the opening, else no cut before a plain character in it
        return (True, _ref(m) if m is not None else None) if len(text) <= OPENING else (False, None)
    digits_end = _JA_DIGITS.match(head)
    if digits_end is None or digits_end.end() >= len(head):
        return False, None
    if m is None:
        return True, None
    return (True, _ref(m)) if m.end() + 1 < len(head) else (False, None)


def own_ref(text: str) -> ClauseRef | None:
    """The number a chunk of *text* is cited by (第5条, 第2章, Article 3, Section 4.1, a
    heading's 4.1): the one it opens with, or the one after its caption 「（目的）」."""
    text = text.lstrip()
    found = opening_ref(text)
    if found is not None or not text.startswith(("（", "(")):
        return found
    lines = first_lines(text, 3)[1:3]
    return opening_ref(next((ln for ln in lines if ln.strip()), ""))


RefKey = tuple[str, str]  # (kind, number): ("条", "12"), ("section", "4.1"), ("", "4.1") for a heading's bare number


def _target(mapping: Mapping[RefKey, str], ref: ClauseRef) -> str:
    """The number *ref* should read in B: the renumbering's, else its own. A document whose
    headings carry a bare number (4.1 Fees) is cited as "clause 4.1" or "Section 4.1"."""
    key = (ref.kind, ref.number)
    if key not in mapping and ref.kind and ref.english:
        key = ("", ref.number)
    return mapping.get(key, ref.number)


@dataclass
class Renumbering:
    """The renumbering of each numbering section of A, from its paired clauses."""

    maps: dict[int, dict[RefKey, str]] = field(default_factory=dict)  # A section -> {(kind, A number): B number}
    section_of_a: Sequence[int] = field(default_factory=list)  # numbering section of every A chunk

    def labels(self, a_pos: int, a_text: str, b_text: str) -> list[tuple[str, str]] | None:
        """The (old, new) numbers of a renumbered pair, its own first; None when the pair
        differs in anything else, or a number moved other than the renumbering says (one the
        renumbering does not know stays as it is; an uncertain one cannot be followed)."""
        mapping: Mapping[RefKey, str] = self.maps.get(self.section_of_a[a_pos], {}) if self.section_of_a else {}
        a, b = nfkc(a_text), nfkc(b_text)
        if a == b:
            return None
        refs_a, refs_b = clause_refs(a), clause_refs(b)
        if len(refs_a) != len(refs_b) or without_refs(a, refs_a) != without_refs(b, refs_b):
            return None
        changed: list[tuple[str, str]] = []
        for old, new in zip(refs_a, refs_b):
            if new.text != old.with_number(_target(mapping, old)):
                return None
            if old.text != new.text and (old.text, new.text) not in changed:
                changed.append((old.text, new.text))
        return changed or None

    def follows(self, a_pos: int, old: str, new: str) -> bool:
        """Whether a reference that reads *old* in A's clause *a_pos* reads *new* in B as the
        renumbering says (第12条 → 第13条 after an insertion; 第12条第2項 → 第13条第2項)."""
        mapping: Mapping[RefKey, str] = self.maps.get(self.section_of_a[a_pos], {}) if self.section_of_a else {}
        a, b = nfkc(old), nfkc(new)
        refs_a, refs_b = clause_refs(a), clause_refs(b)
        if not refs_a or len(refs_a) != len(refs_b) or without_refs(a, refs_a) != without_refs(b, refs_b):
            return False
        return all(n.text == o.with_number(_target(mapping, o)) for o, n in zip(refs_a, refs_b)) and a != b


def clause_renumbering(pairs: Iterable[tuple[int, int]], own_a: Sequence[ClauseRef | None],
                       own_b: Sequence[ClauseRef | None], section_of_a: Sequence[int]) -> Renumbering:
    """The renumbering the paired chunks *pairs* (positions in A and B, moved ones too: an
    article that moved still had its number and has its new one) give: for each numbering
    section of A, the number each of its clauses had and has in B, from their own numbers
    (:func:`own_ref`). A number two pairs claim (one A number paired twice, one B number
    taken twice), or a clause that became another kind, maps to "": nothing certain about it."""
    maps: dict[int, dict[RefKey, str]] = {}
    taken: dict[int, set[RefKey]] = {}
    for i, j in pairs:
        la, lb = own_a[i], own_b[j]
        if la is None or lb is None:
            continue
        section = section_of_a[i]
        m = maps.setdefault(section, {})
        key, new = (la.kind, la.number), (lb.kind, lb.number)
        if key in m or new in taken.setdefault(section, set()) or la.kind != lb.kind:
            m[key] = ""
            continue
        m[key] = lb.number
        taken[section].add(new)
    return Renumbering(maps, section_of_a)
