"""HTML pages as Markdown-like text (standard library only): ``h1``–``h6`` become ``#``
headings, paragraphs and list items lines, tables pipe tables; scripts, styles,
navigation, page headers and footers are dropped."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from .chunker import chunk_text, first_heading, table_lines
from .decode import check_chars, decode_text
from .registry import Loaded, LoadRequest, read_bytes

__all__ = ["FORMAT", "load", "html_to_markdown", "decode_html"]

FORMAT = "html"

_SKIP = {"script", "style", "nav", "header", "footer", "noscript", "template", "svg", "head", "aside", "form"}
_BLOCK = {"p", "div", "li", "br", "section", "article", "main", "blockquote", "pre", "dt", "dd", "tr", "body",
          "ul", "ol", "dl", "hr", "figure", "figcaption", "caption"}
_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_\-]+)""", re.I)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.line: list[str] = []
        self.skip = 0
        self.heading: int | None = None
        self.title: list[str] = []
        self.in_title = False
        self.tables: list[list[list[str]]] = []  # nested tables: the innermost last
        self.cell: list[str] | None = None

    def flush(self) -> None:
        text = " ".join("".join(self.line).split())
        self.line = []
        if text:
            self.blocks.append(f"{'#' * self.heading} {text}" if self.heading else text)

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "title":
            self.in_title = True
        if tag in _SKIP:
            self.skip += 1
            return
        if self.skip:
            return
        if tag == "table":
            self.flush()
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables:
            self.cell = []
        elif len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.flush()
            self.heading = int(tag[1])
        elif tag in _BLOCK and self.cell is None:
            self.flush()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
            return
        if self.skip:
            return
        if tag in ("td", "th") and self.tables and self.cell is not None:
            if not self.tables[-1]:
                self.tables[-1].append([])
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table" and self.tables:
            rows = self.tables.pop()
            lines = table_lines(rows)
            if lines:
                self.blocks.append("\n".join(lines))
        elif len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.flush()
            self.heading = None
        elif tag in _BLOCK and self.cell is None:
            self.flush()

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title.append(data)
        if self.skip:
            return
        if self.cell is not None:
            self.cell.append(data)
        else:
            self.line.append(data)


def decode_html(raw: bytes, path: Path, encoding: str | None = None, label: str | None = None) -> str:
    """Bytes to text: *encoding* if given, else a BOM, the page's <meta charset>, else the
    detection of text files (UTF-8, CP932, EUC-JP)."""
    name = label or str(path)
    if encoding:
        return decode_text(raw, name, encoding)[0]
    m = _CHARSET.search(raw[:4096])
    if m and not raw.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode(m.group(1).decode("ascii"))
        except (LookupError, UnicodeDecodeError):
            pass
    return decode_text(raw, name)[0]


def html_to_markdown(text: str) -> tuple[str, str]:
    """(text, title) of an HTML page."""
    c = _Collector()
    c.feed(text)
    c.close()
    c.flush()
    title = " ".join("".join(c.title).split())
    return "\n\n".join(c.blocks) + "\n", title


def load(req: LoadRequest) -> Loaded:
    raw = read_bytes(req.path, req.limits, req.label)
    text, title = html_to_markdown(decode_html(raw, req.path, req.encoding, req.label))
    check_chars(text, req.limits, req.label)
    chunks = chunk_text(text, source=req.label, markdown=True, id_prefix=req.id_prefix,
                        max_chars=req.max_chunk_chars, limits=req.limits)
    return Loaded(chunks, title=title or first_heading(chunks))
