"""Documents as reviewers bring them, built by the tests: an insurance policy (普通保険約款
with chapters, then riders 特約 that repeat the same boilerplate clauses) in two versions,
as a PDF (reportlab, CID font: title and TOC page, running header and footer, page
numbers, rider titles on a line of their own in a larger or bold font, text extracted with
Kangxi radicals as real PDFs give them) and as chunk JSON from another tool (``[上位階層N]``
context lines, page furniture glued to the text); and an English contract.

Version 2 adds the rider がん診断特約 between two existing riders, renames 第2章, inserts
第5条 (so that 第5条–第9条 become 第6条–第10条, their cross-references shifting with them)
and changes one amount (第4条: 20倍 → 25倍).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

KANGXI = {"日": "\u2f47", "人": "\u2f08", "目": "\u2f6c"}  # ⽇ ⼈ ⽬, as PDF text often carries them
HEADER = "medical_policy.md 2025-05-28"
TITLE = "医療保険約款"


@dataclass
class Block:
    kind: str  # title | part | chapter | rider | article
    text: str
    body: list[str] = field(default_factory=list)


BOILERPLATE = [
    ("特約の締結", ["この特約は、主契約の締結の際、保険契約者の申出によって、主契約に付加して締結します。"]),
    ("特約の保険期間", ["この特約の保険期間は、主契約の保険期間と同一とし、その日数は主契約の規定により計算します。"]),
    ("特約の消滅", ["主契約が消滅したときは、この特約も同時に消滅します。"]),
    ("特約の解約", ["保険契約者は、いつでも将来に向かってこの特約を解約することができます。"]),
    ("特約の更新", ["この特約の保険期間が満了する日に、保険契約者から申出がない限り、この特約を更新します。"]),
]
RIDER_BENEFITS = {
    "通院保障特約": ("通院給付金の支払", "被保険者が入院の退院後に通院したときは、通院1回につき通院給付金日額を支払います。"),
    "先進医療特約": ("先進医療給付金の支払", "被保険者が先進医療による療養を受けたときは、その技術料と同額を支払います。"),
    "がん診断特約": ("がん診断給付金の支払", "被保険者が初めてがんと診断確定されたときは、がん診断給付金を支払います。"),
    "女性疾病特約": ("女性疾病入院給付金の支払", "被保険者が女性特定疾病で入院したときは、入院1日につき給付金を支払います。"),
}


def _rider(name: str) -> list[Block]:
    caption, text = RIDER_BENEFITS[name]
    clauses = [*BOILERPLATE[:2], (caption, [text]), *BOILERPLATE[2:]]
    return [Block("rider", name), *(Block("article", f"第{n}条（{c}）", body) for n, (c, body) in enumerate(clauses, 1))]


def policy(version: int) -> list[Block]:
    """The policy's blocks in reading order."""
    v2 = version == 2
    main: list[tuple[str, list[str]]] = [
        ("目的", ["この約款は、当会社が引き受ける医療保険契約の内容を定めるものです。"]),
        ("用語の定義", ["この約款において「入院」とは、医師による治療が必要な場合に病院に入ることをいい、"
                   "入院の日数は入院した日から退院した日までをいいます。"]),
        ("入院給付金", ["被保険者が入院したときは、次のすべてを満たす場合に、入院給付金日額に入院日数を乗じた額を支払います。",
                   "1. 入院日数が1日以上であること。", "2. 責任開始日以後の入院であること。"]),
        ("手術給付金", [f"被保険者が手術を受けたときは、入院給付金日額の{25 if v2 else 20}倍の額を支払います。"]),
        ("支払限度", ["第3条の規定により支払う入院給付金の支払限度日数は、通算して1,095日とします。"]),
        ("保険料の払込み", ["保険契約者は、保険料を払込期月の末日までに払い込まなければなりません。"]),
        ("猶予期間", ["第{6}条の払込期月の翌月末日までを猶予期間とします。"]),
        ("失効", ["第{7}条に定める猶予期間内に保険料の払込みがないときは、保険契約は効力を失います。"]),
        ("復活", ["保険契約が効力を失った日から3年以内であれば、保険契約者本人は復活を請求できます。"]),
    ]
    if v2:
        main.insert(4, ("先進医療給付金", ["被保険者が先進医療を受けたときは、先進医療給付金を支払います。"]))
    shift = 1 if v2 else 0
    articles = [Block("article", f"第{n}条（{caption}）",
                      [line.replace("{6}", str(6 + shift)).replace("{7}", str(7 + shift)) for line in body])
                for n, (caption, body) in enumerate(main, 1)]
    chapter2 = "第2章　給付金の支払" if v2 else "第2章　保険金の支払"
    cut = (2, 5 + shift)
    riders = ["通院保障特約", "先進医療特約", *(["がん診断特約"] if v2 else []), "女性疾病特約"]
    return [
        Block("title", TITLE),
        Block("part", "第1編　普通保険約款"),
        Block("chapter", "第1章　総則"), *articles[:cut[0]],
        Block("chapter", chapter2), *articles[cut[0]:cut[1]],
        Block("chapter", "第3章　保険料"), *articles[cut[1]:],
        Block("part", "第2編　特約条項"),
        *(b for name in riders for b in _rider(name)),
    ]


