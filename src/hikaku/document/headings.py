"""Recognise headings in Markdown and in Japanese business and legal text.

A heading is given a *rank*: the smaller, the higher in the hierarchy. Markdown
``#``..``######`` rank 1..6; Japanese structural headings follow (編 < 章 < 節 < 款
< 目 < 【…】/■ < 条 < （N） title), so that ``# 就業規則`` > ``第1章`` > ``第3条``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["Heading", "detect_heading", "is_caption", "split_label"]

_NUM = r"[0-9〇一二三四五六七八九十百千]+"
_MD = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_STRUCT = re.compile(rf"^第{_NUM}([編章節款目])(?:の{_NUM})*(?=\s|$|[（(])")
_ARTICLE = re.compile(rf"^第{_NUM}条(?:の{_NUM})*(?=\s|$|[（(])")
_SUPPL = re.compile(r"^(附\s*則|別\s*表(?:第?" + _NUM + r")?|別\s*記|様\s*式(?:第?" + _NUM + r")?)(?=\s|$|[（(])")
_BRACKET = re.compile(r"^【[^】]{1,60}】")
_SQUARE = re.compile(r"^[■□◆◇●]\s*\S")
_PAREN_NUM = re.compile(r"^[（(](?:[0-9]{1,3}|[一二三四五六七八九十]{1,3})[)）]\s*\S")
_CAPTION = re.compile(r"^[（(][^（）()0-9]{1,40}[)）]$")
_LABEL = re.compile(
    rf"^(第{_NUM}[編章節款目条](?:の{_NUM})*|附\s*則|別\s*表(?:第?{_NUM})?|[（(](?:[0-9]{{1,3}}|[一二三四五六七八九十]{{1,3}})[)）])"
)

_STRUCT_RANK = {"編": 11, "章": 12, "節": 13, "款": 14, "目": 15}
RANK_SUPPL = 12
RANK_BRACKET = 16
RANK_ARTICLE = 17
RANK_PAREN = 18


@dataclass(frozen=True)
class Heading:
    rank: int
    text: str  # heading text without Markdown markers
    kind: str  # "markdown" | "structure" | "article" | "supplement" | "bracket" | "item"


def detect_heading(line: str, *, markdown: bool) -> Heading | None:
    """Return the heading *line* starts, or None for body text."""
    raw = line.strip()
    if not raw:
        return None
    if markdown:
        m = _MD.match(raw)
        if m:
            return Heading(rank=len(m.group(1)), text=m.group(2).strip(), kind="markdown")
    s = unicodedata.normalize("NFKC", raw[:80])  # headings are short; long lines are body text
    m = _STRUCT.match(s)
    if m and len(raw) <= 60:
        return Heading(rank=_STRUCT_RANK[m.group(1)], text=raw, kind="structure")
    if _ARTICLE.match(s):
        return Heading(rank=RANK_ARTICLE, text=raw, kind="article")
    if _SUPPL.match(s) and len(raw) <= 60:
        return Heading(rank=RANK_SUPPL, text=raw, kind="supplement")
    if _BRACKET.match(s) and len(raw) <= 60 and not raw.endswith("。"):
        return Heading(rank=RANK_BRACKET, text=raw, kind="bracket")
    if _SQUARE.match(s) and len(raw) <= 60 and not raw.endswith("。"):
        return Heading(rank=RANK_BRACKET, text=raw, kind="bracket")
    if _PAREN_NUM.match(s) and len(raw) <= 40 and "。" not in s:
        return Heading(rank=RANK_PAREN, text=raw, kind="item")
    return None


def is_caption(line: str) -> bool:
    """A bare caption such as ``（目的）`` that titles the article on the next line."""
    return bool(_CAPTION.match(unicodedata.normalize("NFKC", line.strip())))


def split_label(text: str) -> tuple[str | None, str]:
    """Split ``第5条（賃金）`` into (``第5条``, ``賃金``); (None, text) without a label."""
    s = unicodedata.normalize("NFKC", text.strip())
    m = _LABEL.match(s)
    if not m:
        return None, text.strip()
    rest = s[m.end():].strip()
    if rest.startswith(("(", "（")) and rest.endswith((")", "）")):
        rest = rest[1:-1].strip()
    return m.group(1).replace(" ", ""), rest
