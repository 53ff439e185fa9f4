"""The persistent embedding cache, and model embeddings through LangChain (an OpenAI-
compatible server on 127.0.0.1, driven by the real client)."""

from __future__ import annotations

import numpy as np
import pytest

import hikaku
from hikaku import MissingDependencyError
from hikaku.embeddings import CachedEmbedder, HashingEmbedder, USEEmbedder, get_embedder
from tests.agent.test_llm_policy import NEW, OLD
from tests.fakes import CountingEmbedder
from tests.helpers import doc
from tests.openai_stub import OpenAIStub


def test_a_second_comparison_of_the_same_pair_embeds_nothing(tmp_path):
    counting = CountingEmbedder(name="counting")
    cached = CachedEmbedder(counting, tmp_path / "emb.sqlite")
    first = hikaku.compare(doc("A", *OLD), doc("B", *NEW), embedder=cached)
    assert counting.texts > 0
    calls = counting.calls
    again = CachedEmbedder(counting, tmp_path / "emb.sqlite")  # a new process, the same file
    second = hikaku.compare(doc("A", *OLD), doc("B", *NEW), embedder=again)
    assert counting.calls == calls and again.misses == 0 and again.hits > 0
    assert [c.model_dump() for c in first.changes] == [c.model_dump() for c in second.changes]


def test_cached_vectors_are_the_vectors_and_models_do_not_mix(tmp_path):
    texts = ["第1条 目的", "第2条 保険金", "第1条 目的"]
    plain = HashingEmbedder().embed(texts)
    cached = CachedEmbedder(HashingEmbedder(), tmp_path / "e.sqlite")
    assert np.array_equal(cached.embed(texts), plain) and cached.misses == 2  # the duplicate embedded once
    assert np.array_equal(cached.embed(texts[::-1]), plain[::-1]) and cached.hits == 1 + 3
    other = CachedEmbedder(CountingEmbedder(name="another-model"), tmp_path / "e.sqlite")
    other.embed(texts)
    assert other.misses == 2  # another model's vectors are not reused


def test_the_default_model_is_cached_under_the_user_dir(tmp_path):
    e = get_embedder("use", cache=tmp_path / "c.sqlite")
    assert isinstance(e, CachedEmbedder) and isinstance(e.inner, USEEmbedder) and e.name == "use-multilingual-v3"
    assert not isinstance(get_embedder("hashing", cache=tmp_path / "c.sqlite"), CachedEmbedder)


def test_openai_embeddings_through_a_compatible_server_with_cache_and_retries(tmp_path):
    with OpenAIStub(fail=1) as stub:
        options = dict(embedding="openai:text-embedding-3-large", embedding_base_url=stub.base_url, llm="offline")
        first = hikaku.compare(doc("A", *OLD), doc("B", *NEW), **options)
        assert first.stats.embedding_model == "openai:text-embedding-3-large"
        assert stub.state.embedded and len(stub.state.log) == 1  # one 500, retried
        assert first.count("modified") == 3
        sent = len(stub.state.embedded)
        second = hikaku.compare(doc("A", *OLD), doc("B", *NEW), **options)
        assert len(stub.state.embedded) == sent  # all from the cache
        assert [c.model_dump() for c in second.changes] == [c.model_dump() for c in first.changes]


def test_a_missing_embeddings_package_names_the_extra():
    with pytest.raises(MissingDependencyError, match=r"pip install 'hikaku\[ollama\]'"):
        get_embedder("ollama:bge-m3")
