"""A run's rare terms found before it starts (agent/keywords.py): the searched index tokenised in a
thread of its own while the texts are tokenised, no frequency read before it is whole, the same
terms as found one by one."""

from __future__ import annotations

import threading

import pytest

from hikaku.agent.keywords import RareTerms

CHUNKS = ["保険金 支払 請求 期限", "保険金 入院 給付金", "請求 書類 提出", "入院 日数 給付金", "保険金 支払"] * 3
TEXTS = [f"保険金 請求 書類 text{k} 入院 日数" for k in range(40)] + ["支払 期限 給付金", "提出 書類"]


class Index:
    """A searched index: its keyword store built by ``index_keywords`` (held until *gate*)."""

    def __init__(self, build: bool = True) -> None:
        self.gate = threading.Event()
        self.built = False
        self.tokenized: list[str] = []
        if build:
            self.index_keywords = self._build

    def __len__(self) -> int:
        return len(CHUNKS)

    def tokenize(self, text: str) -> list[str]:
        self.tokenized.append(text)
        if len(self.tokenized) == 5:
            self.gate.set()  # the index is built once a few texts are tokenised
        return text.split()

    def _build(self) -> None:
        assert self.gate.wait(10)
        self.built = True

    def document_frequency(self, term: str) -> int:
        if hasattr(self, "index_keywords") and not self.built:
            raise AssertionError("a frequency read before the index was whole")
        return sum(term in c.split() for c in CHUNKS)


@pytest.mark.parametrize("texts", [TEXTS, TEXTS[:3]])
def test_the_terms_are_those_found_one_by_one(texts):
    one_by_one = RareTerms(Index(build=False), max_df=10)
    expected = [one_by_one(t) for t in texts]
    index = Index()
    if len(texts) < 5:
        index.gate.set()
    ahead = RareTerms(index, max_df=10)
    ahead.find_all(texts + texts[:2])  # (a text twice: found once)
    assert index.built and [ahead(t) for t in texts] == expected
    assert len(index.tokenized) == len(dict.fromkeys(texts))
    assert any(expected)


def test_a_failure_building_the_index_is_raised():
    class Failing(Index):
        def _build(self) -> None:
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        RareTerms(Failing(), max_df=10).find_all(TEXTS)
