"""Manifests (CSV, JSONL), pairs from two directories, and the names that become file
names; a bad manifest is one line and exit status 2."""

import json

import pytest

from hikaku import InputError
from hikaku.batch import check_name, pairs_from_dirs, plan_pairs, read_manifest, safe_name
from hikaku.cli import main


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_manifest_with_option_columns(tmp_path):
    (tmp_path / "docs").mkdir()
    m = write(tmp_path / "m.csv", "name,a,b,lang,strict\n"
              "約款,docs/old.md,docs/new.md,en,true\n"
              "\n"  # blank lines are skipped
              "特約,/abs/old.md, /abs/new.md ,,\n")
    specs = read_manifest(m)
    assert [s.name for s in specs] == ["約款", "特約"]
    assert specs[0].a == str(tmp_path.resolve() / "docs" / "old.md")  # relative to the manifest
    assert specs[1].b == "/abs/new.md"
    assert dict(specs[0].options) == {"lang": "en", "strict": "true"}
    assert dict(specs[1].options) == {}  # empty cells are not set
    planned = plan_pairs(specs, {"lang": "ja", "embedding": "hashing"})
    assert planned[0].options.lang == "en" and planned[0].options.strict is True  # the column wins
    assert planned[1].options.lang == "ja" and planned[1].options.strict is False
    assert planned[0].options.embedding == "hashing" and planned[0].model is None


def test_jsonl_manifest(tmp_path):
    m = write(tmp_path / "m.jsonl", json.dumps({"name": "x", "a": "a.md", "b": "b.md", "include_unchanged": True})
              + "\n\n" + json.dumps({"name": "y", "a": "c.md", "b": "d.md"}) + "\n")
    specs = read_manifest(m)
    assert [s.name for s in specs] == ["x", "y"]
    assert dict(specs[0].options) == {"include_unchanged": True}
    assert plan_pairs(specs)[0].options.include_unchanged is True


@pytest.mark.parametrize("text, message", [
    ("name,a\nx,a.md\n", "missing column(s) b"),
    ("name,a,b,colour\nx,a.md,b.md,red\n", "unknown column(s) colour"),
    ("name,a,b\nx,a.md,b.md\nX,c.md,d.md\n", "line 3: duplicate name 'X' (already on line 2)"),
    ("name,a,b\n../up,a.md,b.md\n", "line 2: name '../up' cannot be used as a file name"),
    ("name,a,b\nsub/x,a.md,b.md\n", "name 'sub/x' cannot be used as a file name"),
    ("name,a,b\n.hidden,a.md,b.md\n", "cannot start with '.'"),
    ("name,a,b\nindex,a.md,b.md\n", "reserved for the batch's own index file"),
    ("name,a,b\nx,,b.md\n", "line 2 (x): no path for a"),
    ("name,a,b\n", "lists no pair"),
    ("", "the manifest is empty"),
])
def test_bad_csv_manifests(tmp_path, text, message):
    m = write(tmp_path / "m.csv", text)
    with pytest.raises(InputError) as e:
        read_manifest(m)
    assert message in str(e.value) and str(m) in str(e.value)


def test_bad_jsonl_and_options(tmp_path):
    with pytest.raises(InputError, match="line 2: invalid JSON"):
        read_manifest(write(tmp_path / "m.jsonl", '{"name": "x", "a": "a", "b": "b"}\n{oops\n'))
    with pytest.raises(InputError, match=r"line 1: missing column\(s\) b"):
        read_manifest(write(tmp_path / "n.jsonl", '{"name": "x", "a": "a"}\n'))
    with pytest.raises(InputError, match="a manifest is .csv"):
        read_manifest(write(tmp_path / "m.txt", "name,a,b\n"))
    o = write(tmp_path / "o.csv", "name,a,b,lang\nx,a.md,b.md,fr\n")
    with pytest.raises(InputError) as e:
        plan_pairs(read_manifest(o))
    assert str(e.value).startswith(f"{o}: line 2 (x): invalid option: lang")  # the file, as the other errors


def test_cli_manifest_errors_are_one_line_and_exit_2(tmp_path, capsys):
    cases = {
        "missing.csv": ("name,a\nx,a.md\n", "missing column(s) b"),
        "dup.csv": ("name,a,b\nx,a.md,b.md\nx,c.md,d.md\n", "duplicate name 'x'"),
        "unsafe.csv": ("name,a,b\n../../etc/x,a.md,b.md\n", "cannot be used as a file name"),
        "option.csv": ("name,a,b,lang\nx,a.md,b.md,fr\n", "option.csv: line 2 (x): invalid option: lang"),
    }
    for fname, (text, message) in cases.items():
        m = write(tmp_path / fname, text)
        code = main(["batch", str(m), "-o", str(tmp_path / "out")])
        out, err = capsys.readouterr()
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("hikaku: error: ") and message in err
    assert not (tmp_path / "out").exists()  # nothing written before the manifest is known good
    assert main(["batch", "-o", str(tmp_path / "out")]) == 2
    assert "give either MANIFEST or --pair-dirs" in capsys.readouterr().err


def test_names():
    assert check_name("約款_2025") is None and check_name("A&B (v2)") is None
    for bad in ("", "..", "a..b", ".x", "a/b", "a\\b", "a:b", "x\n", " x", "Summary", "index", "x" * 200):
        assert check_name(bad) is not None, bad
    for raw in ("../etc", "a/b", ".env", "index", "..", "x\ty"):
        made = safe_name(raw)
        assert check_name(made) is None, (raw, made)


def test_pair_dirs(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    for d in (old, new):
        write(d / "約款.md", "# 約款\n")
        write(d / "index.md", "# i\n")  # a stem the batch reserves: renamed
        write(d / "x.md", "x\n")
        write(d / "x.txt", "x\n")  # the same stem twice: named after the whole file name
        write(d / ".hidden.md", "h\n")
        write(d / "notes.xyz", "not a document\n")
    write(old / "gone.md", "g\n")
    write(new / "new.md", "n\n")
    match = pairs_from_dirs(old, new)
    assert sorted(p.name for p in match.pairs) == ["index_", "x.md", "x.txt", "約款"]
    pair = next(p for p in match.pairs if p.name == "約款")
    assert pair.a == str((old / "約款.md").resolve()) and pair.b == str((new / "約款.md").resolve())
    assert match.old_only == ["gone.md"] and match.new_only == ["new.md"]
    with pytest.raises(InputError, match="no such directory"):
        pairs_from_dirs(old, tmp_path / "nope")
