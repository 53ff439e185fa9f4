"""What a restart keeps: the history with its reports, the queue, and the comparisons
that were running (resumed from their checkpoint, never lost silently)."""

from __future__ import annotations

import time

from hikaku.web.store import Job, JobStore, Upload, new_job_id
from hikaku.web.supervisor import MAX_ATTEMPTS

from .conftest import interrupted_too_often, serving, upload, wait

_ARTICLES = "\n\n".join(f"第{i}条 この規程は、第{i}項の定めにより{i * 7 % 97}日以内に届け出る。" for i in range(1, 601))
BIG = (("a.txt", _ARTICLES.encode()), ("b.txt", _ARTICLES.replace("届け出る", "届け出なければならない").encode()))


def test_the_history_survives_a_restart(tmp_path, hashing):
    data = tmp_path / "data"
    with serving(data) as client:
        job = wait(client, upload(client, lang="en").json()["id"])
        assert job["status"] == "done"
        md = client.get(f"/api/comparisons/{job['id']}/report.md").content
    with serving(data) as client:  # a new server on the same data directory
        history = client.get("/api/comparisons").json()["comparisons"]
        assert [j["id"] for j in history] == [job["id"]]
        assert history[0] == job
        assert client.get(f"/api/comparisons/{job['id']}/report.md").content == md
        assert "| Item | Document A | Document B | Change |" in md.decode()
        assert client.get(f"/api/comparisons/{job['id']}/report.csv").status_code == 200
        assert client.get(job["view"]).status_code == 200


def test_running_and_queued_comparisons_are_resumed_after_a_restart(tmp_path, hashing):
    data = tmp_path / "data"
    with serving(data) as client:
        running = upload(client, *BIG).json()["id"]
        queued = upload(client).json()["id"]
        assert wait(client, running, until=("running", "done"))["status"] == "running"
        checkpoint = client.app.state.hikaku.store.job_dir(running) / "checkpoint.sqlite"
        deadline = time.monotonic() + 60
        while not checkpoint.exists() and time.monotonic() < deadline:  # the run has begun
            time.sleep(0.05)
        assert client.get(f"/api/comparisons/{running}").json()["status"] == "running"
    # the server stopped in the middle: the store still says so, and the checkpoint is there
    store = JobStore(data)
    assert store.get(running).status == "running" and store.get(queued).status == "queued"
    assert (store.job_dir(running) / "checkpoint.sqlite").exists()
    store.close()
    with serving(data) as client:
        first = wait(client, running)
        second = wait(client, queued)
    assert first["status"] == "done" and first["resumed"] is True
    assert first["counts"] == {"added": 0, "deleted": 0, "modified": 600, "unchanged": 0, "renumbered": 0, "repealed": 0,
                               "moved": 0}
    assert second["status"] == "done" and second["resumed"] is False


def test_a_comparison_interrupted_too_often_is_failed_not_retried(tmp_path, hashing):
    data = tmp_path / "data"
    job_id = interrupted_too_often(data)
    with serving(data) as client:
        job = client.get(f"/api/comparisons/{job_id}").json()
    assert job["status"] == "failed" and job["error"].startswith(f"interrupted {MAX_ATTEMPTS} times")


def test_a_rerun_finished_within_the_same_second_is_told_apart(tmp_path, monkeypatch):
    """The page reloads the review and the report when ``finished`` changes: a small
    comparison run again finishes within the second of the run before (seen in the browser
    test: the rejected pairing stayed on screen)."""
    store = JobStore(tmp_path / "data")
    job_id = new_job_id()
    store.job_dir(job_id).mkdir()
    side = Upload(name="a.md", stored="input-a.md", format="markdown", size=1)
    store.add(Job(id=job_id, status="running", created=time.time(), a=side, b=side, options={}))
    clock = [1_764_000_000.25]
    monkeypatch.setattr(time, "time", lambda: clock[0])
    store.finish(job_id, "done", counts={})
    first = store.get(job_id).to_dict()["finished"]
    assert store.rerun(job_id)
    clock[0] += 0.4  # the rerun, done in 0.4 s
    store.finish(job_id, "done", counts={})
    second = store.get(job_id).to_dict()["finished"]
    store.close()
    assert first and second and first != second and first.startswith("2025-11-24T")
