from hikaku.document.headings import detect_heading, split_label
from hikaku.loaders import chunk_text

from ..helpers import EXAMPLES

KIYAKU = """# 普通保険約款

## 第1章　総則

（目的）
第1条　この約款は、保険契約の内容を定める。

第2条（定義）
この約款において、次の用語の意味は以下のとおりとする。
（1）被保険者　保険の対象となる者
（2）保険金　この約款に基づき支払う金銭

## 第2章　保険金の支払

【入院給付金】
入院給付金は、入院1日につき日額を支払う。

■ 手術給付金
手術給付金は、日額の20倍を支払う。
"""


def test_headings_become_chunks_with_paths():
    chunks = chunk_text(KIYAKU, source="k.md", id_prefix="a")
    by_label = {c.metadata.get("label") or c.metadata.get("heading"): c for c in chunks}
    art1 = by_label["第1条"]
    assert art1.content == "（目的）\n第1条　この約款は、保険契約の内容を定める。"  # caption kept with its article
    assert art1.metadata["heading_path"] == ["普通保険約款", "第1章　総則"]
    assert art1.metadata["title"] == "目的"
    art2 = by_label["第2条"]
    assert "（1）被保険者" in art2.content and "（2）保険金" in art2.content  # list items stay in the article
    assert art2.metadata["title"] == "定義"
    bracket = by_label["【入院給付金】"]
    assert bracket.metadata["heading_path"] == ["普通保険約款", "第2章　保険金の支払"]
    square = by_label["■ 手術給付金"]
    assert square.content.endswith("日額の20倍を支払う。")
    assert [c.id for c in chunks] == [f"a{i}" for i in range(1, len(chunks) + 1)]


def test_heading_only_chunks_and_positions():
    chunks = chunk_text(KIYAKU, source="k.md")
    chapter = next(c for c in chunks if c.content == "第1章　総則")
    assert chapter.metadata["kind"] == "heading" and chapter.metadata["level"] == 2
    lines = KIYAKU.split("\n")
    for c in chunks:
        md = c.metadata
        assert KIYAKU[md["char_start"]: md["char_end"]].strip().endswith(c.content.splitlines()[-1].strip())
        assert 1 <= md["line_start"] <= md["line_end"] <= len(lines)


def test_japanese_structure_in_plain_text():
    text = "第一編　総則\n第一章　通則\n第一条　目的を定める。\n第二条　定義を定める。\n第二章　細則\n第三条　細目を定める。\n附則\nこの法律は公布の日から施行する。\n"
    chunks = chunk_text(text, source="law.txt", markdown=False)
    art3 = next(c for c in chunks if c.metadata.get("label") == "第三条")
    assert art3.metadata["heading_path"] == ["第一編　総則", "第二章　細則"]
    suppl = chunks[-1]
    assert suppl.metadata["label"] == "附則" and suppl.metadata["heading_path"] == ["第一編　総則"]


def test_markdown_heading_syntax_only_in_markdown():
    assert detect_heading("# 見出し", markdown=True).rank == 1
    assert detect_heading("# 見出し", markdown=False) is None
    assert detect_heading("第3条の2　削除", markdown=False).kind == "article"
    assert detect_heading("第3条に定める通り支払う。", markdown=False) is None  # a sentence, not a heading
    assert detect_heading("（1）保険金の支払", markdown=False).kind == "item"
    assert detect_heading("（1）当社は保険金を支払います。", markdown=False) is None


def test_numbered_title_is_a_heading_outside_articles():
    text = "（1）保険金の種類\n保険金には次の種類がある。\n（2）支払の時期\n保険金は請求から5日以内に支払う。\n"
    chunks = chunk_text(text, source="t.txt", markdown=False)
    assert [c.metadata.get("label") for c in chunks] == ["(1)", "(2)"]


def test_no_headings_chunks_by_paragraph():
    chunks = chunk_text("First paragraph.\nStill first.\n\nSecond paragraph.\n", source="t.txt", markdown=False)
    assert [c.content for c in chunks] == ["First paragraph.\nStill first.", "Second paragraph."]
    assert all(c.metadata["kind"] == "paragraph" for c in chunks)


