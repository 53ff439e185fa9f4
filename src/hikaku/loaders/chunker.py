"""Chunk Markdown and plain text along their headings.

Every heading starts a chunk that runs to the next heading; the chunk carries the
path of headings above it, so that the context tools can walk up the hierarchy. A
caption line such as ``（目的）`` stays with the article it titles. A line that carries on
a sentence the line above left open (``…set out in`` / ``Schedule 2.``) is body text
whatever it starts with; a clause's text on its label's line (``第2条　社員は…。``) is the
chunk's body, under the heading 第2条. Text without any
heading is chunked by paragraph (blank lines); a section longer than ``max_chars``
is cut at paragraph boundaries, and a paragraph longer than that at sentence ends (。).
A table (lines starting with ``|``) is never cut: its rows stay together.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..document import (
    RANK_TITLE,
    Chunk,
    Heading,
    HeadingLine,
    detect_heading,
    is_caption,
    leaves_sentence_open,
    read_heading,
    reads_as_title,
    split_label,
)
from ..text import contains_cjk
from .registry import InputLimits, too_many_chunks
from .toc import Toc, find_toc, title_key

__all__ = ["chunk_text", "first_heading", "table_lines"]


@dataclass
class _Section:
    heading: Heading | None
    path: list[str]
    lines: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)
    caption: str | None = None
    parts: HeadingLine | None = None  # the heading line read: its name, label, title and whether a body follows


def chunk_text(
    text: str,
    *,
    source: str,
    markdown: bool = True,
    id_prefix: str = "c",
    max_chars: int = 2000,
    layout_headings: Mapping[int, float] | None = None,
    limits: InputLimits | None = None,
) -> list[Chunk]:
    """Split *text* into chunks; ids are ``{id_prefix}1``, ``{id_prefix}2`` …

    *layout_headings*: lines (by number) that the page layout shows as headings (a
    larger or bold font on a line of its own), with their rank; a line with a pattern
    of its own (第2章, 第5条 …) keeps that pattern's rank. *limits*: more chunks than their
    ``max_chunks`` refused as soon as there would be more (``InvalidDocumentError``), before
    they are all made."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    offsets = []
    pos = 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    layout = dict(layout_headings or {})
    toc = find_toc(lines)
    promote = _article_promotion(lines, markdown)

    sections: list[_Section] = []
    stack: list[tuple[float, str]] = []  # (rank, heading text)
    current = _Section(heading=None, path=[])
    in_fence = False
    pending_caption: tuple[int, str] | None = None
    open_sentence = False  # the line above stopped inside a sentence: this one carries it on

    first = next((k for k, line in enumerate(lines) if line.strip()), -1)
    for lineno, line in enumerate(lines):
        stripped = line.strip()
        running, open_sentence = open_sentence, False
        if toc is not None and toc.start <= lineno < toc.end:
            if lineno == toc.start:  # the table of contents: one chunk, not a parent of what follows
                sections.append(current)
                name = stripped.lstrip("#").strip() if toc.titled else ("目次" if contains_cjk(text[:4000]) else "Contents")
                current = _Section(heading=Heading(RANK_TITLE, name, "toc"), path=[h for _, h in stack])
            titled_line = lineno == toc.start and toc.titled and current.heading is not None
            current.lines.append((lineno, current.heading.text if titled_line and current.heading else line))
            if lineno == toc.end - 1:
                sections.append(current)
                current = _Section(heading=None, path=[h for _, h in stack])
            continue
        if markdown and stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
        heading = None if in_fence else detect_heading(line, markdown=markdown)
        if heading is not None and heading.kind != "markdown" and running:
            heading = None  # the rest of the sentence above, not a heading (…set out in / Schedule 2.)
        if heading is not None and heading.kind == "item" and not _item_is_heading(lines, lineno, current, markdown):
            heading = None
        if heading is not None and _japanese_numbered(heading) and not _numbered_is_heading(lines, lineno, current, heading):
            heading = None
        if heading is None and not in_fence:
            heading = _title_heading(stripped, lineno, layout, toc,
                                     opens=lineno == first and not (lines[lineno + 1:lineno + 2] or [""])[0].strip())
        elif heading is not None and promote and heading.kind == "article" and stripped.startswith("Article"):
            heading = Heading(promote, heading.text, "structure")
        if heading is None and not in_fence and is_caption(line) and _next_is_article(lines, lineno, markdown):
            pending_caption = (lineno, line)
            continue
        if heading is not None:
            sections.append(current)
            while stack and stack[-1][0] >= heading.rank:
                stack.pop()
            parts = read_heading(heading)
            current = _Section(heading=heading, path=[h for _, h in stack], parts=parts)
            if pending_caption is not None:
                current.lines.append(pending_caption)
                current.caption = pending_caption[1].strip()
                pending_caption = None
            current.lines.append((lineno, heading.text if heading.kind == "markdown" else line))
            stack.append((heading.rank, parts.name))
            open_sentence = parts.body and leaves_sentence_open(stripped, running=True)
            continue
        if pending_caption is not None:  # caption not followed by an article after all
            current.lines.append(pending_caption)
            pending_caption = None
        current.lines.append((lineno, line))
        open_sentence = not in_fence and leaves_sentence_open(stripped, running=running)
    if pending_caption is not None:
        current.lines.append(pending_caption)
    sections.append(current)

    has_headings = any(s.heading is not None for s in sections)
    chunks: list[Chunk] = []
    for section in sections:
        for part_no, part in enumerate(_parts(section, by_paragraph=not has_headings, max_chars=max_chars)):
            first, last = part[0][0], part[-1][0]
            content = "\n".join(t for _, t in part).strip()
            if not content:
                continue
            if limits is not None and len(chunks) >= limits.max_chunks:
                raise too_many_chunks(source, limits)
            metadata: dict = {
                "source": source,
                "heading_path": list(section.path),
                "line_start": first + 1,
                "line_end": last + 1,
                "char_start": offsets[first],
                "char_end": offsets[last] + len(lines[last]),
                **_heading_metadata(section, content, part_no),
            }
            chunks.append(Chunk(id=f"{id_prefix}{len(chunks) + 1}", content=content, metadata=metadata))
    return chunks


