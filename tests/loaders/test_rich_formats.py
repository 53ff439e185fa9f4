"""PDF, Word and HTML in: structure-aware chunks, clean text, page ranges, tables whole,
clear errors. The files are built by the tests themselves (tests/loaders/make_files.py)."""

from __future__ import annotations

import builtins
import subprocess
import sys
from pathlib import Path

import pytest

import hikaku
from hikaku import InvalidDocumentError, MissingDependencyError, load_document
from tests.loaders.make_files import (
    ARTICLES_V1,
    TABLE_V1,
    make_docx,
    make_pdf,
    markdown_of,
    v2_articles,
    v2_table,
)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("files")
    return {
        "pdf1": make_pdf(d / "old.pdf", ARTICLES_V1),
        "pdf2": make_pdf(d / "new.pdf", v2_articles(), header="new_insurance.md 2025-11-01"),
        "docx1": make_docx(d / "old.docx", ARTICLES_V1, TABLE_V1),
        "docx2": make_docx(d / "new.docx", v2_articles(), v2_table()),
        "dir": d,
    }


def by_label(doc):
    return {c.metadata.get("label"): c for c in doc.chunks if c.metadata.get("label")}


def test_pdf_headers_footers_and_page_numbers_are_gone(files):
    doc = load_document(files["pdf1"], id_prefix="a")
    text = "\n".join(c.content for c in doc.chunks)
    assert "old_insurance.md" not in text and "2025-05-28" not in text
    assert not any(line.strip() in ("1 / 4", "2 / 4", "3 / 4", "4 / 4") for line in text.splitlines())


def test_pdf_clauses_are_chunks_with_heading_paths_and_pages(files):
    doc = load_document(files["pdf1"], id_prefix="a")
    arts = by_label(doc)
    assert [k for k in arts if k.endswith("条")] == [f"第{n}条" for n in range(1, 7)]
    # the title, set larger than the body, heads the path as in Word and Markdown
    assert arts["第1条"].metadata["heading_path"] == ["医療保険普通保険約款", "第1章\u3000総則"]
    assert arts["第3条"].metadata["heading_path"] == ["医療保険普通保険約款", "第2章\u3000保険金の支払"]
    assert arts["第1条"].metadata["title"] == "目的"
    pages = {k: (c.metadata["page_start"], c.metadata["page_end"]) for k, c in arts.items()}
    assert pages["第1条"] == (1, 1) and pages["第2条"] == (2, 2) and pages["第4条"] == (3, 3) and pages["第6条"] == (4, 4)
    # the sentence the PDF broke across lines is whole again, without a stray space
    assert ARTICLES_V1[1][1] in arts["第1条"].content
    assert doc.source.endswith("old.pdf") and arts["第1条"].metadata["source"].endswith("old.pdf")


def test_docx_headings_tables_and_no_page_headers(files):
    doc = load_document(files["docx1"], id_prefix="a")
    assert doc.title == "医療保険普通保険約款"
    text = "\n".join(c.content for c in doc.chunks)
    assert "社外秘" not in text and "サンプル生命" not in text  # page header and footer
    arts = by_label(doc)
    assert arts["第2条"].metadata["heading_path"] == ["医療保険普通保険約款", "第1章\u3000総則"]
    table = next(c for c in doc.chunks if "| 区分 | 給付倍率 | 限度 |" in c.content)
    assert all(f"| {' | '.join(row)} |" in table.content for row in TABLE_V1[1:])  # every row in one chunk


def test_html_structure_tables_and_boilerplate(tmp_path):
    page = tmp_path / "p.html"
    page.write_bytes("""<!doctype html><html><head><meta charset="shift_jis"><title>医療保険約款</title>
<style>p{}</style><script>var x = "第9条";</script></head><body><header>サイト名</header><nav>メニュー</nav>
<h1>医療保険約款</h1><h2>第1章 総則</h2><h3>第1条（目的）</h3><p>この約款は&amp;定める。</p>
<h3>別表1</h3><table><tr><th>区分</th><th>倍率</th></tr><tr><td>入院</td><td>1倍</td></tr>
<tr><td>手術</td><td>20倍</td></tr></table><footer>(c) 2025</footer></body></html>""".encode("cp932"))
    doc = load_document(page, id_prefix="a")
    text = "\n".join(c.content for c in doc.chunks)
    assert doc.title == "医療保険約款" and "この約款は&定める。" in text
    assert "サイト名" not in text and "メニュー" not in text and "第9条" not in text and "(c) 2025" not in text
    arts = by_label(doc)
    assert arts["第1条"].metadata["heading_path"] == ["医療保険約款", "第1章 総則"]
    table = next(c for c in doc.chunks if "| 区分 | 倍率 |" in c.content)
    assert "| 入院 | 1倍 |" in table.content and "| 手術 | 20倍 |" in table.content


