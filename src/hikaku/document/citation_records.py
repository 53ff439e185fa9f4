"""The records a citation is read into (:mod:`.citation_reader`): its steps (第十五条の二 / 第三項 /
第一号 / イ, ``Section 4.2`` / ``(b)``) and what the grammar says around it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .numerals import NumberStyle

__all__ = ["Citation", "LEVELS", "Step", "fold_width"]

# the levels of a citation, largest first; a schedule (別表, Schedule 2) stands where an article does
LEVELS = {"structure": 0, "article": 1, "appendix": 1, "paragraph": 2, "item": 3, "subitem": 4}

_FOLD = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
_WIDE = re.compile("[\uff01-\uff5e\u3000]")


def fold_width(text: str) -> str:
    """*text* with full-width ASCII and the ideographic space as ASCII: the same length, so
    that positions in it are positions in *text*."""
    return text.translate(_FOLD) if _WIDE.search(text) else text


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a citation as written: 第十五条の二 (article, number (15, 2)), 第三項, 前項
    (relative 前), 前二条 (relative 前, count 2), 同号, イ (sub-item), ``Section 4.2``
    (article, kind ``section``, number ("4.2",)), ``(b)`` (item, number ("b",))."""

    level: str  # structure | article | appendix | paragraph | item | subitem
    kind: str  # 条 項 号 イ 別表 章 …; English: section, article, clause, part, chapter, schedule …, "" for (b)
    number: tuple[int | str, ...]  # () for a relative step
    text: str
    start: int
    end: int
    relative: str = ""  # 前 | 次 | 同 | 本 | 前各 (前各号: every one before)
    count: int = 1  # 前二項: 2

    @property
    def rank(self) -> int:
        return LEVELS[self.level]


@dataclass(frozen=True, slots=True)
class Citation:
    """One reference: its steps, outermost first, and what the grammar says around it."""

    start: int
    end: int
    text: str
    steps: tuple[Step, ...]
    lang: Literal["ja", "en"]
    style: NumberStyle | Literal[""]  # how its numbers are written (kanji, arabic, full, roman); "" for 前条
    supplement: bool = False  # 附則第二条: the supplementary provisions
    law: str = ""  # the instrument named right before it (特許法, 同法, 法律 of a law's number) or after it
    self_named: bool = False  # the name says this document (この法律, 本規則, "this Agreement")
    joined: int = -1  # the citation it continues in a list or range (an index into the list), or -1
    range_end: bool = False  # it closes a range (「第三条から第五条まで」: 第五条)
    quoted: bool = False  # within 「…」: words quoted (a 読み替え's), no reference of the document

    @property
    def relative(self) -> bool:
        return bool(self.steps[0].relative)

    @property
    def continues(self) -> bool:
        """Whether it takes the steps above its first from the citation it is joined to in a
        list: 「第二条第一項第十号、第十一号及び第十三号」 (items of 第二条第一項), 「前条第一項、第三項
        又は第四項」 (paragraphs of 前条); not a relative one (「第二号及び前項」)."""
        return self.joined >= 0 and not self.steps[0].relative

    def external(self, title: str = "") -> bool:
        """Whether it cites another instrument than the document titled *title*: one it names
        that is neither the document by a demonstrative (この法律, 本規則, "this Agreement")
        nor the document's own title (「就業規則第10条」 in the 就業規則)."""
        if not self.law or self.self_named:
            return False
        own = len(self.law) >= 2 and not self.law.startswith(("同", "新", "旧")) and self.law in title
        return not own
