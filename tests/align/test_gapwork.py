"""The plan's gap scores made a batch of gaps at a time (align/gapwork.py): each gap's
similarity matrix and derivations the same, to the last bit, as the gap's own."""

from __future__ import annotations

import numpy as np
import pytest

from hikaku.align import TextSimilarity, derivation, gapwork
from hikaku.align.gapwork import GapScores, derivations

A = ["第１条　保険金を支払う。", "The instability, injustice, and confusion have been the mortal diseases.", "",
     "ｶﾀｶﾅの条文", "Short.", "第2条（保険金）当社は手術給付金として日額の20倍を支払う。", "x", "同じ文", "ab"]
B = ["第1条 保険金を支払います。", "The instability and confusion have been mortal diseases.", "They remain topics.",
     "カタカナの条文", "", "第２条（保険金）", "当社は手術給付金として日額の25倍を支払う。", "同じ文", "y z"]
GAPS = [([0, 1], [0, 1, 2]), ([2], [3]), ([3, 4, 5], [4, 5, 6]), ([6], []), ([], [7]), ([7, 8], [7, 8])]


@pytest.mark.parametrize("batch", [1, 3, 1024])
def test_scores_are_each_gaps_own(batch, monkeypatch):
    monkeypatch.setattr(gapwork, "BATCH_CHUNKS", batch)
    focus = ([0, 1, 3, 4, 5, 7, 8], [0, 1, 2, 4, 5, 6, 7, 8])  # A 2, 6 and B 3 featurised when asked for
    sim = TextSimilarity(A, B, focus_a=focus[0], focus_b=focus[1])
    alone = TextSimilarity(A, B, focus_a=focus[0], focus_b=focus[1])
    scores = GapScores(sim, GAPS)
    for ia, ib in GAPS:  # in the same order: the vocabulary grows the same
        expected = alone.matrix(ia, ib)
        got = scores.matrix(ia, ib)
        assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes()
    assert np.array_equal(sim._vocab_keys, alone._vocab_keys) and sim._rows == alone._rows
    for ia, ib in GAPS:
        if not ia or not ib:
            continue
        from_a, from_b = scores.derivations(ia, ib)
        for r, i in enumerate(ia):
            for c, j in enumerate(ib):
                assert from_a[r, c] == derivation(sim, "b", j, "a", i)
                assert from_b[r, c] == derivation(sim, "a", i, "b", j)


def test_a_gap_not_given_is_computed_on_its_own():
    sim = TextSimilarity(A, B)
    scores = GapScores(sim, GAPS[:1], merges=False)
    assert not scores._derivations
    assert scores.matrix([5], [5, 6]).tobytes() == TextSimilarity(A, B).matrix([5], [5, 6]).tobytes()
    got = scores.derivations([5], [5, 6])
    expected = derivations(sim, [([5], [5, 6])])[0]
    assert all(x.tobytes() == y.tobytes() for x, y in zip(got, expected))


@pytest.mark.parametrize("batch", [1, 4, 1024])
def test_prefetched_group_similarities_are_each_requests_own(batch, monkeypatch):
    monkeypatch.setattr(gapwork, "BATCH_CHUNKS", batch)
    requests = [([(0,), (1,)], [(0, 1), (1, 2)]), ([(2, 3)], [(3,)]), ([(3, 4, 5)], [(4,), (5,), (6,)]),
                ([(6,), (7, 8)], [(7, 8), (8,)]), ([], [(1,)])]
    focus = ([0, 1, 4, 5, 7], [0, 1, 2, 5, 7])  # the others featurised when first asked for
    sim = TextSimilarity(A, B, focus_a=focus[0], focus_b=focus[1])
    alone = TextSimilarity(A, B, focus_a=focus[0], focus_b=focus[1])
    scores = GapScores(sim)
    scores.prefetch(requests)
    for ga, gb in requests:
        expected = alone.group_matrix(ga, gb)
        got = scores.group_matrix(ga, gb)
        assert got.dtype == expected.dtype and got.tobytes() == expected.tobytes()
    assert np.array_equal(sim._vocab_keys, alone._vocab_keys) and sim._rows == alone._rows
    assert scores.group_matrix([(8,)], [(0,)]).tobytes() == alone.group_matrix([(8,)], [(0,)]).tobytes()  # not asked
