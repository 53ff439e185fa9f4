"""Gaps too large for the dynamic programme (issue 35): cut along a chain of candidate pairs, with
work and memory linear in the gap's size (align/large_gaps.py), never all n × m similarities."""

from __future__ import annotations

import itertools
import random
import tracemalloc

import numpy as np
import pytest

from hikaku.align import AlignmentParams, plan_alignment
from hikaku.align.large_gaps import heaviest_chain, piece_bounds
from hikaku.text.normalization import match_key

Pair = tuple[list[str], list[str]]


def table_pair(n: int) -> Pair:
    """A premium table (保険料表), a row a chunk, every premium changed in B (×1.03 and a drift),
    as bench/worst_pairs.py makes it: rows alike but for age, sex, term, plan and amount."""
    rng = random.Random(35)
    a, b = [], []
    plans = ("基本プラン", "充実プラン", "入院一時金付", "先進医療特約付")
    for k in range(n):
        age, sex, term, plan = k % 86, ("男性", "女性")[k // 86 % 2], ("10年", "20年", "終身")[k // 172 % 3], \
            plans[k // 516 % 4]
        old = 800 + age * 40 + (150 if sex == "女性" else 0) + 90 * len(term) + 300 * plans.index(plan) + rng.randrange(40)
        row = f"{age}歳｜{sex}｜保険期間{term}｜{plan}｜月払保険料"
        a.append(f"{row}｜{old:,}円")
        b.append(f"{row}｜{round(old * 1.03) + rng.randrange(1, 9):,}円")
    return a, b


def headings_pair(n: int) -> Pair:
    """*n* short headings against a small unrelated document."""
    rng = random.Random(35)
    titles = ("総則", "契約の締結", "保険料の払込", "保険金の支払", "契約の解除", "告知義務", "雑則", "附則")
    small = ("駅前の商店街では毎週土曜日に朝市が開かれる。", "新しい図書館は来年の春に開館する予定である。",
             "川沿いの桜並木は見頃を迎えている。", "バスの時刻表が四月から改正される。") * 9
    return [f"第{k + 1}章　{rng.choice(titles)}" for k in range(n)], list(small)


def chars_pair(n: int) -> Pair:
    """*n* one-character chunks a side, drawn from a few hundred kana and kanji."""
    rng = random.Random(35)
    alphabet = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x4E00, 0x4E00 + 200)]
    return [rng.choice(alphabet) for _ in range(n)], [rng.choice(alphabet) for _ in range(n)]


def _plan(a: list[str], b: list[str], **kw):
    return plan_alignment([match_key(x) for x in a], [match_key(x) for x in b], a, b, AlignmentParams(**kw))[0]


def test_the_heaviest_chain_is_the_best_increasing_subset():
    rng = random.Random(35)
    for _ in range(200):
        n = rng.randint(1, 9)
        rows = np.array([rng.randint(0, 5) for _ in range(n)])
        cols = np.array([rng.randint(0, 5) for _ in range(n)])
        weights = np.array([rng.choice([0.1, 0.3, 0.5, 0.9]) for _ in range(n)], dtype=np.float32)
        chain = heaviest_chain(rows, cols, weights).tolist()
        assert all(rows[x] < rows[y] and cols[x] < cols[y] for x, y in zip(chain, chain[1:]))
        best = max(sum(weights[k] for k in subset) for size in range(n + 1)
                   for subset in itertools.combinations(range(n), size)
                   if all(rows[x] < rows[y] and cols[x] < cols[y]
                          for x, y in zip(sorted(subset, key=lambda k: (rows[k], cols[k])),
                                          sorted(subset, key=lambda k: (rows[k], cols[k]))[1:])))
        assert sum(weights[k] for k in chain) == pytest.approx(best, abs=1e-6)


def test_pieces_follow_the_chain_within_the_budget():
    rows, cols = [3, 10, 12, 30, 31, 32, 90], [2, 9, 15, 28, 30, 40, 91]
    bounds = piece_bounds(rows, cols, 100, 100, 100)
    points = [(0, 0), *zip(rows, cols), (100, 100)]
    assert bounds[0] == (0, 0) and bounds[-1] == (100, 100) and all(b in points for b in bounds)
    for start, end in zip(bounds, bounds[1:]):
        # within the budget, unless it lies between two neighbouring points of the chain
        assert (end[0] - start[0]) * (end[1] - start[1]) <= 100 or end == points[points.index(start) + 1]
    assert bounds == [(0, 0), (10, 9), (12, 15), (30, 28), (32, 40), (90, 91), (100, 100)]  # the farthest each time


def test_a_premium_table_whose_every_amount_changed_pairs_each_row_with_its_own():
    a, b = table_pair(1500)
    p = _plan(a, b)
    own = sum(1 for g in p.groups if g.a == g.b)
    assert own >= 0.97 * len(a)  # the full matrix's mutual best matches paired 368 of 2,000


def test_unrelated_documents_in_one_huge_gap_are_cut_without_pairing():
    a, b = headings_pair(3000)
    p = _plan(a, b)
    assert sorted(i for g in p.groups for i in g.a) == list(range(len(a)))
    assert all(not g.b for g in p.groups) and sorted(p.unmatched_b) == list(range(len(b)))


def test_a_block_inserted_far_from_the_diagonal_is_found_by_its_rare_terms():
    """B has 400 new sentences before the 300 of A, each lightly edited: their places are
    far from the gap's proportional diagonal, and the seeds (shared rare terms) find them."""
    rng = random.Random(3)
    words = [f"w{k}" for k in range(4000)]
    a = [" ".join(rng.sample(words, 8)) + "." for _ in range(300)]
    new = [" ".join(rng.sample(words, 8)) + "!" for _ in range(400)]
    b = new + [x.replace(".", " indeed.") for x in a]
    p = _plan(a, b, max_gap_cells=2000)
    assert sum(1 for g in p.groups if g.b == (g.a[0] + 400,)) >= 0.95 * len(a)


def _traced_peak(pair: Pair) -> int:
    a, b = pair
    keys_a, keys_b = [match_key(x) for x in a], [match_key(x) for x in b]
    tracemalloc.start()
    try:
        plan_alignment(keys_a, keys_b, a, b, AlignmentParams())
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("make", [table_pair, chars_pair], ids=["table", "chars"])
def test_the_plans_memory_grows_linearly_with_a_gap_that_nothing_anchors(make):
    """Twice the chunks, at most about twice the plan's traced peak (the full n × m matrix made it
    four times: 1.6 GB at 20,000 rows a side; here 3.2× and 2.8× before the change)."""
    small, large = _traced_peak(make(1200)), _traced_peak(make(2400))
    assert large < 2.6 * small, (small, large)


def test_the_plans_scratch_does_not_grow_with_the_length_of_the_other_sides_chunks():
    """4,000 headings against 36 chunks: the gap's diagonal pairs each heading with one of them, and
    a batch of pairs stacks the chunks once a pair — bounded by their features, not their number
    (3,000 characters each: 853 MB traced before, against 21 MB with short sentences)."""
    a, small = headings_pair(4000)
    rng = random.Random(7)
    kanji = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    long = ["".join(rng.choice(kanji) for _ in range(3000)) + "。" for _ in small]
    assert _traced_peak((a, long)) < 2.5 * _traced_peak((a, small))
