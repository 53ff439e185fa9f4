"""One typed view of where a chunk sits in its document, and what identifies the
section it belongs to.

Chunk metadata is free-form (hikaku's own loaders write ``heading_path``, ``label``,
``title``, ``heading``, ``kind``, ``page_start``, ``boxes`` …; other chunkers write ``path``,
``section`` or ``chapter``). :func:`parse_structure` reads those keys, and nothing
else in hikaku does: every module asks ``chunk.structure``.

A clause is identified by its number only within the run of clauses numbered together:
a policy's main part counts 第1条…第30条, then every rider (特約) counts 第1条… again.
:func:`numbering_sections` cuts a document into those runs (where the numbering starts
over) and names each by the headings its clauses share (``第2編 特約条項 > 通院保障特約``).
Chapters of one numbering (a statute's 第1章…第10章) are one section: an article may move
between them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..text import shorten
from .headings import (
    Heading,
    detect_heading,
    heading_label,
    is_caption,
    normalize_label,
    reads_as_title,
    short_title,
    split_heading,
    titled,
)

__all__ = ["ChunkStructure", "PageBox", "NumberingSection", "parse_structure", "numbering_sections", "is_clause_label",
           "first_lines", "numbers_several", "section_of", "is_heading_only", "heads", "is_supplement_label",
           "STRUCTURAL_KINDS", "SUPPLEMENTARY"]

# heading kinds whose label identifies a clause (第5条, 第2章, 附則)
STRUCTURAL_KINDS = ("article", "structure", "supplement")
SUPPLEMENTARY = "附則"  # the label of supplementary provisions (normalize_label: 「附　則」 too)
_SUPPLEMENTARY_LABELS = frozenset({SUPPLEMENTARY, "付則"})  # a company's rules write 付則
# what follows the clauses of the whole document and numbers on its own: 附則, 別表第1, 別紙, 別記, 様式第2,
# Schedule 1, Annex A, Appendix II, Exhibit B, Attachment 3 (the labels of headings.py's supplement kind)
_SUPPLEMENT = re.compile(r"^(?:附則|付則|別表|別紙|別記|様式)|^(?:schedule|annex|exhibit|appendix|attachment) ",
                         re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PageBox:
    """Where (part of) a chunk is on a page of its original (PDF): the page, 1-based, and the
    rectangle as shares of the page's width and height from its top-left corner (metadata
    ``boxes``: ``[page, left, top, right, bottom]`` each)."""

    page: int
    left: float
    top: float
    right: float
    bottom: float


def _boxes(value: Any) -> tuple[PageBox, ...]:
    """The metadata's ``boxes``; what is not a list of ``[page, left, top, right, bottom]`` with a
    page ≥ 1 and shares within the page is left out."""
    if not isinstance(value, (list, tuple)):
        return ()
    out = []
    for b in value:
        if (isinstance(b, (list, tuple)) and len(b) == 5 and _int(b[0]) is not None and b[0] >= 1
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in b[1:])
                and b[1] <= b[3] and b[2] <= b[4]):
            out.append(PageBox(b[0], float(b[1]), float(b[2]), float(b[3]), float(b[4])))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ChunkStructure:
    heading_path: tuple[str, ...]  # the headings above the chunk, outermost first
    heading: str | None = None  # the heading that opens the chunk, if it opens one
    label: str | None = None  # its structural label as written in the metadata (第5条)
    title: str | None = None  # its title (賃金), from the metadata or the caption line （賃金） above the article
    kind: str | None = None  # heading (a heading alone) | section | paragraph
    level: int | None = None
    part: int | None = None  # a long section cut in parts: the part's number (2, 3 …)
    page_start: int | None = None  # pages of the original (PDF, Word laid out by Word), 1-based
    page_end: int | None = None
    structural_label: str | None = None  # the label normalised (NFKC, no spaces), also found in the text
    # what a reader calls the chunk by its first lines (第4条（手術給付金）), when the metadata
    # gives neither label nor heading: the 項目 column's fallback (hikaku.changes.items)
    text_label: str | None = None
    boxes: tuple[PageBox, ...] = ()  # where it is on its pages (PDF): to mark it on the page

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
        # the same few headings over thousands of chunks: one string each (sys.intern)
        return tuple(sys.intern(p.strip()) for p in path.replace(">", "/").split("/") if p.strip())
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


_OPENING = 2048  # characters read to find a chunk's first lines (more only when they are longer)


def first_lines(content: str, n: int) -> list[str]:
    """``content.splitlines()[:n]``, without splitting the rest of a long chunk."""
    if len(content) > _OPENING:
        lines = content[:_OPENING].splitlines()
        if len(lines) > n:  # a later line started within the opening: the first n are whole
            return lines[:n]
    return content.splitlines()[:n]


_Opening = list[tuple[str, Heading | None]]  # the first lines and the heading each opens


def _opening(content: str) -> _Opening:
    return [(line, detect_heading(line, markdown=False)) for line in first_lines(content, 2)]


def _structural_label(opening: _Opening, label: str | None) -> str | None:
    """``第5条``, ``第2章``, ``附則``… from the metadata or the chunk's first lines."""
    if label and label.strip():
        return normalize_label(label)
    for _, h in opening:
        if h is not None and h.kind in STRUCTURAL_KINDS:
            return heading_label(h)
    return None


