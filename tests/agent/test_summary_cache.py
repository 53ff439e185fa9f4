"""The LLM summaries cache ($HIKAKU_HOME/cache/summaries.sqlite): a junk or half-overwritten
file is set aside with one warning line and rebuilt; summaries keep working."""

from __future__ import annotations

import logging
import os
import sqlite3
from types import SimpleNamespace

import pytest

from hikaku.agent.llm_summaries import LLMSummarizer
from hikaku.agent.recording import llm_turn


class Model:
    def __init__(self):
        self.calls = 0

    def invoke(self, messages, config=None):
        self.calls += 1
        return SimpleNamespace(content=f"要約{self.calls}。")


@pytest.fixture
def in_llm_turn():
    token = llm_turn.set(True)
    yield
    llm_turn.reset(token)


def warnings_of(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def _half(path):
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    size = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(size // 2)
        f.write(os.urandom(size - size // 2))


@pytest.mark.parametrize("damage", ["junk", "half"])
def test_a_damaged_summary_cache_is_set_aside_and_rebuilt(tmp_path, caplog, in_llm_turn, damage):
    path = tmp_path / "summaries.sqlite"
    model = Model()
    s = LLMSummarizer(model, model_name="m", lang="ja", cache_path=path)
    for k in range(200):  # enough rows for several pages
        s.summarize(f"第{k}章", "本文" * 50)
    assert model.calls == 200
    s._cache.close()
    if damage == "junk":
        path.write_bytes(os.urandom(9000))
    else:
        _half(path)
    model2 = Model()
    with caplog.at_level(logging.WARNING):
        again = LLMSummarizer(model2, model_name="m", lang="ja", cache_path=path)
        got = [again.summarize(f"第{k}章", "本文" * 50) for k in range(200)]
    assert all(got)  # every heading summarised, from the cache or anew
    lines = warnings_of(caplog)
    assert len(lines) == 1 and lines[0].startswith(f"{path}: the summary cache is damaged"), lines
    assert list(tmp_path.glob("summaries.sqlite.corrupt-*"))
    third = LLMSummarizer(Model(), model_name="m", lang="ja", cache_path=path)  # the rebuilt cache serves
    assert third.summarize("第199章", "本文" * 50) == got[199]
