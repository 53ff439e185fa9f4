"""chunk.structure: the one typed view of where a chunk sits, from any chunker's metadata."""

from hikaku import Chunk
from hikaku.loaders import chunk_text


def test_own_loader_metadata():
    chunks = chunk_text("# 規則\n\n第1章　総則\n\n（目的）\n第1条\nこの規則は…\n", source="x.md")
    article = chunks[-1].structure
    assert article.heading_path == ("規則", "第1章　総則")
    assert article.label == "第1条" and article.title == "目的" and article.structural_label == "第1条"
    assert article.kind == "section" and article.section_path == article.heading_path
    chapter = chunks[1].structure
    assert chapter.kind == "heading" and chapter.heading_path == ("規則",)
    assert chapter.section_path == ("規則", "第1章　総則")


def test_other_chunkers_metadata():
    assert Chunk(id="x", content="t", metadata={"path": "第1編 / 第2章"}).structure.heading_path == ("第1編", "第2章")
    assert Chunk(id="x", content="t", metadata={"path": "A > B"}).structure.heading_path == ("A", "B")
    assert Chunk(id="x", content="t", metadata={"section": 3}).structure.heading_path == ("3",)
    assert Chunk(id="x", content="t", metadata={"paragraph": 7}).structure.heading_path == ("¶7",)
    assert Chunk(id="x", content="t", metadata={"heading_path": ["A", " ", "B"]}).structure.heading_path == ("A", "B")
    pages = Chunk(id="x", content="t", metadata={"page_start": 2, "page_end": 3, "level": True}).structure
    assert (pages.page_start, pages.page_end, pages.level) == (2, 3, None)  # a bool is not a level


def test_structural_label_from_metadata_or_text():
    def label(chunk):
        return chunk.structure.structural_label

    assert label(Chunk(id="x", content="（目的）\n第十二条の二　この法律は")) == "第十二条の二"
    assert label(Chunk(id="x", content="本文", metadata={"label": "第５条"})) == "第5条"
    assert label(Chunk(id="x", content="附則\nこの規則は…")) == "附則"
    assert label(Chunk(id="x", content="The first sentence.")) is None


def test_text_label_names_a_chunk_by_its_first_lines_when_the_metadata_does_not():
    def item(content, **metadata):
        return Chunk(id="x", content=content, metadata=metadata).structure.text_label

    assert item("（目的）\n第1条　この規則は…") == "第1条（目的）"
    assert item("\n\n（目的）\n第１条　この規則は…") is None  # the first two lines are blank
    assert item("第4条（手術給付金）\n当会社は…") == "第4条（手術給付金）"
    assert item("第2章　保険金の支払\n本文") == "第2章 保険金の支払"
    assert item("Section 2.1 Fees.\nThe fees are…") == "Section 2.1 (Fees)"  # English brackets for an English label
    assert item("当会社は、保険金を支払います。") is None
    assert item("第4条（手術給付金）", label="第4条") is None and item("本文", heading="前文") is None
    assert Chunk(id="x", content="  （目的）\n第1条 本文").structure.title == "目的"  # caption after spaces


def test_structure_is_read_once_and_cached():
    c = Chunk(id="x", content="t", metadata={"heading_path": ["A"]})
    assert c.structure is c.structure


def test_english_headings_rank_like_their_japanese_counterparts():
    from hikaku.document import detect_heading, split_label

    def kind(line):
        h = detect_heading(line, markdown=False)
        return h and (h.rank, h.kind)

    assert kind("ARTICLE IV") == (12, "structure") and kind("PART I") == (11, "structure")
    assert kind("Section 2.3") == (17, "article") and kind("Article 1 (Purpose)") == (17, "article")
    assert kind("Schedule 1 – Prices") == (12, "supplement") and kind("1.2.1 Scope of Work") == (14, "numbered")
    assert kind("(a) Fees") == (18, "item")
    assert kind("Section 2.1 shall survive termination.") is None  # a sentence citing a section
    assert kind("1. The Customer shall pay all fees.") is None
    assert split_label("Section 2.1. Fees.") == ("Section 2.1", "Fees")
    assert split_label("ARTICLE II – PAYMENT TERMS") == ("ARTICLE II", "PAYMENT TERMS")
    assert split_label("附 則（経過措置）") == ("附則", "経過措置")