def test_long_section_cut_at_paragraphs():
    body = "\n\n".join("これは長い段落です。" * 20 for _ in range(5))
    chunks = chunk_text("# 長い節\n" + body, source="t.md", max_chars=500)
    assert len(chunks) > 1
    assert all(len(c.content) <= 500 for c in chunks[1:])
    assert {c.metadata["heading"] for c in chunks} == {"長い節"}
    assert chunks[1].metadata["part"] == 2


def test_code_fences_do_not_make_headings():
    chunks = chunk_text("# A\n```\n# not a heading\n```\n", source="t.md")
    assert len(chunks) == 1 and "# not a heading" in chunks[0].content


def test_split_label():
    assert split_label("第5条（賃金）") == ("第5条", "賃金")
    assert split_label("第十二条の二　削除") == ("第十二条の二", "削除")
    assert split_label("附 則") == ("附則", "")
    assert split_label("本文") == (None, "本文")


def test_example_documents_chunk_into_articles():
    v1 = chunk_text((EXAMPLES / "shugyo_kisoku_v1.md").read_text(encoding="utf-8"), source="v1")
    labels = [c.metadata.get("label") for c in v1]
    assert labels.count("第5条") == 1 and "第24条" in labels
    assert 20 <= len(v1) <= 60


TERMS = """# Cloud Service Agreement

## 4. Service Levels

The Provider will make the Service available 99.9% of the time in each calendar month. If it does
not, the Customer receives the service credits set out in
Schedule 2.

## 5. Data Protection

The Provider processes Customer Data only on the Customer's documented instructions.

Schedule 2
Service credits: 10% of the monthly fee for each hour below the target.
"""


def test_a_label_that_ends_the_sentence_of_the_line_above_is_body_text():
    chunks = chunk_text(TERMS, source="terms.md")
    assert [c.metadata["heading"] for c in chunks] == [
        "Cloud Service Agreement", "4. Service Levels", "5. Data Protection", "Schedule 2"]
    assert chunks[1].content.endswith("service credits set out in\nSchedule 2.")
    # the same lines as plain text, and a wrapped line that was itself carried on
    text = ("Section 4.1 Service levels\nFor each hour below the target the Customer receives the\n"
            "service credits set out in\nSchedule 2.\n")
    assert [c.content.splitlines()[-1] for c in chunk_text(text, source="t.txt", markdown=False)] == ["Schedule 2."]


def test_a_heading_after_a_title_a_list_item_or_a_finished_sentence_is_a_heading():
    text = ("就業規則\n第1章　総則\n第1条（目的）\nこの規則は、労働条件を定める。\n別表第1　対象となる疾病\n（1）乳がん\n（2）子宮がん\n"
            "別表第2　手術の種類\n")
    labels = [c.metadata.get("label") for c in chunk_text(text, source="k.txt", markdown=False)]
    assert labels == [None, "第1章", "第1条", "別表第1", "別表第2"]
    en = "Terms and conditions\nSection 1 Definitions\nWords have their ordinary meaning, except\nas set out below.\nSection 2 Fees\n"
    assert [c.metadata.get("label") for c in chunk_text(en, source="t.txt", markdown=False)] == [
        None, "Section 1", "Section 2"]


KITEI = """# 服務規程

## 第1章　総則

第1条　この規程は、社員の服務について定める。

第2条（誠実義務）社員は、誠実に職務を遂行しなければならない。
２　社員は、会社の名誉を害してはならない。

附則　この規程は、2024年4月1日から施行する。
"""


def test_a_clause_with_its_text_on_the_label_line_is_headed_by_its_label():
    chunks = chunk_text(KITEI, source="kitei.md")
    by_label = {c.metadata.get("label"): c for c in chunks}
    art1, art2, suppl = by_label["第1条"], by_label["第2条"], by_label["附則"]
    assert (art1.metadata["heading"], art1.metadata["kind"]) == ("第1条", "section")
    assert art1.content == "第1条　この規程は、社員の服務について定める。"  # the text as written
    assert (art2.metadata["heading"], art2.metadata["title"]) == ("第2条（誠実義務）", "誠実義務")
    assert (suppl.metadata["heading"], suppl.metadata["kind"]) == ("附則", "section")
    assert art1.structure.section_path == art2.structure.section_path == ("服務規程", "第1章　総則")

    msa = ('ARTICLE 1 DEFINITIONS\n\nSection 1.1 "Affiliate" means any entity that controls, is controlled by, or is\n'
           "under common control with a party.\n\n(a) a party includes its successors;\n")
    sec = chunk_text(msa, source="msa.txt", markdown=False)[1]
    assert (sec.metadata["heading"], sec.metadata["label"], sec.metadata["kind"]) == ("Section 1.1", "Section 1.1", "section")
    assert sec.metadata["heading_path"] == ["ARTICLE 1 DEFINITIONS"] and "(a) a party" in sec.content


