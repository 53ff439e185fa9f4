"""The chunks around a pair (align/neighbours.py): a pair must be more similar than the
document's own unrelated chunks are to it — its background — to be one clause."""

from __future__ import annotations

import math

from hikaku.align import Neighbours, TextSimilarity, lead_over
from hikaku.align.planner import plan_alignment

PATTERN = ("We may share your personal information with {who} that {what} on our behalf. These {whom} are "
           "contractually required to protect your personal information.")
ITEMS = [("payment processors", "process card payments", "processors"), ("cloud hosts", "store your data", "hosts"),
         ("analytics firms", "measure how you use the site", "firms"), ("support vendors", "answer tickets", "vendors"),
         ("mail services", "send receipts", "services")]
OTHER = ("advertising networks", "show you offers elsewhere", "networks")


def _items(replace: dict[int, tuple[str, str, str]] | None = None) -> list[str]:
    items = list(ITEMS)
    for k, v in (replace or {}).items():
        items[k] = v
    return [PATTERN.format(who=w, what=t, whom=m) for w, t, m in items]


def test_lead_over_is_the_share_of_the_rivals_distance_covered():
    assert lead_over(0.5, 0.0) == 0.5 and lead_over(1.0, 0.7) == 1.0 and lead_over(0.7, 0.7) == 0.0
    assert math.isclose(lead_over(0.95, 0.76), 1 - 0.05 / 0.24)
    assert math.isclose(lead_over(0.72, 0.82), 1 - 0.28 / 0.18)  # behind its background
    assert lead_over(0.1, 0.99) == -1.0 and lead_over(0.9, 1.0) == -1.0  # bounded
    # among look-alikes a small difference tells more than among unrelated sentences: ahead or behind
    assert lead_over(0.83, 0.80) > 3 * lead_over(0.33, 0.30) > 0
    assert lead_over(0.77, 0.80) < 3 * lead_over(0.27, 0.30) < 0


def _within(sim: TextSimilarity, side: str, i: int, k: int) -> float:
    return float(sim.within_pairwise(side, [i], [k])[0])


def test_the_background_is_the_best_similarity_with_the_chunks_around_settled_ones_too():
    """How alike the document's own other clauses are: the A chunk with the A chunks around it, the
    B chunk with the B chunks around it."""
    a, b = _items(), _items({2: OTHER})
    sim = TextSimilarity(a, b)
    near = Neighbours(sim, a, b, reach=1)
    (background,) = near.background([((2,), (2,))])
    expected = max(_within(sim, "a", 2, 1), _within(sim, "a", 2, 3), _within(sim, "b", 2, 1), _within(sim, "b", 2, 3))
    assert math.isclose(background, expected, rel_tol=1e-6)
    # the replacement shares the pattern: as similar to the old item as the old item's siblings are
    assert sim.pair(2, 2) <= background
    # an edited item keeps what told it apart from its siblings
    edited = [*a[:2], a[2].replace("measure how", "measure, with your consent, how"), *a[3:]]
    sim2 = TextSimilarity(a, edited)
    (bg2,) = Neighbours(sim2, a, edited, reach=1).background([((2,), (2,))])
    assert sim2.pair(2, 2) > bg2
    # only the chunks around it that have a counterpart of their own count (the nearest, further on)
    only = Neighbours(sim, a, b, reach=1, others=({0, 3}, {4}))
    (bg3,) = only.background([((2,), (2,))])
    assert math.isclose(bg3, max(_within(sim, "a", 2, 0), _within(sim, "a", 2, 3), _within(sim, "b", 2, 4)),
                        rel_tol=1e-6)


