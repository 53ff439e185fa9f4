"""What a printed export shows: an .xlsx or .docx converted to PDF by LibreOffice (headless, a profile
of its own), read back column by column with pdfminer — the characters between the table's vertical
rules, page after page, top to bottom — so that a clause cut off at the foot of a page is missed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

_WS = re.compile(r"\s+")


def libreoffice() -> str:
    path = os.environ.get("HIKAKU_TEST_LIBREOFFICE") or shutil.which("libreoffice") or shutil.which("soffice")
    if not path:
        pytest.fail("no LibreOffice: run scripts/install-test-tools.sh (make test does) or set HIKAKU_TEST_LIBREOFFICE")
    return path


def to_pdf(path: Path) -> Path:
    """*path* printed to PDF by LibreOffice, beside it."""
    out = path.parent / "pdf"
    profile = path.parent / "lo-profile"
    subprocess.run([libreoffice(), f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(out), str(path)], check=True, capture_output=True, timeout=240)
    return out / (path.stem + ".pdf")


def columns(pdf: Path, headers: tuple[str, ...]) -> tuple[list[str], int]:
    """The text of each table column of *pdf* (whitespace removed), pages in order, and the number of
    pages; a page's columns are cut at its table's vertical rules, its header row (*headers*) left out."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTChar, LTCurve, LTLine, LTRect

    texts: list[list[str]] = []
    pages = 0
    for page in extract_pages(str(pdf), laparams=LAParams()):
        pages += 1
        rules: set[float] = set()  # x of the table's vertical rules
        chars: list[LTChar] = []
        tops: list[float] = []  # y of its horizontal rules
        todo = list(page)
        while todo:
            o = todo.pop()
            if isinstance(o, LTChar):
                chars.append(o)
            elif isinstance(o, (LTRect, LTLine, LTCurve)):
                if abs(o.x1 - o.x0) < 1.5 and o.y1 - o.y0 > 5:
                    rules.add(round(o.x0))
                if abs(o.y1 - o.y0) < 1.5:
                    tops.append(o.y0)
            elif hasattr(o, "__iter__"):
                todo.extend(o)
        edges = sorted(rules)
        if len(edges) < 2:
            continue
        top, bottom = max(tops), min(tops)
        cols: list[list[LTChar]] = [[] for _ in range(len(edges) - 1)]
        for ch in chars:
            mid = (ch.x0 + ch.x1) / 2
            if not (bottom <= (ch.y0 + ch.y1) / 2 <= top):
                continue  # the page's header and footer
            for k in range(len(edges) - 1):
                if edges[k] <= mid < edges[k + 1]:
                    cols[k].append(ch)
                    break
        while len(texts) < len(cols):
            texts.append([])
        for k, col in enumerate(cols):
            col.sort(key=lambda c: (-round(c.y0), c.x0))
            text = "".join(c.get_text() for c in col)
            for h in headers:  # the header row, repeated on every page
                if text.startswith(h):
                    text = text[len(h):]
                    break
            texts[k].append(text)
    return [_WS.sub("", "".join(t)) for t in texts], pages


def flat(text: str) -> str:
    return _WS.sub("", text)