def test_numbering_sections_start_where_clause_numbers_start_over():
    from hikaku.document import numbering_sections

    text = ("# 約款\n\n## 第1章 総則\n\n第1条（目的）\n本文。\n\n## 第2章 支払\n\n第2条（支払）\n本文。\n\n"
            "## 通院特約\n\n第1条（締結）\n本文。\n\n第2条（更新）\n本文。\n\n## 女性特約\n\n第1条（締結）\n本文。\n")
    chunks = chunk_text(text, source="x.md")
    sections = numbering_sections(chunks)
    assert [s.title for s in sections] == ["約款", "通院特約", "女性特約"]  # chapters of one numbering: one section
    assert [chunks[s.start].content for s in sections] == ["約款", "通院特約", "女性特約"]
    # the parts of one long clause are no restart
    long = chunk_text("第1条（長い条）\n" + "これは長い文です。" * 60 + "\n\n" + "続きの文です。" * 60 + "\n\n第2条\n本文。\n",
                      source="y.txt", markdown=False, max_chars=400)
    assert sum(1 for c in long if c.structure.label == "第1条") > 1 and len(numbering_sections(long)) == 1


def test_first_lines_and_label_of_read_only_the_opening_of_a_long_chunk():
    from hikaku.document.headings import label_of, split_label
    from hikaku.document.structure import first_lines

    long_body = "あ" * 5000
    cases = [
        "第5条（賃金）\n" + long_body,
        "第5条" + long_body,  # a label run into a long first line
        "（目的）\n第1条 この規程は" + long_body,
        long_body + "\n第2条",
        "\n\n" + "x" * 3000 + "\n" + long_body,
        "Section 2.1 Fees. " + "word " * 1000,
        "第" + "1" * 300 + "条 " + long_body,  # a label longer than the opening that is read first
        "",
    ]
    for text in cases:
        for n in (1, 2, 3):
            assert first_lines(text, n) == text.splitlines()[:n]
        assert label_of(text) == split_label(text)[0]


def test_text_label_of_long_lines_is_that_of_the_whole_line_normalised():
    """A long article line is not normalised whole when its opening shows a sentence or a
    long title; the 項目 is the one the whole line gives."""
    from hikaku.document.headings import detect_heading, short_title, split_label

    lines = ["第七十三条　特許権が共有に係るときは、各共有者は、他の共有者の同意を得なければ、その持分を譲渡することができない。" * 2,
             "第１２条（" + "ｱ" * 60 + "）" + "　" * 30,
             "第12条 " + "保険金" * 30,
             "第12条 （短い題）" + " " * 100,
             "Article 5 Fees. " + "The fees are due. " * 6,
             "Section 2.1 - " + "Fees" * 25,
             "第3条の2　" + "本" * 90]
    for line in lines:
        h = detect_heading(line, markdown=False)
        assert h is not None and h.kind == "article" and h.cut == (len(line.strip()) > 80)
        found, rest = split_label(line)
        if line.startswith("Article 5 Fees."):
            rest = "Fees"  # an English run-in title (its text follows on the line)
        assert short_title(h, 40) == (found, rest if rest and len(rest) <= 40 and "。" not in rest else None)


def test_a_supplementary_provision_is_a_section_of_its_own_not_the_last_riders():
    from hikaku.document import numbering_sections
    from hikaku.document.structure import numbers_several

    text = ("# 約款\n\n第1条（目的）\n本文。\n\n第2条（解約）\n本文。\n\n# 先進医療特約\n\n第1条（特約の目的）\n本文。\n\n"
            "# 女性疾病入院特約\n\n第1条（特約の目的）\n本文。\n\n附則\nこの約款は、2025年10月1日から施行します。\n")
    chunks = chunk_text(text, source="x.md")
    sections = numbering_sections(chunks)
    # the 附則 sits under the last rider's Markdown heading, but belongs to the whole 約款
    assert chunks[-1].structure.section_path == ("女性疾病入院特約",)
    assert [s.title for s in sections] == ["約款", "先進医療特約", "女性疾病入院特約", ""]
    assert (sections[-1].start, sections[-1].end, sections[-1].numbered) == (len(chunks) - 1, len(chunks), False)
    assert sections[2].end == len(chunks) - 1
    # a 附則 with articles: they number on their own from the 附則 (its 第1条 is no further restart)
    with_articles = chunk_text("# 規則\n\n第1条\n本文。\n\n第2条\n本文。\n\n附　則\n\n第1条（施行期日）\n本文。\n\n第2条（経過措置）\n本文。\n",
                               source="y.md")
    suppl = numbering_sections(with_articles)
    assert [with_articles[s.start].content for s in suppl] == ["規則", "附　則"] and suppl[1].numbered
    # one numbering and a 附則 without articles: the document does not number several sections
    single = numbering_sections(chunk_text("# 規則\n\n第1条\n本文。\n\n附則\nこの規則は公布の日から施行する。\n", source="z.md"))
    assert len(single) == 2 and not numbers_several(single) and numbers_several(sections)


