"""A clause kept only for its number: 「第9条　削除」.

Japanese legal drafting deletes an article without renumbering the ones after it by
leaving its number with the word 削除 (「第9条　削除」, 「第30条から第32条まで　削除」, with or
without its caption above); English documents write ``Section 9.3 [Reserved]``,
``Article 5 – Deleted``, ``9.3 Intentionally omitted.`` A clause of A whose counterpart in
B reads so was deleted, though its number stays (:mod:`hikaku.changes.rows`).
"""

from __future__ import annotations

import re

from ..text import nfkc
from .headings import split_label
from .structure import is_clause_label

__all__ = ["is_placeholder", "placeholder_label"]

_NUM = r"[0-9〇一二三四五六七八九十百千]+"
_CAPTION = re.compile(r"^\([^()\n]{1,40}\)\s*")  # NFKC: （目的） is (目的)
# the other clauses of a range the placeholder stands for: から第32条まで, 及び第4条, ・第5条の2
_MORE = re.compile(rf"^(?:(?:から|及び|並びに|・|、)\s*第{_NUM}条(?:の{_NUM})*(?:まで)?\s*)+")
_WORD = re.compile(r"^[\[(【〔]?\s*(?:削除|deleted|repealed|reserved|intentionally (?:left blank|omitted)|not used)"
                   r"\s*[\])】〕]?\s*[.。]?$", re.IGNORECASE)
_STRUCTURE = re.compile(rf"^第{_NUM}[編章節款目]")  # 「第3章　削除」: a chapter deleted, its number kept
_MAX = 80  # a placeholder is its label and a word


def placeholder_label(text: str) -> str | None:
    """The number *text* keeps (第9条, Section 9.3) when it is a clause's number (and caption)
    and nothing but 削除, Deleted, Repealed, Reserved, Intentionally omitted / left blank or
    Not used; else None."""
    s = nfkc(text.strip())  # (the row's renumbering normalised it already)
    if not s or len(s) > _MAX:
        return None
    s = _CAPTION.sub("", s)
    label, rest = split_label(s)
    if not (is_clause_label(label) or (label and (label[:1].isdigit() or _STRUCTURE.match(label)))):
        return None
    rest = _MORE.sub("", _CAPTION.sub("", rest.strip())).strip()
    return label if _WORD.match(rest.strip(".:-–— ")) is not None else None


def is_placeholder(text: str) -> bool:
    """Whether *text* is a clause kept only for its number (:func:`placeholder_label`)."""
    return placeholder_label(text) is not None