def _caption(content: str, opening: _Opening) -> str | None:
    """The caption that titles an article on the line above it: （目的） → 目的."""
    stripped = content.lstrip()
    if stripped != content:  # blank lines or spaces first: the caption is the first line with text
        opening = _opening(stripped)
    if len(opening) > 1 and is_caption(opening[0][0]):
        h = opening[1][1]
        if h is not None and h.kind == "article":
            return opening[0][0].strip()[1:-1].strip() or None
    return None


def _text_label(opening: _Opening) -> str | None:
    """The 項目 a chunk's first lines give: 「第4条（手術給付金）」 from a caption and its article
    or from one line, a chapter's label and title, else the heading itself, else a first line
    that reads as a title (「医療保険普通保険約款（2024年4月改定）」), not a sentence."""
    lines = [(line.strip(), h) for line, h in opening if line.strip()]
    caption = lines[0][0] if lines and is_caption(lines[0][0]) else None
    for _, h in lines:
        if h is not None:
            if caption and (found := heading_label(h)):
                return f"{found}{caption}"
            if h.kind == "article":
                found, title = short_title(h, 40)
                if found and title:
                    return titled(found, title)  # 第4条（手術給付金） on one line
                return found or shorten(h.text, 40)
            found, rest = split_heading(h)
            if found and rest:
                return shorten(f"{found} {rest}", 40)
            return found or shorten(h.text, 40)
    if lines and reads_as_title(lines[0][0]):
        return lines[0][0]  # a title line of its own (a document's, a preamble's): what it is called
    return None


def parse_structure(content: str, metadata: Mapping[str, Any]) -> ChunkStructure:
    label = _str(metadata.get("label"))
    heading = _str(metadata.get("heading"))
    opening = _opening(content)  # each of the first lines read once, for all that follows
    return ChunkStructure(
        heading_path=_heading_path(metadata),
        heading=heading,
        label=label,
        title=_str(metadata.get("title")) or _caption(content, opening),
        kind=_str(metadata.get("kind")),
        level=_int(metadata.get("level")),
        part=_int(metadata.get("part")),
        page_start=_int(metadata.get("page_start")),
        page_end=_int(metadata.get("page_end")),
        structural_label=_structural_label(opening, label),
        text_label=None if label or (heading and heading.strip()) else _text_label(opening),
        boxes=_boxes(metadata.get("boxes")) if "boxes" in metadata else (),
    )


_CLAUSE = re.compile(r"(?:条(?:の[0-9〇一二三四五六七八九十百千]+)*|^(?:Article|Section|SECTION|§)\s*[0-9].*)$")


def is_supplement_label(label: str | None) -> bool:
    """附則, 別表第1, 別記, 様式第2, Schedule 1, Annex A: what a document adds after its clauses
    (to the whole of it, not to the rider before)."""
    return bool(label) and _SUPPLEMENT.match(label or "") is not None


def is_clause_label(label: str | None) -> bool:
    """第5条, 第十二条の二, Article 5, Section 2.1: the numbers a clause is cited by."""
    return bool(label) and _CLAUSE.search(label or "") is not None


def is_heading_only(structure: ChunkStructure) -> bool:
    """A heading alone (第2章　総則, a rider's title): a boundary between texts, no text of its
    own. A clause written on its label's line (「第2条　社員は…。」) is text, whatever the
    loader calls it."""
    return structure.kind == "heading" and not is_clause_label(structure.structural_label)


def heads(chunks: Sequence[_Structured], i: int) -> Iterator[int]:
    """The chunks the heading alone at *i* heads, in order: those after it that sit under it
    (their heading path starts with its section path; a heading of the same path, as where
    the metadata gives a chunk's chapter but not its heading, closes it), headings below it
    left out."""
    scope = chunks[i].structure.section_path
    for k in range(i + 1, len(chunks)):
        st = chunks[k].structure
        if st.heading_path[:len(scope)] != scope:
            return
        if is_heading_only(st):
            if st.section_path == scope:
                return
            continue
        yield k


