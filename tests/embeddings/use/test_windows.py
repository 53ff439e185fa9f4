"""The windows a call's tokens repeat (embeddings/use/windows.py) and the USE pass that computes
each kept window's row once (embeddings/use/pieces.py): windows told apart exactly, the rows
that save the most kept within the bound, the vectors the package's."""

import numpy as np
import pytest

from hikaku.embeddings.use.pieces import _ORDERS, PieceEncoder
from hikaku.embeddings.use.windows import PAD, repeats, stream

CLAUSE = "保険契約者は、この約款に定めるところにより、保険料を払い込むものとします。"
TEXTS = [
    f"第{k}条 {CLAUSE}" for k in range(1, 6)
] + [
    "当会社は、被保険者が入院したときは、入院給付金を支払います。",
    CLAUSE + "ただし、次の場合を除きます。",
    "The insurer pays the benefit within five days of the claim.",
    "入院",
    "",
]


def _windows_by_hand(tokens: list[list[int]], n: int, left: int) -> list[tuple[int, ...]]:
    """Each token's window of 2n - 1 pieces around it, -1 outside its text."""
    out = []
    for t in tokens:
        padded = [-1] * PAD + t + [-1] * PAD
        out += [tuple(padded[PAD + k - 2 * left: PAD + k - 2 * left + 2 * n - 1]) for k in range(len(t))]
    return out


def test_the_stream_lays_the_texts_out_with_zero_rows_around_each():
    rows = np.array([5, 6, 7, 8, 9, 3], dtype=np.int64)
    where, positions = stream(rows, np.array([2, 3, 1]))
    assert where.tolist() == [0] * 4 + [5, 6] + [0] * 4 + [7, 8, 9] + [0] * 4 + [3] + [0] * 4
    assert where[positions].tolist() == rows.tolist()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_windows_are_told_apart_exactly_and_the_best_savings_are_kept(seed):
    rng = np.random.default_rng(seed)
    # few distinct pieces, so that windows repeat; texts of every length, one of a single token
    tokens = [rng.integers(1, 4, size=int(n)).tolist() for n in rng.integers(1, 30, size=40)]
    rows = np.array([p for t in tokens for p in t], dtype=np.int64)
    where, positions = stream(rows, np.array([len(t) for t in tokens]))
    everything = repeats(where, positions, _ORDERS, max_windows=10**6)
    for i, (n, left) in enumerate(_ORDERS):
        by_hand = _windows_by_hand(tokens, n, left)
        counts = {w: by_hand.count(w) for w in set(by_hand)}
        slot = everything.slot[i]
        # a token has a row exactly when its window repeats; tokens share a row exactly when they share a window
        assert [s >= 0 for s in slot.tolist()] == [counts[w] > 1 for w in by_hand]
        assert len(everything.at[i]) == sum(1 for c in counts.values() if c > 1)
        for a in range(len(by_hand)):
            for b in range(a + 1, len(by_hand)):
                if slot[a] >= 0 and slot[b] >= 0:
                    assert (slot[a] == slot[b]) == (by_hand[a] == by_hand[b])
        # a kept row's stream position is that of the first token with its window
        first = {w: by_hand.index(w) for w in counts}
        for s, at in enumerate(everything.at[i].tolist()):
            assert at == positions[first[by_hand[int(np.flatnonzero(slot == s)[0])]]]
    # a bound keeps the windows that save the most ((count - 1) × order), nothing else
    bound = 7
    few = repeats(where, positions, _ORDERS, max_windows=bound)
    kept = sum(len(a) for a in few.at)
    assert kept == min(bound, sum(len(a) for a in everything.at))
    savings = sorted(((by_hand.count(w) - 1) * n for (n, left) in _ORDERS
                      for by_hand in [_windows_by_hand(tokens, n, left)] for w in set(by_hand)), reverse=True)
    got = sum((int((few.slot[i] == s).sum()) - 1) * n for i, (n, _) in enumerate(_ORDERS) for s in range(len(few.at[i])))
    assert got == sum(savings[:bound])


@pytest.fixture(scope="module")
def encoder(use_embedder):
    return PieceEncoder(use_embedder._model._model)


@pytest.mark.parametrize("bound", [0, 40, 10**6])
def test_vectors_with_kept_windows_are_the_packages(encoder, use_embedder, bound, monkeypatch):
    """Whichever windows are kept (none, some, every repeated one), the package's vectors to float32 rounding."""
    import hikaku.embeddings.use.pieces as pieces

    inputs = [use_embedder.model_input(t) for t in TEXTS]
    kept: list[int] = []

    def bounded(where, positions, orders):
        r = repeats(where, positions, orders, max_windows=bound)
        kept.append(sum(len(a) for a in r.at))
        return r

    monkeypatch.setattr(pieces, "repeats", bounded)
    batches = [encoder.token_ids(inputs[k:k + 3]) for k in range(0, len(inputs), 3)]
    ours = np.vstack(encoder.encode_group(batches, np.unique(np.concatenate([b.ids for b in batches])), map))
    package = np.vstack([np.asarray(encoder.backend.encode(inputs[k:k + 3]), dtype=np.float32)
                         for k in range(0, len(inputs), 3)])
    assert np.abs(ours - package).max() < 1e-5
    assert len(kept) == 1 and (kept[0] > 40 if bound > 40 else kept[0] == bound)
