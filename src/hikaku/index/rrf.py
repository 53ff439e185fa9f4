"""Reciprocal Rank Fusion.

Cormack, Clarke and Büttcher, "Reciprocal Rank Fusion outperforms Condorcet and
individual Rank Learning Methods", SIGIR 2009: score(d) = Σ_r w_r / (k + rank_r(d)),
with ranks starting at 1 and k = 60.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

__all__ = ["reciprocal_rank_fusion", "RRF_K"]

RRF_K = 60
T = TypeVar("T", bound=Hashable)


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[T]], *, k: int = RRF_K, weights: Sequence[float] | None = None
) -> list[tuple[T, float]]:
    """Fuse ranked lists of ids into one list of (id, score), best first.

    An id missing from a ranking contributes nothing for it. Ties keep the order in
    which the ids were first seen, so the result is deterministic.
    """
    if k < 0:
        raise ValueError("k must be >= 0")
    if weights is None:
        weights = [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError("one weight per ranking")
    scores: dict[T, float] = {}
    for ranking, w in zip(rankings, weights):
        seen: set[T] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:  # a duplicate in one ranking counts once, at its best rank
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + w / (k + rank)
    order = {item: n for n, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))
