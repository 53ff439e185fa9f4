"""The vectorised middle-snake search finds the diff diff-match-patch finds, and spends the
same steps of a step budget doing so (a budget that runs out mid-diff cuts both at the same
place)."""

from __future__ import annotations

import random

import pytest
from diff_match_patch import diff_match_patch

from hikaku.changes import inline_ops, middle_snake
from hikaku.changes.inline import _PRIVATE, DiffCache, _Steps
from hikaku.changes.middle_snake import BisectDiff


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


@pytest.mark.parametrize("switch", [0, 1, 4, middle_snake.SWITCH])
def test_same_diff_and_same_steps_as_diff_match_patch(monkeypatch, switch):
    monkeypatch.setattr(middle_snake, "SWITCH", switch)  # 0: every step on arrays
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


def pairs_of_real_data() -> list[tuple[str, str]]:
    """Every differing pair of chunks the gold aligns in the repository's real test data
    (statutes, essays, the editing set; splits and merges joined as rows join them)."""
    import json
    from pathlib import Path

    out = []
    for gold in sorted((Path(__file__).parents[1] / "data").glob("**/gold.json")):
        a, b = ({c["id"]: c["content"] for c in json.loads((gold.parent / f"{s}.json").read_text(encoding="utf-8"))}
                for s in "ab")
        for pair in json.loads(gold.read_text(encoding="utf-8"))["aligned"]:
            ids_a = pair["a_id"] if isinstance(pair["a_id"], list) else [pair["a_id"]]
            ids_b = pair["b_id"] if isinstance(pair["b_id"], list) else [pair["b_id"]]
            ta, tb = "\n".join(a[i] for i in ids_a), "\n".join(b[j] for j in ids_b)
            if ta != tb:
                out.append((ta, tb))
    return out


def test_a_shared_cache_gives_each_pair_its_own_diff():
    """The diffs a comparison's rows share (each shape of edit diffed once) are those of each
    pair diffed alone: real pairs, the same pairs behind another common prefix (a copy
    marker) and renamed character by character (same shape, other text), random pairs, and
    budgets that run out, with one cache for all."""
    rng = random.Random(11)
    pairs = pairs_of_real_data()
    assert len(pairs) > 20
    shifted = {ord(c): chr(ord(c) + 1) for c in "あいうえおかきくけこ保険料の日月年abcdefgAB0123"}
    pairs += [("［写1］" + a, "［写1］" + b) for a, b in pairs[:40]] + [(a.translate(shifted), b.translate(shifted))
                                                                   for a, b in pairs[:40]]
    for _ in range(60):
        a, b = _edited(rng, rng.choice(["ab", "abcdefg", "あいうえおかきくけこ", "a b c. d, e"]), rng.randint(0, 300),
                       rng.randint(0, 120))
        pairs += [(a, b), ("x" + a + "y", "x" + b + "y")]
    cache = DiffCache()
    for steps in (5000, 60, 3):
        for a, b in pairs:
            assert inline_ops(a, b, steps=steps, cache=cache) == inline_ops(a, b, steps=steps), (a, b, steps)
    shapes = sum(1 for key in cache.middles if key[2] == 5000)
    assert 0 < shapes <= len(pairs) - 140  # the copies (marked, renamed, framed) were found in it


def test_every_shared_code_point_reads_alike_to_the_semantic_clean_up():
    """The shared code points (DiffCache) are private use ones: to diff-match-patch's semantic
    clean-up none is a letter or digit, a space or a line break, as none of a pair's own table
    (U+100000 on) is; the same diff whichever a unit gets. And when they run out, a pair has
    its own table again: the same diff."""
    import re
    import unicodedata

    dmp = diff_match_patch()
    for k in (*range(0xF0000, 0xFFFFE), *range(0x100000, 0x10FFFE)):
        c = chr(k)
        assert unicodedata.category(c) == "Co" and not c.isalnum() and not c.isspace()
        assert not re.match(r"\s|[\r\n]", c) and dmp.BLANKLINEEND.search(c) is None
    assert _PRIVATE == (0xFFFFD - 0xF0000 + 1) + (0x10FFFD - 0x100000 + 1)
    a, b = "the cat sat on the mat", "the dog sat on a mat"
    full = DiffCache()
    full.codes = {f"w{k}": chr(0xF0000 + k % 0xFFFE) for k in range(_PRIVATE)}  # (a table with no room left)
    assert full.encode(a.split(" "), b.split(" ")) is None
    assert inline_ops(a, b, cache=full) == inline_ops(a, b) == inline_ops(a, b, cache=DiffCache())
