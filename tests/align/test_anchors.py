from hikaku.align import longest_increasing_subsequence, unique_pairs


def test_unique_pairs_skip_duplicates_and_empty():
    a = ["x", "y", "dup", "dup", "", "z"]
    b = ["z", "y", "dup", "", "x"]
    assert unique_pairs(a, b) == [(0, 4), (1, 1), (5, 0)]


def test_lis_keeps_the_longest_order_preserving_chain():
    pairs = [(0, 0), (1, 5), (2, 1), (3, 2), (4, 3)]
    assert longest_increasing_subsequence(pairs) == [(0, 0), (2, 1), (3, 2), (4, 3)]
    assert longest_increasing_subsequence([]) == []
    assert longest_increasing_subsequence([(0, 3), (1, 2), (2, 1)]) in ([(0, 3)], [(1, 2)], [(2, 1)])


def test_lis_among_equally_long_chains_keeps_the_one_in_step():
    # A chunk 8 moved up to B position 1; chunks 2-7 were rewritten. {0, 1, 9} and {0, 8, 9}
    # are both longest chains: the first keeps the displacement (j - i) steady (0, 1, 2),
    # the second jumps (0, -7, 2): chunk 8 is the one that moved.
    pairs = [(0, 0), (1, 2), (8, 1), (9, 11)]
    assert longest_increasing_subsequence(pairs, end=(10, 12)) == [(0, 0), (1, 2), (9, 11)]
    # the end counts too: a chain that ends out of step with the documents' ends loses
    assert longest_increasing_subsequence([(0, 5), (5, 0)], end=(6, 1)) == [(5, 0)]
    assert longest_increasing_subsequence([(0, 5), (5, 0)], end=(6, 11)) == [(0, 5)]
