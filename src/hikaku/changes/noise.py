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


def _squeeze(lines: list[str]) -> str:
    return "".join("".join(line.split()) for line in lines)


def _collapse(text: str) -> str:
    return " ".join(text.split())


def cosmetic_kind(a: str, b: str) -> str | None:
    """Why *a* and *b* differ only cosmetically, or None if the difference is real."""
    if a == b:
        return None
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
