"""Documents as reviewers bring them (tests/policy_docs.py builds them): a policy PDF whose
riders are titled only by their font, with a TOC page, running header and footer and
Kangxi radicals in its text layer; the same policy as another tool's chunk JSON, with
context lines and glued page furniture; English contracts; tables of contents."""

from __future__ import annotations

import json
import re

import pytest

from hikaku import Chunk, load_document
from hikaku.loaders import chunk_text
from hikaku.loaders.furniture import learn_furniture
from hikaku.loaders.pdf.reader import read_pdf
from hikaku.loaders.unify import unify_cjk
from tests.policy_docs import HEADER, contract, make_policy_pdf, policy_chunks, write_policy_json

RADICALS = re.compile("[\u2e80-\u2fdf\uf900-\ufaff]")


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    d = tmp_path_factory.mktemp("policy")
    return make_policy_pdf(d / "v1.pdf", 1), make_policy_pdf(d / "v2.pdf", 2)


def _by_kind(doc, kind):
    return [c for c in doc.chunks if c.structure.kind == kind]


def test_the_pdf_text_layer_carries_kangxi_radicals_and_fonts(pdfs):
    lines = [ln for page in read_pdf(pdfs[0]) for ln in page]
    assert any("\u2f47" in ln.text for ln in lines)  # ⽇ for 日, as extraction gives it
    rider = {ln.text: ln for ln in lines}
    assert rider["通院保障特約"].size == 14 and not rider["通院保障特約"].bold  # larger
    assert rider["先進医療特約"].size == 10.5 and rider["先進医療特約"].bold  # bold (stroked), body size


def test_rider_titles_set_apart_by_their_font_are_headings(pdfs):
    doc = load_document(pdfs[1], id_prefix="b")
    titles = [c.content for c in doc.chunks if c.structure.kind == "heading" and c.content.endswith("特約")]
    assert titles == ["通院保障特約", "先進医療特約", "がん診断特約", "女性疾病特約"]
    for c in doc.chunks:
        if c.content.endswith("特約"):  # never glued to a neighbour
            assert c.content in titles
    clause = next(c for c in doc.chunks if c.content.startswith("第1条（特約の締結）") and "がん" in str(c.metadata))
    assert clause.structure.heading_path == ("医療保険約款", "第2編\u3000特約条項", "がん診断特約")
    bold_rider = next(c for c in doc.chunks if c.content == "先進医療特約")  # bold, not larger: listed in the TOC
    assert bold_rider.structure.heading_path == ("医療保険約款", "第2編\u3000特約条項")


def test_the_toc_is_one_chunk_and_the_pages_furniture_is_gone(pdfs):
    doc = load_document(pdfs[0], id_prefix="a")
    (toc,) = _by_kind(doc, "toc")
    assert toc.content.startswith("目次\n第1編") and "女性疾病特約" in toc.content
    assert toc.structure.heading == "目次"
    assert doc.chunks[0].content == "医療保険約款" and doc.chunks[1] is toc
    text = "\n".join(c.content for c in doc.chunks)
    assert HEADER not in text and not re.search(r"^\d+ / \d+$", text, re.M)


def test_no_kangxi_radical_survives_loading(pdfs, tmp_path):
    for doc in (load_document(pdfs[0]), load_document(write_policy_json(tmp_path / "v1.json", 1))):
        for c in doc.chunks:
            assert not RADICALS.search(c.content), c.content
            assert not RADICALS.search(json.dumps(c.metadata, ensure_ascii=False))
        assert any("日数" in c.content for c in doc.chunks)


def test_unify_cjk_maps_radicals_and_compatibility_ideographs_only():
    assert unify_cjk("⽇本⼈の⽬的") == "日本人の目的"
    assert unify_cjk("\uf91d\u2ed1期") == "欄長期"  # a compatibility ideograph, a radical form
    assert unify_cjk("ＡＢＣ　１２") == "ＡＢＣ　１２"  # width and spacing stay as printed
    assert unify_cjk("\ufa11") == "\ufa11"  # 﨑 is a unified ideograph already


def test_context_lines_become_the_heading_path_and_furniture_goes(tmp_path):
    doc = load_document(write_policy_json(tmp_path / "v2.json", 2))
    raw = {c["id"]: c["content"] for c in policy_chunks(2)}
    assert raw["5"].startswith("[上位階層1]") and f"{HEADER}\n" in raw["5"] and "/ 171. " in raw["5"]
    c5 = doc.get("5")
    assert c5.content.splitlines() == [
        "第3条（入院給付金）",
        "被保険者が入院したときは、次のすべてを満たす場合に、入院給付金日額に入院日数を乗じた額を支払います。",
        "1. 入院日数が1日以上であること。",
        "2. 責任開始日以後の入院であること。",
    ]
    assert c5.structure.heading_path == ("第1編\u3000普通保険約款", "第2章\u3000給付金の支払")
    assert all("[上位階層" not in c.content and HEADER not in c.content for c in doc.chunks)
    # the headings the context names have chunks of their own, before the first clause under them
    headings = [(c.id, c.content) for c in doc.chunks if c.structure.kind == "heading"]
    assert ("5#h2", "第2章\u3000給付金の支払") in headings and ("25#h2", "がん診断特約") in headings
    ids = [c.id for c in doc.chunks]
    assert ids.index("5#h2") == ids.index("5") - 1
    assert doc.get("2").structure.kind == "toc"


