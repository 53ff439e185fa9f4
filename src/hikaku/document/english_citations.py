"""English citations: ``Article 4``, ``ARTICLE IV``, ``Section 4.2``, ``clause 12(b)``,
``§ 3``, ``Part 2``, ``Chapter 1``, ``Schedule 2``, ``Annex A``.

A plural cites a list or range ("Sections 4.1, 4.2 and 4.3", "Articles 3 to 5", "§§ 3-4"); a
singular cites one clause and goes on only in a range written right after it ("Section 3 to
5", "Section 4.1-4.3"): "under Section 5, 10 days after notice" and "Article 3 or 10 percent"
cite Section 5 and Article 3 alone. A number of another shape than the first (an amount, a
year) or followed by a unit ("10 days", "5 percent", "3%") is no continuation. Sub-clauses
written right after the number are steps of the citation (``12(b)(ii)``). ``… of the
Securities Act`` cites another instrument; ``of this Agreement`` the document itself.
"""

from __future__ import annotations

import re

from .citation_records import Citation, Step
from .numerals import number_style

__all__ = ["english_citations", "STRUCTURE_WORDS"]

STRUCTURE_WORDS = "parts?|chapters?|articles?|sections?|clauses?"  # what a clause number is (clause_refs)
_APPENDIX_WORDS = "schedules?|annex(?:es)?|exhibits?|appendix|appendices"
_CITE = re.compile(
    rf"(?<![A-Za-z])(?P<word>(?i:{STRUCTURE_WORDS}|{_APPENDIX_WORDS})[ \t]+|§§?[ \t]*)"
    r"(?P<num>[0-9]+(?:\.[0-9]+)*[A-Za-z]?|[IVXLC]+)\b"
)
_UNIT = (r"(?![ \t]*%)(?![ \t]*-?[ \t]*(?i:days?|weeks?|months?|years?|hours?|minutes?|seconds?|percent|per[ \t]+cent"
         r"|percentage|business|calendar|working|banking|times|yen|dollars?|euros?|pounds?|cents?|usd|eur|gbp|jpy"
         r"|persons?|people|employees|members|copies|units|items|shares)\b)")
_LATER = r"(?P<num>[0-9]+(?:\.[0-9]+)*[A-Za-z]?|[IVXLC]+)\b(?![.,]?[0-9])" + _UNIT
_RANGE = r"[ \t]+(?:to|through|thru)[ \t]+|[ \t]*[-–][ \t]*"
_MORE = re.compile(rf"(?P<sep>[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|and/or)[ \t]+|{_RANGE}){_LATER}")
_RANGE_END = re.compile(rf"(?P<sep>{_RANGE}){_LATER}")
_SUBCLAUSE = re.compile(r"\((?P<sub>[a-z]{1,4}|[0-9]{1,2}|[A-Z])\)")
# "… of the Securities Act", "of Schedule 2": another instrument (or part); "of this Agreement": the document
_OF = re.compile(r"[ \t]+of[ \t]+(?:(?P<this>this|these)\b|(?:the[ \t]+)?(?P<name>[A-Z][\w'’.-]*"
                 r"(?:[ \t]+(?:of[ \t]+)?[A-Z0-9][\w'’.-]*)*))")
_SELF_NAMES = frozenset({"Agreement", "Terms", "Contract", "Conditions", "Policy"})  # "of the Agreement"


def _kind(word: str) -> tuple[str, str]:
    word = word.strip()
    if word.startswith("§"):
        return "article", "section"
    w = word.lower()
    for appendix in ("schedule", "annex", "exhibit", "appendi"):
        if w.startswith(appendix):
            return "appendix", "appendix" if appendix == "appendi" else appendix
    return "article", w[:-1] if w.endswith("s") else w


def _shape(number: str) -> tuple[bool, int, bool]:
    """What a number of the same list looks like: Roman or not, its levels (4.1: two), and
    whether it is short enough to number a clause (2024 is a year)."""
    return number.isalpha(), number.count("."), len(number.split(".")[0]) <= 3


def _steps(t: str, level: str, kind: str, number: str, start: int, end: int, text: str) -> tuple[list[Step], int]:
    steps = [Step(level, kind, (number,), text, start, end)]
    at = end
    while (m := _SUBCLAUSE.match(t, at)) is not None:
        steps.append(Step("item", "", (m.group("sub"),), m.group(), m.start(), m.end()))
        at = m.end()
    return steps, at


_QUICK = re.compile(r"[A-Za-z§]")


def english_citations(t: str) -> list[Citation]:
    """The English citations of *t* (width-folded), in order; the later numbers of a list
    or range are citations of their own, written as their number alone, joined to the one
    before."""
    out: list[Citation] = []
    if _QUICK.search(t) is None:
        return out
    for m in _CITE.finditer(t):
        if out and m.start() < out[-1].end:
            continue
        level, kind = _kind(m.group("word"))
        number = m.group("num")
        steps, end = _steps(t, level, kind, number, m.start(), m.end(), m.group())
        group = [Citation(m.start(), end, t[m.start():end], tuple(steps), "en", number_style(number))]
        word = m.group("word").strip()
        plural = word.startswith("§§") or word.lower().endswith("s")
        at = m.end()
        while True:
            more = (_MORE if plural else _RANGE_END).match(t, end if end > at else at)
            if more is None or _shape(more.group("num")) != _shape(number):
                break
            sub, end2 = _steps(t, level, kind, more.group("num"), more.start("num"), more.end("num"), more.group("num"))
            in_range = "-" in more.group("sep") or "–" in more.group("sep") or more.group("sep").strip() in (
                "to", "through", "thru")
            group.append(Citation(more.start("num"), end2, t[more.start("num"):end2], tuple(sub), "en",
                                  number_style(more.group("num")), joined=len(out) + len(group) - 1, range_end=in_range))
            at = end = end2
            if not plural:
                break
        law, self_named = "", False
        of = _OF.match(t, group[-1].end)
        if of is not None:
            self_named = of.group("this") is not None or of.group("name") in _SELF_NAMES
            law = of.group("this") or of.group("name")
        for c in group:
            out.append(Citation(c.start, c.end, c.text, c.steps, c.lang, c.style, False, law, self_named,
                                c.joined, c.range_end))
    return out