def test_the_background_is_each_documents_own_not_a_value_that_moved_between_rows():
    """A premium table whose every amount changed: a row's old amount is often another row's new one
    (×1.03 is about one age step). Across the versions, row 33歳 of A is then more like row 31歳 of B
    than like its own revision; within a version no two rows share a value, and the pair keeps its
    age, which its siblings do not have."""
    rows = [(30, "2,263", "2,334"), (31, "2,334", "2,405"), (32, "2,371", "2,441"), (33, "2,405", "2,480"),
            (34, "2,440", "2,514"), (35, "2,476", "2,551")]
    a = [f"{age}歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜{old}円" for age, old, _ in rows]
    b = [f"{age}歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜{new}円" for age, _, new in rows]
    sim = TextSimilarity(a, b)
    assert sim.pair(3, 1) > sim.pair(3, 3)  # 2,405円 in both: across the versions the value misleads
    backgrounds = Neighbours(sim, a, b, reach=2).background([((k,), (k,)) for k in range(len(rows))])
    assert all(sim.pair(k, k) > bg for k, bg in enumerate(backgrounds))


def test_a_placeholder_has_no_background_and_is_none():
    a = ["第1条　削除", "第2条　社員は、誠実に職務を遂行しなければならない。", "第3条　削除"]
    b = ["第1条　削除", "第2条　削除", "第3条　削除"]
    sim = TextSimilarity(a, b)
    near = Neighbours(sim, a, b)
    assert near.around((1,), 1) == []  # the placeholders around it are no measure
    assert near.background([((1,), (1,))]) == [0.0]  # nor is the placeholder it became


def test_the_plan_never_settles_an_item_replaced_by_a_look_alike():
    a, b = _items(), _items({2: OTHER})
    plan, _ = plan_alignment(a, b, a, b)
    (g,) = [g for g in plan.groups if g.a == (2,)]
    assert g.b == (2,) and g.kind == "match"  # the programme pairs it, in its place
    assert not g.distinct and not g.certain and g.margin <= 0
    assert plan.neighbours is not None


def test_a_chunk_paired_with_the_groups_own_is_its_competitor_not_its_background():
    """A candidate beside the plan's proposal for the same A chunk (a revised clause, and a new
    clause repeating it): the proposal is the candidate's rival, weighed as such; its background
    is the other clauses around them."""
    a = ["第1条（目的）この規則は、従業員の就業に関する事項を定める。",
         "第2条（年次有給休暇）6か月継続勤務した者には10日の年次有給休暇を与える。",
         "第3条（賃金）賃金は毎月25日に支払う。"]
    b = [a[0], a[1].replace("与える。", "与える。半日単位の取得を認める。"),
         "第4条（年次有給休暇の特例）6か月継続勤務した者には10日の年次有給休暇を与える。時間単位の取得を認める。", a[2]]
    sim = TextSimilarity(a, b)
    pairs = [((0,), (0,)), ((1,), (1,)), ((2,), (3,))]
    near = Neighbours.of_pairs(sim, a, b, pairs)
    assert near.around((2,), 1, near.paired_with((1,), 0)) == [0, 3]  # b1, the proposal for a1, is skipped
    (background,) = near.background([((1,), (2,))])
    assert math.isclose(background, max(_within(sim, "a", 1, 0), _within(sim, "a", 1, 2), _within(sim, "b", 2, 0),
                                        _within(sim, "b", 2, 3)), rel_tol=1e-6)
    assert sim.pair(1, 2) > background  # the rival clause is distinct: a candidate to weigh
    # counted as background, the proposal would have made it indistinct
    assert sim.pair(1, 2) <= Neighbours(sim, a, b, others=({0, 1, 2}, {0, 1, 3})).background([((1,), (2,))])[0]
    # the agent's several candidates at once: the same backgrounds
    assert near.background([((1,), (1,)), ((1,), (2,))]) == near.background([((1,), (1,))]) + [background]
    # and a candidate that is the counterpart of a clause around the A chunk: that clause is not its background
    (own,) = near.background([((1,), (3,))])
    assert math.isclose(own, max(_within(sim, "a", 1, 0), _within(sim, "b", 3, 0)), rel_tol=1e-6)
    assert near.background([((1,), (2,)), ((1,), (3,))]) == [background, own]
