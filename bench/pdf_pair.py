#!/usr/bin/env python3
"""A pair of long PDFs for timing: two versions of the dev set's statutes, typeset with
reportlab (Japanese CID font, no font file), as many pages as asked for.

Each version is the statutes' chunks in order, one law after another (the first version of
each law in A, the next in B: real amendments); an article is its caption and its text
wrapped at 38 characters, 38 lines a page, chapter headings larger and bold, a running
header and a page number on every page — what hikaku's PDF loader removes again.

    python bench/pdf_pair.py PAGES OUT_DIR
"""

from __future__ import annotations

import argparse
import glob
import json
import os
from pathlib import Path

from make_pairs import DEFAULT_EVAL, dev_pairs

LINE_CHARS = 38
PAGE_LINES = 38
HEADER = "法令集（ベンチマーク用）"


def statute_pairs(eval_dir: Path) -> list[str]:
    """The statutes of make_pairs first (one pair per law), then the other versions."""
    first = [p for p in dev_pairs(eval_dir) if "jp_law" in p]
    rest = sorted(os.path.dirname(p) for p in glob.glob(str(eval_dir / "jp_law_egov/dev/*/a.json")))
    return first + [p for p in rest if p not in first]


def _lines(chunk: dict) -> list[tuple[str, bool]]:
    """(text, heading) lines of one chunk: a heading on one line, an article wrapped."""
    if chunk.get("metadata", {}).get("kind") == "heading":
        return [("", False), (" ".join(chunk["content"].split()), True)]
    out: list[tuple[str, bool]] = []
    for para in chunk["content"].split("\n"):
        para = para.strip()
        for k in range(0, len(para), LINE_CHARS):
            out.append((para[k:k + LINE_CHARS], False))
    out.append(("", False))
    return out


def _pages(chunks: list[dict], pages: int) -> list[list[tuple[str, bool]]]:
    out: list[list[tuple[str, bool]]] = [[]]
    for c in chunks:
        for line in _lines(c):
            if len(out[-1]) >= PAGE_LINES:
                if len(out) == pages:
                    return out
                out.append([])
            out[-1].append(line)
    return out


def _write(path: Path, pages: list[list[tuple[str, bool]]]) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    font = "HeiseiMin-W3"
    pdfmetrics.registerFont(UnicodeCIDFont(font))
    width, height = A4
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    for n, page in enumerate(pages, start=1):
        c.setFont(font, 8)
        c.drawString(50, height - 32, HEADER)
        c.drawCentredString(width / 2, 28, f"- {n} -")
        y = height - 70
        for text, heading in page:
            if text:
                t = c.beginText(56, y)
                t.setFont(font, 13 if heading else 10.5)
                if heading:
                    t.setTextRenderMode(2)  # fill and stroke: a bold face
                t.textOut(text)
                c.drawText(t)
                if heading:
                    t.setTextRenderMode(0)
            y -= 19
        c.showPage()
    c.save()


def make_pdf_pair(out_dir: Path, pages: int, eval_dir: Path = DEFAULT_EVAL) -> tuple[Path, Path]:
    """Write (or reuse) a.pdf and b.pdf of *pages* pages each under *out_dir*."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pa, pb = out_dir / f"a{pages}.pdf", out_dir / f"b{pages}.pdf"
    if pa.is_file() and pb.is_file():
        return pa, pb
    srcs = statute_pairs(eval_dir)
    if not srcs:
        raise SystemExit(f"no statute pairs under {eval_dir}")
    for side, path in (("a", pa), ("b", pb)):
        chunks: list[dict] = []
        k = 0
        while sum(len(_lines(c)) for c in chunks) < pages * PAGE_LINES:
            chunks += json.load(open(os.path.join(srcs[k % len(srcs)], f"{side}.json"), encoding="utf-8"))
            k += 1
        _write(path, _pages(chunks, pages))
    return pa, pb


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages", type=int)
    ap.add_argument("out_dir")
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    args = ap.parse_args()
    pa, pb = make_pdf_pair(Path(args.out_dir), args.pages, Path(args.eval_dir))
    print(f"{pa}, {pb}")


if __name__ == "__main__":
    main()
