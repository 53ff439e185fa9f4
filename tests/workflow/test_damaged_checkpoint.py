"""A checkpoint database that is junk or half overwritten is never an internal error: a file
the user named (or a run to resume) gets one clear CheckpointError naming it, untouched; the
default file of a new run is set aside (one warning line) and started afresh."""

from __future__ import annotations

import logging
import os
import sqlite3

import pytest

import hikaku
from hikaku import CheckpointError
from hikaku.workflow.checkpoint import default_checkpoint_path, open_checkpointer

from ..helpers import EXAMPLES

V1, V2 = EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"
KW = {"embedding": "hashing", "llm": "offline"}


def warnings_of(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("hikaku")]


def test_a_junk_checkpoint_named_by_the_user_is_named_and_left_alone(tmp_path):
    db = tmp_path / "runs.sqlite"
    db.write_bytes(b"these are my notes, not a database\n" * 100)
    before = db.read_bytes()
    with pytest.raises(CheckpointError, match=rf"{db}: not a usable checkpoint database \(file is not a database\)"):
        hikaku.compare(V1, V2, checkpoint=db, run_id="r1", **KW)
    with pytest.raises(CheckpointError, match="not a usable checkpoint database"):
        hikaku.compare(V1, V2, checkpoint=db, run_id="r1", resume=True, **KW)
    assert db.read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))


def test_the_default_checkpoint_of_a_new_run_is_set_aside(caplog):
    db = default_checkpoint_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(os.urandom(5000))
    clean = hikaku.compare(V1, V2, **KW)
    with caplog.at_level(logging.WARNING):
        result = hikaku.compare(V1, V2, checkpoint=db, run_id="r1", **KW)
    assert [c.model_dump() for c in result.changes] == [c.model_dump() for c in clean.changes]
    lines = warnings_of(caplog)
    assert len(lines) == 1 and lines[0].startswith(f"{db}: the checkpoint database is damaged (file is not a database)")
    assert len([p for p in db.parent.glob("checkpoints.sqlite.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]) == 1
    # ... and the new file works: the finished run can be "resumed"
    again = hikaku.compare(V1, V2, checkpoint=db, run_id="r1", resume=True, **KW)
    assert [c.model_dump() for c in again.changes] == [c.model_dump() for c in clean.changes]


def test_resuming_from_the_damaged_default_checkpoint_is_an_error_not_a_fresh_start():
    db = default_checkpoint_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    db.write_bytes(os.urandom(5000))
    with pytest.raises(CheckpointError, match="not a usable checkpoint database"):
        hikaku.compare(V1, V2, checkpoint=db, run_id="r1", resume=True, **KW)
    assert not list(db.parent.glob("checkpoints.sqlite.corrupt-*"))


@pytest.mark.parametrize("where", [0.3, 0.5, 0.8])
def test_a_half_overwritten_checkpoint_gives_one_clear_error(tmp_path, where):
    db = tmp_path / "runs.sqlite"
    hikaku.compare(V1, V2, checkpoint=db, run_id="r1", **KW)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    size = db.stat().st_size
    with open(db, "r+b") as f:
        f.seek(int(size * where))
        f.write(os.urandom(size - int(size * where)))
    with pytest.raises(CheckpointError) as e:
        hikaku.compare(V1, V2, checkpoint=db, run_id="r1", resume=True, **KW)
    assert str(e.value).startswith(str(db)) and "\n" not in str(e.value)
    assert "damaged" in str(e.value) or "not a usable" in str(e.value)


def test_open_checkpointer_on_a_directory_is_a_clear_error(tmp_path):
    with pytest.raises(hikaku.ConfigurationError, match="cannot open the checkpoint database"):
        with open_checkpointer(tmp_path):
            pass
