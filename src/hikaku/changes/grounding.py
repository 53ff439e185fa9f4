"""An LLM may word a change, never invent it: every number, quoted term and article number in
a description it wrote must occur in the row's texts or facts, else hikaku's own description
stands (``Change.refused_summary`` keeps the refused text; ``Stats.llm_descriptions_refused``
counts it). A number is compared by its value (「三十日」 grounds 「30日」, 1,095 grounds 1095), a
quoted term by its characters (NFKC, spaces aside), an article number by its number and kind
(第十二条 grounds 第12条). A digit inside a word or an id (b2, ISO9001) is no number."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..result import Fact
from .folding import fold
from .lines import match_text
from .numbers import number_tokens, value_of

__all__ = ["ungrounded", "fact_strings"]

_QUOTED = re.compile(r"「([^「」]{1,200})」|『([^『』]{1,200})』|“([^“”]{1,200})”|\"([^\"]{1,200})\"|'([^']{2,200})'")
_ARTICLE = re.compile(
    r"第([0-9〇一二三四五六七八九十百千]+)([編章節款目条項号])((?:の[0-9〇一二三四五六七八九十百千]+)*)"
    r"|(?<![A-Za-z])((?i:article|section|clause|§))\s*([0-9]+(?:\.[0-9]+)*)")
_BARE = re.compile(r"(?<![0-9A-Za-z.,])[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?(?![0-9A-Za-z])")


def fact_strings(facts: Iterable[Fact]) -> list[str]:
    """The words of *facts* (old, new, text, subject …): what a description may quote besides
    the texts."""
    out = []
    for f in facts:
        for name in ("old", "new", "text", "subject", "context", "unit"):
            value = getattr(f, name, "")
            if value:
                out.append(value)
    return out


def _numbers(text: str) -> set[float]:
    """The values of every number of *text*: with their units (number_tokens; kanji numerals
    count only with a unit, so 一時金 holds none), and bare."""
    folded = fold(text).text
    values: set[float] = set()
    for t in number_tokens(folded):
        v = t.value
        if isinstance(v, tuple):
            values.update(float(x) for x in v)
        elif v is not None:
            values.add(v)
        raw = re.sub(r"[^0-9.,〇一二三四五六七八九十百千万億]", "", t.text.split("(")[-1])
        core = value_of(raw.replace(",", "")) if raw else None
        if core is not None:
            values.add(core)  # as written, before its unit's scale (3か月 is 3, not 90)
    for m in _BARE.finditer(folded):
        v = value_of(m.group().replace(",", ""))
        if v is not None:
            values.add(v)
    return values


def _articles(text: str) -> set[tuple[str, str]]:
    out = set()
    for m in _ARTICLE.finditer(fold(text).text):
        if m.group(1):
            subs = tuple(value_of(x) for x in re.findall(r"の([^の]+)", m.group(3)))
            out.add((m.group(2), f"{value_of(m.group(1))}{subs}"))
        else:
            out.add((m.group(4).lower(), m.group(5)))
    return out


def ungrounded(text: str, sources: Iterable[str]) -> list[str]:
    """What *text* names that none of *sources* holds: numbers (by value), quoted terms and
    article numbers. Empty when every one is grounded."""
    sources = list(sources)
    joined = "\n".join(sources)
    keys = match_text(joined)
    values = _numbers(joined)
    articles = _articles(joined)
    missing: list[str] = []
    for m in _ARTICLE.finditer(fold(text).text):
        key = (m.group(2), f"{value_of(m.group(1))}{tuple(value_of(x) for x in re.findall(r'の([^の]+)', m.group(3)))}") \
            if m.group(1) else (m.group(4).lower(), m.group(5))
        if key not in articles:
            missing.append(m.group())
    without_articles = _ARTICLE.sub(" ", fold(text).text)
    for v in sorted(_numbers(without_articles)):
        if v not in values:
            missing.append(f"{v:g}")
    for m in _QUOTED.finditer(text):
        quoted = next(g for g in m.groups() if g is not None)
        if match_text(quoted) and match_text(quoted) not in keys:
            missing.append(quoted)
    return missing
