from hikaku.align import Decision, resolve

from ..helpers import doc

A = doc("A", "x1", "x2", "x3")
B = doc("B", "y1", "y2", "y3")


def settled(a, b):
    return Decision(tuple(a), tuple(b), "anchor", "identical", 1.0, 0.0, 1.0, "identical text")


def decision(a, b, score, alternatives=()):
    return Decision(tuple(a), tuple(b), "agent", "confirm", score, score, 0.7, "",
                    alternatives=tuple((tuple(x), s) for x, s in alternatives))


def view(groups):
    return [(tuple(A.chunks[i].id for i in g.a), tuple(B.chunks[j].id for j in g.b)) for g in groups]


def test_competition_goes_to_the_stronger_claim_and_the_loser_falls_back():
    out = resolve([settled(["a1"], ["b1"]), decision(["a2"], ["b3"], 0.6, [(["b2"], 0.55)]),
                   decision(["a3"], ["b3"], 0.9)], A, B)
    assert set(view(out)) == {(("a1",), ("b1",)), (("a2",), ("b2",)), (("a3",), ("b3",))}
    loser = next(g for g in out if g.a == (1,))
    assert loser.reason.startswith("fallback")


def test_loser_without_alternative_is_deleted_and_free_b_is_added():
    out = resolve([settled(["a1"], ["b1"]), decision(["a2"], ["b3"], 0.6), decision(["a3"], ["b3"], 0.9)],
                  A, B)
    got = set(view(out))
    assert (("a2",), ()) in got and ((), ("b2",)) in got
    deleted = next(g for g in out if g.a == (1,))
    assert "went to a3" in deleted.reason


def test_moves_and_reading_order():
    out = resolve([settled(["a1"], ["b3"]), settled(["a2"], ["b1"]), settled(["a3"], ["b2"])], A, B)
    assert [g.moved for g in out] == [False, False, True]
    assert view(out) == [(("a2",), ("b1",)), (("a3",), ("b2",)), (("a1",), ("b3",))]


def test_deletion_is_listed_after_the_pair_before_it():
    out = resolve([settled(["a1"], ["b1"]), decision(["a2"], [], 0.2), settled(["a3"], ["b3"])], A, B)
    assert view(out) == [(("a1",), ("b1",)), (("a2",), ()), ((), ("b2",)), (("a3",), ("b3",))]
