"""Clause numbers in a text, in either language: what they number (kind), which (number), and
a heading's bare number only where it opens the text."""

from __future__ import annotations

import random
import sys
import unicodedata

from hikaku.document.headings import match_opening
from hikaku.document.references import (
    _REF,
    ClauseRef,
    _bare,
    _ref,
    clause_refs,
    opening_ref,
    own_ref,
    without_refs,
)
from hikaku.document.structure import first_lines


def _refs(text: str) -> list[tuple[str, str, str]]:
    return [(r.text, r.kind, r.number) for r in clause_refs(text)]


def test_japanese_and_english_references_say_what_they_number():
    assert _refs("第12条の2の規定により第3章に定める。") == [("第12条の2", "条", "12の2"), ("第3章", "章", "3")]
    assert _refs("ARTICLE 4 LIABILITY") == [("ARTICLE 4", "article", "4")]
    assert _refs("as set out in clause 7.2 and § 3, subject to Section 4.1(a) and Article IV.") == [
        ("clause 7.2", "clause", "7.2"), ("§ 3", "section", "3"), ("Section 4.1", "section", "4.1"),
        ("Article IV", "article", "IV")]


def test_words_that_only_look_like_references_are_none():
    # a word ending in "part", an ordinal, a lower-case "i" are no clause numbers
    assert _refs("the counterpart 2 copies, the 12th section, article i of the code") == []


def test_a_bare_number_is_a_clause_number_only_as_a_heading_opens_with_it():
    assert _refs("4.1 Fees\nThe Customer pays.") == [("4.1", "", "4.1")]
    assert _refs("  2.3. Term") == [("2.3", "", "2.3")]
    assert _refs("4.1 million people, see Section 2.") == [("Section 2", "section", "2")]  # an amount
    assert _refs("4. Fees") == []  # one level: a list marker (hikaku.changes.noise)
    assert _refs("The rate is 4.1 Percent.") == []  # not at the opening


def test_a_reference_reads_with_another_number_as_written():
    (ja, en, bare) = [*clause_refs("第12条の2"), *clause_refs("SECTION 4.1"), *clause_refs("4.1 Fees")]
    assert ja.with_number("13") == "第13条" and ja.with_number("12の3") == "第12条の3"
    assert en.with_number("5.1") == "SECTION 5.1" and bare.with_number("5.1") == "5.1"


def test_without_refs_keeps_everything_but_the_numbers():
    assert without_refs("Article 5 Termination. Article 4 survives.") == without_refs(
        "Article 6 Termination. Article 5 survives.")
    assert without_refs("Article 5 Termination.") != without_refs("Section 5 Termination.")  # the kind stays
    assert without_refs("第5条 本文") == without_refs("第6条 本文") != without_refs("第6章 本文")


def test_opening_ref_reads_the_opening_in_nfkc():
    assert opening_ref("  第１２条　本文").text == "第12条"
    assert opening_ref("Ｓｅｃｔｉｏｎ　４．１ Fees").text == "Section 4.1"
    assert opening_ref("４.１ Fees").text == "4.1"
    assert opening_ref("本文。第5条による。") is None and opening_ref("") is None
    long_tail = "x" * 500
    assert opening_ref(f"Article 7 General {long_tail}").text == "Article 7"


def test_only_第_and_the_section_sign_themselves_open_with_them_in_nfkc():
    """What lets opening_ref tell a text that cannot open with a clause number from NFKC of
    its first character alone: 第 and § are no composition's result and no other character's
    compatibility form."""
    sources = {chr(cp) for cp in range(sys.maxunicode + 1)
               if not 0xD800 <= cp <= 0xDFFF and unicodedata.decomposition(chr(cp))
               and unicodedata.normalize("NFKC", chr(cp))[:1] in ("第", "§")}
    assert sources == set()
    assert unicodedata.decomposition("第") == "" and unicodedata.decomposition("§") == ""


def _opening_ref_normalising_all(text: str) -> ClauseRef | None:
    """opening_ref as it was before its short cuts for 第 and other ASCII openings: the match
    on NFKC of the text (of its opening, when that decides it)."""
    text = text.lstrip()
    lead = text[:1] if text[:1].isascii() or text[:1] in "第§" else unicodedata.normalize("NFKC", text[:1])
    if not (lead.isascii() or lead in "第§") or not lead.strip():
        return None
    m = match_opening(_REF, text)
    if m is not None:
        return _ref(m)
    return _bare(unicodedata.normalize("NFKC", text[:40]), 0) if lead.isdigit() else None


def _own_ref_normalising_all(text: str) -> ClauseRef | None:
    text = text.lstrip()
    found = _opening_ref_normalising_all(text)
    if found is not None or not text.startswith(("（", "(")):
        return found
    lines = first_lines(text, 3)[1:3]
    return _opening_ref_normalising_all(next((ln for ln in lines if ln.strip()), ""))