def _heading_metadata(section: _Section, content: str, part_no: int) -> dict:
    """heading, level, kind (heading | section | paragraph | toc), label, title, part."""
    level = len(section.path) + 1
    if section.heading is None:
        return {"level": level, "kind": "paragraph"}
    if section.heading.kind == "toc":
        return {"heading": section.heading.text, "level": level, "kind": "toc"}
    assert section.parts is not None  # every heading but the TOC's is read as it opens its section
    name, label, title = section.parts.name, section.parts.label, section.parts.title
    if section.caption and (not title or label is None):
        title = section.caption.strip()[1:-1]
    out: dict = {"heading": name, "level": level, "kind": "heading" if content == name.strip() else "section"}
    if label:
        out["label"] = label
    if title and title != label:
        out["title"] = title
    if part_no:
        out["part"] = part_no + 1
    return out


def _title_heading(line: str, lineno: int, layout: Mapping[int, float], toc: Toc | None, *,
                   opens: bool = False) -> Heading | None:
    """A line without numbering that is a heading all the same: the layout sets it apart,
    or the table of contents lists it (then it is a division of the document, a part or
    a rider, never below a chapter, whatever its font), or it *opens* the document on a
    line of its own (a blank line after it) and reads as a title, not a sentence (「医療保険
    普通保険約款」, ``Terms of Service``): the document's title."""
    if not line or is_caption(line):
        return None
    if opens and lineno not in layout and reads_as_title(line):
        return Heading(RANK_TITLE, line, "title")
    listed = toc is not None and lineno >= toc.end and len(line) <= 60 and title_key(line) in toc.titles
    if lineno in layout:
        return Heading(min(layout[lineno], RANK_TITLE) if listed else layout[lineno], line, "title")
    if listed:
        return Heading(RANK_TITLE, line, "title")
    return None


def _article_promotion(lines: list[str], markdown: bool) -> float | None:
    """English contracts: ``Article 2`` holds ``Section 2.1`` when the sections are
    numbered by article; then articles rank like chapters (else like 第N条)."""
    articles = sections = False
    for line in lines:
        s = line.strip()
        if s.startswith(("Article", "Section", "SECTION", "#")):
            h = detect_heading(line, markdown=markdown)
            if h is None or h.kind != "article":
                continue
            label, _ = split_label(h.text)
            articles = articles or bool(label and label.startswith("Article"))
            sections = sections or bool(label and label.lower().startswith("section") and "." in label)
            if articles and sections:
                return 12.0
    return None


def _japanese_numbered(heading: Heading) -> bool:
    """「1　適用範囲」, 「3.2 用語」: a Japanese numbered line, a heading or a list's item (「1　正社員」)."""
    return heading.kind == "numbered" and contains_cjk(heading.text)


def _first_line(lines: list[str]) -> str | None:
    """The first of *lines* that is not blank (None: all are)."""
    return next((line for line in lines if line.strip()), None)


def _numbered_is_heading(lines: list[str], i: int, current: _Section, heading: Heading) -> bool:
    """A Japanese numbered line heads a section (a specification's 「3　用語及び定義」) outside an
    article, a supplement (別表) and a 【】 section, when body text follows it — unless a
    numbered line of its level that it continues comes right before it (the last item of a
    list: 「1　申込書」「2　本人確認書類」, then the text after the list; after 「1」「2」 a
    「4　注意事項」 is not that list's) — or a numbered line one level down does (「3.1 試験片」).
    Else it is a list's item."""
    if current.heading is not None and current.heading.kind in ("article", "supplement", "bracket"):
        return False  # a 別表's, a 【ご契約内容】's or an article's numbered lines are its items

    def numbering(line: str | None) -> Heading | None | bool:  # a numbered line's heading, False for text
        if line is None:
            return None
        h = detect_heading(line, markdown=False)
        return h if h is not None and _japanese_numbered(h) else False

    after = numbering(_first_line(lines[i + 1: i + 8]))
    before = numbering(_first_line(lines[max(0, i - 7): i][::-1]))
    if after is False:
        return not (isinstance(before, Heading) and before.rank == heading.rank and _continues(before, heading))
    return isinstance(after, Heading) and after.rank > heading.rank


