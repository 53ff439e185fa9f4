"""The review queue lists the rows a reviewer should look at; a row the resolver joined by
meaning (align/repair.py) is one of them, whatever the decision of the pair it joined."""

from __future__ import annotations

from hikaku.align import Decision
from hikaku.result import Change
from hikaku.review import review_queue


def _row(a_ids, b_ids, confidence, decided_by):
    return Change(type="modified", a_ids=a_ids, b_ids=b_ids, item="", summary="", confidence=confidence,
                  moved=False, cosmetic=False, cosmetic_kind=None, similarity=0.8, a_text="x", b_text="y",
                  decided_by=decided_by, summary_by="offline", offline_summary=None, path=[], diff=None,
                  renumbered=False, renumbering=[], ignored=False, repealed=False)


def test_a_row_joined_by_meaning_is_listed_though_the_pairs_llm_decision_was_certain():
    # the pair a41 -> b50: an LLM decided it and the offline examination agreed, at 0.97
    pair = Decision(("a41",), ("b50",), "agent", "llm", 0.8, 1.0, 0.97, "", policy="llm",
                    candidates=((("b50",), 0.97),), offline_choice=("b50",), offline_probability=0.97)
    lone = Decision(("a42",), (), "agent", "delete", None, 0.5, 0.8, "", candidates=((("b50",), 0.3),))
    joined = _row(["a41", "a42"], ["b50"], 0.5, "resolver")
    queue = review_queue([joined], [pair, lone], certain=0.97)
    assert [(q.a_ids, q.b_ids) for q in queue] == [(["a41", "a42"], ["b50"])]
    assert queue[0].doubt >= 0.5
    # the same pair as the agent left it: certain, not listed
    assert review_queue([_row(["a41"], ["b50"], 0.97, "agent")], [pair], certain=0.97) == []


def test_the_doubts_worked_out_once_per_confidence_are_each_rows_own():
    """Rows no agent weighed share their doubt by (counterpart or none, confidence): the queue
    is the one the doubt of each row, worked out on its own, gives."""
    import random

    from hikaku.review import doubt_of

    rng = random.Random(5)
    rows, decisions = [], []
    for k in range(400):
        a, b = [f"a{k}"], ([f"b{k}"] if rng.random() < 0.8 else [])
        confidence = rng.choice([1.0, 0.99, 0.9, 0.6, 0.3, round(rng.random(), 4)])
        by = rng.choice(["plan", "resolver", "agent"])
        if by == "agent":
            candidates = ((tuple(b or ["b0"]), confidence), ((f"c{k}",), rng.choice([0.1, 0.5, 0.9])))
            decisions.append(Decision(tuple(a), tuple(b), "agent", "confirm", 0.8, 1.0, confidence, "",
                                      candidates=candidates))
        else:
            decisions.append(Decision(tuple(a), tuple(b), by, "certain", 0.9, 1.0, confidence, ""))
        rows.append(_row(a, b, confidence, by))
    certain = 0.95
    expected = []
    for k, (c, d) in enumerate(zip(rows, decisions)):
        doubt = doubt_of(d, c.b_ids, c.confidence, certain)
        if doubt.uncertain():
            expected.append((-doubt.value, k, doubt.value, list(doubt.reasons),
                             [(list(b), round(p, 4)) for b, p in doubt.competitors[:3]]))
    got = [(-q.doubt, q.change, q.doubt, q.reasons, [(x.b_ids, x.probability) for x in q.competitors])
           for q in review_queue(rows, decisions, certain)]
    assert got == sorted(expected) and len(got) > 50


def test_a_row_the_reviewer_decided_is_not_in_the_queue():
    """A reviewer ruled out the pair a21 → b22, b23 (対応なし); the agent, examining a21 again, found
    nothing else and deleted it, unsure. The row says the reviewer decided it (a deletion left by a
    pairing the reviewer ruled out): it is not also in the queue with the agent's doubt (before:
    レビュー済 beside 誤りの確率 0.35, still queued)."""
    again = Decision(("a21",), (), "agent", "delete", None, 0.5, 0.65, "", candidates=((("b22",), 0.35),))
    row = _row(["a21"], [], 0.65, "reviewer").model_copy(update={"type": "deleted"})
    assert review_queue([row], [again], certain=0.95) == []
    assert review_queue([row.model_copy(update={"decided_by": "agent"})], [again], certain=0.95)  # as the agent left it