def test_a_title_line_that_opens_a_plain_text_document_is_its_title(tmp_path):
    """A title on a line of its own above the preamble (a blank line after it) is the
    document's title and the preamble's heading, not 第1条; a sentence there is neither."""
    import hikaku

    text = ("医療保険普通保険約款\n\nこの約款は、2024年4月1日以降に締結される契約に適用します。\n\n"
            "第1条（目的）\nこの約款は契約内容を定めます。\n")
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    doc = hikaku.load_document(tmp_path / "a.txt")
    assert doc.title == "医療保険普通保険約款"
    assert [c.structure.heading for c in doc.chunks] == ["医療保険普通保険約款", "第1条（目的）"]
    assert doc.chunks[1].structure.heading_path == ("医療保険普通保険約款",)
    sentence = "この約款は、2024年4月1日以降に締結される契約に適用します。\n\n第1条（目的）\nこの約款は契約内容を定めます。\n"
    (tmp_path / "b.txt").write_text(sentence, encoding="utf-8")
    doc = hikaku.load_document(tmp_path / "b.txt")
    assert doc.title == "b" and doc.chunks[0].structure.heading is None  # the file's name: a clause's heading is no title
    english = "Terms of Service\n\nThese terms apply to the Service.\n\n1. Definitions\n\nIn these terms …\n"
    (tmp_path / "c.txt").write_text(english, encoding="utf-8")
    assert hikaku.load_document(tmp_path / "c.txt").title == "Terms of Service"


def test_a_chunk_without_a_heading_is_called_by_a_first_line_that_reads_as_a_title():
    from hikaku.changes.items import item_label
    from hikaku.document import Chunk

    title = Chunk(id="c1", content="医療保険普通保険約款（2024年4月改定）")
    sentence = Chunk(id="c2", content="この約款は契約内容を定めます。")
    assert item_label([title], [title]) == "医療保険普通保険約款（2024年4月改定）"
    assert item_label([sentence], []) == "c2"  # a sentence is no name: the id


_SPEC = """鉄鋼材料の引張試験方法

1　適用範囲
この規格は、金属材料の引張試験方法について規定する。

2　引用規格
次に掲げる規格は、この規格に引用されることによって、この規格の規定の一部を構成する。

3　用語及び定義
3.1 試験片
試験に用いる材料の一部をいう。

3.2 原標点距離
試験前の標点間の距離をいう。

４．試験方法
試験は、常温で行う。
"""


def test_a_specifications_numbered_headings_cut_its_sections_and_nest():
    """A Japanese specification or manual numbers its headings (JIS style: 「1　適用範囲」,
    「3.1 試験片」, 「４．試験方法」): each opens a chunk, and 3.1 sits under 3."""
    chunks = chunk_text(_SPEC, source="spec.txt", markdown=False)
    heads = [c.content.split("\n")[0] for c in chunks]
    assert heads == ["鉄鋼材料の引張試験方法", "1\u3000適用範囲", "2\u3000引用規格", "3\u3000用語及び定義",
                     "3.1 試験片", "3.2 原標点距離", "４．試験方法"]
    assert chunks[heads.index("3.2 原標点距離")].metadata["heading_path"] == ["鉄鋼材料の引張試験方法", "3\u3000用語及び定義"]
    assert chunks[-1].metadata["heading_path"] == ["鉄鋼材料の引張試験方法"]