def test_the_short_cuts_read_what_normalising_the_whole_opening_reads():
    texts = ["（目的）\n第一条\u3000この法律は、発明の保護及び利用を図ることにより、産業の発達に寄与することを目的とする。",
             "第十二条の二\u3000保険金の支払", "第１２条の３の４（定義）", "第百二十三条第一項第二号に規定する", "第三者は",
             "第条", "第1条の", "第1条のA", "［写I］第百二十二条\u3000削除", "(a) the Customer", "[1] Fees", "(1)", "（",
             "Article 4 Fees", "Section 4.1 Term", "§ 3 Scope", "4.1 Fees", "ｶﾞｲﾄﾞ", "第" + "一" * 30 + "条　本文",
             "第1条" + "の2" * 20, "第1条の2" + "の" * 20, "第５条" + "\u0301" * 20 + "本文", "第５\u3099条　本文",
             "(\u0301a) x", "(" + "\u0338" * 3 + "第1条", "第1条" + "x" * 300, "第1条" + "\u0301" * 300,
             "第1条の" + "\u0301" * 190 + "2" * 30, "第" + "\u0301" * 199 + "1条" * 30, "第1" + "\u0301" * 20 + "条" * 200]
    rng = random.Random(5)
    alphabet = "第条章編の一二十百0１2３.（）()［］　 \nArticleSection§4ｶﾞ\u3099\u0301本文目的保険金xX"
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(20000)]
    texts += ["第" + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(20000)]
    for text in texts:
        assert opening_ref(text) == _opening_ref_normalising_all(text), text
        assert own_ref(text) == _own_ref_normalising_all(text), text


def test_every_number_of_a_list_or_range_of_references_is_read():
    assert _refs("Sections 4.1 and 4.2 survive termination.") == [("Sections 4.1", "section", "4.1"),
                                                                  ("4.2", "section", "4.2")]
    assert _refs("Articles 3 to 5 apply.") == [("Articles 3", "article", "3"), ("5", "article", "5")]
    assert _refs("as in Sections 4.1, 4.2 and 4.3, clauses 7 through 9, Section 2.1 to 2.4 and §§ 3-4") == [
        ("Sections 4.1", "section", "4.1"), ("4.2", "section", "4.2"), ("4.3", "section", "4.3"),
        ("clauses 7", "clause", "7"), ("9", "clause", "9"), ("Section 2.1", "section", "2.1"),
        ("2.4", "section", "2.4"), ("§§ 3", "section", "3"), ("4", "section", "4")]
    assert _refs("第3条及び第4条の規定") == [("第3条", "条", "3"), ("第4条", "条", "4")]
    assert _refs("第3条から第5条までの規定") == [("第3条", "条", "3"), ("第5条", "条", "5")]
    # a number of another shape is no continuation: an amount, a year
    assert _refs("Section 4.1 and 30 days; Article 5 and 2024") == [("Section 4.1", "section", "4.1"),
                                                                      ("Article 5", "article", "5")]
    # a clause is not cited by a plural: "Sections 4.1 and 4.2 survive." opens with no number of its own
    assert opening_ref("Sections 4.1 and 4.2 survive termination.") is None
    (first, second) = clause_refs("Sections 4.1 and 4.2")
    assert first.with_number("5.1") == "Sections 5.1" and second.with_number("5.2") == "5.2"


def test_a_number_after_a_single_reference_is_read_only_in_a_range_and_never_with_a_unit():
    """A singular cites one clause: what follows it in a list counts something else ("under
    Section 5, 10 days after notice", "Article 3 or 10 percent"); only a range written right
    after it goes on ("Section 3 to 5", "Section 4.1-4.3"). A number with a unit is no
    clause's, after a plural or in a range too."""
    for text, ref in [("under Section 5, 10 days after written notice", "Section 5"),
                      ("as Article 3 or 10 percent of the fees", "Article 3"), ("Section 5 and 6", "Section 5"),
                      ("Section 2.1 or 2.2", "Section 2.1"), ("Article 3 to 10 days", "Article 3"),
                      ("Section 4 - 10% of the price", "Section 4"), ("clause 7, 14 business days", "clause 7"),
                      ("Sections 3 and 4 days", "Sections 3"), ("Sections 3, 30-day notice", "Sections 3"),
                      ("Articles 2 and 3 times the fee", "Articles 2"), ("Section 5 through 2 calendar months", "Section 5")]:
        assert [r[0] for r in _refs(text)] == [ref], text
    assert _refs("Section 3 to 5 and 7 apply") == [("Section 3", "section", "3"), ("5", "section", "5")]
    assert _refs("Section 4.1-4.3, 5.1") == [("Section 4.1", "section", "4.1"), ("4.3", "section", "4.3")]
    assert _refs("Article III through V") == [("Article III", "article", "III"), ("V", "article", "V")]
    assert [r[0] for r in _refs("Sections 3, 4 and 5 percent")] == ["Sections 3", "4"]


def test_remembered_refs_are_a_new_list_each_time():
    """Within _text.remembering (a comparison's rows), clause_refs remembers the texts read
    (a row's renumbering, then its numbers): each caller still gets a list of its own, and
    without_refs reads given refs as its own."""
    from hikaku.text.normalization import remembering

    text = "第3条及び第4条の規定により、第5条から第7条までを準用する。"
    alone = clause_refs(text)
    with remembering() as memo:
        first = clause_refs(text)
        first.append(first[0])
        assert clause_refs(text) == first[:-1] == alone and clause_refs(text) is not clause_refs(text)
        assert ("clause_refs", text) in memo
        assert without_refs(text, clause_refs(text)) == without_refs(text)
    assert clause_refs(text) == alone
