import pytest

from hikaku.index import RRF_K, reciprocal_rank_fusion


def test_formula_with_k_60():
    fused = dict(reciprocal_rank_fusion([["a", "b"], ["b", "c"]]))
    assert RRF_K == 60
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 62)


def test_order_and_ties():
    assert [i for i, _ in reciprocal_rank_fusion([["a", "b"], ["b", "a"]])] == ["a", "b"]  # tie: first seen
    assert [i for i, _ in reciprocal_rank_fusion([["x", "y", "z"], ["z"]])] == ["z", "x", "y"]


def test_weights_k_and_duplicates():
    fused = dict(reciprocal_rank_fusion([["a"], ["b"]], k=0, weights=[2.0, 1.0]))
    assert fused == {"a": 2.0, "b": 1.0}
    assert dict(reciprocal_rank_fusion([["a", "a", "b"]], k=0)) == {"a": 1.0, "b": 1 / 3}
    assert reciprocal_rank_fusion([]) == []
    with pytest.raises(ValueError):
        reciprocal_rank_fusion([["a"]], weights=[1.0, 2.0])
