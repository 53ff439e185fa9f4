"""Renumbering (条ずれ): a pair is renumbered only when its clause numbers — its own and
the ones it cites — are all that differ, and differ as the document's renumbering says."""

from __future__ import annotations

from hikaku.align import ResolvedGroup
from hikaku.changes import build_changes
from tests.helpers import doc

A = doc("A", "第1条（目的）\n本文。", "第2条（払込み）\n払い込みます。", "第3条（猶予）\n第2条の期月の翌月までとします。",
        "第4条（失効）\n第3条の猶予期間を過ぎたときは失効し、第1条の目的は達せられません。", prefix="a")
B = doc("B", "第1条（目的）\n本文。", "第2条（新設）\n新しい条です。", "第3条（払込み）\n払い込みます。",
        "第4条（猶予）\n第3条の期月の翌月までとします。",
        "第5条（失効）\n第3条の猶予期間を過ぎたときは失効し、第1条の目的は達せられません。", prefix="b")


def _rows(groups):
    return {c.item: c for c in build_changes(A, B, groups, "ja", strict=False)}


def _pairs(*ab):
    return [ResolvedGroup(a=(i,), b=(j,), similarity=0.9, confidence=0.9, decided_by="plan") for i, j in ab]


def test_a_shift_with_consistent_references_is_renumbered():
    rows = _rows([*_pairs((0, 0), (1, 2), (2, 3), (3, 4)),
                  ResolvedGroup(a=(), b=(1,), similarity=None, confidence=1.0, decided_by="resolver")])
    assert rows["第2条（払込み）"].renumbering == [("第2条", "第3条")] and rows["第2条（払込み）"].type == "unchanged"
    assert rows["第3条（猶予）"].renumbering == [("第3条", "第4条"), ("第2条", "第3条")]
    assert rows["第3条（猶予）"].summary == "第3条 → 第4条、第2条 → 第3条"
    # 失効 cites 第3条 (which became 第4条) but still says 第3条: a real change of reference
    lapse = rows["第4条（失効）"]
    assert not lapse.renumbered and lapse.type == "modified"
    assert not rows["第1条（目的）"].renumbered and rows["第1条（目的）"].type == "unchanged"


def test_strict_reports_renumbered_pairs_as_modified():
    (row,) = [c for c in build_changes(A, B, _pairs((1, 2)), "ja", strict=True) if c.renumbered]
    assert row.type == "modified" and row.diff is not None


def test_a_pair_that_changed_besides_its_number_is_no_renumbering():
    b = doc("B", "第2条（払込み）\n払い込みません。", prefix="b")
    (row,) = build_changes(A, b, _pairs((1, 0)), "ja", strict=False)
    assert row.type == "modified" and not row.renumbered


def test_a_moved_pair_is_a_move_not_a_renumbering():
    g = ResolvedGroup(a=(1,), b=(2,), similarity=0.9, confidence=0.9, decided_by="agent", moved=True)
    (row,) = build_changes(A, B, [g], "ja", strict=False)
    assert row.moved and not row.renumbered and row.type == "modified"


def test_a_clause_number_after_its_caption_and_in_full_width_digits_is_found():
    from hikaku.changes.renumbering import own_numbers

    a = doc("A", "（目的）\n第１条　この約款は…", "第２条の２　本文", "（注）\n本文", "  第3条 本文",
            "Ｓｅｃｔｉｏｎ ４.１ Fees", "4.2 Term\nThe term is…", prefix="a")
    found, _ = own_numbers(a, a)
    assert [r.text if r else None for r in found] == ["第1条", "第2条の2", None, "第3条", "Section 4.1", "4.2"]
    assert [(r.kind, r.number) for r in found if r] == [("条", "1"), ("条", "2の2"), ("条", "3"),
                                                        ("section", "4.1"), ("", "4.2")]


# English: the same shift, written Article N / Section N.M / a heading's bare N.M
EN_A = doc("A", "Article 1 Definitions\nTerms have the meaning given in the Schedule.",
           "Article 2 Fees\nThe Customer pays the fees under Article 1 within 30 days.",
           "Article 3 Liability\nLiability is capped at the fees paid.",
           "Article 4 Termination\nEither party may terminate on notice. Article 3 survives termination.", prefix="a")
EN_B = doc("B", "Article 1 Definitions\nTerms have the meaning given in the Schedule.",
           "Article 2 Data\nEach party complies with data protection law.",
           "Article 3 Fees\nThe Customer pays the fees under Article 1 within 30 days.",
           "Article 4 Liability\nLiability is capped at the fees paid.",
           "Article 5 Termination\nEither party may terminate on notice. Article 4 survives termination.", prefix="b")
