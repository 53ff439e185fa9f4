"""Decisions matched to documents by the hash of their text: constraints by position,
whatever the ids; and every decision that does not apply is said, with its reason."""

from hikaku.review import DecisionSet, ReviewerDecision, apply_decisions, not_applied_notes, text_sha256

from ..helpers import doc

A = doc("A", "第1条 目的", "第2条 20倍", "削除", "削除", "第5条 届出", prefix="a")
B = doc("B", "第1条 目的", "第2条 25倍", "削除", "第4条 新設", "第5条 届出", prefix="b")


def d(a, b, verdict, at=""):
    return ReviewerDecision(a_sha256=text_sha256(a) if a else None, b_sha256=text_sha256(b) if b else None,
                            verdict=verdict, at=at, a_excerpt=a or "", b_excerpt=b or "")


def test_decisions_become_constraints_by_position():
    applied = apply_decisions([d("第2条 20倍", "第4条 新設", "match"), d("第1条 目的", "第1条 目的", "no_match"),
                               d("第5条 届出", None, "no_match"), d(None, "第2条 25倍", "no_match"),
                               d("第2条 20倍", "第2条 25倍", "ignore")], A, B)
    c = applied.constraints
    assert [(g.a, g.b) for g in c.fixed] == [((1,), (3,)), ((4,), ())]
    assert c.forbidden == {(0, 0)} and c.added_b == {1}
    assert [(r.a, r.b) for r in applied.ignore] == [(1, 1)]
    assert len(applied.applied) == 5 and applied.not_applied == () and applied.digest


def test_the_ids_do_not_matter():
    renamed_a = doc("A", *[c.content for c in A.chunks], prefix="old-")
    renamed_b = doc("B", *[c.content for c in B.chunks], prefix="new-")
    ds = [d("第2条 20倍", "第4条 新設", "match")]
    assert apply_decisions(ds, A, B).constraints == apply_decisions(ds, renamed_a, renamed_b).constraints


def test_match_decisions_sharing_a_chunk_make_one_group():
    applied = apply_decisions([d("第2条 20倍", "第2条 25倍", "match"), d("第2条 20倍", "第4条 新設", "match")], A, B)
    assert [(g.a, g.b) for g in applied.constraints.fixed] == [((1,), (1, 3))]


def test_what_does_not_apply_is_listed_with_its_reason():
    applied = apply_decisions([
        d("第9条 ない", "第1条 目的", "match"),  # its A text is gone
        d("第1条 目的", "第9条 ない", "no_match"),  # its B text is gone
        d("削除", "第4条 新設", "match"),  # 削除 occurs twice in A: which one?
        d("削除", "削除", "no_match"),  # … but "this text is not that text" holds for every copy
        d("第2条 20倍", "第2条 25倍", "match", at="2026-01-01"),
        d("第2条 20倍", None, "no_match", at="2026-02-01"),  # later: it wins
    ], A, B)
    reasons = [(n.decision.a_excerpt, n.reason, n.occurrences) for n in applied.not_applied]
    assert reasons == [("第9条 ない", "a_not_found", 0), ("第1条 目的", "b_not_found", 0), ("削除", "a_ambiguous", 2),
                       ("第2条 20倍", "contradicted", 0)]
    assert applied.constraints.forbidden == {(2, 2), (3, 2)}
    assert [(g.a, g.b) for g in applied.constraints.fixed] == [((1,), ())]
    ja = not_applied_notes(applied.not_applied, "ja")
    assert ja[0] == "レビュー判断（対応）「第9条 ない」 ↔ 「第1条 目的」 は適用されませんでした: A にこの文面のチャンクがありません"
    assert "2 chunks of A have this text" in not_applied_notes(applied.not_applied, "en")[2]


def test_decisions_about_other_documents_are_neither_applied_nor_reported():
    other = [d("第15条 休暇", "第16条 年次有給休暇", "no_match"),  # another document's pair: no text here
             d("第15条 休暇", "第16条 年次有給休暇", "match", at="2026-03-01"),  # … contradicting it
             d("第3条 試用", None, "no_match"), d(None, "第9条 附則", "ignore")]
    mine = d("第2条 20倍", "第4条 新設", "match")
    applied = apply_decisions([*other, mine], A, B)
    assert applied.applied == (mine,) and applied.not_applied == ()
    assert applied.digest == apply_decisions([mine], A, B).digest  # the same run as without them
    assert apply_decisions(other, A, B) == apply_decisions([], A, B)
    # one text of the pair here, the other not: about these documents, so said
    reversed_ = apply_decisions([d("第4条 新設", "第15条 休暇", "no_match")], A, B)  # its A text is in B
    assert [n.reason for n in reversed_.not_applied] == ["a_not_found"]


def test_many_stale_decisions_are_counted_not_listed():
    stale = DecisionSet(d(f"gone {k}", "第1条 目的", "no_match") for k in range(25))
    notes = not_applied_notes(apply_decisions(stale, A, B).not_applied, "en")
    assert len(notes) == 11 and notes[-1] == "15 more reviewer decisions were not applied."


def test_no_decisions_apply_nothing_and_decisions_may_come_from_a_generator(monkeypatch):
    from hikaku.review import apply as module

    monkeypatch.setattr(module, "chunk_hashes", lambda _: (_ for _ in ()).throw(AssertionError("hashed")))
    assert apply_decisions(iter(()), A, B) == apply_decisions(DecisionSet(), A, B) == apply_decisions([], A, B)
    monkeypatch.undo()
    given = [d("第2条 20倍", "第4条 新設", "match")]
    assert apply_decisions(iter(given), A, B) == apply_decisions(given, A, B)
    assert len(apply_decisions(iter(given), A, B).applied) == 1
