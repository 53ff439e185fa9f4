"""A damaged embedding cache ($HIKAKU_HOME/cache/embeddings.sqlite) is set aside, named in
one warning line and rebuilt; the comparison's result is that of a clean run, whether the
file is junk, half overwritten (SQLite finds it malformed) or quietly wrong inside a
vector (the row checksum finds it)."""

from __future__ import annotations

import json
import logging
import os
import sqlite3

import numpy as np
import pytest

import hikaku
from hikaku.embeddings import CachedEmbedder, HashingEmbedder
from hikaku.settings import user_dir
from tests.fakes import CountingEmbedder

from ..helpers import EXAMPLES

V1, V2 = EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"


def changes(result):
    return [c.model_dump() for c in result.changes]


def warnings_of(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("hikaku")]


def _settle(path):
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


@pytest.fixture(scope="module")
def clean_home(tmp_path_factory):
    return tmp_path_factory.mktemp("clean")


def _junk(path):
    path.write_bytes(os.urandom(30_000))


def _second_half(path):
    size = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(size // 2)
        f.write(os.urandom(size - size // 2))


def _inside_a_vector(path):
    """Flip bytes inside one stored vector: the file stays a sound database."""
    con = sqlite3.connect(path)
    blob = con.execute("SELECT vector FROM vectors_v2 LIMIT 1").fetchone()[0]
    con.close()
    data = bytearray(path.read_bytes())
    at = data.find(blob[:64])
    assert at > 0
    data[at + 100:at + 116] = os.urandom(16)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [_junk, _second_half, _inside_a_vector])
def test_a_damaged_cache_is_set_aside_and_the_result_equals_a_clean_run(monkeypatch, tmp_path, caplog, damage):
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path / "home"))
    clean = hikaku.compare(V1, V2)  # a clean run fills the cache
    cache = user_dir() / "cache" / "embeddings.sqlite"
    assert cache.is_file()
    assert changes(hikaku.compare(V1, V2)) == changes(clean)  # from the cache: the same
    _settle(cache)
    damage(cache)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        again = hikaku.compare(V1, V2)
    assert changes(again) == changes(clean)
    lines = warnings_of(caplog)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{cache}: the embedding cache is damaged (") and "set aside as embeddings.sqlite.corrupt-" in lines[0]
    aside = [p for p in cache.parent.glob("embeddings.sqlite.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].name in lines[0]  # kept (with its -wal/-shm), never deleted
    caplog.clear()
    with caplog.at_level(logging.WARNING):  # rebuilt: the next run is quiet and still the same
        assert changes(hikaku.compare(V1, V2)) == changes(clean)
    assert warnings_of(caplog) == []


def test_the_rebuilt_cache_serves_the_next_process(tmp_path, caplog):
    path = tmp_path / "e.sqlite"
    path.write_bytes(b"junk" * 1000)
    counting = CountingEmbedder(name="counting")
    texts = ["第1条 目的", "第2条 保険金"]
    with caplog.at_level(logging.WARNING):
        first = CachedEmbedder(counting, path).embed(texts)
    assert len(warnings_of(caplog)) == 1 and counting.texts == 2
    second = CachedEmbedder(counting, path)
    assert np.array_equal(second.embed(texts), first) and second.hits == 2 and counting.texts == 2


def test_an_unusable_cache_is_switched_off_with_one_line(tmp_path, caplog):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with caplog.at_level(logging.WARNING):
        e = CachedEmbedder(HashingEmbedder(), blocked / "e.sqlite")  # its directory is a file
        v = e.embed(["第1条", "第2条"])
    assert v.shape[0] == 2 and len(warnings_of(caplog)) == 1
    assert "cannot use the embedding cache" in warnings_of(caplog)[0] and "continuing without it" in warnings_of(caplog)[0]


def test_a_locked_cache_is_not_damaged(tmp_path, caplog):
    """Another process writing (a busy database) is not damage: nothing is set aside."""
    path = tmp_path / "e.sqlite"
    cached = CachedEmbedder(HashingEmbedder(), path)
    cached.embed(["第1条"])
    other = sqlite3.connect(path, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    cached._cache.db.execute("PRAGMA busy_timeout = 50")
    with caplog.at_level(logging.WARNING):
        v = cached.embed(["第1条", "第2条"])
    other.rollback()
    other.close()
    assert v.shape[0] == 2 and not list(tmp_path.glob("*.corrupt-*")) and warnings_of(caplog) == []


def test_parallel_runs_sharing_the_cache_are_not_damage(tmp_path):
    """Three processes filling one fresh cache at once: busy is not damaged; nothing set aside, nothing said."""
    import subprocess
    import sys

    from ..helpers import ROOT

    env = {**os.environ, "HIKAKU_HOME": str(tmp_path / "home"), "HIKAKU_DOTENV": "", "HIKAKU_LLM": "offline",
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    procs = [subprocess.Popen([sys.executable, "-m", "hikaku", "compare", str(V1), str(V2), "-f", "json"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(3)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [e for _, e in outs]
    assert all(err == "" for _, err in outs), [e for _, e in outs]
    assert len({json.dumps(json.loads(out)["changes"]) for out, _ in outs}) == 1
    assert not list((tmp_path / "home" / "cache").glob("*.corrupt-*"))
