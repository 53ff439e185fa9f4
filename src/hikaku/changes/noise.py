"""Differences that are not changes: whitespace, full-/half-width and Unicode form, the
renumbering of list markers, and page artefacts (page numbers, running headers) left by
PDF extraction. Such pairs are reported as 一致 with ``cosmetic: true`` unless
``--strict`` asks for them as 変更."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["cosmetic_kind", "COSMETIC_KINDS"]

COSMETIC_KINDS = ("whitespace", "width", "list_marker", "page_artefact")

# a marker must be followed by a space or by non-ASCII text, so that "1.5倍" or "-5%" is no marker
_LIST_MARKER = re.compile(
    r"^(?:[(（]?[0-9]+[)）.、]|[(（][一二三四五六七八九十]+[)）]|[①-⑳]|[ァ-ヶ][.．、)）]|"
    r"[(（][ァ-ヶ][)）]|[a-zA-Z][.)]|\([a-zA-Z]\)|[・•\-*])(?=\s|[^\x00-\x7f])\s*"
)
_PAGE_LINE = re.compile(
    r"^(?:[-–—]?\s*[0-9]+\s*[-–—]?|[0-9]+\s*/\s*[0-9]+|page\s+[0-9]+(?:\s+of\s+[0-9]+)?|[0-9]+\s*ページ|"
    r"p\.\s*[0-9]+)$",
    re.I,
)


def _toc_entries(text: str) -> list[str]:
    """A table of contents' entries without their dot leaders and page numbers."""
    return ["".join(_TOC_PAGE.sub("", line).split()) for line in _lines(text)]


def _lines(text: str, *, markers: bool = False) -> list[str]:
    """Non-empty lines in NFKC; with *markers*, leading list markers removed first (NFKC
    would turn ① into 1)."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if markers:
            stripped = _LIST_MARKER.sub("", line, count=1)
            line = stripped if stripped != line else _LIST_MARKER.sub("", unicodedata.normalize("NFKC", line), count=1)
        if line:
            out.append(unicodedata.normalize("NFKC", line).strip())
    return out


_TOC_PAGE = re.compile(r"(?:\s*[.．・…‥·_\-－—─]{2,}\s*|\s+)(?:p\.?\s*)?[0-9]{1,4}$", re.I)


def _squeeze(lines: list[str]) -> str:
    return "".join("".join(line.split()) for line in lines)


def _collapse(text: str) -> str:
    return " ".join(text.split())


def cosmetic_kind(a: str, b: str, *, toc: bool = False) -> str | None:
    """Why *a* and *b* differ only cosmetically, or None if the difference is real. In a
    table of contents (*toc*) the entries' page numbers are page artefacts too."""
    if a == b:
        return None
    if toc and _toc_entries(a) == _toc_entries(b):
        return "page_artefact"
    if _collapse(a) == _collapse(b) or "".join(a.split()) == "".join(b.split()):
        return "whitespace"
    la, lb = _lines(a), _lines(b)
    if _squeeze(la) == _squeeze(lb):
        return "width"
    if _squeeze(_lines(a, markers=True)) == _squeeze(_lines(b, markers=True)):
        return "list_marker"
    pa = [x for x in la if not _PAGE_LINE.match(x)]
    pb = [x for x in lb if not _PAGE_LINE.match(x)]
    if (pa != la or pb != lb) and _squeeze(pa) == _squeeze(pb):
        return "page_artefact"
    return None