# -- PDF --------------------------------------------------------------------------------
STYLE = {"title": (18, False), "part": (15, False), "chapter": (13, False), "rider": (14, False),
         "article": (10.5, False), "body": (10.5, False), "toc": (10.5, False), "toc_title": (14, False)}
BOLD_RIDERS = {"先進医療特約"}  # set in the body size, bold (drawn with a stroke)


def _lines(block: Block) -> list[tuple[str, tuple[float, bool], float]]:
    """(text, (size, bold), x) lines of a block, body text broken every 36 characters."""
    style = STYLE[block.kind]
    if block.kind == "rider" and block.text in BOLD_RIDERS:
        style = (10.5, True)
    out = [(block.text, style, 50.0)]
    for para in block.body:
        for k in range(0, len(para), 36):
            out.append((para[k:k + 36], STYLE["body"], 60.0))
    return out


def _paginate(blocks: list[Block], first_page: int) -> tuple[list[list[tuple]], dict[str, int]]:
    pages: list[list[tuple]] = [[]]
    where: dict[str, int] = {}
    y = 0.0
    for b in blocks:
        lines = _lines(b)
        need = sum(s[0] * 1.6 for _, s, _ in lines) + 8
        if y + need > 640 or (b.kind in ("part", "rider") and y > 420):
            pages.append([])
            y = 0.0
        where.setdefault(b.text, first_page + len(pages) - 1)
        pages[-1].extend(lines)
        pages[-1].append(("", (0, False), 0))
        y += need
    return pages, where


def toc_entries(blocks: list[Block]) -> list[tuple[str, int, float]]:
    body = [b for b in blocks if b.kind != "title"]
    _, where = _paginate(body, first_page=2)
    indent = {"part": 60.0, "chapter": 80.0, "rider": 80.0}
    return [(b.text, where[b.text], indent[b.kind]) for b in body if b.kind in indent]


def make_policy_pdf(path: Path, version: int, *, kangxi: bool = True) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    font = "HeiseiMin-W3"
    pdfmetrics.registerFont(UnicodeCIDFont(font))
    blocks = policy(version)
    body_pages, _ = _paginate([b for b in blocks if b.kind != "title"], first_page=2)
    toc = [(TITLE, (18, False), 50.0), ("目次", STYLE["toc_title"], 50.0)]
    toc += [(f"{text} {'.' * 12} {page}", STYLE["toc"], x) for text, page, x in toc_entries(blocks)]
    pages = [toc, *body_pages]
    width, height = A4
    c = canvas.Canvas(str(path), pagesize=A4)
    for n, page in enumerate(pages, start=1):
        c.setFont(font, 8)
        c.drawString(40, height - 30, HEADER)
        c.drawRightString(width - 40, 30, f"{n} / {len(pages)}")
        y = height - 80
        for text, (size, bold), x in page:
            if not text:
                y -= 8
                continue
            c.saveState()  # the text render mode is graphics state: restored after a bold line
            t = c.beginText(x, y)
            t.setFont(font, size)
            if bold:
                t.setTextRenderMode(2)  # fill and stroke: how many generators make a face bold
            t.textOut(text)
            c.drawText(t)
            c.restoreState()
            y -= size * 1.6
        c.showPage()
    c.save()
    if kangxi:
        _extract_as_radicals(path, font)
    return path