_NUMBERING = re.compile(r"([0-9]{1,2}(?:\.[0-9]{1,2})*)")


def _continues(before: Heading, heading: Heading) -> bool:
    """Whether *heading*'s number is the one after *before*'s (「2」 → 「3」, 「3.1」 → 「3.2」)."""
    m, n = (_NUMBERING.match(h.normalized or h.text) for h in (before, heading))
    if m is None or n is None:
        return True  # (numbered headings always have one; as before if not)
    *head, last = m.group(1).split(".")
    return n.group(1).split(".") == [*head, str(int(last) + 1)]


def _item_is_heading(lines: list[str], i: int, current: _Section, markdown: bool) -> bool:
    """（N） starts a titled subsection only outside an article and when body text (not
    another numbered line) follows; otherwise it is an item of a list."""
    if current.heading is not None and current.heading.kind == "article":
        return False
    line = _first_line(lines[i + 1: i + 4])
    return line is not None and detect_heading(line, markdown=markdown) is None


def _next_is_article(lines: list[str], i: int, markdown: bool) -> bool:
    line = _first_line(lines[i + 1: i + 3])
    h = detect_heading(line, markdown=markdown) if line is not None else None
    return h is not None and h.kind in ("article", "markdown")


def _sentences(paragraph: list[tuple[int, str]], max_chars: int) -> list[list[tuple[int, str]]]:
    """A paragraph over *max_chars* cut after 。 (or . ! ?) into pieces under it; tables whole."""
    if sum(len(t) + 1 for _, t in paragraph) <= max_chars or paragraph[0][1].lstrip().startswith("|"):
        return [paragraph]
    out: list[list[tuple[int, str]]] = [[]]
    size = 0
    for lineno, text in paragraph:
        pieces = [s for s in re.split(r"(?<=[。．！？!?])|(?<=\.)(?=\s)", text) if s] if len(text) > max_chars else [text]
        for piece in pieces:
            if out[-1] and size + len(piece) > max_chars:
                out.append([])
                size = 0
            if out[-1] and out[-1][-1][0] == lineno:  # same line: glue the sentence back on
                out[-1][-1] = (lineno, out[-1][-1][1] + piece)
            else:
                out[-1].append((lineno, piece))
            size += len(piece)
    return [p for p in out if p]


def _parts(section: _Section, *, by_paragraph: bool, max_chars: int) -> list[list[tuple[int, str]]]:
    """The section's lines as one part, or cut at blank lines (every paragraph when
    *by_paragraph*, otherwise only as needed to keep parts under *max_chars*)."""
    lines = section.lines
    while lines and not lines[-1][1].strip():
        lines = lines[:-1]
    while lines and not lines[0][1].strip():
        lines = lines[1:]
    if not lines:
        return []
    if section.heading is not None and section.heading.kind == "toc":  # the table of contents stays whole
        return [lines]
    total = sum(len(t) + 1 for _, t in lines)
    if not by_paragraph and total <= max_chars:
        return [lines]
    paragraphs: list[list[tuple[int, str]]] = [[]]
    for ln in lines:
        if ln[1].strip():
            paragraphs[-1].append(ln)
        elif paragraphs[-1]:
            paragraphs.append([])
    paragraphs = [q for p in paragraphs if p for q in _sentences(p, max_chars)]
    if by_paragraph:
        return paragraphs
    parts: list[list[tuple[int, str]]] = [[]]
    size = 0
    for p in paragraphs:
        psize = sum(len(t) + 1 for _, t in p)
        if parts[-1] and size + psize > max_chars:
            parts.append([])
            size = 0
        parts[-1].extend(p)
        size += psize
    return parts


def table_lines(rows: list[list[str]]) -> list[str]:
    """Rows as a Markdown pipe table (the first row as the header)."""
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        return []
    width = max(len(r) for r in rows)

    def line(r: list[str]) -> str:
        cells = [" ".join(c.split()).replace("|", "｜") for c in r] + [""] * (width - len(r))
        return "| " + " | ".join(cells) + " |"

    return [line(rows[0]), "|" + "---|" * width, *(line(r) for r in rows[1:])]


def first_heading(chunks: list[Chunk]) -> str:
    """The document's title when its first chunks open with a top-level heading that is
    not a division's (第1章 総則, 第1条（目的） name a part of it, not the document), or with
    a line of its own that reads as a title."""
    for c in chunks[:3]:
        st = c.structure
        if st.heading and not st.heading_path and not st.structural_label:
            return st.heading
    opening = chunks[0].content.strip() if chunks else ""
    if "\n" not in opening and reads_as_title(opening) and not chunks[0].structure.structural_label:
        return opening  # a title line of its own that no heading rule took (a PDF's large first line)
    return ""
