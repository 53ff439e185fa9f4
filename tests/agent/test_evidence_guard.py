"""The evidence guard's rules on hand-made evidence: what it refuses, and the room it
leaves the LLM (where it can do better than the offline policy)."""

from __future__ import annotations

from hikaku.agent.answer import ComparisonAnswer
from hikaku.agent.evidence import LINK, describe_evidence, guard_answer, strong_candidates
from hikaku.agent.examination import CandidateEvidence
from hikaku.align import load_calibration

CERTAIN = load_calibration().certain.value


def cand(b: str, p: float, claimed_by: tuple[str, ...] = (), claim: float = 0.0, **features: float) -> CandidateEvidence:
    return CandidateEvidence((b,), {"similarity": 0.9, **features}, p, claimed_by=claimed_by, claim_probability=claim)


def ans(ids: list[str], kind: str = "modified") -> ComparisonAnswer:
    return ComparisonAnswer(counterpart_ids=ids, change_type=kind, confidence=0.99)  # type: ignore[arg-type]


def weigh(table: dict[tuple[str, ...], float]):
    return lambda ids: table.get(ids, 0.0)


CERTAIN_AND_WEAK = [cand("b5", CERTAIN), cand("b9", LINK / 2)]


def test_deleting_a_chunk_with_a_certain_counterpart_is_refused():
    problem = guard_answer(ans([], "deleted"), CERTAIN_AND_WEAK, CERTAIN, weigh({}))
    assert problem is not None and problem.kind == "evidence_deleted" and "b5" in problem.detail


def test_deleting_is_the_llms_call_when_no_counterpart_is_certain():
    evidence = [cand("b5", (LINK + CERTAIN) / 2), cand("b9", LINK / 2)]
    assert guard_answer(ans([], "deleted"), evidence, CERTAIN, weigh({})) is None


def test_a_candidate_another_chunk_claims_more_probably_does_not_forbid_a_deletion():
    claimed = [cand("b5", CERTAIN, claimed_by=("a7",), claim=(1 + CERTAIN) / 2)]
    assert guard_answer(ans([], "deleted"), claimed, CERTAIN, weigh({})) is None
    weaker_claim = [cand("b5", (1 + CERTAIN) / 2, claimed_by=("a7",), claim=CERTAIN)]
    assert guard_answer(ans([], "deleted"), weaker_claim, CERTAIN, weigh({})).kind == "evidence_deleted"


def test_a_counterpart_far_below_a_certain_one_is_refused():
    problem = guard_answer(ans(["b9"]), CERTAIN_AND_WEAK, CERTAIN, weigh({("b9",): LINK / 2}))
    assert problem is not None and problem.kind == "evidence_weaker"
    assert "b9" in problem.detail and "b5" in problem.detail


def test_a_counterpart_the_tools_did_not_surface_is_weighed_by_the_same_model():
    weighed = []

    def probability_of(ids):
        weighed.append(ids)
        return 0.0

    problem = guard_answer(ans(["b30", "b31"]), CERTAIN_AND_WEAK, CERTAIN, probability_of)
    assert weighed == [("b30", "b31")] and problem.kind == "evidence_weaker"


def test_a_plausible_alternative_to_a_certain_candidate_is_the_llms_call():
    # more likely right than wrong: the LLM may know better (a reworded counterpart, a near-duplicate)
    assert guard_answer(ans(["b9"]), CERTAIN_AND_WEAK, CERTAIN, weigh({("b9",): LINK})) is None


def test_any_counterpart_is_the_llms_call_when_none_would_be_linked():
    evidence = [cand("b5", LINK / 2)]  # the offline policy would delete the chunk
    assert guard_answer(ans(["b40"]), evidence, CERTAIN, weigh({})) is None
    assert guard_answer(ans(["b5"]), CERTAIN_AND_WEAK, CERTAIN, weigh({})) is None  # the certain one itself


def test_an_implausible_counterpart_instead_of_one_the_offline_policy_links_is_refused():
    """Not certain, but more likely right than wrong (a split at 0.88): a nonsense answer — a
    heading of similarity 0.08 — must not replace it; a plausible alternative still may."""
    evidence = [cand("b22", (LINK + CERTAIN) / 2), cand("b9", LINK / 2)]
    problem = guard_answer(ans(["b21"]), evidence, CERTAIN, weigh({("b21",): 0.02}))
    assert problem.kind == "evidence_weaker" and "b22" in problem.detail and f"linked from {LINK}" in problem.detail
    assert guard_answer(ans(["b9"]), evidence, CERTAIN, weigh({("b9",): LINK})) is None
    assert guard_answer(ans([], "deleted"), evidence, CERTAIN, weigh({})) is None  # its best is uncertain


def test_strong_candidates_and_how_the_retry_states_them():
    evidence = [cand("b5", CERTAIN, label=1.0, sequence=1.0), cand("b6", CERTAIN, claimed_by=("a2",), claim=1.0)]
    assert [c.b_ids for c in strong_candidates(evidence, CERTAIN)] == [("b5",)]
    ja = describe_evidence(evidence, "ja")
    assert ja.splitlines()[0] == f"- b5: 確率 {CERTAIN:.2f}（類似度 0.90、同じ見出し番号、直前のチャンクも対応）"
    assert "a2 も候補としている" in ja.splitlines()[1]
    en = describe_evidence(evidence, "en")
    assert en.splitlines()[0] == f"- b5: probability {CERTAIN:.2f} (similarity 0.90; same label, same predecessor)"
    assert describe_evidence([], "en") == "- no candidate"
