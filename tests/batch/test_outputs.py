"""The output directory holds files of other people too: a batch writes only files it
wrote before (named in its records, or its summary and index in a directory it made) or
new ones; any other file at a name it would write is refused before any work."""

from __future__ import annotations

import json

from hikaku.cli import main


def batch(manifest, out):
    return main(["batch", str(manifest), "-o", str(out), "--embedding", "hashing", "--no-progress"])


def test_files_the_batch_did_not_write_are_refused_before_any_work(manifest, tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "amended.json").write_text('{"mine": true}', encoding="utf-8")  # the name of a pair's output
    (out / "index.html").write_text("<p>my own page</p>", encoding="utf-8")
    (out / "notes.txt").write_text("not in the batch's way", encoding="utf-8")
    assert batch(manifest, out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"hikaku: error: {out}: the batch would write over files it "
                                                   "did not write: index.html, amended.json;")
    assert sorted(p.name for p in out.iterdir()) == ["amended.json", "index.html", "notes.txt"]  # nothing made
    assert (out / "index.html").read_text(encoding="utf-8") == "<p>my own page</p>"

    (out / "amended.json").unlink()
    (out / "index.html").unlink()
    assert batch(manifest, out) == 1  # the broken pair fails; the others are done
    assert (out / "notes.txt").read_text(encoding="utf-8") == "not in the batch's way"
    assert json.loads((out / "amended.json").read_text(encoding="utf-8"))["schema"] == "hikaku.comparison/v1"
    capsys.readouterr()
    assert batch(manifest, out) == 1  # its own files: a rerun goes on
    assert "4 done (0 compared, 4 up to date), 1 failed" in capsys.readouterr().err


def test_a_new_pair_does_not_take_a_file_already_there(manifest, tmp_path, capsys):
    out = tmp_path / "out"
    assert batch(manifest, out) == 1
    (out / "extra.md").write_text("a user's notes", encoding="utf-8")
    manifest.write_text(manifest.read_text(encoding="utf-8") + "extra,docs/v1.md,docs/v2.md,\n", encoding="utf-8")
    assert batch(manifest, out) == 2
    assert "did not write: extra.md;" in capsys.readouterr().err
    assert (out / "extra.md").read_text(encoding="utf-8") == "a user's notes"