def test_numbered_lines_of_a_list_stay_in_their_article_or_paragraph():
    """「1　正社員」「2　契約社員」 under an article, or a list between sentences, are items, not headings."""
    rules = chunk_text("就業規則\n\n第5条（従業員の区分）\n従業員の区分は、次のとおりとする。\n1　正社員\n2　契約社員\n\n"
                       "第6条（採用）\n会社は、選考により採用する。\n", source="rules.txt", markdown=False)
    assert [c.content.split("\n")[0] for c in rules] == ["就業規則", "第5条（従業員の区分）", "第6条（採用）"]
    assert "2\u3000契約社員" in rules[1].content
    notice = chunk_text("お知らせ\n\n提出書類は次のとおりです。\n1　申込書\n2　本人確認書類\n\n以上を提出してください。\n",
                        source="n.txt", markdown=False)
    assert len(notice) == 1 and "以上を提出してください。" in notice[0].content


def test_numbered_lines_of_a_schedule_a_box_or_a_markdown_list_and_amounts_are_no_headings():
    """Found in review: a 別表's numbered lines, those under 【ご契約内容】, a Markdown ordered list,
    an amount (「1　万円」), a date (「4 月 1 日」) and a wrapped item stay in their section; a
    numbered heading under a chapter nests below it, never takes its place."""
    def heads(text: str, markdown: bool = False) -> list[str]:
        return [c.content.split("\n")[0] for c in chunk_text(text, source="x.md", markdown=markdown)]

    assert heads("約款\n\n第10条（支払）\n当会社は支払う。\n\n別表1　対象となる手術\n1　皮膚・乳房の手術\n植皮術\n"
                 "2　筋骨の手術\n骨移植術\n") == ["約款", "第10条（支払）", "別表1　対象となる手術"]
    assert heads("【ご契約内容】\n1　保険期間\n1年（自動更新）\n2　保険料\n月額3000円\n") == ["【ご契約内容】"]
    assert heads("## 手順\n\n1. パッケージをインストールする\n   インストールにはpipを使います。\n"
                 "2. 設定ファイルを作成する\n   内容は次のとおり。\n", markdown=True) == ["手順"]
    assert heads("お支払い\n\n給付金の額は次のとおりです。\n1　万円\nをお支払いします。\n\n契約日\n2025年\n4 月 1 日\n"
                 "甲　東京都千代田区\n\n提出書類\n1　保険金請求書（当社所定の\nもの）\n") == ["お支払い"]
    chapter = chunk_text("約款\n\n第2章　保険金の支払\n\n1　支払事由\n当会社は、次の場合に支払います。\n\n"
                         "第5条（保険金の支払）\n本文。\n", source="x.txt", markdown=False)
    assert all("第2章　保険金の支払" in c.metadata["heading_path"] for c in chapter[2:])


def test_a_numbered_heading_after_a_list_of_its_level_that_it_does_not_continue_is_a_heading():
    """「1」「2」 items, then 「4　注意事項」 with its text: not the list's next item (that would be 3),
    the section after 3 (a manual lists what to prepare, then goes on); 「3」 after them is still an item."""
    text = ("取扱説明書\n\n3　準備\n次のものを用意します。\n1　本体\n2　電源コード\n\n"
            "4　注意事項\n水のかかる場所では使わないでください。\n")
    heads = [c.content.split("\n")[0] for c in chunk_text(text, source="m.txt", markdown=False)]
    assert heads == ["取扱説明書", "3\u3000準備", "4\u3000注意事項"]
    sub = "規格\n\n3　用語\n3.1 試験片\n材料の一部をいう。\n3.2 標点\n距離をいう。\n"
    assert [c.content.split("\n")[0] for c in chunk_text(sub, source="s.txt", markdown=False)][-1] == "3.2 標点"
    listed = chunk_text("お知らせ\n\n提出書類は次のとおりです。\n1　申込書\n2　本人確認書類\n3　住民票\n\n"
                        "以上を提出してください。\n", source="n.txt", markdown=False)
    assert len(listed) == 1  # 1, 2, 3: a list, its last item before the text


def test_a_numbered_heading_after_a_subsection_opened_by_an_item_is_a_heading():
    text = "規格\n\n3　用語\n(1) 試験片\n試験に用いる材料の一部をいう。\n\n4　試験方法\n試験は、常温で行う。\n"
    heads = [c.content.split("\n")[0] for c in chunk_text(text, source="s.txt", markdown=False)]
    assert "4\u3000試験方法" in heads
