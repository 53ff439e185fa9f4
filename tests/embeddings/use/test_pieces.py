"""The USE forward pass with its per-piece part computed once a piece (embeddings/use/pieces.py)."""

import numpy as np
import pytest

from hikaku.embeddings import USEEmbedder
from hikaku.embeddings.use.pieces import _BLOCKS, PieceEncoder, supported

_LONG = "保険契約者は、この約款に定めるところにより、保険料を払い込むものとします。" * 40  # > 384 tokens: a pass alone
TEXTS = [
    "第1条 当会社は、被保険者が入院したときは、入院給付金を支払います。",
    "The insurer pays the benefit within five days of the claim.",
    "謄本を嘱託により交付する。",  # pieces the vocabulary lacks: <unk>
    "入院",
    _LONG,
    "Self-reliance is the aversion of conformity.",
    "",
    "第2条 前条の規定にかかわらず、次の各号のいずれかに該当するときは支払いません。",
]


@pytest.fixture(scope="module")
def backend(use_embedder):
    return use_embedder._model._model


@pytest.fixture(scope="module")
def inputs(use_embedder):
    return [use_embedder.model_input(t) for t in TEXTS]


def test_vectors_are_the_packages_to_float32_rounding(backend, inputs):
    package = np.asarray(backend.encode(inputs), dtype=np.float32)
    ours = PieceEncoder(backend).encode(inputs)
    assert ours.shape == package.shape == (len(TEXTS), 512) and ours.dtype == np.float32
    assert np.abs(ours - package).max() < 1e-5
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    # not the same numbers as a sum of products in another order (a test that could not fail otherwise)
    assert not np.array_equal(ours, package)


def test_a_pieces_rows_do_not_depend_on_the_other_pieces_of_the_call(backend, inputs):
    enc = PieceEncoder(backend)
    alone = enc.token_ids(inputs[:1])
    together = enc.token_ids(inputs)
    one, many = enc.rows_of(np.unique(alone.ids)), enc.rows_of(np.unique(together.ids))
    assert set(one.pieces.tolist()) < set(many.pieces.tolist())
    assert one.table.shape == (len(one.pieces) + 1, _BLOCKS, 256)
    assert not one.table[0].any() and not many.table[0].any()  # row 0: what a slot outside the text reads
    assert np.array_equal(many.table[many.of(one.pieces)], one.table[1:])  # bit for bit


def test_texts_cut_into_passes_as_the_package_cuts_them(backend, monkeypatch):
    """The same passes as the package's: texts in order while their tokens fit 384, a longer
    text alone — also on the boundary (a text of 384 tokens, of 385, two that fill 384)."""
    enc = PieceEncoder(backend)
    texts = ["a " * 382, "a " * 383, "a " * 190, "a " * 190, "入院", "a " * 100, _LONG, "", "Payment."]
    lens = enc.token_ids(texts).lens.tolist()
    assert 384 in lens and 385 in lens and [192, 192] == lens[2:4]  # the boundaries, as meant
    theirs: list[list[int]] = []
    package_pass = backend._encode_batch
    monkeypatch.setattr(backend, "_encode_batch",
                        lambda group, n, out: theirs.append([len(t) for t in group]) or package_pass(group, n, out))
    backend.encode(texts)
    ours: list[list[int]] = []
    enc._pass = lambda table, ids, rows, lens, kept, sums: ours.append(lens.tolist()) or sums.fill(0.0)
    enc.encode(texts)
    assert ours == theirs and sum(ours, []) == lens
    assert [384] in ours and [385] in ours and [192, 192] in ours


