"""``hikaku batch``: outputs per pair, summary and index, a failing pair recorded while the
others go on, resumable reruns (fingerprints), atomic outputs."""

import json
import os

import pytest

import hikaku
from hikaku.batch import (
    OUTPUT_FORMATS,
    InlineRunner,
    OutputDir,
    PairOutcome,
    plan_pairs,
    read_manifest,
    run_batch,
)
from hikaku.cli import main

DONE = ["example", "reverse", "amended", "約款 A&B"]


def snapshot(out):
    """Every file of the output directory (the state directory too): bytes and mtime."""
    files = {}
    for root, _, names in os.walk(out):
        for n in names:
            p = os.path.join(root, n)
            with open(p, "rb") as f:
                files[os.path.relpath(p, out)] = (f.read(), os.stat(p).st_mtime_ns)
    return files


def pair_files_of(name):
    return {f"{name}.json", f"{name}.md", f"{name}.html", os.path.join(".hikaku-batch", f"{name}.json")}


def test_four_pairs_and_a_broken_one_with_two_jobs(manifest, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["batch", str(manifest), "-o", str(out), "--jobs", "2", "--embedding", "hashing"]
    assert main(argv) == 1  # a pair failed
    err = capsys.readouterr().err
    assert "broken: failed:" in err and "<missing>.md: no such file" in err
    assert "5 pair(s): 4 done (4 compared, 0 up to date), 1 failed" in err

    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["schema"] == "hikaku.batch/v1"
    assert [p["name"] for p in summary["pairs"]] == DONE + ["broken"]  # manifest order
    assert summary["totals"]["done"] == 4 and summary["totals"]["failed"] == 1
    broken = summary["pairs"][-1]
    assert broken["status"] == "failed" and broken["error"].endswith("<missing>.md: no such file")
    assert "\n" not in broken["error"] and broken["outputs"] == {}
    for entry in summary["pairs"][:4]:
        assert entry["status"] == "done" and entry["error"] is None and len(entry["fingerprint"]) == 32
        assert entry["outputs"] == {fmt: f"{entry['name']}.{fmt}" for fmt in OUTPUT_FORMATS}
    assert not list(out.glob("broken.*"))

    # each output is what hikaku compare gives for that pair with the pair's options
    docs = manifest.parent / "docs"
    expected = hikaku.compare(docs / "v2.md", docs / "v1.md", lang="en", embedding="hashing")
    got = hikaku.ComparisonResult.from_json((out / "reverse.json").read_bytes())
    assert [c.model_dump() for c in got.changes] == [c.model_dump() for c in expected.changes]
    assert summary["pairs"][1]["counts"] == expected.stats.counts
    assert (out / "reverse.md").read_text(encoding="utf-8") == hikaku.render(expected, "md", lang="en")
    assert "| Item | Document A | Document B | Change |" in (out / "reverse.md").read_text(encoding="utf-8")
    amended = json.loads((out / "amended.json").read_text(encoding="utf-8"))
    assert [c["type"] for c in amended["changes"] if c["type"] != "unchanged"] == ["modified"]  # ３か月 → ４か月
    assert (out / "example.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")

    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="%E7%B4%84%E6%AC%BE%20A%26B.html"' in index and "約款 A&amp;B" in index  # names escaped
    # messages escaped, in the page's language (Japanese by default; summary.json keeps the English)
    assert "&lt;missing&gt;.md: ファイルがありません" in index and "<missing>" not in index


def test_rerun_rewrites_nothing_done_and_recomputes_a_lost_output_alone(manifest, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["batch", str(manifest), "-o", str(out), "--jobs", "2", "--embedding", "hashing"]
    assert main(argv) == 1
    before = snapshot(out)
    assert main(argv) == 1  # the broken pair is tried again and fails again
    assert "4 done (0 compared, 4 up to date), 1 failed" in capsys.readouterr().err
    assert snapshot(out) == before  # no output, record, summary or index written again

    (out / "amended.md").unlink()  # as after a crash
    assert main(argv) == 1
    assert "4 done (1 compared, 3 up to date), 1 failed" in capsys.readouterr().err
    after = snapshot(out)
    assert set(after) == set(before)
    changed = {f for f in after if after[f] != before[f]}
    assert changed - {"summary.json", "index.html"} <= pair_files_of("amended")
    assert "amended.md" in changed
    for name in DONE[:2] + DONE[3:]:
        for f in pair_files_of(name):
            assert after[f] == before[f], f  # the other pairs were left alone


def test_changed_input_or_option_recomputes_that_pair(manifest, tmp_path, capsys):
    out = tmp_path / "out"
    argv = ["batch", str(manifest), "-o", str(out), "--embedding", "hashing"]
    assert main(argv) == 1
    before = snapshot(out)
    docs = manifest.parent / "docs"
    (docs / "v1_amended.md").write_text((docs / "v1_amended.md").read_text(encoding="utf-8") + "\n追記。\n",
                                        encoding="utf-8")
    assert main(argv) == 1
    assert "(1 compared, 3 up to date)" in capsys.readouterr().err
    after = snapshot(out)
    assert after["amended.json"] != before["amended.json"] and after["example.json"] == before["example.json"]
    # an option of every pair changes every pair's fingerprint
    assert main(argv + ["--include-unchanged"]) == 1
    assert "(4 compared, 0 up to date)" in capsys.readouterr().err
    assert "一致" in (out / "example.md").read_text(encoding="utf-8")
    # --force computes everything again
    assert main(argv + ["--include-unchanged", "--force"]) == 1
    assert "(4 compared, 0 up to date)" in capsys.readouterr().err


def test_a_crash_while_writing_leaves_no_output_that_passes_for_done(manifest, tmp_path, monkeypatch):
    """An output whose write is interrupted is never there under its name, and the pair's
    record is only the claim written before its outputs (no fingerprint): the next run
    computes it again, and knows the files at its names as its own."""
    out = tmp_path / "out"
    planned = plan_pairs(read_manifest(manifest), {"embedding": "hashing"})[:2]

    real_replace = os.replace
    calls = []

    def crash_on_second_pair(src, dst):
        calls.append(dst)
        if str(dst).endswith("reverse.md"):
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", crash_on_second_pair)
    report = run_batch(planned, out, InlineRunner())
    monkeypatch.setattr(os, "replace", real_replace)
    assert [e.status for e in report.entries] == ["done", "failed"]
    assert "cannot write the outputs: No space left on device" in report.entries[1].error
    assert not (out / "reverse.md").exists()
    claim = OutputDir(out).record("reverse")
    assert claim is not None and claim.fingerprint == "" and claim.outputs["md"] == {"file": "reverse.md", "sha256": ""}
    assert not [p for p in out.iterdir() if p.name.endswith(".hikaku-tmp")]  # no temporary file left
    again = run_batch(planned, out, InlineRunner())
    assert (again.computed, again.reused, again.failed) == (1, 1, 0)
    assert (out / "reverse.md").exists()


def test_a_failing_pair_does_not_stop_the_others(manifest, tmp_path):
    class Flaky(InlineRunner):
        def run(self, tasks, on_done):
            for t in tasks:
                if t.name == "example":
                    on_done(PairOutcome(t.name, False, error="boom"))
                else:
                    super().run([t], on_done)

    planned = plan_pairs(read_manifest(manifest), {"embedding": "hashing"})
    report = run_batch(planned, tmp_path / "out", Flaky())
    assert {e.name: e.status for e in report.entries} == {
        "example": "failed", "reverse": "done", "amended": "done", "約款 A&B": "done", "broken": "failed"}
    assert OutputDir(tmp_path / "out").record("example") is None


def test_pair_dirs_and_progress(tmp_path, pair_files, capsys):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    (old / "規則.md").write_bytes((pair_files / "v1.md").read_bytes())
    (new / "規則.md").write_bytes((pair_files / "v2.md").read_bytes())
    (old / "廃止.md").write_text("# 廃止\n", encoding="utf-8")
    out = tmp_path / "out"
    code = main(["batch", "--pair-dirs", str(old), str(new), "-o", str(out), "--embedding", "hashing", "--progress"])
    err = capsys.readouterr().err
    assert code == 0
    assert f"only in {old}: 廃止.md" in err and "hikaku: pairs" in err  # the tqdm bar
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert [p["name"] for p in summary["pairs"]] == ["規則"] and summary["unmatched"]["old_only"] == ["廃止.md"]
    assert (out / "規則.html").exists()


def test_ray_without_the_extra_names_it(monkeypatch, manifest, tmp_path, capsys):
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray" or name.startswith("ray."):
            raise ImportError("No module named 'ray'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    code = main(["batch", str(manifest), "-o", str(tmp_path / "out"), "--ray", "local", "--embedding", "hashing"])
    assert code == 2  # a missing extra is a usage error (issue 15)
    assert "pip install 'hikaku[ray]'" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--ray", "auto", "--jobs", "2"], "--jobs sets the local worker processes"),
])
def test_bad_runner_arguments(manifest, tmp_path, capsys, argv, message):
    assert main(["batch", str(manifest), "-o", str(tmp_path / "out"), *argv]) == 2
    assert message in capsys.readouterr().err


def _dies_on_example(slot, tasks, results):  # a worker loop (spawned) whose process dies on one pair
    from hikaku.batch import PairWorker

    worker = PairWorker()
    for task in iter(tasks.get, None):
        if task.name == "example":
            os._exit(3)
        results.put((slot, worker.run(task)))


def test_a_worker_that_dies_fails_its_pair_and_is_replaced(manifest, tmp_path):
    from hikaku.batch import ProcessRunner

    planned = plan_pairs(read_manifest(manifest), {"embedding": "hashing"})
    report = run_batch(planned, tmp_path / "out", ProcessRunner(2, poll_s=0.2, loop=_dies_on_example))
    status = {e.name: (e.status, e.error) for e in report.entries}
    assert status["example"][0] == "failed" and "worker process died (exit code 3)" in status["example"][1]
    assert [status[n][0] for n in ("reverse", "amended", "約款 A&B")] == ["done"] * 3
    assert report.computed == 3 and report.failed == 2