def test_chunk_json_without_context_or_furniture_is_taken_as_it_is(tmp_path):
    chunks = [{"id": "a", "content": "[注] 本文\n第1条", "metadata": {"path": "x"}},
              {"id": "b", "content": "第2条 1 / 2 です", "metadata": {}}]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(chunks, ensure_ascii=False), encoding="utf-8")
    doc = load_document(path)
    assert [(c.id, c.content, c.metadata) for c in doc.chunks] == [(c["id"], c["content"], c["metadata"]) for c in chunks]


def test_context_only_chunk_is_the_heading_it_names():
    records = [{"id": str(k), "content": f"[上位階層1] 第1章 総則\n[上位階層2] 第{k}節 通則\n第{k}条 本文{k}。"}
               for k in range(1, 4)]
    records.insert(0, {"id": "h", "content": "[上位階層1] 第1章 総則"})
    doc = load_document(records)
    assert doc.get("h").content == "第1章 総則" and doc.get("h").structure.kind == "heading"
    assert [c.id for c in doc.chunks] == ["h", "1#h2", "1", "2#h2", "2", "3#h2", "3"]


def test_glued_page_numbers_are_told_apart_by_the_documents_page_count():
    texts = ["本文です。\n3 / 231. 第一項", "終わり。\n4 / 23", "続き 5 / 23", "注 1/2 の割合"]
    f = learn_furniture(texts)
    assert f.page_total == 23
    assert f.clean(texts[0]) == "本文です。\n1. 第一項"
    assert f.clean(texts[3]) == texts[3]  # 1/2 is not page furniture
    dashed = learn_furniture(["a\n- 1 -", "b\n- 2 -", "c - 3 -"])
    assert dashed.clean("c - 3 -") == "c"


def test_english_contract_is_chunked_along_articles_and_sections():
    chunks = chunk_text(contract(1), source="msa.txt", markdown=False)
    by_label = {c.structure.label: c for c in chunks if c.structure.label}
    fees = by_label["Section 2.1"]
    assert fees.structure.heading_path == ("MASTER SERVICES AGREEMENT", "ARTICLE II PAYMENT") or \
        fees.structure.heading_path == ("ARTICLE II PAYMENT",)
    assert fees.structure.title == "Fees"
    assert "(a) Invoices" in fees.content and "(b) Late payments" in fees.content  # items stay in their section
    assert by_label["ARTICLE III"].structure.kind == "heading"
    assert by_label["Schedule 1"].structure.title == "Services"
    assert "Section 1.2" in by_label and by_label["Section 1.2"].structure.heading_path[-1] == "ARTICLE I DEFINITIONS"


def test_article_holds_sections_when_sections_are_numbered_by_article():
    text = "Article 1 Definitions\nSection 1.1 Terms.\nText.\nArticle 2 Payment\nSection 2.1 Fees.\nPay.\n"
    chunks = chunk_text(text, source="x.txt", markdown=False)
    fees = next(c for c in chunks if c.structure.label == "Section 2.1")
    assert fees.structure.heading_path == ("Article 2 Payment",)
    plain = chunk_text("Article 1 Purpose\nText.\nArticle 2 Scope\nMore.\n", source="y.txt", markdown=False)
    assert [c.structure.heading_path for c in plain] == [(), ()]  # articles alone: the clause level
    assert chunk_text("Section 2.1 shall survive termination.\n", source="z.txt", markdown=False)[0].structure.kind \
        == "paragraph"  # a sentence that cites a section is no heading


def test_a_markdown_toc_is_one_chunk_and_names_the_headings_after_it():
    text = ("# 約款\n\n## 目次\n\n- 第1章 総則\n- 通院特約\n- 女性特約\n\n## 第1章 総則\n\n第1条（目的）\n本文。\n\n"
            "通院特約\n\n第1条（締結）\nこの特約は締結します。\n\n女性特約\n\n第1条（締結）\nこの特約は締結します。\n")
    chunks = chunk_text(text, source="t.md")
    (toc,) = [c for c in chunks if c.structure.kind == "toc"]
    assert toc.content.splitlines()[0] == "目次" and "女性特約" in toc.content
    rider = [c for c in chunks if c.content.startswith("第1条（締結）")]
    assert [c.structure.heading_path[-1] for c in rider] == ["通院特約", "女性特約"]  # listed in the TOC: headings


def test_a_list_is_no_toc():
    chunks = chunk_text("目次\n- a\n- b\n- c\n", source="t.txt", markdown=False)
    assert not [c for c in chunks if c.structure.kind == "toc"]


def test_records_given_directly_are_unified_too():
    doc = load_document([Chunk(id="1", content="⽇数")])
    assert doc.chunks[0].content == "日数"
