"""The USE forward pass with its per-piece part computed once a piece (embeddings/_use_pieces.py)."""

import numpy as np
import pytest

from hikaku.embeddings import USEEmbedder
from hikaku.embeddings._use_pieces import _BLOCKS, PieceEncoder, supported

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
    one, many = enc.rows([alone]), enc.rows([together])
    assert set(one.pieces.tolist()) < set(many.pieces.tolist())
    assert one.table.shape == (len(one.pieces) + 1, _BLOCKS, 256)
    assert not one.table[0].any() and not many.table[0].any()  # row 0: what a slot outside the text reads
    assert np.array_equal(many.table[many.of(one.pieces)], one.table[1:])  # bit for bit


def test_texts_cut_into_passes_as_the_package_cuts_them(backend, inputs):
    """A text longer than a pass's 384 tokens goes alone; the others fill passes in order:
    each text's vector is that of the package's pass over the same texts."""
    enc = PieceEncoder(backend)
    tokens = enc.token_ids(inputs)
    assert tokens.lens.max() > 384 and tokens.ids.size == tokens.lens.sum()
    passes = []
    enc._pass = lambda rows, flat, lens, out: passes.append(lens.tolist()) or out.fill(0.0)
    enc.encode_ids(tokens, enc.rows([tokens]))
    lens = tokens.lens.tolist()
    assert [n for p in passes for n in p] == lens
    assert all(sum(p) <= 384 or len(p) == 1 for p in passes)
    assert [max(lens)] in passes  # the long text, alone


def test_the_embedder_uses_it_and_parallel_parts_give_one_threads_vectors(backend):
    texts = [f"第{k}条 保険金は請求から{k}日以内に支払います。" for k in range(1, 8)] + ["入院", "Payment is due."]
    one = USEEmbedder(batch_size=2, workers=1)
    vectors = one.embed(texts)
    assert isinstance(one._pieces, PieceEncoder)
    assert np.array_equal(USEEmbedder(batch_size=2, workers=2).embed(texts), vectors)  # bit for bit
    package = np.vstack([backend.encode([one.model_input(t) for t in texts[k:k + 2]]) for k in range(0, len(texts), 2)])
    assert np.abs(vectors - package).max() < 1e-5


def test_a_backend_it_does_not_know_keeps_its_own_pass(backend):
    assert supported(backend)
    assert not supported(None) and not supported(object())

    class Narrow:  # another model's shapes
        def __getattr__(self, name):
            return getattr(backend, name)

        proj_W = np.zeros((512, 512), dtype=np.float32)

    assert not supported(Narrow())
    asked = []

    class Model:
        _model = Narrow()

        def encode(self, batch):
            asked.extend(batch)
            return np.ones((len(batch), 512), dtype=np.float32)

    embedder = USEEmbedder(workers=1)
    embedder.__dict__["_model"] = Model()
    assert embedder._pieces is None
    assert embedder.embed(["入院", "通院"]).shape == (2, 512) and asked == ["入院", "通院"]
