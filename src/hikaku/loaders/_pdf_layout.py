"""Clean PDF text before chunking: running headers and footers and page numbers go,
sentences that a line break cut in two are joined again (without a space between
Japanese characters, with one between Latin words; a hyphen at a line end is removed).
Matching later folds width and form (NFKC); the text itself is kept as printed."""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter

from ..document.headings import detect_heading
from ._pdf_reader import PdfLine

__all__ = ["clean_pages", "is_page_number"]

MARGIN = 0.12  # top and bottom share of the page where running headers and footers live
_PAGE_NUMBER = re.compile(
    r"^(?:[-–—]\s*[0-9]+\s*[-–—]|[0-9]+\s*/\s*[0-9]+|[0-9]+|page\s+[0-9]+(?:\s+of\s+[0-9]+)?|"
    r"[0-9]+\s*ページ|p\.\s*[0-9]+|[(（][0-9]+[)）])$",
    re.I,
)
_SENTENCE_END = re.compile(r"[。．.!?！？：:；;」』）)]$")
_LIST_START = re.compile(r"^(?:[(（]?[0-9０-９]+[)）.．、]|[①-⑳]|[・•\-*]\s|[ア-ン][.．、])")
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def is_page_number(text: str) -> bool:
    return bool(_PAGE_NUMBER.match(unicodedata.normalize("NFKC", text).strip()))


def _key(text: str) -> str:
    """Running headers differ only in their numbers (ページ 3, 2025-05-28 stays)."""
    return re.sub(r"[0-9]+", "#", unicodedata.normalize("NFKC", text).strip())


def _in_margin(line: PdfLine) -> bool:
    return line.top < MARGIN or line.bottom > 1 - MARGIN


def clean_pages(pages: list[list[PdfLine]]) -> tuple[str, list[int]]:
    """The document's text and the offset where each page starts in it."""
    repeated: set[str] = set()
    if len(pages) >= 2:
        seen = Counter(k for page in pages for k in {_key(ln.text) for ln in page if _in_margin(ln)})
        need = max(2, math.ceil(0.5 * len(pages)))
        repeated = {k for k, n in seen.items() if n >= need}
    text_parts: list[str] = []
    starts: list[int] = []
    size = 0
    prev: str | None = None
    for page in pages:
        kept = [ln.text for ln in page
                if not (_in_margin(ln) and (is_page_number(ln.text) or _key(ln.text) in repeated))]
        starts.append(size)
        for line in kept:
            if prev is not None and _continues(prev, line):
                glue = "" if prev.endswith("-") and _hyphenated(prev, line) else (
                    "" if _CJK.search(prev[-1]) or _CJK.search(line[0]) else " ")
                piece = (prev[:-1] if glue == "" and prev.endswith("-") and _hyphenated(prev, line) else prev)
                text_parts[-1] = piece + glue + line
                size += len(text_parts[-1]) - len(prev)
                prev = text_parts[-1]
                continue
            if text_parts:
                size += 1  # the line break before it
            text_parts.append(line)
            size += len(line)
            prev = line
    return "\n".join(text_parts), starts


def _hyphenated(prev: str, line: str) -> bool:
    return len(prev) >= 2 and prev[-2].isalpha() and line[:1].islower()


def _continues(prev: str, line: str) -> bool:
    """Is *line* the rest of the sentence that *prev* began?"""
    if _SENTENCE_END.search(prev) or detect_heading(prev, markdown=False) is not None:
        return False
    if detect_heading(line, markdown=False) is not None or _LIST_START.match(line) or line.startswith("|"):
        return False
    return True
