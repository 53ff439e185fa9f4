"""Every file hikaku writes is written whole or not at all: a reader sees the old file or the new
one, a failure leaves the old one and no temporary file, the permissions are kept, a link is
written through, a device or a pipe is written directly."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys

import numpy as np
import pytest

from hikaku.system import TEMP_SUFFIX, write_atomically


def test_bytes_parts_and_a_writer(tmp_path):
    target = tmp_path / "out.bin"
    write_atomically(target, b"whole")
    assert target.read_bytes() == b"whole"
    write_atomically(str(target), (part for part in (b"one ", b"two")))
    assert target.read_bytes() == b"one two"
    matrix = np.arange(6, dtype=np.float32).reshape(2, 3)
    write_atomically(tmp_path / "m.npy", lambda f: np.save(f, matrix))
    assert (np.load(tmp_path / "m.npy") == matrix).all()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.npy", "out.bin"]  # nothing left beside them


def test_a_failure_leaves_the_old_file_and_nothing_else(tmp_path, monkeypatch):
    target = tmp_path / "report.md"
    target.write_bytes(b"yesterday")

    def parts():
        yield b"half of today"
        raise RuntimeError("the renderer failed")

    with pytest.raises(RuntimeError):
        write_atomically(target, parts())
    assert target.read_bytes() == b"yesterday" and os.listdir(tmp_path) == ["report.md"]

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(target, b"today")
    assert target.read_bytes() == b"yesterday" and os.listdir(tmp_path) == ["report.md"]


def test_the_permissions_are_kept_and_a_new_file_gets_the_umasks(tmp_path):
    old = tmp_path / "old.txt"
    old.write_bytes(b"x")
    old.chmod(0o640)
    write_atomically(old, b"y")
    assert stat.S_IMODE(old.stat().st_mode) == 0o640 and old.read_bytes() == b"y"
    mask = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.txt", b"z")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640  # 0666 less the umask, as open() makes it


def test_a_link_is_written_through(tmp_path):
    (tmp_path / "real.md").write_bytes(b"old")
    (tmp_path / "via.md").symlink_to(tmp_path / "real.md")
    write_atomically(tmp_path / "via.md", b"new")
    assert (tmp_path / "via.md").is_symlink() and (tmp_path / "real.md").read_bytes() == b"new"


def test_a_pipe_is_written_directly():
    code = ("import sys; from hikaku.system import write_atomically; "
            "write_atomically('/dev/stdout', [b'through ', b'the pipe'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert out.returncode == 0 and out.stdout == b"through the pipe", out.stderr


def test_what_a_crash_leaves_is_recognisable(tmp_path, monkeypatch):
    """A crash between the temporary file and the rename leaves ``.NAME.<random>.hikaku-tmp``, which a
    batch's output directory removes when it opens (batch/outputs.py)."""
    made = []
    real_replace = os.replace

    def crash(src, dst):
        made.append(os.path.basename(src))
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(tmp_path / "a.json", io.BytesIO(b"{}").getvalue())
    monkeypatch.setattr(os, "replace", real_replace)
    assert made and made[0].startswith(".a.json.") and made[0].endswith(TEMP_SUFFIX)
    assert os.listdir(tmp_path) == []  # removed on the way out


def test_a_name_near_the_systems_limit_is_written(tmp_path):
    """The temporary file beside a long name is no longer than the system allows: a 250-byte name
    (a 255-byte limit: the temporary name would be 271) is written, nothing left beside it."""
    name = "報" * 80 + "a" * 10 + ".md"  # 240 + 10 + 3 bytes
    target = tmp_path / name
    write_atomically(target, b"report\n")
    assert target.read_bytes() == b"report\n"
    assert [p.name for p in tmp_path.iterdir()] == [name]
