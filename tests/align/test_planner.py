from hikaku.align import AlignmentParams, plan_alignment
from hikaku.text.normalization import match_key


def plan(a, b, **kw):
    return plan_alignment([match_key(x) for x in a], [match_key(x) for x in b], a, b, AlignmentParams(**kw))[0]


A = ["第1条 目的を定める。", "第2条 保険金は日額の20倍とする。", "第3条 請求は書面で行う。", "第4条 住所変更を届け出る。"]


def test_identical_documents_are_all_anchors():
    p = plan(A, A)
    assert [g.kind for g in p.groups] == ["identical"] * 4
    assert all(g.certain for g in p.groups) and p.unmatched_b == [] and p.anchors_in_order == 4


def test_modified_chunk_in_its_gap():
    b = list(A)
    b[1] = "第2条 保険金は日額の25倍とする。"
    p = plan(A, b)
    g = p.group_of_a[1]
    assert g.kind == "match" and g.b == (1,) and g.similarity > 0.85 and g.certain
    assert g.window == (0, 2)


def test_inserted_and_deleted():
    b = [A[0], A[1], "第2条の2 新設の条文である。全く新しい内容。", A[3]]
    p = plan(A, b)
    assert p.unmatched_b == [2]
    assert p.group_of_a[2].kind == "unmatched" and not p.group_of_a[2].certain


def test_moved_identical_chunk():
    b = [A[0], A[2], A[3], A[1]]
    p = plan(A, b)
    moved = [g for g in p.groups if g.kind == "identical-moved"]
    assert len(moved) == 1 and moved[0].certain


def test_large_gap_is_cut_and_still_aligned():
    a = [f"Sentence number {i} talks about topic {i * 7 % 13} in detail." for i in range(300)]
    b = [x.replace("detail", "great detail") for x in a]
    p = plan(a, b, max_gap_cells=2000)
    pairs = {(g.a, g.b) for g in p.groups}
    assert all(((i,), (i,)) in pairs for i in range(300))


def test_a_split_sentence_is_one_group_and_a_new_neighbour_is_an_addition():
    a = ["The committee reviewed the budget in March.",
         "Members raised concerns about travel costs, and the chair promised a detailed report by June.",
         "The meeting ended at noon."]
    split = ["The committee reviewed the budget in March.",
             "Members raised concerns about the cost of travel.",
             "In response, the chair promised a detailed report by June.",
             "The meeting ended at noon."]
    p = plan(a, split)
    assert p.group_of_a[1].b == (1, 2) and p.group_of_a[1].kind == "split"
    grown = ["The committee reviewed the budget in March.",
             "Members raised concerns about travel costs, and the chair promised a detailed report by June.",
             "Several new members attended for the first time.",
             "The meeting ended at noon."]
    p = plan(a, grown)
    assert p.group_of_a[1].b == (1,) and p.unmatched_b == [2]


def test_merges_can_be_switched_off():
    a = ["Members raised concerns about the cost of travel.", "The chair promised a detailed report by June."]
    b = ["Members raised concerns about the cost of travel, and the chair promised a detailed report by June."]
    assert plan(a, b).group_of_a[0].kind == "merge"
    assert plan(a, b, allow_merges=False).group_of_a[0].kind != "merge"


def test_groups_carry_a_calibrated_probability():
    b = list(A)
    b[1] = "第2条 保険金は日額の25倍とする。"
    p = plan(A, b)
    assert 0.5 < p.group_of_a[1].probability <= 1.0 and p.group_of_a[0].probability == 1.0


