import numpy as np

from hikaku.align import DPParams, align_gap


def test_one_to_one_diagonal_and_gaps():
    s = np.array([[0.9, 0.1, 0.1], [0.1, 0.2, 0.8]], dtype=np.float32)
    out = align_gap(s, None, None, DPParams(allow_merges=False))
    assert [(a, b) for a, b, _ in out] == [((0,), (0,)), ((1,), (2,))]


def test_pairs_below_threshold_are_left_alone():
    s = np.array([[0.3]], dtype=np.float32)
    assert align_gap(s, None, None, DPParams()) == []


def test_order_is_preserved():
    s = np.array([[0.1, 0.9], [0.9, 0.1]], dtype=np.float32)
    out = align_gap(s, None, None, DPParams(allow_merges=False))
    assert len(out) == 1


def test_split_and_merge():
    s = np.array([[0.6, 0.55]], dtype=np.float32)
    s12 = np.array([[0.97]], dtype=np.float32)
    out = align_gap(s, np.zeros((0, 2), np.float32), s12, DPParams())
    assert out == [((0,), (0, 1), float(np.float32(0.97)))]
    s = np.array([[0.6], [0.55]], dtype=np.float32)
    s21 = np.array([[0.97]], dtype=np.float32)
    out = align_gap(s, s21, np.zeros((2, 0), np.float32), DPParams())
    assert [(a, b) for a, b, _ in out] == [((0, 1), (0,))]


def test_weak_split_is_not_taken():
    s = np.array([[0.8, 0.55]], dtype=np.float32)
    s12 = np.array([[0.9]], dtype=np.float32)  # better, but not by the penalty
    out = align_gap(s, np.zeros((0, 2), np.float32), s12, DPParams())
    assert [(a, b) for a, b, _ in out] == [((0,), (0,))]


def test_continuity_bonus_keeps_a_rewritten_sentence_in_place():
    s = np.array([[0.47]], dtype=np.float32)  # just under tau, but sandwiched between anchors
    assert align_gap(s, None, None, DPParams(tau=0.5, continuity_bonus=0.05)) != []
    assert align_gap(s, None, None, DPParams(tau=0.5, continuity_bonus=0.0)) == []
