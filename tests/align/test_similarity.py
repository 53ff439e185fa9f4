import numpy as np
import pytest

from hikaku.align import SimilarityParams, TextSimilarity
from hikaku.align.similarity import as_values, normalize_for_similarity


def test_identical_is_one_and_unrelated_is_low():
    s = TextSimilarity(["入院給付金を支払う。", "The cat sat on the mat."],
                       ["入院給付金を支払う。", "Quantum chromodynamics is hard."])
    m = s.matrix([0, 1], [0, 1])
    assert m[0, 0] == pytest.approx(1.0, abs=1e-5)
    assert m[1, 1] < 0.3 and m[0, 1] < 0.2


def test_edits_rank_by_closeness():
    a = ["手術給付金は日額の20倍を支払います。"]
    b = ["手術給付金は日額の25倍を支払います。", "入院給付金は入院1日につき日額を支払います。", "保険料は毎月払い込みます。"]
    row = TextSimilarity(a, b).matrix([0], [0, 1, 2])[0]
    assert row[0] > 0.8 and row[0] > row[1] + 0.2 and row[1] > row[2]


def test_normalisation_makes_width_irrelevant():
    s = TextSimilarity(["第１条　ＡＢＣ"], ["第1条 abc"])
    assert s.pair(0, 0) == pytest.approx(1.0, abs=1e-5)


def test_group_similarity_sees_a_split():
    a = ["Cars crash because humans err. Computers do not get tired."]
    b = ["Cars crash because humans err.", "Computers do not get tired."]
    s = TextSimilarity(a, b)
    assert s.group([0], [0, 1]) > max(s.pair(0, 0), s.pair(0, 1)) + 0.2


def test_chunks_outside_the_focus_are_featurised_on_demand():
    s = TextSimilarity(["a b c", "x y z"], ["a b c", "x y q"], focus_a=[1], focus_b=[1])
    assert s.pair(0, 0) == pytest.approx(1.0, abs=1e-5)
    assert 0.3 < s.pair(1, 1) < 1.0


def test_pairwise_equals_the_diagonal_of_the_matrix():
    a = ["第1条 目的", "保険金を支払う。", "The cat sat.", "同じ文"]
    b = ["第1条 目的を定める", "保険金は支払わない。", "A dog sat.", "同じ文"]
    s = TextSimilarity(a, b)
    assert s.pairwise([0, 1, 2, 3], [0, 1, 2, 3]) == pytest.approx(s.matrix([0, 1, 2, 3], [0, 1, 2, 3]).diagonal(), abs=1e-5)


def test_on_demand_rows_on_both_sides_with_new_terms():
    from hikaku.align import SimilarityParams

    def make():  # the IDF sample holds only the focus: chunk 1 of each side brings unseen terms
        return TextSimilarity(["共通の文", "甲乙丙丁"], ["共通の文", "戊己庚辛"], focus_a=[0], focus_b=[0],
                              params=SimilarityParams(idf_sample=2))

    assert make().matrix([1], [1]).shape == (1, 1)
    assert make().group([0, 1], [1]) >= 0.0
    assert make().pairwise([1], [1]).shape == (1,)
    assert make().group_matrix([(1,)], [(0, 1)]).shape == (1, 1)


_A = ["第1条 保険金は速やかに支払う。", "The insurer pays within 30 days.", "xyz", "第2条 免責事由は次のとおり。"]
_B = ["第1条 保険金は遅滞なく支払う。", "qqq zzz unseen words", "The insurer pays within thirty days.", "第3条 免責事由"]


