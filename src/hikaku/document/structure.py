"""One typed view of where a chunk sits in its document.

Chunk metadata is free-form (hikaku's own loaders write ``heading_path``, ``label``,
``title``, ``heading``, ``kind``, ``page_start`` …; other chunkers write ``path``,
``section`` or ``chapter``). :func:`parse_structure` reads those keys, and nothing
else in hikaku does: every module asks ``chunk.structure``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .headings import detect_heading, is_caption, split_label

__all__ = ["ChunkStructure", "parse_structure", "STRUCTURAL_KINDS"]

# heading kinds whose label identifies a clause (第5条, 第2章, 附則)
STRUCTURAL_KINDS = ("article", "structure", "supplement")


@dataclass(frozen=True, slots=True)
class ChunkStructure:
    heading_path: tuple[str, ...]  # the headings above the chunk, outermost first
    heading: str | None = None  # the heading that opens the chunk, if it opens one
    label: str | None = None  # its structural label as written in the metadata (第5条)
    title: str | None = None  # its title (賃金), from the metadata or the caption line （賃金） above the article
    kind: str | None = None  # heading (a heading alone) | section | paragraph
    level: int | None = None
    part: int | None = None  # a long section cut in parts: the part's number (2, 3 …)
    page_start: int | None = None  # PDF pages, 1-based
    page_end: int | None = None
    structural_label: str | None = None  # the label normalised (NFKC, no spaces), also found in the text

    @property
    def section_path(self) -> tuple[str, ...]:
        """The headings a chunk belongs under; a chunk that is only a heading opens its own
        section."""
        if self.kind == "heading" and self.heading and self.heading.strip():
            return (*self.heading_path, self.heading.strip())
        return self.heading_path


def _heading_path(md: Mapping[str, Any]) -> tuple[str, ...]:
    """``heading_path`` (list), else ``path`` (``a/b/c`` or ``a > b``), else ``section`` /
    ``chapter``, else ``paragraph`` (as ``¶N``)."""
    hp = md.get("heading_path")
    if isinstance(hp, (list, tuple)):
        return tuple(str(h) for h in hp if str(h).strip())
    path = md.get("path")
    if isinstance(path, str) and path.strip():
        return tuple(p.strip() for p in path.replace(">", "/").split("/") if p.strip())
    for key in ("section", "chapter"):
        value = md.get(key)
        if isinstance(value, (str, int)) and str(value).strip():
            return (str(value),)
    if isinstance(md.get("paragraph"), (str, int)):
        return (f"¶{md['paragraph']}",)
    return ()


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _structural_label(content: str, label: str | None) -> str | None:
    """``第5条``, ``第2章``, ``附則``… from the metadata or the chunk's first lines."""
    if label and label.strip():
        return unicodedata.normalize("NFKC", label).replace(" ", "")
    for line in content.splitlines()[:2]:
        h = detect_heading(line, markdown=False)
        if h is not None and h.kind in STRUCTURAL_KINDS:
            found, _ = split_label(h.text)
            return found
    return None


def _caption(content: str) -> str | None:
    """The caption that titles an article on the line above it: （目的） → 目的."""
    lines = content.lstrip().splitlines()
    if len(lines) > 1 and is_caption(lines[0]):
        h = detect_heading(lines[1], markdown=False)
        if h is not None and h.kind == "article":
            return lines[0].strip()[1:-1].strip() or None
    return None


def parse_structure(content: str, metadata: Mapping[str, Any]) -> ChunkStructure:
    label = _str(metadata.get("label"))
    return ChunkStructure(
        heading_path=_heading_path(metadata),
        heading=_str(metadata.get("heading")),
        label=label,
        title=_str(metadata.get("title")) or _caption(content),
        kind=_str(metadata.get("kind")),
        level=_int(metadata.get("level")),
        part=_int(metadata.get("part")),
        page_start=_int(metadata.get("page_start")),
        page_end=_int(metadata.get("page_end")),
        structural_label=_structural_label(content, label),
    )
