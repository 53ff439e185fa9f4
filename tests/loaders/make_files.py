"""Build PDF and DOCX files for the loader tests (reportlab with a CID font, python-docx):
an insurance policy (約款) with 第N条 articles, a running header and footer on every
page, sentences broken across lines, and a table."""

from __future__ import annotations

from pathlib import Path

ARTICLES_V1 = [
    ("第1章　総則", None),
    ("第1条（目的）", "この約款は、当社が引き受ける医療保険契約の内容を定めるものです。保険契約者および被保険者は、この約款をよくお読みください。"),
    ("第2条（用語の定義）", "この約款において「入院」とは、医師による治療が必要であり、かつ自宅等での治療が困難なため、病院または診療所に入り、常に医師の管理下において治療に専念することをいいます。"),
    ("第2章　保険金の支払", None),
    ("第3条（入院給付金）", "被保険者が責任開始日以後に発病した疾病を直接の原因として入院したときは、入院給付金日額に入院日数を乗じた額を支払います。"),
    ("第4条（手術給付金）", "被保険者が手術を受けたときは、入院給付金日額の20倍の額を手術給付金として支払います。"),
    ("第5条（支払限度）", "入院給付金の支払限度日数は、通算して1,095日とします。七大疾病による入院については、支払日数の限度を設けません。"),
    ("第3章　保険料", None),
    ("第6条（保険料の払込み）", "保険契約者は、保険料を払込期月の末日までに払い込まなければなりません。払込期月の翌月末日までを猶予期間とします。"),
]
TABLE_V1 = [["区分", "給付倍率", "限度"], ["入院", "1倍", "1,095日"], ["手術", "20倍", "なし"], ["通院", "0.5倍", "30日"]]


def v2_articles():
    out = []
    for h, t in ARTICLES_V1:
        if t:
            t = t.replace("20倍", "25倍").replace("1,095日", "1,825日").replace("七大疾病", "五大疾病")
        out.append((h, t))
    out.insert(7, ("第5条の2（先進医療給付金）", "被保険者が先進医療による療養を受けたときは、その技術料と同額を先進医療給付金として支払います。"))
    return out


def v2_table():
    return [["区分", "給付倍率", "限度"], ["入院", "1倍", "1,825日"], ["手術", "25倍", "なし"], ["通院", "0.5倍", "30日"]]


def markdown_of(articles, table, title="医療保険普通保険約款") -> str:
    lines = [f"# {title}", ""]
    for h, t in articles:
        lines += [f"## {h}" if t is None else f"### {h}", ""]
        if t:
            lines += [t, ""]
    lines += ["### 別表1（給付の一覧）", ""]
    lines += ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
    lines += ["| " + " | ".join(r) + " |" for r in table[1:]]
    return "\n".join(lines) + "\n"


def make_pdf(path: Path, articles, *, header: str = "old_insurance.md 2025-05-28", per_page: int = 3,
             title: str = "医療保険普通保険約款") -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiKakuGo-W5"))
    font = "HeiseiKakuGo-W5"
    pages: list[list[tuple[str, str | None]]] = []
    body = [(title, None), *articles]
    for k in range(0, len(body), per_page):
        pages.append(body[k:k + per_page])
    c = canvas.Canvas(str(path), pagesize=A4)
    width, height = A4
    for n, page in enumerate(pages, start=1):
        c.setFont(font, 8)
        c.drawString(40, height - 30, header)  # running header
        c.drawRightString(width - 40, 30, f"{n} / {len(pages)}")  # running footer
        y = height - 70
        for h, text in page:
            c.setFont(font, 12)
            c.drawString(50, y, h)
            y -= 20
            if text:
                c.setFont(font, 10)
                for k in range(0, len(text), 38):  # a sentence broken across lines, as PDFs do
                    c.drawString(60, y, text[k:k + 38])
                    y -= 15
            y -= 10
        c.showPage()
    c.save()
    return path


def make_docx(path: Path, articles, table, title: str = "医療保険普通保険約款") -> Path:
    import docx

    d = docx.Document()
    d.sections[0].header.paragraphs[0].text = "社外秘　医療保険約款"
    d.sections[0].footer.paragraphs[0].text = "株式会社サンプル生命"
    d.add_heading(title, level=1)
    for h, t in articles:
        d.add_heading(h, level=2 if t is None else 3)
        if t:
            d.add_paragraph(t)
    d.add_heading("別表1（給付の一覧）", level=3)
    tbl = d.add_table(rows=len(table), cols=len(table[0]))
    for i, row in enumerate(table):
        for j, cell in enumerate(row):
            tbl.cell(i, j).text = cell
    d.save(str(path))
    return path
