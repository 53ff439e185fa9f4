"""Every file a run reads is an input, protected from every output: the two sides, a reviewer's
decisions, a calibration, the configuration file, the ``.env`` file of the keys. ``-o``,
``--trace``, ``--checkpoint`` (and a batch's reports) onto one of them — by name, through a
symbolic or a hard link — are refused before any work with one line, exit status 2, and the file
is left byte-identical: one check (``hikaku.run.check_outputs``) that every front runs."""

from __future__ import annotations

import hashlib
import os
import shutil

import pytest

import hikaku
import hikaku.loaders
import hikaku.run
from hikaku import ConfigurationError
from hikaku.align import load_calibration
from hikaku.cli import main
from hikaku.review import DecisionSet, ReviewerDecision

from ..helpers import EXAMPLES


@pytest.fixture
def d(tmp_path, monkeypatch):
    """A working directory with the example pair, a decisions file and a calibration."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLES / "shugyo_kisoku_v1.md", tmp_path / "a.md")
    shutil.copy(EXAMPLES / "shugyo_kisoku_v2.md", tmp_path / "b.md")
    DecisionSet([ReviewerDecision(a_sha256="0" * 64, b_sha256=None, verdict="ignore", by="test")]).save(
        tmp_path / "dec.json")
    load_calibration().write(tmp_path / "cal.json")
    return tmp_path


@pytest.fixture
def no_work(monkeypatch):
    """Fail the test if the command gets as far as reading a document or running anything."""
    def boom(*args, **kwargs):
        raise AssertionError("the work started before the outputs were checked")

    for name in ("run", "compare", "plan_model", "load_sides"):
        monkeypatch.setattr(hikaku.run, name, boom)
    monkeypatch.setattr(hikaku.loaders, "load_document", boom)


def digests(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(capsys, argv, message):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and err.startswith("hikaku: error: ") and message in err, err


@pytest.mark.parametrize("argv, message", [
    (["--decisions", "dec.json", "-o", "dec.json"], "-o dec.json: this is the decisions file dec.json; writing there "
                                                     "would destroy it"),
    (["--decisions", "dec.json", "--interactive", "-o", "dec.json"], "-o dec.json: this is the decisions file"),
    (["--calibration", "cal.json", "-o", "cal.json"], "-o cal.json: this is the calibration file cal.json"),
    (["--calibration", "cal.json", "-o", "./cal.json", "-f", "json"], "-o ./cal.json: this is the calibration file"),
    (["--decisions", "dec.json", "--trace", "dec.json"], "--trace dec.json: this is the decisions file dec.json"),
    (["--calibration", "cal.json", "--trace", "cal.json"], "--trace cal.json: this is the calibration file"),
    (["--trace", "a.md"], "--trace a.md: this is the input a.md"),
    (["--decisions", "dec.json", "--checkpoint", "dec.json"], "--checkpoint dec.json: this is the decisions file"),
    (["--decisions", "dec.json", "-o", "LINK_DEC"], "this is the decisions file dec.json"),
    (["--calibration", "cal.json", "-o", "HARD_CAL", "-f", "json"], "this is the calibration file cal.json"),
    (["--decisions", "dec.json", "--trace", "LINK_DEC"], "this is the decisions file dec.json"),
    (["--trace", "LINK_A"], "this is the input a.md"),
    (["--checkpoint", "c.sqlite", "-o", "c.sqlite"], "the same file as"),
    (["--checkpoint", "c.sqlite", "--trace", "c.sqlite"], "--checkpoint c.sqlite: the same file as --trace c.sqlite"),
])
def test_every_file_the_command_reads_is_protected(d, capsys, no_work, argv, message):
    (d / "link-dec.json").symlink_to(d / "dec.json")
    (d / "link-a.md").symlink_to(d / "a.md")
    os.link(d / "cal.json", d / "hard-cal.json")
    (d / "c.sqlite").write_bytes(b"")  # a checkpoint file
    argv = [{"LINK_DEC": "link-dec.json", "LINK_A": str(d / "link-a.md"), "HARD_CAL": "hard-cal.json"}.get(x, x)
            for x in argv]
    before = digests(d)
    refused(capsys, ["compare", "a.md", "b.md", *argv], message)
    assert digests(d) == before  # byte-identical, nothing added


def test_the_settings_files_are_protected(d, capsys, no_work, monkeypatch):
    home = d / "home"
    home.mkdir()
    (home / "config.toml").write_text('lang = "en"\n', encoding="utf-8")
    (d / "keys.env").write_text("OPENAI_API_KEY=\n", encoding="utf-8")
    monkeypatch.setenv("HIKAKU_HOME", str(home))
    monkeypatch.setenv("HIKAKU_DOTENV", str(d / "keys.env"))
    monkeypatch.setenv("HIKAKU_CALIBRATION", str(d / "cal.json"))  # a calibration named in the environment
    before = digests(d)
    refused(capsys, ["compare", "a.md", "b.md", "-o", str(home / "config.toml")],
            f"this is the configuration file {home / 'config.toml'}")
    refused(capsys, ["compare", "a.md", "b.md", "--trace", "keys.env"], f"this is the key file {d / 'keys.env'}")
    refused(capsys, ["compare", "a.md", "b.md", "-o", "cal.json", "-f", "json"], "this is the calibration file")
    assert digests(d) == before


def test_standard_input_and_the_other_side(d, capsys, no_work, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"# x\n")))
    before = digests(d)
    refused(capsys, ["compare", "-", "b.md", "--decisions", "dec.json", "-o", "dec.json"], "this is the decisions file")
    refused(capsys, ["compare", "-", "b.md", "-o", "b.md"], "-o b.md: this is the input b.md")
    assert digests(d) == before


def test_the_api_refuses_a_trace_onto_any_file_it_reads(d, monkeypatch):
    import hikaku.run.runner

    monkeypatch.setattr(hikaku.run.runner, "load_sides", lambda *a, **k: pytest.fail("the sides were read"))
    (d / "link.json").symlink_to(d / "dec.json")
    before = digests(d)
    cases = [
        ({"decisions": "dec.json", "trace": "dec.json"}, r"trace dec\.json: this is the decisions file dec\.json"),
        ({"decisions": d / "dec.json", "trace": d / "link.json"}, r"this is the decisions file"),
        ({"calibration": "cal.json", "trace": "./cal.json"}, r"trace \./cal\.json: this is the calibration file"),
        ({"trace": "b.md"}, r"trace b\.md: this is the input b \(b\.md\)"),
        ({"decisions": "dec.json", "checkpoint": "dec.json"}, r"checkpoint dec\.json: this is the decisions file"),
        ({"checkpoint": "c.sqlite", "trace": "c.sqlite"}, r"the same file as"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ConfigurationError, match=message):
            hikaku.compare("a.md", "b.md", embedding="hashing", llm="offline", **kwargs)
    assert digests(d) == before


def test_a_batch_never_writes_over_a_calibration(d, capsys, monkeypatch):
    (d / "m.csv").write_text("name,a,b\ncal,a.md,b.md\n", encoding="utf-8")
    out = d / "out"
    out.mkdir()
    shutil.copy(d / "cal.json", out / "cal.json")  # the calibration is where the pair "cal" writes cal.json
    monkeypatch.setenv("HIKAKU_CALIBRATION", str(out / "cal.json"))
    before = digests(d)
    code = main(["batch", "m.csv", "-o", str(out), "--embedding", "hashing", "--no-progress"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert f"output {out / 'cal.json'}: this is the calibration file {out / 'cal.json'}" in err
    assert digests(d) == before


def test_an_allowed_run_reads_the_files_it_names(d):
    """The outcome says which files the run read (what the check protected)."""
    request = hikaku.run.RunRequest(
        hikaku.run.Side("a.md"), hikaku.run.Side("b.md"),
        hikaku.resolve_options({"embedding": "hashing", "llm": "offline", "calibration": "cal.json"}),
        review=hikaku.run.Review("dec.json"), trace="trace.jsonl")
    outcome = hikaku.run.run(request)
    read = {(f.kind, f.path) for f in outcome.inputs}
    assert read == {("input", "a.md"), ("input", "b.md"), ("decisions file", "dec.json"),
                    ("calibration file", "cal.json")}
    assert (d / "trace.jsonl").stat().st_size > 0
