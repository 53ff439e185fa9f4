"""A batch stopped before its end (Ctrl-C, an error) lists every pair of the manifest —
those it did not come to as not run — and says it was interrupted, in summary.json and
on the page; the same command then resumes and finishes."""

from __future__ import annotations

import json

import pytest

from hikaku.batch import InlineRunner, plan_pairs, read_manifest, run_batch


class StopsAfter(InlineRunner):
    """Compares *n* pairs, then the user presses Ctrl-C."""

    def __init__(self, n):
        self.n = n

    def run(self, tasks, on_done):
        super().run(tasks[:self.n], on_done)
        raise KeyboardInterrupt


def test_an_interrupted_batch_lists_the_pairs_not_run_and_a_rerun_finishes(manifest, tmp_path):
    out = tmp_path / "out"
    planned = plan_pairs(read_manifest(manifest), {"embedding": "hashing", "lang": "en"})
    with pytest.raises(KeyboardInterrupt):
        run_batch(planned, out, StopsAfter(2), lang="en")
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["interrupted"] is True and summary["finished"] is False
    assert [(p["name"], p["status"]) for p in summary["pairs"]] == [
        ("example", "done"), ("reverse", "done"), ("amended", "not_run"), ("約款 A&B", "not_run"),
        ("broken", "failed")]
    assert {k: summary["totals"][k] for k in ("pairs", "done", "failed", "not_run")} == {
        "pairs": 5, "done": 2, "failed": 1, "not_run": 2}
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Interrupted: some pairs were not run" in page and "5 pairs: 2 done, 1 failed, 2 not run" in page
    assert page.count("<td>not run</td>") == 2

    again = run_batch(planned, out, InlineRunner(), lang="en")
    assert (again.computed, again.reused, again.failed, again.not_run, again.interrupted) == (2, 2, 1, 0, False)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["finished"] is True and summary["interrupted"] is False and summary["totals"]["not_run"] == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Interrupted" not in page and "5 pairs: 4 done, 1 failed</p>" in page


def test_a_japanese_batch_says_why_a_pair_failed_in_japanese(manifest, tmp_path):
    """summary.json keeps the error in English (for programs); index.html says it in the batch's
    language, like the rest of the page."""
    out = tmp_path / "out"
    planned = plan_pairs(read_manifest(manifest), {"embedding": "hashing"})
    report = run_batch(planned, out, InlineRunner(), lang="ja")
    assert report.failed == 1
    broken = next(p for p in json.loads((out / "summary.json").read_text(encoding="utf-8"))["pairs"]
                  if p["name"] == "broken")
    assert broken["error"].endswith("<missing>.md: no such file")
    page = (out / "index.html").read_text(encoding="utf-8")
    row = next(line for line in page.split("<tr") if "broken" in line)
    assert "&lt;missing&gt;.md: ファイルがありません" in row and "no such file" not in page
    assert "5 ペア: 完了 4、失敗 1" in page