def test_an_appendix_is_a_section_of_its_own_like_the_supplementary_provisions():
    """別表, 様式, 別記, and English Schedules, Annexes, Appendices number nothing of the
    clauses before them: after the last rider they belong to no rider, and a rider that
    follows one starts its own section at its title."""
    from hikaku.document import numbering_sections

    text = ("# 約款\n\n第1条（目的）\n本文。\n\n別表1　対象となる手術\n| 手術 | 倍率 |\n|---|---|\n| 開頭術 | 20 |\n\n"
            "# 先進医療特約\n\n第1条（特約の目的）\n本文。\n\n別表2　先進医療\n| 技術 | 適応症 |\n|---|---|\n| 陽子線 | がん |\n\n"
            "様式第1　請求書\n請求者の氏名を記入する。\n")
    chunks = chunk_text(text, source="x.md")
    sections = numbering_sections(chunks)
    assert [chunks[s.start].content.split("\n")[0] for s in sections] == [
        "約款", "別表1　対象となる手術", "先進医療特約", "別表2　先進医療", "様式第1　請求書"]
    assert [s.title for s in sections] == ["約款", "", "先進医療特約", "", ""]
    assert [s.numbered for s in sections] == [True, False, True, False, False]
    english = chunk_text("# Terms\n\nSection 1. Fees\nThe Customer pays.\n\nSection 2. Term\nOne year.\n\n"
                         "# Data Processing Addendum\n\nSection 1. Scope\nThis addendum applies.\n\n"
                         "Schedule 1 Sub-processors\nAcme Hosting Ltd.\n\nAnnex A Security measures\nEncryption.\n",
                         source="y.md")
    en = numbering_sections(english)
    assert [s.title for s in en] == ["Terms", "Data Processing Addendum", "", ""]
    assert [english[s.start].content.split("\n")[0] for s in en][2:] == ["Schedule 1 Sub-processors",
                                                                         "Annex A Security measures"]


def test_an_appendix_among_the_clauses_is_no_cut_and_a_rider_after_a_supplement_starts_at_its_title():
    from hikaku.document import numbering_sections

    among = chunk_text("# 規則\n\n第1条\n本文。\n\n別表1　料金\n| 区分 | 額 |\n\n第2条\n本文。\n", source="x.md")
    assert len(numbering_sections(among)) == 1
    rider = chunk_text("# 約款\n\n第1条\n本文。\n\n附則\nこの約款は公布の日から施行する。\n\n# 通院特約\n\n第1条（締結）\n本文。\n",
                       source="y.md")
    sections = numbering_sections(rider)
    assert [rider[s.start].content.split("\n")[0] for s in sections] == ["約款", "附則", "通院特約"]
    assert [s.title for s in sections] == ["約款", "", "通院特約"]


def test_a_company_rules_fusoku_and_a_contracts_besshi_are_supplements_too():
    """付則 (how a company's rules write 附則) and 別紙 (a contract's attachment), numbered or
    not, open sections of their own as 附則 and 別表 do; an English Appendix or Schedule with no
    number too — as headings alone on their line, never a sentence that opens with the word."""
    from hikaku.document import numbering_sections
    from hikaku.document.structure import is_supplement_label

    rules = chunk_text("# 就業規則\n\n第1条（目的）\n本文。\n\n第2条（定義）\n本文。\n\n付　則\n\n"
                       "第1条（施行期日）\nこの規則は、2025年4月1日から施行する。\n", source="rules.md")
    sections = numbering_sections(rules)
    assert [rules[s.start].content.split("\n")[0] for s in sections] == ["就業規則", "付　則"] and sections[1].numbered
    assert rules[sections[1].start].structure.structural_label == "付則"

    contract = chunk_text("# 業務委託契約書\n\n第1条（目的）\n本文。\n\n第2条（委託料）\n委託料は別紙のとおりとする。\n\n"
                          "別紙1　委託料\n月額100万円とする。\n\n別紙\n業務の範囲を定める。\n", source="c.md")
    heads = [c.content.split("\n")[0] for c in contract]
    assert "別紙1　委託料" in heads and "別紙" in heads
    assert "委託料は別紙のとおりとする。" in contract[heads.index("第2条（委託料）")].content  # a citation, no heading
    labels = [c.structure.structural_label for c in contract]
    assert "別紙1" in labels and all(is_supplement_label(x) for x in labels if x and x.startswith("別紙"))
    assert [contract[s.start].content.split("\n")[0] for s in numbering_sections(contract)][1:] == ["別紙1　委託料", "別紙"]

    english = chunk_text("# Terms\n\nSection 1. Fees\nThe Customer pays.\n\nAppendix\nPrices for 2025.\n\n"
                         "Appendix to this agreement is attached to the order form.\n", source="t.md")
    heads = [c.content.split("\n")[0] for c in english]
    assert "Appendix" in heads and not any(h.startswith("Appendix to") for h in heads)