@dataclass(frozen=True, slots=True)
class NumberingSection:
    """Chunks ``start`` … ``end - 1`` of a document, whose clauses are numbered together."""

    start: int
    end: int
    key: tuple[str, ...]  # the headings all its clauses sit under (its identity)
    numbered: bool = True  # it has clauses (not so a 附則 without articles: it numbers nothing)

    @property
    def title(self) -> str:
        return self.key[-1] if self.key else ""


def _common_prefix(paths: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    if not paths:
        return ()
    first = paths[0]
    n = len(first)
    for p in paths[1:]:
        n = min(n, len(p))
        while n and p[:n] != first[:n]:
            n -= 1
    return first[:n]


class _Structured(Protocol):
    @property
    def structure(self) -> ChunkStructure: ...


def _opens_section(structure: ChunkStructure) -> bool:
    return structure.section_path != structure.heading_path


def numbering_sections(chunks: Sequence[_Structured]) -> list[NumberingSection]:
    """The document cut where its clause numbering starts over: a clause number already
    used since the last cut comes again (the next part of one long clause, under the same
    headings with no heading between, does not count), and at what the document adds after
    its clauses — a 附則 (the supplementary provisions of the whole 約款 or 法令: numbered on
    their own, 附則第1条…, even when they have no articles or come right after the last
    rider), a 別表, 別記, 様式, Schedule, Annex, Appendix (:func:`is_supplement_label`; one of
    these among clauses whose numbering goes on after it is no cut). A rider after such a
    supplement starts at its title. The unnumbered chunks before a restart belong to the
    section they introduce, from the first heading after the last clause (第2編's heading, a
    rider's title)."""
    if not chunks:
        return []
    cuts = [0]
    seen: set[str] = set()
    last_label: str | None = None
    last_pos = -1
    pending: list[int] = []  # appendices after the last clause: cuts unless the numbering goes on
    opened: int | None = None  # a supplement's cut, until its first clause
    for i, c in enumerate(chunks):
        label = c.structure.structural_label
        if is_supplement_label(label) and i > max([cuts[-1], *pending]):
            if label in _SUPPLEMENTARY_LABELS:
                cuts.extend(pending)
                cuts.append(i)
                pending, opened = [], i
                seen, last_label = set(), None
            else:
                pending.append(i)
            continue
        if not is_clause_label(label):
            continue
        assert label is not None
        if pending:
            if label in seen:  # a restart: the appendices belonged to no clause before
                cuts.extend(pending)
                opened, seen, last_label = pending[-1], set(), None
            pending = []
        if opened is not None:  # a rider after a supplement starts at its title
            title = next((k for k in range(opened + 1, i) if _opens_section(chunks[k].structure)
                          and is_heading_only(chunks[k].structure)), None)
            if title is not None:
                cuts.append(title)
            opened = None
        if label in seen:
            heading = next((k for k in range(last_pos + 1, i + 1) if _opens_section(chunks[k].structure)), None)
            same_place = c.structure.heading_path == chunks[last_pos].structure.heading_path
            if not (label == last_label and heading is None and same_place):
                cuts.append(i if heading is None else heading)
                seen = set()
        seen.add(label)
        last_label, last_pos = label, i
    cuts.extend(pending)
    bounds = [*cuts, len(chunks)]
    out = []
    for start, end in zip(bounds, bounds[1:]):
        clause_paths = [chunks[k].structure.heading_path for k in range(start, end)
                        if is_clause_label(chunks[k].structure.structural_label)]
        out.append(NumberingSection(start, end, _common_prefix(clause_paths), bool(clause_paths)))
    return out


def numbers_several(sections: Sequence[NumberingSection]) -> bool:
    """Whether the document numbers several sections on their own (every rider has a
    第1条): a 附則 without articles is a section but numbers nothing."""
    return sum(s.numbered for s in sections) > 1


def section_of(sections: Sequence[NumberingSection], n: int) -> list[int]:
    """The numbering section each of *n* chunks reads clause numbers in: its own, or for a
    section that numbers nothing (a 別表, a 附則 without articles) the last one before it
    that does — a schedule cites the clauses it follows (「別表1（第3条関係）」)."""
    out = [0] * n
    reads = 0
    for k, s in enumerate(sections):
        if s.numbered or k == 0:
            reads = k
        for i in range(s.start, s.end):
            out[i] = reads
    return out
