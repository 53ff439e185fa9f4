"""Chunk lists made by other tools, as they come: context repeated in every chunk, page
furniture glued to the text.

- **Context lines.** Exporters often prefix each chunk with its place in the document,
  one tagged line per level (``[上位階層1] 第1編 普通保険約款`` / ``[上位階層2] 第1章
  総則``). A tag that opens many chunks (at least 30 %, and two) is context, not text: the
  lines go into the chunk's ``heading_path`` and out of its ``content``. A chunk with
  nothing but context is the heading it names. A heading the context names but no chunk
  holds gets a chunk of its own (id ``<first chunk under it>#h<level>``), so that a renamed
  chapter is reported once, at its heading, and not as a change of every clause under it.
- **Headings repeated as printed.** After its context, a chunk often repeats the heading it
  sits under as the page printed it — spaced another way, in full-width digits, with CJK
  compatibility characters (``第２章　 保険⾦の⽀払`` under ``[上位階層2] 第2章 保険金の支払``).
  A line that opens the text and is one of the chunk's headings (read as ``toc.title_key``
  reads them: NFKC, no whitespace) is its heading path too, not its text: a renamed chapter
  changes its heading's chunk, not every clause under it.
- **Page furniture** (``furniture.py``): running headers (file name and date) and page
  numbers, also glued to the text.
- **The table of contents**: a chunk that opens with ``目次`` / ``Contents``, or one of the
  first ``TOC_CHUNKS`` whose lines are all entries — paged after dot leaders, or the headings of
  chunks that follow (``toc.is_toc_block``) — is marked ``kind: toc``.

Chunks without any of these are returned unchanged (the same objects).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..document import Chunk, is_toc_title
from ..text import contains_cjk
from .furniture import learn_furniture
from .toc import is_toc_block, title_key

__all__ = ["clean_exported"]

_TAGGED = re.compile(r"^\s*(?:\[([^\[\]\n]{1,24})\]|【([^【】\n]{1,24})】)[ \t\u3000:：]*(\S.*?)\s*$")
_OPENS_TAGGED = re.compile(r"\s*[\[【]")  # what a text opened by a tagged line starts with
MIN_SHARE = 0.3
TOC_CHUNKS = 20  # a table of contents without a title is looked for among the first chunks
_PATH_KEYS = ("heading_path", "path", "section", "chapter")


def _leading_context(lines: list[str], tags: set[str] | None) -> tuple[list[tuple[str, str]], int]:
    """The tagged lines that open a chunk (of *tags*, or any when None) and how many
    lines they take (blank lines among them included)."""
    found: list[tuple[str, str]] = []
    k = 0
    while k < len(lines):
        if not lines[k].strip():
            k += 1
            continue
        m = _TAGGED.match(lines[k])
        if not m:
            break
        tag = (m.group(1) or m.group(2)).strip()
        if tags is not None and tag not in tags:
            break
        found.append((tag, m.group(3).strip()))
        k += 1
    return found, k


def _context_tags(chunks: list[Chunk]) -> set[str]:
    opened: Counter[str] = Counter()
    for c in chunks:
        if not _OPENS_TAGGED.match(c.content):  # its first line that is not blank is no tagged line
            continue
        found, _ = _leading_context(c.content.split("\n"), None)
        opened.update({tag for tag, _ in found})
    need = max(2, MIN_SHARE * len(chunks))
    return {tag for tag, n in opened.items() if n >= need}


def clean_exported(chunks: list[Chunk]) -> list[Chunk]:
    """The chunks with context lines turned into heading paths, headings the context
    names given chunks of their own, furniture removed and the TOC marked."""
    if not chunks:
        return chunks
    tags = _context_tags(chunks)
    furniture = learn_furniture([c.content for c in chunks])
    later: list[set[str]] = []  # the headings of the chunks after each of the first TOC_CHUNKS

    def headings_after(k: int) -> set[str]:
        if not later:
            later.extend(_headings_after(chunks))
        return later[k] if k < len(later) else set()
    out: list[Chunk] = []
    context_paths: dict[str, tuple[str, ...]] = {}  # chunk id -> path its context gave
    for c in chunks:
        context: list[tuple[str, str]] = []
        text = c.content
        if tags:
            lines = text.split("\n")
            context, skip = _leading_context(lines, tags)
            text = "\n".join(lines[skip:]) if skip else text
        body = furniture.clean(text).strip("\n")
        md: dict[str, Any] = c.metadata  # copied before it is changed
        if context:
            md = dict(md)
            path = [value for _, value in context]
            body, echoed = _without_echoes(body, path)
            if not body.strip():  # only context: the chunk is the heading it names (as printed, if it was)
                body, path = echoed or path[-1], path[:-1]
                md.setdefault("kind", "heading")
                md.setdefault("heading", body)
            if "heading_path" not in md:
                md["heading_path"] = path
            context_paths[c.id] = tuple(path)
        first = _first_line(body) if "kind" not in md else ""
        if first and is_toc_title(first):
            md = {**md, "kind": "toc", "heading": first.strip()}
        elif first and len(out) < TOC_CHUNKS and is_toc_block(body.split("\n"), headings_after(len(out))):
            md = {**md, "kind": "toc", "heading": "目次" if contains_cjk(body) else "Contents"}
        if body == c.content and (md is c.metadata or md == c.metadata):
            out.append(c)
        else:
            out.append(Chunk(id=c.id, content=body if body.strip() else c.content, metadata=md))
    return _with_heading_chunks(out, context_paths) if context_paths else out


def _opening_keys(chunk: Chunk) -> set[str]:
    """The title_keys of a chunk's first lines (a context line's value, not its tag): the
    headings it may open with."""
    out = set()
    for line in chunk.content.split("\n")[:4]:
        m = _TAGGED.match(line)
        text = m.group(3) if m else line
        if text.strip():
            out.add(title_key(text))
    return out


def _headings_after(chunks: list[Chunk]) -> list[set[str]]:
    """For each of the first TOC_CHUNKS chunks, what the chunks after it open with (the first
    TOC_CHUNKS × 50 chunks): what a table of contents among them may list."""
    opening = [_opening_keys(c) for c in chunks[: TOC_CHUNKS * 50]]
    acc: set[str] = set().union(*opening[TOC_CHUNKS:]) if len(opening) > TOC_CHUNKS else set()
    out: list[set[str]] = []
    for k in reversed(range(min(TOC_CHUNKS, len(opening)))):
        out.append(set(acc))
        acc |= opening[k]
    return out[::-1]


def _without_echoes(body: str, path: list[str]) -> tuple[str, str]:
    """*body* without the lines that open it and repeat one of its headings *path* (however
    spaced, wide or written with compatibility characters), and the last such line as printed
    ("" without any)."""
    keys = {title_key(p) for p in path}
    echoed = ""
    while True:
        first = _first_line(body)
        if not first or title_key(first) not in keys:
            return body, echoed
        echoed = first.strip()
        start = body.find(first) + len(first)
        body = body[start:].lstrip("\n")


def _with_heading_chunks(chunks: list[Chunk], context_paths: dict[str, tuple[str, ...]]) -> list[Chunk]:
    """Insert a chunk for every heading the context names that no chunk holds, before
    the first chunk under it."""
    held = {(tuple(c.structure.heading_path), title_key(_first_line(c.content))) for c in chunks}
    ids = {c.id for c in chunks}
    out: list[Chunk] = []
    opened: set[tuple[str, ...]] = set()
    for c in chunks:
        path = context_paths.get(c.id)
        if path is not None:
            for level in range(len(path)):
                prefix = path[: level + 1]
                if prefix in opened:
                    continue
                opened.add(prefix)
                if (prefix[:-1], title_key(prefix[-1])) in held:
                    continue
                new_id = f"{c.id}#h{level + 1}"
                while new_id in ids:
                    new_id += "'"
                ids.add(new_id)
                out.append(Chunk(id=new_id, content=prefix[-1],
                                 metadata={"heading_path": list(prefix[:-1]), "heading": prefix[-1],
                                           "kind": "heading", "level": level + 1, "synthetic": True}))
        if c.structure.kind == "heading" and c.structure.heading:
            opened.add((*c.structure.heading_path, c.structure.heading))
        out.append(c)
    return out


def _first_line(text: str) -> str:
    """The first line of *text* that is not blank (whitespace only), or ""."""
    rest = text.lstrip()  # from the first character that is not whitespace: a line break is one
    if not rest:
        return ""
    start = text.rfind("\n", 0, len(text) - len(rest)) + 1
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]