def test_groups_hold_at_most_so_many_pieces_and_rows_are_made_where_they_pay(backend, inputs):
    enc = PieceEncoder(backend)
    batches = [enc.token_ids(inputs[k:k + 2]) for k in range(0, len(inputs), 2)]
    (whole,) = enc.groups(batches)
    assert (whole.start, whole.stop) == (0, len(batches))
    assert np.array_equal(whole.pieces, np.unique(np.concatenate([b.ids for b in batches])))
    small = enc.groups(batches, max_pieces=60)
    assert small[0].start == 0 and small[-1].stop == len(batches) and len(small) > 1
    assert all(g.stop == small[k + 1].start for k, g in enumerate(small[:-1]))  # consecutive, all of them
    assert all(len(g.pieces) <= 60 or g.stop - g.start == 1 for g in small)
    assert sum(g.tokens for g in small) == sum(len(b.ids) for b in batches)
    bounded = enc.groups(batches, max_tokens=300)  # the long text's batch alone holds more
    assert len(bounded) > 1 and all(g.tokens <= 300 or g.stop - g.start == 1 for g in bounded)
    assert [(g.start, g.stop) for g in bounded][0][0] == 0 and bounded[-1].stop == len(batches)
    short = enc.groups([enc.token_ids(["入院給付金の請求"])])[0]
    assert not short.pays  # each piece once or twice: rows would cost more than they save
    assert enc.groups([enc.token_ids([_LONG])])[0].pays  # the same pieces again and again
    with pytest.raises(ValueError, match="without a row"):
        enc.rows_of(np.array([5, 9])).of(np.array([5, 7]))


def test_the_embedder_uses_it_and_parallel_parts_give_one_threads_vectors(backend):
    texts = [f"第{k}条 保険金は請求から{k}日以内に支払います。" for k in range(1, 8)] + ["入院", "Payment is due."]
    one = USEEmbedder(batch_size=2, workers=1)
    vectors = one.embed(texts)
    assert isinstance(one._piece_encoder(one._model), PieceEncoder)
    assert np.array_equal(USEEmbedder(batch_size=2, workers=2).embed(texts), vectors)  # bit for bit
    package = np.vstack([backend.encode([one.model_input(t) for t in texts[k:k + 2]]) for k in range(0, len(texts), 2)])
    assert np.abs(vectors - package).max() < 1e-5


def test_short_calls_and_unknown_backends_keep_the_models_own_pass(backend):
    assert supported(backend)
    assert not supported(None) and not supported(object())

    class Narrow:  # another model's shapes
        def __getattr__(self, name):
            return getattr(backend, name)

        proj_W = np.zeros((512, 512), dtype=np.float32)

    class NarrowW1(Narrow):
        proj_W = backend.proj_W
        w1 = [w[:256] for w in backend.w1]

    class OwnPass(type(backend)):  # a subclass with a forward pass of its own
        def _encode_batch(self, group, n_tokens, out):
            out[:] = 0.0

    own = OwnPass.__new__(OwnPass)
    own.__dict__.update(vars(backend))
    assert not supported(Narrow()) and not supported(NarrowW1()) and not supported(own)
    asked = []

    class Model:
        def __init__(self, inner):
            self._model = inner

        def encode(self, batch):
            asked.extend(batch)
            return np.ones((len(batch), 512), dtype=np.float32)

    embedder = USEEmbedder(workers=1)
    embedder.__dict__["_model"] = Model(Narrow())
    assert embedder._piece_encoder(embedder._model) is None
    assert embedder.embed(["入院", "通院"]).shape == (2, 512) and asked == ["入院", "通院"]
    # the real backend, a short call: the model's own pass too (its pieces hardly repeat)
    embedder.__dict__["_model"] = Model(backend)
    assert isinstance(embedder._piece_encoder(embedder._model), PieceEncoder)
    asked.clear()
    embedder.embed(["入院給付金の請求"])
    assert asked == ["入院給付金の請求"]
    asked.clear()
    embedder.embed([_LONG])  # its pieces again and again: rows, not the model's pass
    assert asked == []


def test_a_model_put_in_its_place_is_the_one_used(use_embedder):
    """The per-piece pass follows the embedder's model (it is not kept from an earlier one)."""
    embedder = USEEmbedder(workers=1)
    embedder.__dict__["_model"] = use_embedder._model
    embedder.embed([_LONG])
    asked = []

    class Other:
        _model = None  # a backend the per-piece pass does not know

        def encode(self, batch):
            asked.extend(batch)
            return np.ones((len(batch), 512), dtype=np.float32)

    embedder.__dict__["_model"] = Other()
    embedder.embed([_LONG])
    assert asked == [embedder.model_input(_LONG)]
    embedder.release()
    assert "_pieces" not in embedder.__dict__ and "_model" not in embedder.__dict__
