"""Heading recognition decides body text by the first character alone, without normalising
the line: exact, because NFKC of a line opens with a character a heading pattern starts with
only when NFKC of its first character does."""

from __future__ import annotations

import random
import sys
import unicodedata

from hikaku.document import headings
from hikaku.document.headings import (
    _NO_TOC_IDEOGRAPH,
    _OPENERS,
    _TOC_TITLES,
    _lead,
    detect_heading,
    is_caption,
    is_toc_title,
)


def _decomposable() -> list[str]:
    """Every character NFKC changes (those with a decomposition), and the openers themselves."""
    out = [chr(cp) for cp in range(sys.maxunicode + 1)
           if not 0xD800 <= cp <= 0xDFFF and unicodedata.decomposition(chr(cp))]
    return out + sorted(_OPENERS) + [chr(cp) for cp in range(128)]


def test_the_lead_is_what_nfkc_of_the_line_opens_with_whenever_a_pattern_could_care():
    tails = ["", "第1条（目的）", "\u0300\u0301 x", "\u0323", "1) 目的", "ｶﾞ"]
    checked = 0
    for c in _decomposable():
        for tail in tails:
            line = c + tail
            first = unicodedata.normalize("NFKC", line)[:1]
            if first.isascii() or first in _OPENERS:
                assert _lead(line) == first, (hex(ord(c)), tail)
                checked += 1
    assert checked > 5000


def test_full_width_and_enclosed_forms_still_open_headings():
    assert detect_heading("第１条（目的）", markdown=False).kind == "article"
    assert detect_heading("⑴ 保険金の支払", markdown=False).kind == "item"  # NFKC: (1)
    assert detect_heading("Ｓｅｃｔｉｏｎ 2.1 Fees", markdown=False).kind == "article"
    assert detect_heading("︻重要事項︼", markdown=False).kind == "bracket"  # the vertical 【 】
    assert is_caption("（目的）") and is_caption("﹙目的﹚") and is_caption("(Purpose)")
    assert detect_heading("保険金の支払について定める。", markdown=False) is None
    assert not is_caption("目的（この約款の趣旨）")


def _read(line: str):
    from hikaku.document.headings import read_heading

    return read_heading(detect_heading(line, markdown=False))


def test_a_clause_with_its_text_on_the_label_line_is_the_label_and_a_body():
    ja = _read("第2条　社員は、誠実に職務を遂行しなければならない。")
    assert (ja.name, ja.label, ja.title, ja.body) == ("第2条", "第2条", None, True)
    captioned = _read("第2条（目的）この規程は、社員の服務について定める。")
    assert (captioned.name, captioned.title, captioned.body) == ("第2条（目的）", "目的", True)
    suppl = _read("附則　この規程は、2024年4月1日から施行する。")
    assert (suppl.name, suppl.body) == ("附則", True)
    en = _read('Section 1.1 "Affiliate" means any entity that controls, is controlled by, or is under common control.')
    assert (en.name, en.label, en.body) == ("Section 1.1", "Section 1.1", True)


def test_a_heading_with_only_a_title_stays_whole():
    for line, title in [("第4条（手術給付金）", "手術給付金"), ("第1章　総則", "総則"), ("Section 2.1 Fees", "Fees"),
                        ("ARTICLE 5 REPRESENTATIONS, WARRANTIES AND COVENANTS OF THE PARTIES", None)]:
        h = _read(line)
        assert (h.name, h.title, h.body) == (line, title, False), line


def test_a_sentence_is_left_open_by_a_comma_or_a_lower_case_word_of_running_text():
    from hikaku.document.headings import leaves_sentence_open

    assert leaves_sentence_open("time in each calendar month. If it does not, the Customer receives the credits set out in")
    assert leaves_sentence_open("the fees described in", running=True)  # the line above began the sentence
    assert leaves_sentence_open("当会社は、被保険者が責任開始期以後に発病した疾病であって、")
    # a sentence's end, a title (capitalised, or short without punctuation), a list item, a table row
    for line in ["Late payments bear interest at 1% per month.", "Terms of Service", "Terms and conditions",
                 "(b) any fees due;", "| Fees, charges | 30 days |", "就業規則", "（2）子宮がん",
                 "次に掲げるものを含"]:
        assert not leaves_sentence_open(line), line


