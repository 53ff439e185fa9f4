"""The cosines of a few chunks with a few others without sparse matrices (align/small_similarity.py): the
same numbers, to the bit, as the sparse product, also for chunks featurised later (unseen terms)."""

from __future__ import annotations

import random

import numpy as np

from hikaku.align import similarity
from hikaku.align.similarity import TextSimilarity


def _texts(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    words = ("保険金 支払 請求 被保険者 入院 給付金 契約者 解約 返戻金 the insurer pays benefit within days "
             "claim notice premium monthly 第1条 第2条 特約 免責").split()
    return [" ".join(rng.choice(words) for _ in range(rng.randint(1, 60))) + "。" * rng.randint(0, 2)
            for _ in range(n)]


def test_a_few_pairs_are_scored_as_the_sparse_product_scores_them(monkeypatch):
    a, b = _texts(1, 120) + [""], _texts(2, 130) + ["xyz qqq", ""]
    fast = TextSimilarity(a, b, focus_a=range(0, 121, 4), focus_b=range(0, 132, 4))
    sparse = TextSimilarity(a, b, focus_a=range(0, 121, 4), focus_b=range(0, 132, 4))
    rng = np.random.default_rng(3)
    differing = cells = 0
    for t in range(400):  # chunks outside the focus are featurised as asked: the vocabulary grows
        ia = [int(x) for x in rng.integers(len(a), size=1 if t % 2 else 3)]
        ib = [int(x) for x in rng.integers(len(b), size=int(rng.integers(1, 9)))]
        monkeypatch.setattr(similarity, "SMALL", 64)
        got = fast.matrix(ia, ib)
        monkeypatch.setattr(similarity, "SMALL", 0)  # every product through the sparse matrices
        want = sparse.matrix(ia, ib)
        assert got.dtype == want.dtype == np.float32 and got.shape == want.shape
        differing += int((got.view(np.uint32) != want.view(np.uint32)).sum())
        cells += got.size
    assert cells > 1000 and differing == 0