def test_cosine_leaders_are_the_best_of_the_cosine_matrix_also_for_chunks_with_unseen_terms():
    from hikaku.system.ranking import best

    sim = TextSimilarity(_A, _B, focus_a=[0], focus_b=[0])
    leaders = sim.cosine_leaders([0, 1, 2, 3])
    fresh = TextSimilarity(_A, _B, focus_a=[0], focus_b=[0])
    everyone, some = np.arange(4), np.array([1, 3])
    for j in (1, 2, 3, 0):  # B 1 widens the vocabulary after the A rows were taken
        column = fresh.cosine_matrix([0, 1, 2, 3], [j])[:, 0]
        got = leaders([j, j], [everyone, some], 2)  # one B chunk asked twice, with two pools
        assert got[0].tolist() == best(column, 2).tolist()
        assert got[1].tolist() == some[best(column[some], 2)].tolist()
    # several B chunks at once, unseen terms among them: each as asked for alone
    batch = TextSimilarity(_A, _B, focus_a=[0], focus_b=[0]).cosine_leaders([0, 1, 2, 3])
    alone = TextSimilarity(_A, _B, focus_a=[0], focus_b=[0]).cosine_leaders([0, 1, 2, 3])
    both = batch([3, 1, 2], [everyone, some, everyone], 3)
    assert [x.tolist() for x in both] == [alone([j], [p], 3)[0].tolist()
                                          for j, p in zip((3, 1, 2), (everyone, some, everyone))]
    assert set(both[1].tolist()) <= {1, 3}


def test_features_are_the_same_counted_in_blocks(monkeypatch):
    from hikaku.align import features

    texts = [t.lower() for t in _A + _B] * 5
    whole = features.count_triples(texts, features.SimilarityParams())
    monkeypatch.setattr(features, "_BLOCK_CHARS", 40)  # a block every two or three texts
    blocks = features.count_triples(texts, features.SimilarityParams())
    assert all(x.tolist() == y.tolist() and x.dtype == y.dtype for x, y in zip(whole, blocks))


def test_the_vocabulary_idf_and_rows_are_the_same_made_a_block_at_a_time(monkeypatch):
    """The vocabulary, the IDF and the focus rows' features are gathered block by block (only
    the focus rows' triples kept): the same matrices, to the bit, as from one block; the IDF
    sample (chunks outside the focus) counts in the IDF, not in the rows."""

    a = [f"{t} 第{k}条" for k in range(6) for t in _A]
    b = [f"{t} 別表{k}" for k in range(6) for t in _B]
    focus_a, focus_b = list(range(0, len(a), 2)), list(range(1, len(b), 3))

    def made():
        sim = TextSimilarity(a, b, focus_a=focus_a, focus_b=focus_b, params=SimilarityParams(idf_sample=40))
        counts = sim._counts.take(np.arange(len(sim._counts)), len(sim._vocab_keys))
        weighed = sim._weigh(counts)
        return sim, [sim._vocab_keys, sim._vocab_cols, sim._idf, counts.indptr, counts.indices,
                     counts.data, weighed.indptr, weighed.indices, weighed.data]

    from hikaku.align import features

    one, whole = made()
    monkeypatch.setattr(features, "_BLOCK_CHARS", 60)  # focus and sample texts in many blocks
    many, blocks = made()
    assert one._n_docs == many._n_docs > len(focus_a) + len(focus_b)  # the sample counted in the IDF
    assert len(one._counts) == len(focus_a) + len(focus_b)
    assert all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(whole, blocks))
    assert one._rows == many._rows
    assert np.array_equal(one.matrix([0, 1, 2, 5], [0, 1, 4]), many.matrix([0, 1, 2, 5], [0, 1, 4]))


def test_only_the_last_trigram_sets_are_kept(monkeypatch):
    from hikaku.align import similarity

    monkeypatch.setattr(similarity, "_TOKEN_SETS", 2)
    sim = TextSimilarity(_A, _B)
    first = sim.tokens("a", 0)
    for i in (1, 2, 3):
        sim.tokens("a", i)
    assert len(sim._tokens) == 2
    assert sim.tokens("a", 0) == first  # computed again, the same


def test_texts_are_normalised_when_first_asked_for_and_only_those():
    from hikaku.align import SimilarityParams

    sim = TextSimilarity(_A, _B, focus_a=[0], focus_b=[0], params=SimilarityParams(idf_sample=2))
    assert set(sim.norm_a._made) == {0} and set(sim.norm_b._made) == {0}  # the focus and the IDF sample
    assert sim.norm_a[1] == as_values("the insurer pays within 30 days.")
    assert set(sim.norm_a._made) == {0, 1} and len(sim.norm_a) == len(_A)