def _extract_as_radicals(path: Path, font: str) -> None:
    """Give the CID font a ToUnicode map under which 日, 人 and 目 read as the Kangxi
    radicals ⽇ ⼈ ⽬ — what many real PDFs do (their font maps both code points to one
    glyph and the generator wrote the radical). pdfminer reads ToUnicode by CID."""
    from pdfminer.cmapdb import CMapDB
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, NameObject

    ucs2 = CMapDB.get_cmap("UniJIS-UCS2-H")
    reader = PdfReader(str(path))
    codes: dict[int, str] = {}
    for page in reader.pages:
        for ch in set(page.extract_text()) | {" ", "\u3000"}:
            if ch not in "\r\n" and ord(ch) < 0x10000:
                cids = list(ucs2.decode(ch.encode("utf-16-be")))
                if cids:
                    codes[cids[0]] = KANGXI.get(ch, ch)
    entries = sorted(codes.items())
    body = []
    for k in range(0, len(entries), 100):
        chunk = entries[k:k + 100]
        body.append(f"{len(chunk)} beginbfchar")
        body += [f"<{cid:04X}> <{ord(u):04X}>" for cid, u in chunk]
        body.append("endbfchar")
    cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            "/CMapName /Hikaku-Test def /CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            + "\n".join(body) + "\nendcmap CMapName currentdict /CMap defineresource pop end end\n")
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        fonts = page["/Resources"]["/Font"]
        for key in fonts:
            f = fonts[key].get_object()
            if font in str(f.get("/BaseFont", "")):
                stream = DecodedStreamObject()
                stream.set_data(cmap.encode("ascii"))
                f[NameObject("/ToUnicode")] = writer._add_object(stream)
    with open(path, "wb") as out:
        writer.write(out)


# -- chunk JSON from another tool ------------------------------------------------------------
def _radicals(text: str) -> str:
    return "".join(KANGXI.get(ch, ch) for ch in text)


def policy_chunks(version: int) -> list[dict]:
    """The policy as another tool exports it: a title and a TOC chunk, then one chunk per
    clause, each opening with its context lines; running header and page number glued
    into the text where the PDF's pages ended."""
    blocks = policy(version)
    toc = "\n".join(["目次", *(f"{text} {'.' * 12} {page}" for text, page, _ in toc_entries(blocks))])
    chunks: list[dict] = [{"id": "1", "content": _radicals(TITLE), "metadata": {}},
                          {"id": "2", "content": _radicals(toc), "metadata": {}}]
    total = 17
    path: list[str] = []
    for b in blocks:
        if b.kind in ("part",):
            path = [b.text]
            continue
        if b.kind in ("chapter", "rider"):
            path = [path[0], b.text]
            continue
        if b.kind != "article":
            continue
        n = len(chunks) + 1
        context = [f"[上位階層{k}] {p}" for k, p in enumerate(path, 1)]
        body = [b.text, *b.body]
        page = n // 3 + 1
        if any(line.startswith("1. ") for line in body):  # the page ended before item 1.: glued on
            k = next(k for k, line in enumerate(body) if line.startswith("1. "))
            body[k - 1] += HEADER
            body[k] = f"{page} / {total}{body[k]}"
        elif n % 3 == 0:
            body[-1] += f"\n{HEADER}\n{page} / {total}"
        chunks.append({"id": str(n), "content": _radicals("\n".join([*context, *body])),
                       "metadata": {"source": f"v{version}"}})
    return chunks


def write_policy_json(path: Path, version: int) -> Path:
    path.write_text(json.dumps(policy_chunks(version), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


# -- an English contract -------------------------------------------------------------------------
def contract(version: int) -> str:
    fee = "USD 12,000" if version == 2 else "USD 10,000"
    return f"""MASTER SERVICES AGREEMENT

ARTICLE I DEFINITIONS

Section 1.1 Services.
"Services" means the hosting and support services described in Schedule 1.

Section 1.2 Term.
The term of this Agreement begins on the Effective Date and continues for three years.

ARTICLE II PAYMENT

Section 2.1 Fees.
The Customer shall pay the Provider an annual fee of {fee}, payable in advance.
(a) Invoices are issued on the first day of each contract year.
(b) Late payments bear interest at one percent per month.

Section 2.2 Taxes.
All fees are exclusive of taxes, which the Customer shall bear.

ARTICLE III TERMINATION

Section 3.1 Termination for Cause.
Either party may terminate this Agreement if the other party materially breaches it and fails to cure the breach within thirty days.

Schedule 1 Services
Hosting of the Customer's application and support during business hours.
"""