_INSERTED = ResolvedGroup(a=(), b=(1,), similarity=None, confidence=1.0, decided_by="resolver")


def test_an_english_shift_with_consistent_references_is_renumbered():
    rows = {c.item: c for c in build_changes(EN_A, EN_B, [*_pairs((0, 0), (1, 2), (2, 3), (3, 4)), _INSERTED],
                                             "en", strict=False)}
    fees, termination = rows["Article 2 (Fees)"], rows["Article 4 (Termination)"]
    assert fees.renumbered and fees.type == "unchanged" and fees.renumbering == [("Article 2", "Article 3")]
    assert termination.renumbering == [("Article 4", "Article 5"), ("Article 3", "Article 4")]
    assert termination.summary == "Article 4 → Article 5; Article 3 → Article 4"
    assert not rows["Article 1 (Definitions)"].renumbered


def test_an_english_reference_that_did_not_shift_with_its_article_is_a_change():
    b = doc("B", *[c.content for c in EN_B.chunks[:4]],
            "Article 5 Termination\nEither party may terminate on notice. Article 3 survives termination.", prefix="b")
    rows = build_changes(EN_A, b, [*_pairs((0, 0), (1, 2), (2, 3), (3, 4)), _INSERTED], "en", strict=False)
    termination = next(c for c in rows if c.item.startswith("Article 4"))
    assert termination.type == "modified" and not termination.renumbered


def test_sections_and_bare_numbered_headings_are_renumbered_and_cited_by_any_word():
    a = doc("A", "ARTICLE 4 LIABILITY", "Section 4.1 Neither party's liability shall exceed the fees.",
            "5.1 Term\nThis Agreement continues for three years.",
            "5.2 Termination\nEither party may terminate; clause 5.1 and Section 4.1 survive.", prefix="a")
    b = doc("B", "ARTICLE 5 LIABILITY", "Section 5.1 Neither party's liability shall exceed the fees.",
            "6.1 Term\nThis Agreement continues for three years.",
            "6.2 Termination\nEither party may terminate; clause 6.1 and Section 5.1 survive.", prefix="b")
    rows = build_changes(a, b, _pairs((0, 0), (1, 1), (2, 2), (3, 3)), "en", strict=False)
    assert [c.renumbering for c in rows] == [
        [("ARTICLE 4", "ARTICLE 5")], [("Section 4.1", "Section 5.1")], [("5.1", "6.1")],
        [("5.2", "6.2"), ("clause 5.1", "clause 6.1"), ("Section 4.1", "Section 5.1")]]
    assert all(c.type == "unchanged" for c in rows)


def test_a_number_that_opens_a_sentence_is_no_heading_number():
    a = doc("A", "2.5 million users signed up in the first year.", prefix="a")
    b = doc("B", "3.5 million users signed up in the first year.", prefix="b")
    (row,) = build_changes(a, b, _pairs((0, 0)), "en", strict=False)
    assert row.type == "modified" and not row.renumbered and row.summary == "2.5 million users → 3.5 million users"  # an amount


def test_a_reference_to_a_moved_article_that_follows_it_is_a_renumbering():
    # 払込み moved behind 猶予 (第2条 -> 第3条); 猶予 (第3条 -> 第2条) cites it by its new number
    a = doc("A", "第1条（目的）\n本文。", "第2条（払込み）\n払い込みます。", "第3条（猶予）\n第2条の期月の翌月までとします。",
            prefix="a")
    b = doc("B", "第1条（目的）\n本文。", "第2条（猶予）\n第3条の期月の翌月までとします。", "第3条（払込み）\n払い込みます。",
            prefix="b")
    moved = ResolvedGroup(a=(1,), b=(2,), similarity=0.9, confidence=1.0, decided_by="anchor", moved=True)
    rows = {c.item: c for c in build_changes(a, b, [*_pairs((0, 0), (2, 1)), moved], "ja", strict=False)}
    grace = rows["第3条（猶予）"]
    assert grace.type == "unchanged" and grace.renumbering == [("第3条", "第2条"), ("第2条", "第3条")]
    assert rows["第2条（払込み）"].moved and not rows["第2条（払込み）"].renumbered


