"""A clause as its facts read it: lines without their list markers, paragraph numbers or own
clause number, each of a kind (a caption, a list item, a table row, text), sentences that do not
end inside brackets, and the clause references a text makes (第12条第2項, 前条, 同項, Section 4.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..document import clause_refs
from ..text import INVISIBLE, contains_cjk, nfkc

__all__ = ["Line", "lines_of", "sentences", "match_text", "reference_spans", "LineKind"]

LineKind = Literal["caption", "item", "row", "text"]

# a list marker (never a fact): （1） 1. ① 一␣ ア␣ （ア） (a) a) i. ・ - …; a number must be followed by a space
# or by text that is not ASCII, so that 1.5倍 or -5% is none
_ITEM = re.compile(
    r"^\s*(?:[(（][0-9０-９]+[)）]|[0-9０-９]+[.．)）](?=\s|[^\x00-\x7f])|[①-⑳㉑-㉟㊱-㊿⑴-⒇⒈-⒛]"
    r"|[(（][一二三四五六七八九十]+[)）]|[一二三四五六七八九十]+(?=[\u3000 ])|[ア-ンｱ-ﾝ](?:[.．、)）]|(?=[\u3000 ]))"
    r"|[(（][ア-ンｱ-ﾝa-zａ-ｚA-Zイロハニホヘト][)）]|[a-zA-Z][.)](?=\s)|\((?:[ivxlc]+|[a-z])\)(?=\s)"
    r"|[・•●○■□◆◇▪◦‣*＊](?=\s|[^\x00-\x7f])|[-－‐](?=\s))\s*"
)
# a paragraph's number (２　…): set aside, the paragraph is text
_PARAGRAPH = re.compile(r"^\s*[0-9０-９]+(?:\u3000|\s(?=[^\x00-\x7f]))\s*")
# the clause's own number where a line opens with it (第6条, 第六十五条の二, Article 3, Section 4.1, 4.1)
_OWN = re.compile(
    r"^\s*(?:第[0-9０-９〇一二三四五六七八九十百千]+[編章節款目条](?:の[0-9０-９〇一二三四五六七八九十百千]+)*"
    r"|(?:Article|ARTICLE|Section|SECTION|Clause|CLAUSE|§)\s*[0-9IVXLC]+(?:\.[0-9]+)*\.?"
    r"|[0-9]{1,2}(?:\.[0-9]{1,2}){1,3}\.?(?=[ \t]+[A-Z\"“'‘(]))(?=[\s\u3000（(【]|$)[\s\u3000]*"
)
_CAPTION = re.compile(r"^[（(【［\[](?P<title>[^（）()【】［］\[\]]{1,40})[）)】］\]]$")
_OPEN, _CLOSE = "（(「『【［[〔", "）)」』】］]〕"
_ANY_BRACKET = re.compile("[" + re.escape(_OPEN + _CLOSE) + "]")
_MARKS = re.compile("[" + re.escape(_OPEN + _CLOSE) + r"]|[。．！？!?]|\.(?=\s|$)")
_END = re.compile(r"[。．！？!?]|\.(?=\s|$)")
_SPACE = re.compile(r"\s+")
_ENDED = re.compile(r"[。．.!?！？:：」）)]$")
_JA_NUM = "[0-9〇一二三四五六七八九十百千]"
_JA_REF = re.compile(
    rf"(?:別表|附則)?(?:第{_JA_NUM}+[編章節款目条項号](?:の{_JA_NUM}+)*)+"
    rf"|(?:前|次|同|本|当該)(?:各|{_JA_NUM}+)?[編章節款目条項号]|別表(?:第{_JA_NUM}+)?"
)


@dataclass(frozen=True, slots=True)
class Line:
    """A line as written without its marker or own number (*text*), what it is matched by
    (*key*: NFKC, no space) and its *kind*."""

    text: str
    key: str
    kind: LineKind


@lru_cache(maxsize=8192)
def match_text(text: str) -> str:
    """What two texts are compared by: NFKC, no whitespace, no invisible characters (the last
    few thousand remembered: a row's lines, sentences and items are compared again and again)."""
    return _SPACE.sub("", INVISIBLE.sub("", nfkc(text)))


def lines_of(text: str, *, own_label: bool = True) -> list[Line]:
    """The lines of a clause: a list item, a table row (cells joined by ``|``), a caption
    （試用期間） (with or without the clause's number before it) or text; a clause number that
    opens a line (第6条, 第六十五条, Section 4.1: the clause's own, or in a split or merged row
    the next clause's) is set aside when *own_label*."""
    out: list[Line] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or not INVISIBLE.sub("", line).strip():
            continue
        if own_label:
            line = _OWN.sub("", line, count=1).strip() or line
        kind: LineKind = "text"
        numbered = False
        m = _ITEM.match(line)
        if m is not None and m.end() < len(line):
            line, kind = line[m.end():].strip(), "item"
        else:
            p = _PARAGRAPH.match(line)
            if p is not None and p.end() < len(line):
                line, numbered = line[p.end():].strip(), True
        c = _CAPTION.match(line)
        if c is not None and kind == "text":
            line, kind = c.group("title").strip(), "caption"
        elif " | " in line or line.startswith("| "):
            kind = "row"
            line = line.removeprefix("| ").strip()  # a table row whose first cell was its number
        last = out[-1] if out else None
        if last is not None and kind == last.kind == "text" and not numbered and not _ENDED.search(last.text):
            joined = f"{last.text}{'' if contains_cjk(last.text[-1:] + line[:1]) else ' '}{line}"
            out[-1] = Line(joined, match_text(joined), "text")  # a sentence wrapped onto the next line
            continue
        out.append(Line(line, match_text(line), kind))
    return out


def sentences(text: str) -> list[str]:
    """The sentences of a line, each with its full stop; a full stop inside brackets
    (「…を除く。」 in （…）) ends none."""
    if not _ANY_BRACKET.search(text):  # (most lines: no bracket to mind)
        ends = [m.end() for m in _END.finditer(text)]
        pieces = [text[a:b].strip() for a, b in zip([0, *ends], [*ends, len(text)])]
        return [p for p in pieces if p]
    out: list[str] = []
    depth = 0
    start = 0
    for m in _MARKS.finditer(text):  # (brackets and full stops only, not every character)
        ch = m.group()
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            piece = text[start:m.end()].strip()
            if piece:
                out.append(piece)
            start = m.end()
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def reference_spans(folded: str) -> list[tuple[int, int]]:
    """Where the folded text cites a clause: 第12条第2項, 第百五条の二の十一, 前条, 同項, 前各号,
    別表第2, and the English references (Article 4, Section 4.1, clause 7, § 3)."""
    spans = [m.span() for m in _JA_REF.finditer(folded)]
    spans += [(r.start, r.end) for r in clause_refs(folded) if r.english and r.kind]
    return sorted(set(spans))
