"""The table of contents (目次): found in the text, kept as one chunk, and used to
recognise the headings it lists.

A TOC starts at a line ``目次`` / ``Contents`` and runs over entry lines (short, no
sentence, usually ending in a page number after dot leaders). It ends where the body
begins: at the first line that repeats an entry already listed (the body's first
heading), at a line that is a sentence, or — in a TOC whose entries carry page numbers —
at the second line in a row without one.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..document import is_toc_title

__all__ = ["Toc", "find_toc", "entry_title", "title_key"]

_PAGE = re.compile(r"^(.*?\S)(?:\s*[.．・…‥·_\-－—─]{2,}\s*|\s+)(?:[pP]\.?\s*)?[0-9０-９]{1,4}\s*$")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_BULLET = re.compile(r"^(?:[-*+・•]\s+)")
MAX_ENTRY = 60


@dataclass(frozen=True)
class Toc:
    start: int  # line of the TOC title
    end: int  # first line after the TOC
    titles: frozenset[str]  # the entries, as title_key()


def title_key(text: str) -> str:
    """What a heading and its TOC entry have in common: NFKC, no whitespace."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def entry_title(line: str) -> tuple[str, bool]:
    """(the entry's title, whether a page number followed it)."""
    s = _BULLET.sub("", _MD_LINK.sub(r"\1", line.strip().lstrip("#").strip()))
    m = _PAGE.match(s)
    if m:
        return m.group(1).rstrip(" .．・…‥·_-－—─"), True
    return s, False


def _entry_like(title: str) -> bool:
    return 0 < len(title) <= MAX_ENTRY and "。" not in title and not title.endswith(("、", "，", ","))


def find_toc(lines: list[str], *, limit: int = 400) -> Toc | None:
    """The TOC among the first *limit* lines, or None."""
    start = next((i for i, ln in enumerate(lines[:limit]) if is_toc_title(ln)), None)
    if start is None:
        return None
    seen: list[str] = []
    numbered = 0
    unnumbered_run = 0
    end = len(lines)
    last_entry = start
    for j in range(start + 1, len(lines)):
        raw = lines[j].strip()
        if not raw:
            continue
        title, has_page = entry_title(raw)
        key = title_key(title)
        if not _entry_like(title) or key in seen:
            end = j
            break
        if seen and numbered >= 0.6 * len(seen) and not has_page:
            unnumbered_run += 1
            if unnumbered_run >= 2:
                end = _previous_nonblank(lines, j, last_entry)
                break
        else:
            unnumbered_run = 0
        seen.append(key)
        numbered += has_page
        last_entry = j
    else:
        return None  # entries to the end: a list, not a table of contents
    if len(seen) < 2:
        return None
    if unnumbered_run >= 2:  # the last line without a page number was the body's first line
        seen = seen[:-1]
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return Toc(start, end, frozenset(seen))


def _previous_nonblank(lines: list[str], j: int, floor: int) -> int:
    """The line before *j* that was not blank (the first line of the body)."""
    k = j - 1
    while k > floor and not lines[k].strip():
        k -= 1
    return k