def test_an_english_clause_label_line_tells_a_run_in_title_and_a_short_sentence():
    """A short sentence on the label line is the clause's text, not its title; a run-in title
    (``Fees.`` before the text) is the title, and the text follows on the line."""
    short = _read("Section 9.3 Time is of the essence.")
    assert (short.name, short.label, short.title, short.body) == ("Section 9.3", "Section 9.3", None, True)
    run_in = _read("Section 2.1 Fees. The Customer shall pay the fees monthly in advance.")
    assert (run_in.name, run_in.label, run_in.title, run_in.body) == ("Section 2.1 Fees", "Section 2.1", "Fees", True)
    assert _read("Article 7 Governing Law. This Agreement is governed by English law.").title == "Governing Law"
    # a title, also with its full stop or in capitals, stays whole
    for line, title in [("Section 2.1 Fees.", "Fees"), ("Section 9.4 Governing Law", "Governing Law"),
                        ("Section 9.3 TIME IS OF THE ESSENCE", "TIME IS OF THE ESSENCE")]:
        h = _read(line)
        assert (h.name, h.title, h.body) == (line, title, False), line


def test_the_items_of_english_clauses_name_a_run_in_title_and_no_sentence():
    from hikaku.document import Chunk
    from hikaku.loaders import chunk_text

    def item(text: str) -> str | None:
        return Chunk(id="x", content=text).structure.text_label

    assert item("Section 2.1 Fees. The Customer shall pay the fees monthly in advance.") == "Section 2.1 (Fees)"
    assert item("Section 9.3 Time is of the essence.") == "Section 9.3"
    chunks = chunk_text("# Agreement\n\nSection 2.1 Fees. The Customer shall pay the fees monthly.\n\n"
                        "Section 9.3 Time is of the essence.\n", source="x.md")
    assert [(c.metadata.get("heading"), c.metadata.get("title"), c.metadata["kind"]) for c in chunks[1:]] == [
        ("Section 2.1 Fees", "Fees", "section"), ("Section 9.3", None, "section")]


def test_a_plain_language_title_with_a_verb_stays_a_title():
    """Plain-language policies title their clauses with words that have a verb ("What is
    covered", "Things you must do", "What is covered?"): without a full stop they are titles;
    a short statement ending in one ("Time is of the essence.") is the clause's text."""
    from hikaku.document import Chunk
    from hikaku.loaders import chunk_text

    titles = {"Section 2 What is covered": "What is covered", "Section 3 What is not covered": "What is not covered",
              "Article 4 Who is insured": "Who is insured", "Section 5 What we will pay": "What we will pay",
              "Section 6 Things you must do": "Things you must do", "Section 7 What is covered?": "What is covered?",
              "Section 8 How you can cancel": "How you can cancel"}
    for line, title in titles.items():
        h = _read(line)
        assert (h.name, h.title, h.body) == (line, title, False), line
        label = line[: line.index(title) - 1]
        assert Chunk(id="x", content=f"{line}\nWe pay for loss or damage.").structure.text_label == f"{label} ({title})"
    for line in ("Section 9.3 Time is of the essence.", "Section 9.3 Time is of the essence;",
                 "Section 9.3 Time is of the essence。", "Section 9.3 Time is of the essence．"):
        h = _read(line)
        assert (h.name, h.title, h.body) == ("Section 9.3", None, True), line
    run_in = _read("Section 2.1 Fees. The Customer shall pay the fees monthly in advance.")
    assert (run_in.name, run_in.title, run_in.body) == ("Section 2.1 Fees", "Fees", True)
    assert (_read("Section 2.1 Fees.").title, _read("Section 2.1 Fees.").body) == ("Fees", False)
    chunks = chunk_text("# Policy\n\nSection 2 What is covered\n\nWe pay for loss or damage to your home.\n\n"
                        "Section 6 Things you must do\n\nYou must tell us about any claim.\n", source="x.md")
    assert [(c.metadata.get("heading"), c.metadata.get("title")) for c in chunks[1:]] == [
        ("Section 2 What is covered", "What is covered"), ("Section 6 Things you must do", "Things you must do")]


def _toc_title_normalising(line: str) -> bool:
    """is_toc_title as it was before it told clause lines by an ideograph: NFKC of every line."""
    s = unicodedata.normalize("NFKC", line.strip().lstrip("#").strip()).lower()
    return "".join(s.split()).strip(":：") in _TOC_TITLES