def test_long_clauses_are_cut_at_sentence_ends_and_tables_never(tmp_path):
    md = tmp_path / "long.md"
    sentence = "保険契約者は、保険料を払込期月の末日までに払い込まなければなりません。"
    table = "\n".join(["| 区分 | 金額 |", "|---|---|", *[f"| 項目{i} | {i * 1000}円 |" for i in range(40)]])
    md.write_text(f"# 約款\n\n## 第1条（払込み）\n\n{sentence * 12}\n\n## 別表\n\n{table}\n", encoding="utf-8")
    doc = load_document(md, max_chunk_chars=200)
    parts = [c for c in doc.chunks if c.metadata.get("label") == "第1条"]
    assert len(parts) > 2 and all(len(c.content) <= 200 for c in parts)
    assert all(c.content.endswith("。") for c in parts)  # cut at sentence ends
    tables = [c for c in doc.chunks if "| 区分 | 金額 |" in c.content or "| 項目" in c.content]
    assert len(tables) == 1 and "| 項目39 | 39000円 |" in tables[0].content  # the table whole


def _changes(report: str):
    import json

    return [(c["type"], c["item"], c["summary"]) for c in json.loads(report)["changes"] if c["type"] != "unchanged"]


def run_cli(*args):
    p = subprocess.run([sys.executable, "-m", "hikaku", "compare", *map(str, args), "-f", "json", "--llm", "offline"],
                       capture_output=True, text=True, timeout=240)
    return p.returncode, p.stdout, p.stderr


def test_pdf_pair_gives_the_same_changes_as_its_markdown(files):
    d: Path = files["dir"]
    (d / "old.md").write_text(markdown_of(ARTICLES_V1, TABLE_V1).split("### 別表1")[0], encoding="utf-8")
    (d / "new.md").write_text(markdown_of(v2_articles(), v2_table()).split("### 別表1")[0], encoding="utf-8")
    code, from_pdf, err = run_cli(files["pdf1"], files["pdf2"])
    assert code == 0, err
    code, from_md, err = run_cli(d / "old.md", d / "new.md")
    assert code == 0, err
    changes = _changes(from_pdf)
    assert changes == _changes(from_md)
    assert ("added", "第5条の2（先進医療給付金）", "") in changes
    assert ("modified", "第4条（手術給付金）", "入院給付金日額の20倍 → 25倍") in changes
    assert ("modified", "第5条（支払限度）", "入院給付金の支払限度日数：1,095日 → 1,825日、「七大疾病」 → 「五大疾病」") in changes


def test_a_table_row_change_is_reported(files, use_embedder):
    result = hikaku.compare(files["docx1"], files["docx2"], embedder=use_embedder)
    table = next(c for c in result.of_type("modified") if c.item.startswith("別表1"))
    assert [table.a_text[s:e] for s, e in table.diff.a] == ["1,095", "20"]
    assert [table.b_text[s:e] for s, e in table.diff.b] == ["1,825", "25"]


def test_unreadable_pdfs_give_one_clear_line(tmp_path):
    from pypdf import PdfWriter
    from reportlab.pdfgen import canvas

    scanned = tmp_path / "scanned.pdf"
    c = canvas.Canvas(str(scanned))
    c.rect(50, 50, 300, 400, fill=1)  # a page with no text, as a scan
    c.showPage()
    c.save()
    locked = tmp_path / "locked.pdf"
    make_pdf(tmp_path / "plain.pdf", ARTICLES_V1[:2])
    w = PdfWriter(clone_from=str(tmp_path / "plain.pdf"))
    w.encrypt("secret")
    w.write(str(locked))
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage\n%%EOF\n")
    notpdf = tmp_path / "notpdf.pdf"
    notpdf.write_text("hello", encoding="utf-8")
    for path, reason in [(scanned, "no text layer; OCR is not supported"), (locked, "the PDF is encrypted"),
                         (broken, "not a readable PDF"), (notpdf, "not a PDF file")]:
        with pytest.raises(InvalidDocumentError, match=reason):
            load_document(path)
        code, out, err = run_cli(path, path)
        assert code == 2 and out == "" and err.strip().splitlines()[-1].startswith(f"hikaku: error: {path}: ")
        assert "Traceback" not in err
    bad_docx = tmp_path / "bad.docx"
    bad_docx.write_bytes(b"not a zip")
    with pytest.raises(InvalidDocumentError, match="not a readable .docx file"):
        load_document(bad_docx)


