"""The vectorised middle-snake search finds the diff diff-match-patch finds, and spends the
same steps of a step budget doing so (a budget that runs out mid-diff cuts both at the same
place)."""

from __future__ import annotations

import random

import pytest
from diff_match_patch import diff_match_patch

from hikaku.changes import _bisect, inline_ops
from hikaku.changes._bisect import BisectDiff
from hikaku.changes.inline import _Steps


def _edited(rng: random.Random, alphabet: str, length: int, edits: int) -> tuple[str, str]:
    a = "".join(rng.choice(alphabet) for _ in range(length))
    b = list(a)
    for _ in range(edits):
        if b and rng.random() < 0.5:
            del b[rng.randrange(len(b))]
        else:
            b.insert(rng.randint(0, len(b)), rng.choice(alphabet))
    return a, "".join(b)


def _both(a: str, b: str, steps: int) -> tuple[tuple[list, int], tuple[list, int]]:
    s1, s2 = _Steps(steps), _Steps(steps)
    d1 = diff_match_patch().diff_main(a, b, False, s1)
    d2 = BisectDiff().diff_main(a, b, False, s2)
    return (d1, s1.left), (d2, s2.left)


@pytest.mark.parametrize("switch", [0, 1, 4, _bisect.SWITCH])
def test_same_diff_and_same_steps_as_diff_match_patch(monkeypatch, switch):
    monkeypatch.setattr(_bisect, "SWITCH", switch)  # 0: every step on arrays
    rng = random.Random(switch)
    vectorised = 0
    for _ in range(40):
        alphabet = rng.choice(["ab", "abc", "abcdefg", "あいうえおかきくけこ"])
        a, b = _edited(rng, alphabet, rng.randint(0, 250), rng.randint(0, 160))
        for steps in (100_000, 150, 30, 3):  # ample, and budgets that run out on the way
            original, ours = _both(a, b, steps)
            assert ours == original
        vectorised += len(a) + len(b) > 2 * switch
    assert vectorised > 20  # the array walk was exercised


def test_a_long_many_edit_pair_is_the_same_and_the_array_walk_is_used(monkeypatch):
    rng = random.Random(7)
    a, b = _edited(rng, "あいうえおかきくけこさしすせそ", 800, 500)
    calls = []
    walk = BisectDiff._walk_arrays
    monkeypatch.setattr(BisectDiff, "_walk_arrays", lambda self, *args: calls.append(1) or walk(self, *args))
    for steps in (5000, 400):
        original, ours = _both(a, b, steps)
        assert ours == original
    assert calls


def test_inline_ops_uses_it_and_still_reproduces_both_texts():
    rng = random.Random(3)
    a, b = _edited(rng, "保険料払込期間満了日契約者", 600, 300)
    ops = inline_ops(a, b)
    assert "".join(t for op, t in ops if op <= 0) == a and "".join(t for op, t in ops if op >= 0) == b
