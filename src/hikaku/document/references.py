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
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .headings import match_opening

__all__ = ["ClauseRef", "clause_refs", "opening_ref", "without_refs"]

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
    return ClauseRef(m.group(), "section" if word == "§" else word.lower(), m.group("en_num"), start, end)


def _bare(text: str, at: int) -> ClauseRef | None:
    m = _BARE.match(text, at)
    return ClauseRef(m.group("bare"), "", m.group("bare"), at, m.end("bare")) if m else None


def clause_refs(text: str) -> list[ClauseRef]:
    """Every clause number in *text* (NFKC), in order: its own bare heading number first
    when it opens with one, then every 第N条 / Section N-style reference."""
    stripped = text.lstrip()
    first = _bare(text, len(text) - len(stripped)) if stripped[:1].isdigit() else None
    refs = [_ref(m) for m in _REF.finditer(text)]
    return [first, *refs] if first is not None else refs


def without_refs(text: str) -> str:
    """*text* (NFKC) with each of its clause numbers set aside, but not what they number
    (第5条 and 第6条 read alike, 第5条 and 第5章 do not): what stays the same when only the
    numbering moved."""
    out, last = [], 0
    for r in clause_refs(text):
        out.append(f"{text[last:r.start]}\x00{r.kind}\x00")
        last = r.end
    out.append(text[last:])
    return "".join(out)


_OPENERS = frozenset("第§")


def opening_ref(text: str) -> ClauseRef | None:
    """The number *text* opens with (第5条, Article 3, Section 4.1, a heading's 4.1), read
    in NFKC; positions are those of the stripped text. NFKC of a text opens with 第, § or
    ASCII only if NFKC of its first character does (no composition yields them:
    tests/document/test_references.py), so a text that opens otherwise — most Japanese
    text — is told without normalising more than that character."""
    text = text.lstrip()
    lead = text[:1] if text[:1].isascii() or text[:1] in _OPENERS else unicodedata.normalize("NFKC", text[:1])
    if not (lead.isascii() or lead in _OPENERS) or not lead.strip():
        return None
    m = match_opening(_REF, text)
    if m is not None:
        return _ref(m)
    if not lead.isdigit():
        return None
    head = unicodedata.normalize("NFKC", text[:40])  # a heading's number is short; what follows it decides
    return _bare(head, 0)
