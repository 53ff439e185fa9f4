"""The offline policy's verdict on weighed candidates: linked above ½ with the action that says
why, deleted otherwise; the confidence, the alternatives and the weighed candidates."""

from __future__ import annotations

from hikaku.agent.base import AgentTask
from hikaku.agent.examination import Candidate
from hikaku.agent.messages import Thoughts
from hikaku.agent.verdict import verdict

TASK = AgentTask(("a4",), ("b4",), 0.8, "match", (2, 6))


def cand(b: str, p: float, pos: int = 3, **flags: bool) -> Candidate:
    c = Candidate((b,), pos, similarity=0.8, probability=p, in_window=True)
    for k, v in flags.items():
        setattr(c, k, v)
    return c


def test_the_most_probable_candidate_above_a_half_is_linked_and_the_action_says_why():
    cases = [(cand("b4", 0.9, proposal=True), "confirm"), (cand("b9", 0.9, in_window=False), "move"),
             (cand("b5", 0.9, label_match=True), "label"), (cand("b5", 0.9), "relink")]
    for best, action in cases:
        d = verdict(Thoughts("en"), TASK, [best, cand("b7", 0.6), cand("b8", 0.2)], "第4条")
        assert (d.b_ids, d.action, d.score) == (best.b_ids, action, 0.9)
        assert d.confidence == 0.9 - 0.5 * 0.6  # less half the runner-up
        assert d.alternatives == ((("b7",), 0.6),)  # the others above ½
        assert d.candidates == ((best.b_ids, 0.9), (("b7",), 0.6), (("b8",), 0.2))


def test_no_candidate_above_a_half_deletes_the_group():
    t = Thoughts("en")
    d = verdict(t, TASK, [cand("b4", 0.5, proposal=True)], None)
    assert d.b_ids == () and d.action == "delete" and d.score == d.confidence == 0.5
    assert d.thoughts == tuple(t.lines) and t.lines
    assert verdict(Thoughts("en"), TASK, [], None).confidence == 1.0