def test_an_ideograph_no_toc_title_holds_is_kept_by_the_folding_of_a_line():
    firsts = set()
    for cp in range(sys.maxunicode + 1):
        d = unicodedata.decomposition(chr(cp)) if not 0xD800 <= cp <= 0xDFFF else ""
        if d and not d.startswith("<") and len(d.split()) == 2:
            firsts.add(chr(int(d.split()[0], 16)))
    ideographs = [chr(cp) for cp in range(0x4E00, 0xA000)]
    assert sum(1 for c in ideographs if _NO_TOC_IDEOGRAPH.match(c)) == len(ideographs) - 3
    for c in ideographs:  # its own NFKC form, first of no composition, kept by lower() and split()
        assert unicodedata.decomposition(c) == "" and c not in firsts and c.lower() == c and not c.isspace()
        assert (_NO_TOC_IDEOGRAPH.match(c) is None) == any(c in title for title in _TOC_TITLES)
    rng = random.Random(8)
    alphabet = "目次録もくじし\u3099゛ﾞ Ｃｏｎｔｅｎｔｓcontents TABLE OF　:：#\u0301第条一本文ｶ"
    lines = ["目次", "目　次", "# Contents", "Table of Contents", "：目次：", "第一条\u3000この法律は、目次を定める。",
             "目次（第一条―第五条）", "もくじ", "も\u3000く\u3000じ", "目 録", "本目次"]
    lines += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(20000)]
    for line in lines:
        assert is_toc_title(line) == _toc_title_normalising(line), line


def test_a_line_opening_with_ascii_no_heading_opens_with_is_body_text_as_normalising_it_says(monkeypatch):
    """The short cut for a line whose NFKC opens with ASCII that opens no heading pattern, pinned
    against reading every line in NFKC (the short cut off: no character counted as plain)."""
    rng = random.Random(9)
    tails = ["", "1", "1条", "写A］（目的）", "ART 1", "ARTICLE 4 Fees", "Section 2.1 Fees", "1.2 Term", "(a) item",
             "\u0301x", "ﾞ", "\u3000第一条", "（１）事業", "he Customer shall pay.", "art 3", "chedule 1", "a) x"]
    alphabet = "([{ 0１2 .ａA PCASEXIVTcha第条（）\u3000\u0301ﾞ"
    words = "PART Part CHAPTER Chapter ARTICLE Article SECTION Section SCHEDULE Schedule ANNEX Annex EXHIBIT Exhibit"
    tails += [w[1:] + end for w in f"{words} APPENDIX Appendix ATTACHMENT Attachment".split() for end in (" 1", " IV Fees")]
    lines = [chr(c) + tail for c in range(32, 127) for tail in tails]
    lines += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))) for _ in range(20000)]
    lines += ["［写I］（拒絶査定不服審判）", "[1] Fees", "- item", "The Customer shall pay.", "\"Fees\" means"]
    fast = [(detect_heading(line, markdown=False), detect_heading(line, markdown=True)) for line in lines]
    monkeypatch.setattr(headings, "is_plain", lambda text: False)
    assert fast == [(detect_heading(line, markdown=False), detect_heading(line, markdown=True)) for line in lines]


def test_a_japanese_numbered_line_reads_as_a_numbered_heading_and_a_sentence_does_not():
    for line, rank in [("1　適用範囲", 15.5), ("3.1 試験片", 15.6), ("４．試験方法", 15.5), ("２.３.１　引張強さ", 15.7),
                       ("5　寸法、質量及び許容差", 15.5)]:
        h = detect_heading(line, markdown=False)
        assert h is not None and h.kind == "numbered" and abs(h.rank - rank) < 1e-9, line
    for line in ["2　前項の場合において、会社は通知する。", "1　" + "長" * 40, "3日以内", "1.5 mm", "2024.4 改定",
                 "1　万円", "4 月 1 日", "1 日額5000円", "1　保険金請求書（当社所定の"]:
        h = detect_heading(line, markdown=False)
        assert h is None or h.kind != "numbered", line
    assert detect_heading("1 Scope", markdown=False).kind == "numbered"  # English, as before


def test_a_sentence_that_cites_an_attachment_or_the_supplementary_provisions_is_no_heading():
    for line in ["別紙1 記載のとおりとする。", "付則 第2項の規定は適用しない。", "別紙 に定める業務を行う", "別紙　この契約の範囲とする。"]:
        assert detect_heading(line, markdown=False) is None, line
    for line in ["別紙1　委託料", "付則　この規則は、2025年4月1日から施行する。", "別表第1（第3条関係）", "附　則"]:
        assert detect_heading(line, markdown=False).kind == "supplement", line
