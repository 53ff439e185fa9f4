"""The parts of a provision's text that citations name below the article: its paragraphs
(項: the text after the article's number, then lines numbered ２, ３ …), their items (号: lines
numbered 一, 二 …, or (1), ① in a company's rules) and the items' sub-items (イ, ロ …); in
English, the numbered sub-clauses of a section (``4.2 The Customer shall …`` within Section 4)
and the lettered or numbered ones ``(a)``, ``(b)``.

A line that starts a part is numbered as legal drafting numbers it; any other line goes on
with the part before. Items of a paragraph numbered in kanji make its (1) lines deeper
than items (e-Gov's sub-sub-items); a paragraph without kanji items numbers its items (1),
(2) or ①, ②. 「一から四まで　略」 stands for items 1 to 4.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .citation_records import fold_width
from .numerals import number_value

__all__ = ["Part", "provision_parts"]

_KANJI = "〇一二三四五六七八九十百千"
_PARAGRAPH = re.compile(r"(?P<n>[0-9]{1,3})[ \t]+(?=\S)")
_ITEM = re.compile(rf"(?P<n>[{_KANJI}]+)(?P<br>(?:の[{_KANJI}]+)*)(?:から(?P<to>[{_KANJI}]+)まで)?[ \t]+(?=\S)")
_PAREN_ITEM = re.compile(r"[(（](?P<n>[0-9]{1,2})[)）][ \t]*(?=\S)")
_CIRCLED = re.compile(r"(?P<c>[\u2460-\u2473])[ \t]*(?=\S)")
_IROHA = re.compile(r"(?P<k>[イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス])"
                    r"[ \t]+(?=\S)")
_EN_ITEM = re.compile(r"\((?P<m>[a-z]{1,4}|[0-9]{1,2}|[A-Z])\)[ \t]*(?=\S)")
_EN_DECIMAL = re.compile(r"(?P<n>[0-9]{1,3}(?:\.[0-9]{1,3})+)\.?[ \t]+(?=\S)")  # 4.2 The Customer shall …
_ROMAN = frozenset("ivxl")


@dataclass(frozen=True, slots=True)
class Part:
    """One paragraph, item or sub-item: its number (paragraph (2,), item (3,) or (3, 2) for
    三の二, sub-item ("イ",), an English sub-clause ("b",)), where it is in the text (from its
    line to the next part of its level or above), where its own words end (where its first
    part below starts) and the paragraph or item it belongs to (an index, or -1)."""

    level: str  # paragraph | item | subitem
    number: tuple[int | str, ...]
    start: int
    body_end: int
    end: int
    parent: int


def _lines(t: str) -> list[tuple[int, str]]:
    out, at = [], 0
    for line in t.split("\n"):
        stripped = line.lstrip()
        out.append((at + len(line) - len(stripped), stripped))
        at += len(line) + 1
    return out


def provision_parts(text: str, opening: int = 0, english: bool = False) -> list[Part]:
    """The parts of a provision whose own words start at *opening* (after its number: the
    article's first paragraph starts there), in order. *english*: its numbered sub-clauses
    (4.2) are its paragraphs, its sub-clauses (a), (b) its items (under a paragraph, if any)."""
    t = fold_width(text)
    found: list[tuple[str, tuple[int | str, ...], int]] = []  # level, number, start
    if english:
        _english(t, opening, found)
    else:
        _japanese(t, opening, found)
    return _spans(found, len(text))


def _japanese(t: str, opening: int, found: list[tuple[str, tuple[int | str, ...], int]]) -> None:
    found.append(("paragraph", (1,), opening))
    kanji_items = False
    for at, line in _lines(t):
        if at < opening or not line:
            continue
        if (m := _PARAGRAPH.match(line)) is not None:
            found.append(("paragraph", (int(m.group("n")),), at))
            kanji_items = False
        elif (m := _ITEM.match(line)) is not None and number_value(m.group("n")) is not None:
            first = number_value(m.group("n")) or 0
            branch = tuple(number_value(b) or 0 for b in m.group("br").split("の")[1:])
            last = number_value(m.group("to")) if m.group("to") else None
            for n in range(first, (last or first) + 1):  # 「一から四まで　略」
                found.append(("item", (n, *branch), at))
            kanji_items = True
        elif (m := _IROHA.match(line)) is not None:
            found.append(("subitem", (m.group("k"),), at))
        elif not kanji_items and (m := _PAREN_ITEM.match(line)) is not None:
            found.append(("item", (int(m.group("n")),), at))
        elif not kanji_items and (m := _CIRCLED.match(line)) is not None:
            found.append(("item", (ord(m.group("c")) - 0x245F,), at))
    if any(level == "paragraph" and number == (1,) for level, number, _ in found[1:]):
        del found[0]  # 「附　則\n１　…」: the first paragraph is numbered


def _english(t: str, opening: int, found: list[tuple[str, tuple[int | str, ...], int]]) -> None:
    style = ""
    previous = ""
    for at, line in _lines(t):
        if at < opening:
            continue
        d = _EN_DECIMAL.match(line)
        if d is not None:  # a numbered sub-clause of the section (4.2 within Section 4)
            found.append(("paragraph", (d.group("n"),), at))
            style, previous = "", ""
            continue
        m = _EN_ITEM.match(line)
        if m is None:
            continue
        mark = m.group("m")
        kind = "digit" if mark.isdigit() else "upper" if mark.isupper() else "letter"
        if kind == "letter" and set(mark) <= _ROMAN and not (len(mark) == 1 and previous and ord(mark) == ord(previous) + 1):
            kind = "roman"  # (i) after (h) is a letter; (i), (ii) under (a) are romans
        style = style or kind
        if kind == style:
            found.append(("item", (mark,), at))
            previous = mark if len(mark) == 1 else ""


def _spans(found: list[tuple[str, tuple[int | str, ...], int]], length: int) -> list[Part]:
    rank = {"paragraph": 0, "item": 1, "subitem": 2}
    out: list[Part] = []
    for k, (level, number, start) in enumerate(found):
        end = next((s for lv, _, s in found[k + 1:] if rank[lv] <= rank[level] and s > start), length)
        below = next((s for lv, _, s in found[k + 1:] if s > start), length)
        parent = -1
        for p in range(len(out) - 1, -1, -1):
            if rank[out[p].level] < rank[level]:
                parent = p
                break
        out.append(Part(level, number, start, min(below, end), end, parent))
    return out
