import numpy as np

from hikaku.align import DPParams, align_gap

NO = -np.inf


def test_one_to_one_diagonal_and_gaps():
    s = np.array([[0.9, 0.1, 0.1], [0.1, 0.2, 0.8]])
    out = align_gap({(1, 1): s}, DPParams())
    assert [(a, b) for a, b, _ in out] == [((0,), (0,)), ((1,), (2,))]


def test_pairs_below_threshold_are_left_alone():
    assert align_gap({(1, 1): np.array([[0.3]])}, DPParams()) == []


def test_order_is_preserved():
    s = np.array([[0.1, 0.9], [0.9, 0.1]])
    assert len(align_gap({(1, 1): s}, DPParams())) == 1


def test_a_split_wins_when_the_concatenation_is_closer():
    s = np.array([[0.6, 0.55]])
    s12 = np.array([[NO, 0.97]])  # entry [i, j]: A[i] against B[j-1] + B[j]
    out = align_gap({(1, 1): s, (1, 2): s12}, DPParams())
    assert out == [((0,), (0, 1), 0.97)]
    # the same split, less similar than the pair alone: the pair (and an addition)
    out = align_gap({(1, 1): np.array([[0.8, 0.3]]), (1, 2): np.array([[NO, 0.7]])}, DPParams())
    assert [(a, b) for a, b, _ in out] == [((0,), (0,))]


def test_merges_and_three_part_groups():
    s = np.array([[0.6], [0.55]])
    s21 = np.array([[NO], [0.97]])  # A[i-1] + A[i] against B[j]
    assert [(a, b) for a, b, _ in align_gap({(1, 1): s, (2, 1): s21}, DPParams())] == [((0, 1), (0,))]
    s = np.full((1, 3), 0.4)
    s13 = np.array([[NO, NO, 0.9]])
    assert [(a, b) for a, b, _ in align_gap({(1, 1): s, (1, 3): s13}, DPParams())] == [((0,), (0, 1, 2))]
    s = np.full((3, 1), 0.4)
    s31 = np.array([[NO], [NO], [0.9]])
    assert [(a, b) for a, b, _ in align_gap({(1, 1): s, (3, 1): s31}, DPParams())] == [((0, 1, 2), (0,))]


def test_an_operation_not_offered_is_never_taken():
    s = np.array([[0.6, 0.55]])
    assert [(a, b) for a, b, _ in align_gap({(1, 1): s, (1, 2): np.full((1, 2), NO)}, DPParams())] == [((0,), (0,))]


def test_continuity_bonus_keeps_a_rewritten_sentence_in_place():
    s = np.array([[0.47]])  # just under tau, but sandwiched between anchors
    assert align_gap({(1, 1): s}, DPParams(tau=0.5, continuity_bonus=0.05)) != []
    assert align_gap({(1, 1): s}, DPParams(tau=0.5, continuity_bonus=0.0)) == []