def test_sentences_cut_in_two_in_a_large_gap_are_found_as_splits():
    """A long passage rewritten throughout (no sentence left as it was, so no anchor): the gap is
    too large for one programme and is cut at mutual best matches — which, for a sentence cut in
    two, is its first half. The cut opens the next piece instead of fixing the pair, so the second
    half is still within reach and the split is found, as in a gap small enough to align whole."""
    import random

    rng = random.Random(7)
    words = ["river", "budget", "council", "harbour", "winter", "school", "bridge", "doctor", "market", "garden",
             "station", "library", "tenant", "engine", "forest", "museum", "ticket", "village", "insurer", "clinic"]
    a, b = [], []
    for n in range(120):
        w = rng.sample(words, 8)
        first = f"In year {n} the {w[0]} and the {w[1]} met near the {w[2]} to discuss the {w[3]}"
        second = f"the {w[4]} asked about the {w[5]} beside the {w[6]} and the {w[7]}"
        a.append(f"{first}, while {second}.")
        if n % 3 == 0:  # every third sentence cut in two
            b += [f"{first}.", f"Meanwhile {second}."]
        else:
            b.append(f"{first}, whereas {second}.")
    whole = plan(a, b)
    assert all(whole.group_of_a[n].kind == "split" for n in range(0, 120, 3))  # the whole gap in one programme
    cut = plan(a, b, max_gap_cells=2000)
    assert all(cut.group_of_a[n].kind == "split" for n in range(0, 120, 3))  # 0 of 40 before the change


def test_a_chain_of_best_matches_does_not_recurse_without_end():
    """Similarities where each chunk's best match is its neighbour's counterpart (a list of
    near-identical clauses shifted by one) leave a single mutual best match at the end: cutting
    there leaves the gap one chunk smaller, over and over (a RecursionError at 1,500 chunks).
    The gap is cut along the chain of candidates instead (:mod:`hikaku.align.large_gaps`)."""
    import numpy as np
    import scipy.sparse as sp

    from hikaku.align.planner import _GapPlanner

    n = 1500
    f = np.zeros((n, n), dtype=np.float32)
    for i in range(n):
        f[i, i] = 0.5 + 0.4 * i / n
        if i + 1 < n:
            f[i + 1, i] = 0.5 + 0.4 * (2 * i + 1) / (2 * n)

    class Chain:  # a similarity whose scores are the matrix above
        norm_a = {i: f"a{i}" for i in range(n)}  # every text its own
        norm_b = {j: f"b{j}" for j in range(n)}

        def cosine_matrix(self, ia, ib):
            return f[np.ix_(ia, ib)]

        matrix = cosine_matrix

        def matrices(self, gaps):
            return [f[np.ix_(ia, ib)] for ia, ib in gaps]

        cosine_blocks = matrices

        def cosine_pairs(self, ia, ib):
            return f[ia, ib]

        def counts(self, side, idx):  # no term of its own: no seed
            return sp.csr_matrix((len(idx), 1), dtype=np.float32)

        def sizes(self, side, idx):
            return np.ones(len(idx), dtype=np.int64)

        def length_ratio(self, a, b):
            return 1.0

    planner = _GapPlanner(Chain(), AlignmentParams(max_gap_cells=40_000, allow_merges=False))  # type: ignore[arg-type]
    groups = planner.align(list(range(n)), list(range(n)), (-1, n))
    assert sorted(i for g in groups for i in g.a) == list(range(n))


def test_margin_is_the_lead_over_the_best_rival_in_its_row_and_column():
    import numpy as np

    from hikaku.align.planner import _margin

    rng = np.random.default_rng(5)
    for shape in ((1, 1), (1, 4), (4, 1), (3, 5), (6, 2)):
        s = rng.random(shape).astype(np.float32)
        for r in range(shape[0]):
            for c in range(shape[1]):
                row, col = np.delete(s[r], c), np.delete(s[:, c], r)
                rival = max(float(row.max()) if row.size else 0.0, float(col.max()) if col.size else 0.0)
                # the share of the rival's distance from identity the pair covers (Lowe's ratio test)
                assert _margin(s, r, c) == max(-1.0, 1.0 - (1.0 - float(s[r, c])) / (1.0 - rival))
