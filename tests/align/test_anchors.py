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
