"""The rivals' pick (workflow/runtime.py): the k best without sorting them all, exactly the
first k of a stable sort — ties included, which decide which rivals are scored in full."""

from __future__ import annotations

import numpy as np

from hikaku.workflow.runtime import _best


def test_the_best_are_the_first_of_a_stable_sort_also_with_ties():
    rng = np.random.default_rng(7)
    for n in (0, 1, 3, 4, 5, 9, 50, 400):
        for levels in (2, 5, 1000):  # few distinct values: many ties at the cut
            values = (rng.integers(0, levels, n) / levels).astype(np.float32)
            for k in (1, 4, 6):
                assert _best(values, k).tolist() == np.argsort(-values, kind="stable")[:k].tolist()
    ties = np.array([0.5, 0.9, 0.5, 0.9, 0.5, 0.1], dtype=np.float32)
    assert _best(ties, 3).tolist() == [1, 3, 0]
