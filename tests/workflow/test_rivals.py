"""The rivals' pick (workflow/runtime.py): the k best without sorting them all, exactly the
first k of a stable sort — ties included, which decide which rivals are scored in full."""

from __future__ import annotations

import random

import numpy as np

from hikaku.system.ranking import best as _best


def test_the_best_are_the_first_of_a_stable_sort_also_with_ties():
    rng = np.random.default_rng(7)
    for n in (0, 1, 3, 4, 5, 9, 50, 400):
        for levels in (2, 5, 1000):  # few distinct values: many ties at the cut
            values = (rng.integers(0, levels, n) / levels).astype(np.float32)
            for k in (1, 4, 6):
                assert _best(values, k).tolist() == np.argsort(-values, kind="stable")[:k].tolist()
    ties = np.array([0.5, 0.9, 0.5, 0.9, 0.5, 0.1], dtype=np.float32)
    assert _best(ties, 3).tolist() == [1, 3, 0]


def _view(seed: int):
    from hikaku import Chunk, Document
    from hikaku.align import plan_alignment
    from hikaku.workflow.runtime import PlanView

    rng = random.Random(seed)
    words = "保険金 支払 契約 the premium is paid monthly 被保険者 入院 claim notice within days 特約 解約".split()

    def sentence() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(3, 12)))

    texts_a = [sentence() for _ in range(80)]
    texts_b = [t if rng.random() < 0.4 else sentence() for t in texts_a]
    a = Document(id="A", chunks=[Chunk(id=f"a{k}", content=t) for k, t in enumerate(texts_a)])
    b = Document(id="B", chunks=[Chunk(id=f"b{k}", content=t) for k, t in enumerate(texts_b)])
    plan, sim = plan_alignment(texts_a, texts_b, texts_a, texts_b, normalized=True)
    return PlanView(a, b, plan, sim)


def test_the_rivals_of_several_b_chunks_scored_at_once_are_those_of_each_alone():
    """Rivals are scored in full in one product for the B chunks asked for together: the
    same rivals and scores, to the last bit, as when each B chunk is asked for alone."""
    together, alone = _view(3), _view(3)
    b_ids = [f"b{j}" for j in range(80)]  # more than one block (_RIVAL_BLOCK)
    for own in (("a1",), ("a5", "a6")):
        got = together.rival_similarities(own, b_ids)
        assert got == [alone.rival_similarities(own, [b])[0] for b in b_ids]
    assert together._rival_cache == alone._rival_cache
    assert any(together._rival_cache.values()) and any(s > 0 for s in got)
