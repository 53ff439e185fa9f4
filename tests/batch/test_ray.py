"""``hikaku batch --ray local``: the pairs run as Ray tasks on a Ray started for the
batch (node address 127.0.0.1, no dashboard, no usage statistics; the suite's guard
fails any connection beyond loopback) and give the same changes as
without Ray; Ray is shut down at the end."""

import json

import pytest

from hikaku.cli import main


@pytest.mark.slow
def test_ray_local_gives_the_same_changes_as_without_ray(manifest, tmp_path, monkeypatch, capsys):
    import ray  # in the test extra
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    assert not ray.is_initialized()
    common = [str(manifest), "--embedding", "hashing"]
    assert main(["batch", *common, "-o", str(tmp_path / "local")]) == 1
    capsys.readouterr()
    try:
        code = main(["batch", *common, "-o", str(tmp_path / "ray"), "--ray", "local", "--jobs", "2"])
    finally:
        shut = not ray.is_initialized()
        if not shut:
            ray.shutdown()
    assert shut, "the batch must shut down the Ray it started"
    assert code == 1
    assert "4 done (4 compared, 0 up to date), 1 failed" in capsys.readouterr().err

    local = json.loads((tmp_path / "local" / "summary.json").read_text(encoding="utf-8"))
    remote = json.loads((tmp_path / "ray" / "summary.json").read_text(encoding="utf-8"))

    def strip(summary):  # what may differ: the time it took, and the file it was written to
        return [{k: v for k, v in p.items() if k not in ("seconds",)} for p in summary["pairs"]]

    assert strip(remote) == strip(local)
    assert remote["totals"] == local["totals"]
    for entry in local["pairs"]:
        if entry["status"] != "done":
            continue
        a = json.loads((tmp_path / "local" / entry["outputs"]["json"]).read_text(encoding="utf-8"))
        b = json.loads((tmp_path / "ray" / entry["outputs"]["json"]).read_text(encoding="utf-8"))
        assert b["changes"] == a["changes"] and b["stats"]["counts"] == a["stats"]["counts"]
        assert (tmp_path / "ray" / entry["outputs"]["md"]).read_bytes() == \
            (tmp_path / "local" / entry["outputs"]["md"]).read_bytes()
