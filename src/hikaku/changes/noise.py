"""Differences that are not changes: invisible characters (zero-width spaces, joiners, BOMs
inside a text, soft hyphens), whitespace, full-/half-width and Unicode form, the
renumbering of list markers, and page artefacts (page numbers, running headers) left by
PDF extraction. Such pairs are reported as 一致 with ``cosmetic: true`` unless
``--strict`` asks for them as 変更."""

from __future__ import annotations

import re
import unicodedata

from ..text import LIST_MARKER, visible

__all__ = ["cosmetic_kind", "COSMETIC_KINDS"]

COSMETIC_KINDS = ("invisible", "whitespace", "width", "list_marker", "page_artefact", "toc")  # toc: changes/toc.py

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
    return _normal_lines(_stripped_lines(text), markers=markers)


def _stripped_lines(text: str) -> list[tuple[str, str]]:
    """Each line stripped, and its NFKC form (normalised once for both readings)."""
    return [(line, unicodedata.normalize("NFKC", line)) for line in (ln.strip() for ln in text.splitlines())]


def _normal_lines(lines: list[tuple[str, str]], *, markers: bool = False) -> list[str]:
    """:func:`_lines` from :func:`_stripped_lines`."""
    out = []
    for line, nfkc in lines:
        if markers:
            stripped = LIST_MARKER.sub("", line, count=1)
            if stripped != line:
                line = stripped
                nfkc = unicodedata.normalize("NFKC", line)
            else:
                line = LIST_MARKER.sub("", nfkc, count=1)
                nfkc = nfkc if line == nfkc else unicodedata.normalize("NFKC", line)  # NFKC is idempotent
        if line:
            out.append(nfkc.strip())
    return out


_TOC_PAGE = re.compile(r"(?:\s*[.．・…‥·_\-－—─]{2,}\s*|\s+)(?:p\.?\s*)?[0-9]{1,4}$", re.I)


def _squeeze(lines: list[str]) -> str:
    return "".join("".join(line.split()) for line in lines)


def _collapse(text: str) -> str:
    return " ".join(text.split())


def cosmetic_kind(a: str, b: str, *, toc: bool = False) -> str | None:
    """Why *a* and *b* differ only cosmetically, or None if the difference is real. In a
    table of contents (*toc*) the entries' page numbers are page artefacts too. Invisible
    characters are no difference whatever else differs: a zero-width space beside a change of
    width is a change of width."""
    if a == b:
        return None
    va, vb = visible(a), visible(b)
    if va == vb:
        return "invisible"
    a, b = va, vb
    if toc and _toc_entries(a) == _toc_entries(b):
        return "page_artefact"
    if _collapse(a) == _collapse(b) or "".join(a.split()) == "".join(b.split()):
        return "whitespace"
    sa, sb = _stripped_lines(a), _stripped_lines(b)
    la, lb = _normal_lines(sa), _normal_lines(sb)
    if _squeeze(la) == _squeeze(lb):
        return "width"
    if _squeeze(_normal_lines(sa, markers=True)) == _squeeze(_normal_lines(sb, markers=True)):
        return "list_marker"
    pa = [x for x in la if not _PAGE_LINE.match(x)]
    pb = [x for x in lb if not _PAGE_LINE.match(x)]
    if (pa != la or pb != lb) and _squeeze(pa) == _squeeze(pb):
        return "page_artefact"
    return None
