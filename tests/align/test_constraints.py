"""A reviewer's constraints in the plan and the resolver: fixed groups are anchors that cut
the gaps, forbidden pairs are never aligned (by the dynamic programme, a secondary anchor or
a fall-back), and a chunk left alone because of a ruling says so."""

from hikaku.align import AlignmentParams, Constraints, Decision, FixedGroup, plan_alignment, resolve
from hikaku.text.normalization import match_key

from ..helpers import doc

A = ["第1条 目的を定める。", "第2条 保険金は日額の20倍とする。", "第3条 請求は書面で行う。", "第4条 住所変更を届け出る。"]
B = ["第1条 目的を定める。", "第2条 保険金は日額の25倍とする。", "第3条 請求は書面又は電子で行う。", "第4条 住所変更を届け出る。"]


def plan(a, b, constraints=None, **kw):
    return plan_alignment([match_key(x) for x in a], [match_key(x) for x in b], a, b, AlignmentParams(**kw),
                          constraints=constraints)[0]


def pairs(p):
    return {(g.a, g.b) for g in p.groups}


def test_without_constraints_the_plan_pairs_in_place():
    p = plan(A, B)
    assert {((1,), (1,)), ((2,), (2,))} <= pairs(p)


def test_a_forbidden_pair_is_never_planned_even_when_it_is_the_only_one():
    p = plan(A, B, Constraints(forbidden=frozenset({(1, 1)})))
    assert ((1,), (1,)) not in pairs(p)
    assert p.group_of_a[1].b == () and 1 in p.unmatched_b
    assert ((2,), (2,)) in pairs(p)  # the rest of the gap is unaffected


def test_a_forbidden_identical_pair_is_no_anchor():
    p = plan(A, B, Constraints(forbidden=frozenset({(0, 0)})))
    assert ((0,), (0,)) not in pairs(p) and 0 in p.unmatched_b


def test_a_fixed_pair_is_settled_cuts_the_gaps_and_is_nobody_elses():
    # the reviewer pairs 第2条 of A with 第3条 of B: crossing the plan's own choice
    p = plan(A, B, Constraints(fixed=(FixedGroup((1,), (2,), "reviewer says so"),)))
    g = p.group_of_a[1]
    assert g.b == (2,) and g.by_reviewer and g.certain and g.probability == 1.0 and g.reason == "reviewer says so"
    assert p.owner_of_b[2] is g
    assert all(2 not in h.b for h in p.groups if h is not g)
    assert p.group_of_a[2].b in ((), (1,))  # 第3条 of A may only take what is left


def test_fixed_deletion_and_added_chunk():
    p = plan(A, B, Constraints(fixed=(FixedGroup((1,), ()),), added_b=frozenset({1})))
    assert p.group_of_a[1].b == () and p.group_of_a[1].by_reviewer
    assert 1 not in p.owner_of_b and 1 in p.unmatched_b


def test_a_forbidden_pair_is_no_secondary_anchor_of_a_large_gap():
    a = [f"Sentence number {i} talks about topic {i * 7 % 13} in detail." for i in range(60)]
    b = [x.replace("detail", "great detail") for x in a]
    forbidden = frozenset({(i, i) for i in range(0, 60, 3)})
    p = plan(a, b, Constraints(forbidden=forbidden), max_gap_cells=400)
    assert not any((g.a, g.b) == ((i,), (j,)) for g in p.groups for i, j in forbidden)
    assert all(((i,), (i,)) in pairs(p) for i in range(60) if i % 3)


def test_splits_are_not_offered_across_a_forbidden_pair():
    a = ["Members raised concerns about travel costs, and the chair promised a detailed report by June."]
    b = ["Members raised concerns about the cost of travel.", "In response, the chair promised a detailed report by June."]
    assert plan(a, b).group_of_a[0].b == (0, 1)
    p = plan(a, b, Constraints(forbidden=frozenset({(0, 1)})))
    assert p.group_of_a[0].b == (0,)


DA = doc("A", "x1", "x2", "x3")
DB = doc("B", "y1", "y2", "y3")


def agent(a, b, score, alternatives=()):
    return Decision(tuple(a), tuple(b), "agent", "confirm", score, score, 0.7, "",
                    alternatives=tuple((tuple(x), s) for x, s in alternatives))


def test_the_resolver_never_falls_back_to_a_forbidden_pair_and_says_who_ruled():
    cons = Constraints(forbidden=frozenset({(1, 1)}))
    out = resolve([agent(["a3"], ["b3"], 0.9), agent(["a2"], ["b3"], 0.6, [(["b2"], 0.55)]),
                   agent(["a1"], ["b1"], 0.9)], DA, DB, cons)
    a2 = next(g for g in out if g.a == (1,))
    assert a2.b == () and a2.decided_by == "reviewer"
    b2 = next(g for g in out if g.b == (1,))
    assert b2.a == () and b2.decided_by == "reviewer"


def test_a_reviewers_answer_wins_over_a_settled_pair():
    settled = Decision(("a1",), ("b1",), "plan", "certain", 0.9, 0.0, 0.95, "certain")
    answer = Decision(("a2",), ("b1",), "reviewer", "asked", 0.5, 1.0, 1.0, "the reviewer's answer")
    out = resolve([settled, answer], DA, DB)
    assert next(g for g in out if g.a == (1,)).b == (0,)
    lost = next(g for g in out if g.a == (0,))
    assert lost.b == () and "reviewer" in lost.reason