def test_a_schedule_after_the_clauses_cites_them_in_their_numbering(hashing_embedder):
    """別表 is a section of its own (it numbers nothing of the clauses before it), but the
    clauses it cites are those it follows: 「（第2条、第3条関係）」 follows their renumbering."""
    import hikaku
    from hikaku import Document
    from hikaku.loaders import chunk_text

    def policy(extra: str) -> Document:
        arts = ["この規程は手術給付について定める。", *([extra] if extra else []),
                "当会社は別表1に定める手術に給付金を支払う。", "給付倍率は別表1による。"]
        text = "# 規程\n\n" + "".join(f"第{k + 1}条\n{t}\n\n" for k, t in enumerate(arts))
        n = len(arts)
        text += f"別表1（第{n - 1}条、第{n}条関係）\n| 手術 | 倍率 |\n|---|---|\n| 開頭術 | 20 |\n"
        return Document(id="p", chunks=chunk_text(text, source="p", id_prefix="p"))

    result = hikaku.compare(policy(""), policy("この規程で手術とは治療を目的とする手術をいう。"), llm="offline",
                            embedder=hashing_embedder)
    (row,) = [c for c in result.changes if c.item.startswith("別表1")]
    assert row.type == "unchanged" and row.renumbering == [("第2条", "第3条"), ("第3条", "第4条")]


def test_every_number_of_a_list_of_references_follows_the_renumbering():
    """「第3条及び第4条」, "Sections 4.1 and 4.2", "Articles 3 to 5": each number cited follows."""
    a = doc("A", "Section 4.1 Fees\nThe Customer pays the fees.", "Section 4.2 Taxes\nThe Customer pays taxes.",
            "Section 4.3 Survival\nSections 4.1 and 4.2 survive termination.", prefix="a")
    b = doc("B", "Section 4.1 Scope\nThis section is new.", "Section 4.2 Fees\nThe Customer pays the fees.",
            "Section 4.3 Taxes\nThe Customer pays taxes.",
            "Section 4.4 Survival\nSections 4.2 and 4.3 survive termination.", prefix="b")
    rows = {c.item: c for c in build_changes(a, b, [*_pairs((0, 1), (1, 2), (2, 3)),
                                                    ResolvedGroup(a=(), b=(0,), similarity=None, confidence=1.0,
                                                                  decided_by="resolver")], "en", strict=False)}
    survival = next(c for item, c in rows.items() if "Survival" in item)
    assert survival.type == "unchanged" and survival.renumbering == [
        ("Section 4.3", "Section 4.4"), ("Sections 4.1", "Sections 4.2"), ("4.2", "4.3")]


def _contract(inserted: bool, section: int, days: int):
    """15 sections; Section 12 cites Section *section* and a notice period of *days* days;
    *inserted*: a new Section 3, so that every later section moves up by one."""
    from hikaku import Document
    from hikaku.loaders import chunk_text

    titles = ["Definitions", "Scope", "Fees", "Payment", "Taxes", "Term", "Renewal", "Warranties", "Liability",
              "Indemnity", "Confidentiality", "Termination", "Notices", "Assignment", "Governing Law"]
    bodies = [f"The provisions on {t.lower()} in this agreement apply to both parties." for t in titles]
    bodies[11] = (f"Either party may terminate this agreement under Section {section}, {days} days after written "
                  "notice to the other party.")
    if inserted:
        titles.insert(2, "Data Protection")
        bodies.insert(2, "Each party complies with applicable data protection law.")
    text = "# Agreement\n\n" + "".join(f"## Section {k + 1} {t}\n\n{b}\n\n"
                                       for k, (t, b) in enumerate(zip(titles, bodies, strict=True)))
    return Document(id="c", chunks=chunk_text(text, source="c.md", id_prefix="c"))


def test_a_number_after_a_single_reference_that_follows_the_renumbering_is_renumbered(hashing_embedder):
    """"under Section 5, 10 days after notice": 10 counts days, it is no clause number; Section 5
    → Section 6 is all that changed, as the renumbering says."""
    import hikaku

    result = hikaku.compare(_contract(False, 5, 10), _contract(True, 6, 10), llm="offline", embedder=hashing_embedder)
    (row,) = [c for c in result.changes if "Termination" in c.item]
    assert row.type == "unchanged" and row.renumbering == [("Section 12", "Section 13"), ("Section 5", "Section 6")]
    assert [c.item for c in result.changes if c.type != "unchanged"] == ["Section 3 (Data Protection)"]


def test_a_changed_number_after_a_single_reference_is_a_change_not_a_renumbering(hashing_embedder):
    """"Section 5, 10 days" → "Section 6, 11 days": the notice period changed (10 read as a
    clause number would have called it a renumbering 10 → 11 and hidden the change)."""
    import hikaku

    result = hikaku.compare(_contract(False, 5, 10), _contract(True, 6, 11), llm="offline", embedder=hashing_embedder)
    (row,) = [c for c in result.changes if "Termination" in c.item]
    assert row.type == "modified" and not row.renumbered
    assert "10 days → 11 days" in row.summary
