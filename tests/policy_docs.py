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


def make_policy_pdf(path: Path, version: int, *, kangxi: bool = True, toc_title: bool = True,
                    rider_pages: bool = True, blocks: list[Block] | None = None) -> Path:
    """The policy as a PDF: a title and TOC page, then the body. *toc_title* False: the TOC page
    has no 目次 line (its title set as an image); *rider_pages* False: the riders are listed in
    it without page numbers (one name a line, as the rider index of many 約款). *blocks*: another
    policy's (default ``policy(version)``)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    font = "HeiseiMin-W3"
    pdfmetrics.registerFont(UnicodeCIDFont(font))
    blocks = blocks or policy(version)
    body_pages, _ = _paginate([b for b in blocks if b.kind != "title"], first_page=2)
    toc = [(TITLE, (18, False), 50.0)] + ([("目次", STYLE["toc_title"], 50.0)] if toc_title else [])
    riders = {b.text for b in blocks if b.kind == "rider"}
    toc += [(text if text in riders and not rider_pages else f"{text} {'.' * 12} {page}", STYLE["toc"], x)
            for text, page, x in toc_entries(blocks)]
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


# -- chunk JSON whose every chunk repeats its heading as printed --------------------------------
COMPAT = {"金": "\u2fa6", "支": "\u2f40", "日": "\u2f47"}  # ⾦ ⽀ ⽇: CJK compatibility (Kangxi) characters of PDF text


def _as_printed(heading: str) -> str:
    """A heading line as a PDF printed it: full-width digits, an ideographic space where the
    context line has an ASCII one (or none), compatibility characters."""
    label, _, title = heading.partition("\u3000")
    wide = label.translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    return "".join(COMPAT.get(ch, ch) for ch in f"{wide}　 {title}")


def policy_chunks_echoed(version: int) -> list[dict]:
    """The policy as an exporter of PDF text gives it: one chunk per clause, opening with its
    context (``[上位階層N]`` lines, spaced one way) and then the heading above the clause again,
    as printed (spaced another way, full-width, with compatibility characters), then the clause."""
    out: list[dict] = []
    path: list[str] = []
    for b in policy(version):
        if b.kind == "title":
            out.append({"id": "t", "content": TITLE, "metadata": {}})
        elif b.kind == "part":
            path = [b.text]
        elif b.kind in ("chapter", "rider"):
            path = [path[0], b.text]
        else:
            context = [f"[上位階層{k}] {p.replace(chr(0x3000), ' ')}" for k, p in enumerate(path, 1)]
            label = b.text.split("（")[0]
            scope = path[-1].split("\u3000")[0] if b.kind == "article" else ""
            out.append({"id": f"{scope}{label}-{len(out)}", "content": "\n".join([*context, _as_printed(path[-1]), b.text, *b.body]),
                        "metadata": {"source": f"v{version}"}})
    return out


# -- Word, with the table of contents field Word makes -------------------------------------------
def make_policy_docx(path: Path, version: int, *, toc_title: bool = True) -> Path:
    """The policy as Word writes it: heading styles for the parts, chapters, riders and articles,
    and a table of contents field (a ``w:sdt`` content control, entries in the ``toc N`` styles,
    each its title, a tab and its page number; with or without a 目次 heading above them)."""
    import docx
    from docx.enum.style import WD_STYLE_TYPE
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    d = docx.Document()
    blocks = policy(version)
    d.add_heading(TITLE, level=0)
    levels = {"part": 1, "chapter": 2, "rider": 2, "article": 3}
    sdt = OxmlElement("w:sdt")
    pr = OxmlElement("w:sdtPr")
    gallery = OxmlElement("w:docPartObj")
    kind = OxmlElement("w:docPartGallery")
    kind.set(qn("w:val"), "Table of Contents")
    gallery.append(kind)
    pr.append(gallery)
    content = OxmlElement("w:sdtContent")
    sdt.append(pr)
    sdt.append(content)
    for level in (1, 2):
        if f"toc {level}" not in [st.name for st in d.styles]:
            d.styles.add_style(f"toc {level}", WD_STYLE_TYPE.PARAGRAPH)
    entries = []
    if toc_title:
        entries.append(d.add_paragraph("目次"))
    for text, page, x in toc_entries(blocks):
        entries.append(d.add_paragraph(f"{text}\t{page}", style=f"toc {1 if x == 60.0 else 2}"))
    for p in entries:  # into the content control, in order
        content.append(p._p)
    d.element.body.insert(1, sdt)
    for b in blocks[1:]:
        d.add_heading(b.text, level=levels[b.kind])
        for para in b.body:
            d.add_paragraph(para)
    d.save(str(path))
    return path


# -- a rider split in two: a benefit clause moved into the new rider, its amount raised ----------
def split_rider_policy(version: int) -> list[Block]:
    """A 約款 whose rider 入院保障特約 (version 1: six clauses, its 第4条 the surgery benefit of 15万円)
    is split in version 2 into 入院保障特約 (five clauses) and a new 手術保障特約, whose 第2条 is the
    surgery benefit, now 20万円; the other riders are as they were."""
    surgery = ("手術給付金の支払", ["被保険者が責任開始日以後に発病した疾病または発生した不慮の事故による傷害の治療を目的として"
                                  f"手術を受けたときは、手術1回につき{20 if version == 2 else 15}万円の手術給付金を支払います。"])
    stay = ("入院給付金の支払", ["被保険者が責任開始日以後に発病した疾病または発生した不慮の事故による傷害の治療を目的として"
                              "入院したときは、入院1日につき1万円の入院給付金を支払います。"])
    clinic = ("通院給付金の支払", ["被保険者が入院の退院後に通院したときは、通院1回につき3千円の通院給付金を支払います。"])

    def rider(name: str, benefits: list[tuple[str, list[str]]]) -> list[Block]:
        clauses = [*BOILERPLATE[:2], *benefits, *BOILERPLATE[2:4]]
        return [Block("rider", name), *(Block("article", f"第{n}条（{c}）", body) for n, (c, body) in enumerate(clauses, 1))]

    main = [("目的", ["この約款は、当会社が引き受ける医療保険契約の内容を定めるものです。"]),
            ("保険料の払込み", ["保険契約者は、保険料を払込期月の末日までに払い込まなければなりません。"])]
    riders = (rider("入院保障特約", [stay, surgery]) if version == 1
              else [*rider("入院保障特約", [stay]), *rider("手術保障特約", [surgery])])
    return [Block("title", TITLE), Block("part", "第1編　普通保険約款"), Block("chapter", "第1章　総則"),
            *(Block("article", f"第{n}条（{c}）", body) for n, (c, body) in enumerate(main, 1)),
            Block("part", "第2編　特約条項"), *riders, *rider("通院保障特約", [clinic])]


def policy_markdown(blocks: list[Block]) -> str:
    """The blocks as Markdown (title #, parts ##, chapters and riders ###, articles as lines)."""
    marks = {"title": "# ", "part": "## ", "chapter": "### ", "rider": "### ", "article": ""}
    return "\n\n".join("\n".join([marks[b.kind] + b.text, *b.body]) for b in blocks) + "\n"


# -- list-heavy English terms: half of the items replaced by unrelated ones ------------------------
_SHARE = ("We may share your personal information with {who} that {what} on our behalf. These {whom} are "
          "contractually required to protect your personal information and may use it only to provide their "
          "services to us.")
PROVIDERS = [("payment processors", "process card payments and refunds", "processors"),
             ("cloud hosting providers", "store your account data", "providers"),
             ("analytics providers", "measure how you use the Services", "providers"),
             ("customer support vendors", "answer your support tickets", "vendors"),
             ("email delivery services", "send receipts and notices", "services"),
             ("fraud prevention partners", "detect stolen cards", "partners"),
             ("identity verification services", "check your ID documents", "services"),
             ("shipping carriers", "deliver your orders", "carriers")]
NEW_PROVIDERS = [("advertising networks", "show you offers on other sites", "networks"),
                 ("survey platforms", "collect your feedback", "platforms"),
                 ("translation agencies", "localise support requests", "agencies"),
                 ("event organisers", "register you for webinars", "organisers")]
_OPT_OUT = ("If you are a resident of {where}, you may opt out of the sale of your personal information by writing to "
            "our Privacy Office at {address}, or by emailing privacy@example.com with the subject line \"{where} "
            "opt-out\".")
STATES = [("California", "100 Main Street, San Francisco, CA 94105"), ("Nevada", "200 Desert Road, Las Vegas, NV 89101"),
          ("Virginia", "300 Capitol Square, Richmond, VA 23219"), ("Colorado", "500 Mile High Plaza, Denver, CO 80202"),
          ("Connecticut", "400 Elm Street, Hartford, CT 06103"), ("Utah", "600 Temple Avenue, Salt Lake City, UT 84101")]
_PAYOUT = ("If you are a developer in {where}, we pay your earnings by bank transfer to your account at {address}, or "
           "by emailing payments@example.com with the subject line \"{where} payout\".")
REGIONS = [("the European Union", "a bank in the European Union"), ("Japan", "a bank in Japan"),
           ("Brazil", "a bank in Brazil")]
REPLACED_PROVIDERS = (1, 3, 5, 7)  # the bulleted items version 2 replaces (0-based)
REPLACED_STATES = (1, 3, 5)  # the numbered ones


def list_terms(version: int) -> tuple[list[str], list[str]]:
    """The two lists of a privacy policy (service providers, bulleted; states' opt-outs, numbered),
    every item written on one pattern. Version 2 replaces half of the items of each by unrelated
    items written on the same pattern (other kinds of provider; payouts to developers in other
    regions) and edits two items that stay (a provider's task, a state's address)."""
    providers = [_SHARE.format(who=w, what=t, whom=m) for w, t, m in PROVIDERS]
    states = [_OPT_OUT.format(where=s, address=a) for s, a in STATES]
    if version == 2:
        for k, (w, t, m) in zip(REPLACED_PROVIDERS, NEW_PROVIDERS):
            providers[k] = _SHARE.format(who=w, what=t, whom=m)
        for k, (s, a) in zip(REPLACED_STATES, REGIONS):
            states[k] = _PAYOUT.format(where=s, address=a)
        providers[0] = providers[0].replace("card payments and refunds", "card payments, refunds and chargebacks")
        states[2] = states[2].replace("300 Capitol Square", "900 Broad Street")
    return providers, states


def list_terms_chunks(version: int) -> list[dict]:
    """The policy as a chunker of web pages exports it: one chunk per list item (bullet or number
    kept), under its section's heading path. An item's id says which item it is (``p2`` in both
    versions when it stayed, ``p2-new`` when version 2 replaced it)."""
    providers, states = list_terms(version)
    replaced = (REPLACED_PROVIDERS, REPLACED_STATES) if version == 2 else ((), ())
    out = [{"id": "title", "content": "Privacy Policy", "metadata": {}},
           {"id": "s4", "content": "4. How We Share Information", "metadata": {"heading_path": ["Privacy Policy"]}}]
    out += [{"id": f"p{k}" + ("-new" if k in replaced[0] else ""), "content": f"- {text}",
             "metadata": {"heading_path": ["Privacy Policy", "4. How We Share Information"]}}
            for k, text in enumerate(providers)]
    out.append({"id": "s5", "content": "5. Your State Privacy Rights", "metadata": {"heading_path": ["Privacy Policy"]}})
    out += [{"id": f"r{k}" + ("-new" if k in replaced[1] else ""), "content": f"{k + 1}. {text}",
             "metadata": {"heading_path": ["Privacy Policy", "5. Your State Privacy Rights"]}}
            for k, text in enumerate(states)]
    return out


def list_terms_markdown(version: int) -> str:
    """The same policy in Markdown, each item a numbered subsection with a title of its own
    (「### 4.2 Cloud hosting providers」): a replaced item keeps its number."""
    providers, states = list_terms(version)
    names = [w for w, _, _ in PROVIDERS]
    places = [s for s, _ in STATES]
    if version == 2:
        for k, (w, _, _) in zip(REPLACED_PROVIDERS, NEW_PROVIDERS):
            names[k] = w
        for k, (s, _) in zip(REPLACED_STATES, REGIONS):
            places[k] = f"Developers in {s}"
    out = ["# Privacy Policy", "## 4. How We Share Information"]
    out += [f"### 4.{k + 1} {name[0].upper() + name[1:]}\n\n{text}" for k, (name, text) in enumerate(zip(names, providers))]
    out.append("## 5. Your State Privacy Rights")
    out += [f"### 5.{k + 1} {place}\n\n{text}" for k, (place, text) in enumerate(zip(places, states))]
    return "\n\n".join(out) + "\n"
