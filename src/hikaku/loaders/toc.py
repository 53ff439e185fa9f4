"""The table of contents (目次): found in the text, kept as one chunk, and used to
recognise the headings it lists.

A TOC is navigation, not a provision. Its entries are short lines without a sentence, each
either *paged* (a page number after its title: ``第1章　総則 …… 3``, ``Definitions  4``) or
*listed* (its title is a line of the body further down: a heading it points to). It is found

- after a line ``目次`` / ``Contents``: entries that are paged or listed, up to the body's first
  line (a line that repeats an entry already listed — the body's first heading —, a line that is
  a sentence, or, where entries carry page numbers, the second line in a row that is neither
  paged nor listed);
- without a title, as a run of at least ``MIN_UNTITLED`` entries near the start, each one
  either paged after dot leaders (``……  3``, with pages that never go back) or listed — the
  headings it lists following in its order (a list of links at the top of a web page, Word's
  TOC field without a heading above it, a TOC page whose title the PDF set as an image).

A numbered table of fees (``手数料 300``) is no TOC: its numbers follow no leaders, and its
lines are no headings of the body.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..document import is_toc_title

__all__ = ["Toc", "find_toc", "entry_title", "title_key", "is_toc_block"]

_PAGE = re.compile(r"^(.*?\S)(?:\s*[.．・…‥·_\-－—─]{2,}\s*|\s+)(?:[pP]\.?\s*)?([0-9０-９]{1,4})\s*$")
_LEADER = re.compile(r"[.．・…‥·_\-－—─]{2,}\s*(?:[pP]\.?\s*)?[0-9０-９]{1,4}\s*$")
_MD_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_BULLET = re.compile(r"^(?:[-*+・•]\s+)")
MAX_ENTRY = 60
MIN_UNTITLED = 3  # entries of a TOC without a title: two lines that repeat later ones are a coincidence


@dataclass(frozen=True)
class Toc:
    start: int  # line of the TOC title (or its first entry)
    end: int  # first line after the TOC
    titles: frozenset[str]  # the entries, as title_key()
    titled: bool = True  # opened by 目次 / Contents


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


def _page(line: str) -> int | None:
    m = _PAGE.match(line.strip())
    return int(unicodedata.normalize("NFKC", m.group(2))) if m else None


class _Later:
    """Where each short line of the text first occurs from a given line on (by title_key)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.at: dict[str, list[int]] = {}
        for k, line in enumerate(lines):
            s = line.strip().lstrip("#").strip()
            if s and len(s) <= MAX_ENTRY + 8:
                self.at.setdefault(title_key(s), []).append(k)

    def after(self, key: str, line: int) -> int | None:
        """The first line after *line* whose text is *key*; None without one."""
        return next((k for k in self.at.get(key, ()) if k > line), None)


def find_toc(lines: list[str], *, limit: int = 400) -> Toc | None:
    """The TOC among the first *limit* lines (titled, or a run of entries: see above), or None."""
    later = _Later(lines)
    start = next((i for i, ln in enumerate(lines[:limit]) if is_toc_title(ln)), None)
    if start is not None:
        found = _titled(lines, start, later)
        if found is not None:
            return found
    return _untitled(lines, limit, later)


def _titled(lines: list[str], start: int, later: _Later) -> Toc | None:
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
        listed = later.after(key, j) is not None
        if seen and numbered >= 0.6 * len(seen) and not has_page and not listed:
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
    if unnumbered_run >= 2:  # the last line neither paged nor listed was the body's first line
        seen = seen[:-1]
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return Toc(start, end, frozenset(seen))


def _untitled(lines: list[str], limit: int, later: _Later) -> Toc | None:
    """The first run of at least MIN_UNTITLED entries, each paged after dot leaders (pages never
    going back) or listed (its heading further down, after the run, in the run's order)."""
    j = 0
    n = min(limit, len(lines))
    while j < n:
        run = _run(lines, j, later)
        if run is not None:
            return run
        j += 1
    return None


def _run(lines: list[str], first: int, later: _Later) -> Toc | None:
    entries: list[tuple[int, str, int | None, bool]] = []  # (line, key, page after leaders, listed)
    j = first
    while j < len(lines):
        raw = lines[j].strip()
        if not raw:
            if not entries:
                return None
            j += 1
            continue
        title, _ = entry_title(raw)
        key = title_key(title)
        leader = _LEADER.search(_BULLET.sub("", _MD_LINK.sub(r"\1", raw))) is not None
        listed = later.after(key, j) is not None
        if not _entry_like(title) or not (leader or listed) or any(key == e[1] for e in entries):
            break
        entries.append((j, key, _page(raw) if leader else None, listed))
        j += 1
    if len(entries) < MIN_UNTITLED:
        return None
    end = entries[-1][0] + 1
    pages = [p for _, _, p, _ in entries if p is not None]
    if any(b < a for a, b in zip(pages, pages[1:])):
        return None  # pages going back: a table of numbers
    found = [later.after(key, end - 1) for _, key, _, is_listed in entries if is_listed]
    where = [k for k in found if k is not None]
    in_order = len(where) == len(found) and all(b > a for a, b in zip(where, where[1:]))
    if found and not in_order and len(pages) < len(entries):
        return None  # the entries that are not paged must be the headings that follow, in their order
    return Toc(first, end, frozenset(key for _, key, _, _ in entries), titled=False)


def is_toc_block(lines: Sequence[str], later: set[str]) -> bool:
    """Whether the lines of a chunk are a TOC without a title: at least MIN_UNTITLED entries, all
    of them paged after dot leaders or listed in *later* (the title_keys of the headings that
    follow the chunk)."""
    entries = [ln.strip() for ln in lines if ln.strip()]
    if len(entries) < MIN_UNTITLED:
        return False
    pages: list[int] = []
    for raw in entries:
        title, _ = entry_title(raw)
        if not _entry_like(title):
            return False
        if _LEADER.search(_BULLET.sub("", _MD_LINK.sub(r"\1", raw))):
            page = _page(raw)
            if page is not None:
                pages.append(page)
        elif title_key(title) not in later:
            return False
    return all(b >= a for a, b in zip(pages, pages[1:]))


def _previous_nonblank(lines: list[str], j: int, floor: int) -> int:
    """The line before *j* that was not blank (the first line of the body)."""
    k = j - 1
    while k > floor and not lines[k].strip():
        k -= 1
    return k
