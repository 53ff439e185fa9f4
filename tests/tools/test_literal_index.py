import random

from hikaku.tools.literal_index import BigramIndex


def naive(texts, needle):
    return [k for k, t in enumerate(texts) if needle in t]


def test_candidates_are_a_superset_of_the_true_matches():
    rng = random.Random(7)
    alphabet = "保険金支払日額倍ab"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))) for _ in range(200)]
    idx = BigramIndex(texts)
    for _ in range(300):
        t = texts[rng.randrange(len(texts))]
        if len(t) < 2:
            continue
        i = rng.randrange(len(t) - 1)
        needle = t[i: i + rng.randint(2, 6)]
        cands = set(idx.candidates(needle).tolist())
        assert set(naive(texts, needle)) <= cands
    assert idx.candidates("x") is None
    assert len(idx.candidates("zz")) == 0


def test_empty_index():
    assert len(BigramIndex([]).candidates("ab")) == 0


def test_whitespace_bigrams_are_not_needed_to_find_a_needle():
    # the index may be built on text whose whitespace was collapsed or changed
    idx = BigramIndex(["payment is due", "第5条 保険金", "no match here"])
    assert set(idx.candidates("is  due").tolist()) >= {0}
    assert set(idx.candidates("第5条\u3000保険金").tolist()) >= {1}
    assert idx.candidates(" a ") is None  # no bigram without whitespace: search everything


def test_every_bigram_narrows_the_candidates():
    texts = ["保険金の支払", "保険料の払込", "給付金の支払"] * 20
    idx = BigramIndex(texts)
    assert set(idx.candidates("保険金の支払").tolist()) == set(range(0, 60, 3))


def test_no_bigram_across_two_chunks_and_blocks_change_nothing(monkeypatch):
    idx = BigramIndex(["ab", "cd", "", "x", "\x00\x00e"])
    assert len(idx.candidates("bc")) == 0  # "b" ends one chunk, "c" starts the next
    assert idx.candidates("cd").tolist() == [1]
    assert idx.candidates("\x00\x00").tolist() == [4]  # any code point, NUL too
    rng = random.Random(11)
    texts = ["".join(rng.choice("約款特約ab \x00") for _ in range(rng.randint(0, 40))) for _ in range(300)]
    whole = BigramIndex(texts)
    from hikaku.tools import literal_index

    monkeypatch.setattr(literal_index, "_BLOCK_CHARS", 50)  # many blocks of a few texts each
    blocks = BigramIndex(texts)
    for t in texts:
        for i in range(len(t) - 1):
            needle = t[i: i + 2]
            if needle.isspace() or " " in needle:
                continue
            expected = sorted({k for k, u in enumerate(texts) if needle in u})
            assert whole.candidates(needle).tolist() == expected == blocks.candidates(needle).tolist()