def test_a_missing_reader_names_the_extra(files, monkeypatch):
    real_import = builtins.__import__

    def no_pdfminer(name, *args, **kwargs):
        if name.startswith("pdfminer") or name == "docx" or name.startswith("docx."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pdfminer)
    with pytest.raises(MissingDependencyError, match=r"pip install 'hikaku\[pdf\]'"):
        load_document(files["pdf1"])
    with pytest.raises(MissingDependencyError, match=r"pip install 'hikaku\[docx\]'"):
        load_document(files["docx1"])


def test_a_long_pdf_is_laid_out_page_parallel_with_the_same_lines(tmp_path):
    import pickle
    import threading

    from hikaku.loaders.pdf import reader

    articles = [(f"第{n}条（給付）", f"当社は第{n}号の給付金として日額の{n}倍を支払います。" * 3) for n in range(1, 61)]
    path = make_pdf(tmp_path / "long.pdf", articles, per_page=2)  # 31 pages
    one = reader._layout(path)
    assert len(one) == 31 > reader.PARALLEL_PAGES
    # in a fresh process (this one may run other tests' threads): two processes, the same lines page by page
    script = ("import sys, pickle; from pathlib import Path; from hikaku.loaders.pdf import reader as r; "
              "pages = r._layout_parallel(Path(sys.argv[1]), 2); sys.stdout.buffer.write(pickle.dumps(pages))")
    p = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, check=True)
    assert pickle.loads(p.stdout) == one
    assert reader.read_pdf(path) == one
    # a short PDF, one worker, or other threads running (a fork could catch one holding a lock): one process
    assert reader._layout_parallel(make_pdf(tmp_path / "short.pdf", articles[:10], per_page=2), 2) is None
    assert reader._layout_parallel(path, 1) is None
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert reader._layout_parallel(path, 2) is None
    finally:
        stop.set()
        t.join()


def test_pdf_lines_are_those_of_pdfminers_own_layout(tmp_path):
    """The reader lays characters out in lines itself (pdfminer's rule for lines, without its
    slow grouping of text boxes): the same lines, in reading order, as pdfminer's layout
    analysis gives — on the policy PDF with its TOC, riders set larger or bold, running
    header and footer (drawn before the body)."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LAParams, LTTextContainer, LTTextLine

    from hikaku.loaders.pdf.reader import read_pdf
    from tests.policy_docs import make_policy_pdf

    path = make_policy_pdf(tmp_path / "policy.pdf", 2)
    ours = [[ln.text for ln in page] for page in read_pdf(path)]
    theirs = []
    for layout in extract_pages(path, laparams=LAParams()):
        lines = [ln for box in layout if isinstance(box, LTTextContainer)
                 for ln in box if isinstance(ln, LTTextLine) and ln.get_text().strip()]
        lines.sort(key=lambda ln: (round(1 - ln.y1 / layout.height, 3), ln.x0))
        theirs.append([ln.get_text().strip() for ln in lines])
    assert ours == theirs
    assert ours[1][0] == "medical_policy.md 2025-05-28" and ours[1][-1] == "2 / 5"  # header first, footer last


def test_pdf_text_inside_a_form_xobject_is_read(tmp_path):
    """Text drawn inside a form XObject (many generators put a page's body there) is read;
    pdfminer's layout analysis, which the reader used before, left it out."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    path = tmp_path / "form.pdf"
    c = canvas.Canvas(str(path))
    c.beginForm("body")
    c.setFont("HeiseiMin-W3", 10.5)
    c.drawString(50, 700, "第1条（目的）")
    c.drawString(50, 680, "この約款は、フォームの中に書かれています。")
    c.endForm()
    c.setFont("HeiseiMin-W3", 14)
    c.drawString(50, 740, "医療保険約款")
    c.doForm("body")
    c.save()
    doc = load_document(path)
    assert [c.content for c in doc.chunks] == ["医療保険約款", "第1条（目的）\nこの約款は、フォームの中に書かれています。"]
