"""``hikaku batch`` never writes over one of its inputs: an output path (a report, the
summary, the index) that is an input — by name, through a symbolic or a hard link — is
refused before any work with one line and exit status 2, as ``hikaku compare -o`` is."""

from __future__ import annotations

import os

import pytest

from hikaku.cli import main

from ..helpers import EXAMPLES


@pytest.fixture
def dirs(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    (old / "policy.json").write_bytes((EXAMPLES / "policy_a.json").read_bytes())
    (new / "policy.json").write_bytes((EXAMPLES / "policy_b.json").read_bytes())
    return old, new


def files(d):
    return {p.name: p.read_bytes() for p in d.iterdir()}


def refused(capsys, argv, *messages):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("hikaku: error: output "), err
    for m in messages:
        assert m in err, err


def test_pair_dirs_into_the_new_directory_is_refused(dirs, capsys):
    old, new = dirs
    before = files(new)
    refused(capsys, ["batch", "--pair-dirs", str(old), str(new), "-o", str(new), "--embedding", "hashing"],
            f"{new / 'policy.json'}: this is the input", "choose another output directory")
    assert files(new) == before  # the input as it was, and nothing added (no summary, no state directory)


def test_a_pair_named_after_its_input_in_the_manifest_directory_is_refused(tmp_path, capsys):
    d = tmp_path / "b5"
    d.mkdir()
    for name in ("policy_a.json", "policy_b.json"):
        (d / name).write_bytes((EXAMPLES / name).read_bytes())
    (d / "m.csv").write_text("name,a,b\npolicy_b,policy_a.json,policy_b.json\n", encoding="utf-8")
    before = files(d)
    refused(capsys, ["batch", str(d / "m.csv"), "-o", str(d)], "policy_b.json: this is the input")
    assert files(d) == before


@pytest.mark.parametrize("link", [os.symlink, os.link])
def test_an_output_linked_to_an_input_is_refused(dirs, tmp_path, capsys, link):
    old, new = dirs
    out = tmp_path / "out"
    out.mkdir()
    link(new / "policy.json", out / "policy.md")  # NAME.md of the pair 'policy' is the input
    before = (new / "policy.json").read_bytes()
    refused(capsys, ["batch", "--pair-dirs", str(old), str(new), "-o", str(out)],
            f"{out / 'policy.md'}: this is the input {new / 'policy.json'}")
    assert (new / "policy.json").read_bytes() == before and sorted(os.listdir(out)) == ["policy.md"]


def test_the_summary_is_checked_too_and_a_refused_output_directory_is_not_left_behind(tmp_path, capsys):
    (tmp_path / "m.csv").write_text("name,a,b\nx,out/index.html,b.md\n", encoding="utf-8")
    refused(capsys, ["batch", str(tmp_path / "m.csv"), "-o", str(tmp_path / "out")],
            f"{tmp_path / 'out' / 'index.html'}: this is the input")
    assert not (tmp_path / "out").exists()  # made for the check, removed when refused