def test_released_features_are_made_again_to_the_same_bits():
    """The run lets the similarity's features go before the rows are built; a score asked
    for after that is computed again, and is the same to the last bit."""
    sim = TextSimilarity(_A, _B, focus_a=[0, 3], focus_b=[0, 3])
    before = (sim.matrix([0, 1, 2, 3], [0, 1, 2, 3]), sim.group_matrix([(0, 1)], [(0,), (1, 2)]),
              sim.pairwise([0, 3], [0, 3]), sim.cosine_matrix([1, 2], [2, 3]))
    sim.release()
    assert len(sim._counts) == 0 and not sim._rows and not sim.norm_a._made
    after = (sim.matrix([0, 1, 2, 3], [0, 1, 2, 3]), sim.group_matrix([(0, 1)], [(0,), (1, 2)]),
             sim.pairwise([0, 3], [0, 3]), sim.cosine_matrix([1, 2], [2, 3]))
    assert all(x.tolist() == y.tolist() for x, y in zip(before, after))


def test_rows_are_weighed_on_their_own_a_slice_weighed_is_the_weighed_matrix_sliced():
    """The features are kept as counts and weighed when sliced (the weighed copy is not kept):
    bit for bit the rows of the whole matrix weighed, also around and at the end of rows
    without features (an empty chunk)."""
    a = ["第1条　保険金を支払う。", "", "Premium is due monthly.", "第2条　保険料", ""]
    b = ["第1条　保険金を支払います。", "Premiums are due monthly.", ""]
    sim = TextSimilarity(a, b)
    width = len(sim._vocab_keys)
    whole = sim._weigh(sim._counts.take(np.arange(len(sim._counts)), width))
    for rows in ([0, 1, 2], [1], [3, 4], [4], [0, 4, 1], list(range(len(sim._counts)))):
        part = sim._weigh(sim._counts.take(rows, width))
        expected = whole[rows]
        assert part.dtype == expected.dtype == np.float32
        assert np.array_equal(part.indptr, expected.indptr) and np.array_equal(part.indices, expected.indices)
        assert np.array_equal(part.data, expected.data)
    empty = sim._rows[("a", 1)]
    assert sim._weigh(sim._counts.take([empty], width)).nnz == 0


def test_pairwise_weighs_a_chunk_that_comes_back_once_and_gives_each_pair_its_own_score():
    import numpy as np

    a = ["第1条　社員は誠実に勤務する。", "第2条　賃金は月末に支払う。", "The fee is due in 30 days."]
    b = ["第1条　社員は誠実に勤務しなければならない。", "The fee is due within 45 days.", "第2条　賃金は翌月末に支払う。"]
    ia, ib = [0, 0, 1, 2, 0, 2, 1], [0, 2, 2, 1, 1, 1, 0]
    got = TextSimilarity(a, b).pairwise(ia, ib)
    one_by_one = [TextSimilarity(a, b).pairwise([i], [j])[0] for i, j in zip(ia, ib)]
    assert np.array_equal(got, np.array(one_by_one, dtype=np.float32))


def test_a_number_is_one_value_not_its_digits():
    """Two numbers are the same value or they are not: 2,030 shares no more with 2,099 than with
    5,111, so a row of a premium table is more like its revision than like the next row."""
    assert as_values("2,030円") == as_values("2030円") != as_values("2,099円")
    assert len(as_values("保険料は12,345.5円")) == len("保険料は") + 2  # the number and 円
    assert normalize_for_similarity("第１２条") == normalize_for_similarity("第12条")  # full width: after NFKC
    # digits read as characters, row 5歳's 1,303円 was more like row 4歳's new 1,305円 than its own 1,347円
    rows = ["4歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜1,266円", "5歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜1,303円"]
    revised = ["4歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜1,305円", "5歳｜男性｜保険期間10年｜基本プラン｜月払保険料｜1,347円"]
    sim = TextSimilarity(rows, revised)
    assert sim.pair(0, 0) > sim.pair(0, 1) and sim.pair(1, 1) > sim.pair(1, 0)
