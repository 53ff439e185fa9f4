"""Trigrams as integer codes (align/trigrams.py): the same sets as similarity.tokens, and the
planner's shares of a whole gap the same, to the bit, as derivation() one cell at a time."""

from __future__ import annotations

import numpy as np

from hikaku.align import TextSimilarity, derivation, tokens
from hikaku.align.gapwork import GapScores
from hikaku.align.trigrams import shared_blocks, shared_counts, trigram_codes, trigram_rows

TEXTS = ["", "a", "ab", " a  b ", "abc", "abcabc", "第１条　保険金を支払う。", "Cars crash because humans err.",
         "cars  crash\nbecause", "\U0001f600 emoji \U0001f600", "\x00\x00\x00", "a\x00", "\x00a"]


def test_codes_are_the_trigram_sets_of_tokens():
    for t in TEXTS:
        codes = trigram_codes(t)
        assert len(codes) == len(tokens(t)) and np.all(np.diff(codes) > 0)
    # equal sets give equal codes, different sets share exactly what the string sets share
    for x in TEXTS:
        for y in TEXTS:
            shared = len(np.intersect1d(trigram_codes(x), trigram_codes(y)))
            assert shared == len(tokens(x) & tokens(y)), (x, y)


def test_shared_counts_count_what_each_pair_shares():
    a, b = TEXTS[:7], TEXTS[4:]
    got = shared_counts([trigram_codes(t) for t in a], [trigram_codes(t) for t in b])
    assert got.tolist() == [[len(tokens(x) & tokens(y)) for y in b] for x in a]
    assert shared_counts([], [trigram_codes("abc")]).shape == (0, 1)


def test_a_gaps_shares_are_those_of_derivation_to_the_bit():
    a = ["The instability, injustice, and confusion have been the mortal diseases; as they continue to be topics.",
         "Short.", "第2条（保険金）当社は手術給付金として日額の20倍を支払う。", "x"]
    b = ["The instability, injustice, and confusion have been the mortal diseases.", "They remain topics.",
         "第２条（保険金）", "当社は手術給付金として日額の25倍を支払う。", "y z"]
    sim = TextSimilarity(a, b)
    from_a, from_b = GapScores(sim).derivations(list(range(len(a))), list(range(len(b))))
    for i in range(len(a)):
        for j in range(len(b)):
            assert from_a[i, j] == derivation(sim, "b", j, "a", i)
            assert from_b[i, j] == derivation(sim, "a", i, "b", j)


MORE = [*TEXTS, "\ud800x", "x\ud800yz", "ｱｲｳｴｵ", "Ⅻ ㍻", "  ", "\t\n", "ab c", "第２条（保険金）"]


def test_rows_hold_the_codes_of_each_text():
    rows = trigram_rows(MORE)
    assert rows.shape[0] == len(MORE)
    for k, t in enumerate(MORE):
        cols = rows.indices[rows.indptr[k]: rows.indptr[k + 1]]
        assert len(cols) == len(trigram_codes(t)) and np.all(np.diff(cols) > 0)
    for x in range(len(MORE)):  # columns are codes: two rows share what the code arrays share
        for y in range(len(MORE)):
            shared = len(np.intersect1d(rows[x].indices, rows[y].indices))
            assert shared == len(np.intersect1d(trigram_codes(MORE[x]), trigram_codes(MORE[y]))), (MORE[x], MORE[y])
    assert trigram_rows([]).shape == (0, 0)


def test_shared_blocks_are_the_gaps_shared_counts():
    a, b = MORE[::2], MORE[1::2][::-1]
    sizes = [(3, 2), (0, 1), (4, 4), (1, 0), (len(a) - 8, len(b) - 7)]
    shared, len_a, len_b = shared_blocks(a, b, sizes)
    assert len_a.tolist() == [len(trigram_codes(t)) for t in a] and len_b.tolist() == [len(trigram_codes(t)) for t in b]
    ra = rb = 0
    for (n, m), got in zip(sizes, shared):
        expected = shared_counts([trigram_codes(t) for t in a[ra: ra + n]], [trigram_codes(t) for t in b[rb: rb + m]])
        assert got.dtype == expected.dtype and got.tolist() == expected.tolist()
        ra, rb = ra + n, rb + m
