"""Outputs never destroy an input, are checked before any work, and are written whole or
not at all (a temporary file in the same directory, then a rename)."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys

import pytest

import hikaku.cli.common as common
import hikaku.loaders
import hikaku.run
from hikaku.cli import main

from ..helpers import EXAMPLES


@pytest.fixture
def pair(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "shugyo_kisoku_v1.md", tmp_path / "a.md")
    shutil.copy(EXAMPLES / "shugyo_kisoku_v2.md", tmp_path / "b.md")
    return tmp_path


def digest(d):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(d.iterdir()) if p.is_file()}


@pytest.fixture
def no_work(monkeypatch):
    """Fail the test if the command gets as far as loading or comparing anything."""
    def boom(*args, **kwargs):
        raise AssertionError("the work started before the outputs were checked")

    # the command imports these when it runs (a fast start): patched where it finds them
    monkeypatch.setattr(hikaku.run, "compare", boom)
    monkeypatch.setattr(hikaku.run, "run", boom)
    monkeypatch.setattr(hikaku.run, "plan_model", boom)
    monkeypatch.setattr(hikaku.loaders, "load_document", boom)


@pytest.mark.parametrize("argv, message", [
    (["-o", "a.md"], "-o a.md: this is the input a.md"),
    (["-o", "./a.md"], "-o ./a.md: this is the input a.md"),
    (["-o", "LINK"], "-o {d}/link.md: this is the input a.md"),
    (["-o", "HARD"], "this is the input a.md"),
    (["-o", "ABS_B"], "this is the input b.md"),
    (["--trace", "b.md"], "--trace b.md: this is the input b.md"),
    (["--trace", "LINK"], "this is the input a.md"),
    (["--checkpoint", "./b.md"], "--checkpoint ./b.md: this is the input b.md"),
    (["-o", "r.md", "--trace", "./r.md"], "--trace ./r.md: the same file as -o r.md"),
    (["-o", "sub"], "-o sub: is a directory"),
    (["-o", "missing/r.md"], "cannot write there: the directory {d}/missing does not exist"),
    (["--trace", "missing/t.jsonl"], "cannot write there: the directory {d}/missing does not exist"),
    (["-o", "r" * 300 + ".md"], "cannot write there: the file name is longer than the system allows"),
    (["-o", "report.odt"], "report.odt: cannot tell the output format from the extension '.odt'"),
    (["-o", "report"], "cannot tell the output format from the extension '(none)'"),
])
def test_refused_before_any_work_and_inputs_untouched(pair, capsys, no_work, argv, message):
    d = pair
    (d / "link.md").symlink_to(d / "a.md")
    os.link(d / "a.md", d / "hard.md")
    (d / "sub").mkdir()
    argv = [{"LINK": str(d / "link.md"), "HARD": "hard.md", "ABS_B": str(d / "b.md")}.get(x, x) for x in argv]
    before = digest(d)
    code = main(["compare", "a.md", "b.md", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hikaku: error: ") and message.format(d=d) in err, err
    assert digest(d) == before  # byte-identical, nothing added
    assert not (d / "missing").exists() and not (d / "report.odt").exists()


def test_a_failed_run_leaves_an_existing_report_as_it_was(pair, capsys):
    (pair / "report.md").write_text("the report of yesterday\n", encoding="utf-8")
    (pair / "bad.json").write_text("[{oops", encoding="utf-8")
    assert main(["compare", "a.md", "bad.json", "-o", "report.md"]) == 2
    assert (pair / "report.md").read_text(encoding="utf-8") == "the report of yesterday\n"
    capsys.readouterr()


def test_a_write_that_fails_midway_leaves_nothing_half_written(pair, capsys, monkeypatch):
    (pair / "report.md").write_text("the report of yesterday\n", encoding="utf-8")

    def no_rename(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(common.os, "replace", no_rename)
    code = main(["compare", "a.md", "b.md", "-o", "report.md", "--embedding", "hashing"])
    err = capsys.readouterr().err
    assert code == 2 and "report.md: cannot write the report: No space left on device" in err
    assert (pair / "report.md").read_text(encoding="utf-8") == "the report of yesterday\n"
    assert sorted(p.name for p in pair.iterdir()) == ["a.md", "b.md", "report.md"]  # no temporary file left


def test_the_report_replaces_the_old_one_whole_keeping_its_mode(pair, capsys):
    old = pair / "report.md"
    old.write_text("old\n", encoding="utf-8")
    old.chmod(0o640)
    assert main(["compare", "a.md", "b.md", "-o", "report.md", "--embedding", "hashing"]) == 0
    assert "| 項目 |" in old.read_text(encoding="utf-8") and stat.S_IMODE(old.stat().st_mode) == 0o640
    assert main(["compare", "a.md", "b.md", "-o", "new.md", "--embedding", "hashing"]) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((pair / "new.md").stat().st_mode) == 0o666 & ~umask
    # a symlink to another file is written through, and stays a symlink
    (pair / "target.md").write_text("x", encoding="utf-8")
    (pair / "via.md").symlink_to(pair / "target.md")
    assert main(["compare", "a.md", "b.md", "-o", "via.md", "--embedding", "hashing"]) == 0
    assert (pair / "via.md").is_symlink() and "| 項目 |" in (pair / "target.md").read_text(encoding="utf-8")
    capsys.readouterr()


def test_output_to_a_device_is_written_directly(pair):
    p = subprocess.run([sys.executable, "-m", "hikaku", "compare", "a.md", "b.md", "-o", "/dev/stdout", "-f", "md",
                        "--embedding", "hashing"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "| 項目 |" in p.stdout and p.stderr == ""


def test_dash_is_standard_output(pair, capsys):
    assert main(["compare", "a.md", "b.md", "-o", "-", "--embedding", "hashing"]) == 0
    assert "| 項目 |" in capsys.readouterr().out and not (pair / "-").exists()


class _FailingStdout:
    """A standard output whose writes fail as *error* says (a full disk, a closed pipe)."""

    encoding = "utf-8"

    def __init__(self, error: OSError) -> None:
        self.error = error

    def write(self, text):
        raise self.error

    def flush(self):
        pass


def test_a_report_standard_output_cannot_take_is_an_error_not_a_difference(pair, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdout", _FailingStdout(OSError(28, "No space left on device")))
    # exit 2 (an error), never 1, which --exit-code gives to documents that differ
    assert main(["compare", "a.md", "b.md", "--llm", "offline", "--exit-code"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == "hikaku: error: standard output: cannot write the report: No space left on device"


def test_a_reader_that_stops_early_ends_the_run_quietly(pair, capsys, monkeypatch):
    """``hikaku compare … | head``: status 141 as git's, nothing on stderr, and what is still
    buffered for standard output goes nowhere (no "Exception ignored" at exit)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone
    stdout = _FailingStdout(BrokenPipeError(32, "Broken pipe"))
    stdout.fileno = lambda: write_end
    monkeypatch.setattr(sys, "stdout", stdout)
    try:
        assert main(["compare", "a.md", "b.md", "--llm", "offline", "--exit-code"]) == 141
        assert capsys.readouterr().err == ""
        assert os.write(write_end, b"late") == 4  # the descriptor now leads to the null device
    finally:
        os.close(write_end)


@pytest.mark.parametrize("argv, expected", [
    (["compare", "a.md", "b.md", "-f", "pdf"], "hikaku: error: argument -f/--format: invalid choice: 'pdf'"),
    (["compare", "a.md"], "hikaku: error: the following arguments are required: b"),
    (["comapre", "a.md", "b.md"], "hikaku: error: argument COMMAND: invalid choice: 'comapre'"),
    (["serve", "--port", "x"], "hikaku: error: argument --port: invalid int value: 'x'"),
])
def test_an_argument_error_is_one_line_naming_the_help(capsys, argv, expected):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith(expected)
    assert err.rstrip().endswith("--help)")
