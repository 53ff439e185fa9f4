"""Page furniture left in text that another tool extracted: running headers such as
``new_insurance.md 2025-05-28``, page numbers ``3 / 23`` and ``- 3 -`` — also when they
are glued to the text around them (``3 / 23`` directly before an item ``1.`` gives
``3 / 231.``).

What is furniture is learnt from the whole document, never from one line: a file name
with a date counts when it recurs; ``N / M`` when M is the same page count over
several pages (so ``3 / 231.`` is page 3 of 23 followed by ``1.``, because other pages
say ``/ 23``); ``- N -`` when several pages are numbered so.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Furniture", "learn_furniture"]

_DATE = r"[0-9]{4}[-/.年][0-9]{1,2}[-/.月][0-9]{1,2}日?(?:\s*[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?)?"
_EXT = r"\.(?:md|markdown|pdf|docx?|txt|html?|xlsx?|pptx?|rtf|odt)"
# glued: an ASCII file name (a Japanese one would swallow the text before it); on a line of its own: any name
_FILE_DATE_GLUED = re.compile(rf"[A-Za-z0-9_\-.()]+{_EXT}\s*{_DATE}|{_DATE}\s*[A-Za-z0-9_\-.()]+{_EXT}")
_FILE_DATE_LINE = re.compile(rf"^\s*(\S+{_EXT}\s*{_DATE}|{_DATE}\s*\S+{_EXT})\s*$", re.M)
_PAGE_OF = re.compile(r"(?<![0-9/])([0-9]{1,4})\s*/\s*([0-9]{1,6})")
_MARK = "\x00"
_DASHED = re.compile(r"(?:^|(?<=\s))[-–—]\s*([0-9]{1,4})\s*[-–—](?=\s|$|[^\s0-9])", re.M)
# what each pattern cannot match without: a quick test spares most texts the full pattern
_HAS_EXT = re.compile(_EXT)
_HAS_DASHED = re.compile(r"[-–—]\s*[0-9]{1,4}\s*[-–—]")


@dataclass(frozen=True)
class Furniture:
    strings: tuple[str, ...] = ()  # exact running headers (file name and date)
    page_total: int | None = None  # M of "N / M"
    dashed: bool = False  # pages numbered "- N -"

    def __bool__(self) -> bool:
        return bool(self.strings or self.page_total or self.dashed)

    def clean(self, text: str) -> str:
        """*text* without the furniture; a line left empty by it goes too, and a piece of
        furniture between two pieces of text leaves a line break (it stood on a line of
        its own before extraction glued it on)."""
        if not self:
            return text
        out = text
        for s in self.strings:
            out = out.replace(s, _MARK)
        if self.page_total:
            total = self.page_total
            out = re.sub(rf"(?<![0-9/])([0-9]{{1,4}})\s*/\s*{total}",
                         lambda m: _MARK if 1 <= int(m.group(1)) <= total else m.group(), out)
        if self.dashed:
            out = _DASHED.sub(_MARK, out)
        if out == text:
            return text
        lines = []
        for line in out.split("\n"):
            if _MARK not in line:
                lines.append(line)
                continue
            pieces = [p.strip() for p in line.split(_MARK)]
            lines.extend(p for p in pieces if p)
        return "\n".join(lines).strip("\n")


def learn_furniture(texts: Sequence[str]) -> Furniture:
    """The furniture that recurs over *texts* (the chunks of one document)."""
    headers: Counter[str] = Counter()
    for t in texts:
        if not _has_stop(t) or _HAS_EXT.search(t) is None:  # both patterns hold a file extension
            continue
        found = {m.group().strip() for m in _FILE_DATE_GLUED.finditer(t)}
        found |= {m.group(1).strip() for m in _FILE_DATE_LINE.finditer(t)}
        headers.update(found)
    strings = tuple(sorted((s for s, n in headers.items() if n >= 2), key=len, reverse=True))
    return Furniture(strings, _page_total(texts), _dashed(texts))


def _page_total(texts: Sequence[str]) -> int | None:
    """The M that "N / M" page numbers share: the one with the most distinct pages N ≤ M.
    A glued "3 / 231." offers 2, 23 and 231; the other pages decide."""
    pages: dict[int, set[int]] = defaultdict(set)
    for t in texts:
        if "/" not in t:
            continue
        for m in _PAGE_OF.finditer(t):
            n, digits = int(m.group(1)), m.group(2)
            for k in range(1, len(digits) + 1):
                total = int(digits[:k])
                if 1 <= n <= total and digits[0] != "0":
                    pages[total].add(n)
    best = max(pages.items(), key=lambda kv: (len(kv[1]), -kv[0]), default=None)
    return best[0] if best is not None and len(best[1]) >= 3 else None


def _has_stop(text: str) -> bool:
    """Whether *text* holds the full stop of a file extension: a test of a substring, many times
    faster than the pattern's scan of a text without one (most Japanese text)."""
    return "." in text


def _has_dash(text: str) -> bool:
    """Whether *text* holds a dash ``- N -`` opens with (as :func:`_has_stop`)."""
    return "-" in text or "–" in text or "—" in text


def _dashed(texts: Sequence[str]) -> bool:
    numbers = {int(m.group(1)) for t in texts if _has_dash(t) and _HAS_DASHED.search(t) for m in _DASHED.finditer(t)}
    return len(numbers) >= 3
