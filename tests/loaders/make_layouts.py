"""Build PDFs set in columns, and with a ruled table, for the PDF layout tests (reportlab, a
CID font for Japanese, Helvetica for English): a title across the page, a running header
and a page number in the middle of the foot (across the gutter), and clauses that flow
down the first column, then the next, then onto the next page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

JA_FONT = "HeiseiMin-W3"
HEADER = "ひかく生命保険株式会社　約款集"


def ja_articles(n: int = 14) -> list[tuple[str, str]]:
    """Articles each with a body of its own (no two lines alike: nothing for the running
    header detection to take for page furniture)."""
    topics = ["目的", "用語の定義", "責任開始期", "保険金の支払", "保険金の請求", "支払の時期", "免責事由", "告知義務",
              "契約の解除", "保険料の払込み", "猶予期間", "失効", "復活", "契約者の変更", "受取人の変更", "管轄裁判所"]
    out = []
    for k in range(1, n + 1):
        t = topics[(k - 1) % len(topics)] + ("の特則" if k > len(topics) else "")
        out.append((f"第{k}条（{t}）",
                    f"{t}について、会社は第{k}条に定めるところにより取り扱います。この条の規定は、保険契約者が"
                    f"{k * 3}日以内に書面で申し出た場合に限り、被保険者の同意を得て{k + 1}回まで適用します。"))
    return out


def en_sections(n: int = 12) -> list[tuple[str, str]]:
    words = ["Definitions", "Term", "Fees", "Payment", "Warranties", "Liability", "Indemnity", "Confidentiality",
             "Termination", "Notices", "Assignment", "Governing Law", "Disputes", "Severability"]
    topics = [("Further " if k > len(words) else "") + words[(k - 1) % len(words)] for k in range(1, n + 1)]
    return [(f"Section {k}. {t}",
             f"The {t.lower()} of this agreement are governed by clause {k}, and the Customer "
             f"gives {k * 7} days of written notice, and the Provider answers within {k + 2} business days of the "
             f"notice, unless the parties agree otherwise in writing for item {k}.")
            for k, t in enumerate(topics, start=1)]


def _wrap(text: str, width: float, font: str, size: float) -> list[str]:
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if font != JA_FONT:
        return simpleSplit(text, font, size, width)
    lines, line = [], ""
    for ch in text:  # Japanese: as many characters as fit, no spaces (nor a break inside a number)
        if line and stringWidth(line + ch, font, size) > width and not (ch.isdigit() and line[-1].isdigit()):
            lines.append(line)
            line = ""
        line += ch
    return [*lines, line] if line else lines


def make_columns_pdf(path: Path, clauses: list[tuple[str, str]], *, columns: int = 2, lang: str = "ja",
                     title: str = "普通保険約款", gutter: float = 18.0, size: float = 10.0,
                     placed: list[tuple[int, int, float, float, float, float]] | None = None) -> Path:
    """*clauses* (heading, body) set in *columns* columns, *title* across the top of the
    first page. *placed* receives where each line of a clause was drawn: (clause index, page,
    left, top, right, bottom), shares of the page from its top-left corner."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont(JA_FONT))
    font = JA_FONT if lang == "ja" else "Helvetica"
    width, height = A4
    left, right, top, bottom = 50.0, 50.0, 100.0, 60.0
    colw = (width - left - right - gutter * (columns - 1)) / columns
    lead = size * 1.5
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    page, col = 1, 0

    def furniture() -> None:
        c.setFont(font, 8)
        c.drawString(left, height - 40, HEADER if lang == "ja" else "ACME Master Services Agreement")
        c.drawCentredString(width / 2, 30, f"- {page} -")

    furniture()
    c.setFont(font, 16)
    c.drawCentredString(width / 2, height - top + 30, title)
    y = height - top
    for k, (heading, body) in enumerate(clauses):
        for text in [heading, *_wrap(body, colw, font, size)]:
            if y < bottom:
                col += 1
                if col == columns:
                    c.showPage()
                    page, col = page + 1, 0
                    furniture()
                y = height - top
            c.setFont(font, size)
            x = left + col * (colw + gutter)
            c.drawString(x, y, text)
            if placed is not None:
                w = pdfmetrics.stringWidth(text, font, size)
                placed.append((k, page, x / width, (height - y - size * 0.8) / height, (x + w) / width,
                               (height - y) / height))
            y -= lead
        y -= lead / 2
    c.save()
    return path


def make_table_pdf(path: Path, rows: list[list[str]], widths: tuple[float, ...] = (120.0, 160.0, 120.0)) -> Path:
    """A ruled table under its caption, and an article after it."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont(JA_FONT))
    width, height = A4
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    c.setFont(JA_FONT, 12)
    c.drawString(60, height - 120, "別表1（給付の一覧）")
    y = height - 150
    for row in rows:
        x = 60.0
        for w, cell in zip(widths, row):
            c.rect(x, y - 5, w, 20)
            c.setFont(JA_FONT, 10)
            c.drawString(x + 5, y + 1, cell)
            x += w
        y -= 20
    c.setFont(JA_FONT, 12)
    c.drawString(60, y - 30, "第1条（別表の適用）")
    c.setFont(JA_FONT, 10)
    c.drawString(60, y - 50, "給付の額は、別表1に定めるところによります。")
    c.save()
    return path


def make_grid_pdf(path: Path, clauses: list[tuple[str, str]], *, header: str, footer: str = "Page {page}",
                  columns: int = 2, per_column: int = 4, lang: str = "en", size: float = 10.0,
                  header_right: Callable[[int], str] | None = None) -> Path:
    """*clauses* (heading, body) set *per_column* to a column, so that every column opens
    with a clause's heading at the same height; *header* and *footer* (``{page}``: the
    page number) on every page — a page template's running lines above and below text
    whose column tops recur too; *header_right* (page -> text: the current chapter) at the
    right end of the header's row."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont(JA_FONT))
    font = JA_FONT if lang == "ja" else "Helvetica"
    width, height = A4
    left, gutter = 50.0, 30.0
    colw = (width - 2 * left - gutter * (columns - 1)) / columns
    lead = size * 1.3
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    per_page = columns * per_column
    for start in range(0, len(clauses), per_page):
        page = start // per_page + 1
        c.setFont(font, 8)
        c.drawString(left, height - 30, header.format(page=page))
        if header_right is not None:
            c.drawRightString(width - left, height - 30, header_right(page))
        c.drawCentredString(width / 2, 20, footer.format(page=page))
        for col in range(columns):
            y = height - 60
            for heading, body in clauses[start + col * per_column: start + (col + 1) * per_column]:
                for text in [heading, *_wrap(body, colw, font, size)]:
                    c.setFont(font, size)
                    c.drawString(left + col * (colw + gutter), y, text)
                    y -= lead
                y -= lead / 2
        c.showPage()
    c.save()
    return path
