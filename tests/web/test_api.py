"""The HTTP API through a whole cycle, against one server with a real worker process."""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

import hikaku
from hikaku.renderers import TOTALS, counted, output_formats
from hikaku.result import ComparisonResult

from .conftest import TERMINAL, V1, V2, serving, upload, wait

_ARTICLES = "\n\n".join(f"第{i}条 この規程は、第{i}項の定めにより{i * 7 % 97}日以内に届け出る。" for i in range(1, 1501))
BIG = (("a.txt", _ARTICLES.encode()), ("b.txt", _ARTICLES.replace("届け出る", "届け出なければならない").encode()))


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("web-data"), cancel_grace_s=60.0) as c:
        yield c


def events(client, job_id):
    """The ``status`` events of the job's stream, until it ends."""
    out, kind = [], None
    with client.stream("GET", f"/api/comparisons/{job_id}/events") as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind == "status":
                out.append(json.loads(line[6:]))
    return out


def test_the_full_cycle(client, hashing):
    r = upload(client, lang="ja", strict="false", include_unchanged="false")
    assert r.status_code == 202, r.text
    job = r.json()
    assert job["status"] == "queued" and r.headers["location"] == f"/api/comparisons/{job['id']}"
    assert job["a"] == {"name": V1.name, "format": "markdown", "size": V1.stat().st_size}
    # live progress over Server-Sent Events, ending with the finished job
    seen = events(client, job["id"])
    assert seen[-1]["status"] == "done" and seen[-1]["progress"]["percent"] == 100
    percents = [e["progress"]["percent"] for e in seen]
    assert percents == sorted(percents)  # progress only goes forward
    assert {e["status"] for e in seen} <= {"queued", "running", "done"}
    done = client.get(f"/api/comparisons/{job['id']}").json()
    assert done == seen[-1]
    assert set(done) >= {"id", "status", "progress", "counts", "error"} and done["error"] is None
    # the same comparison as the library's, counted
    reference = hikaku.compare(V1, V2, options=hikaku.resolve_options({"embedding": "hashing", "llm": "offline"}))
    # the reports' totals: 条番号のみ変更 apart from 一致 (一致 15 + 条番号のみ変更 4, not 一致 19)
    assert done["counts"] == dict(counted(reference)) and list(done["counts"]) == list(TOTALS)
    assert done["counts"]["added"] and done["counts"]["deleted"] and done["counts"]["moved"]
    assert done["counts"]["renumbered"] == sum(c.renumbered for c in reference.changes) > 0
    assert done["counts"]["unchanged"] == sum(c.type == "unchanged" and not c.renumbered for c in reference.changes)
    # the history lists it
    assert job["id"] in [j["id"] for j in client.get("/api/comparisons").json()["comparisons"]]
    # a download per registered renderer; Markdown and JSON exactly as hikaku compare writes them
    assert [d["format"] for d in done["downloads"]] == list(output_formats())
    for d in done["downloads"]:
        got = client.get(d["url"])
        assert got.status_code == 200 and got.content, d
        assert "attachment" in got.headers["content-disposition"]
    md = client.get(f"/api/comparisons/{job['id']}/report.md")
    assert md.headers["content-type"] == "text/markdown; charset=utf-8"
    assert md.content == hikaku.render(reference, "md").encode("utf-8")
    data = ComparisonResult.from_json(client.get(f"/api/comparisons/{job['id']}/report.json").content)
    assert [(c.type, c.a_ids, c.b_ids) for c in data.changes] == [(c.type, c.a_ids, c.b_ids) for c in reference.changes]
    assert data.document_a.id == "shugyo_kisoku_v1" and data.document_a.source == V1.name  # the user's name, not the stored one
    assert client.get(f"/api/comparisons/{job['id']}/report.xyz").status_code == 404


def test_the_report_view_has_no_inline_script(client, hashing):
    job = wait(client, upload(client).json()["id"])
    page = client.get(job["view"])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    html = page.text
    assert "<script>" not in html and "<style>" not in html  # moved to files of the server ('self')
    assert '<script src="asset-' in html and '<link rel="stylesheet" href="asset-' in html
    assert 'data-filter="modified"' in html and "第10条（ハラスメントの禁止）" in html
    for name in ("asset-0.css", "asset-1.js"):
        assert client.get(job["view"] + name).status_code == 200
    assert client.get(job["view"] + "..%2Fresult.json").status_code == 404
    assert client.get(job["view"] + "result.json").status_code == 404


def test_document_text_is_escaped(client, hashing):
    evil = "# 規約\n\n第1条 <script>alert(1)</script> <img src=x onerror=alert(2)> を定める。\n"
    job = wait(client, upload(client, ("a.md", evil.encode()), ("b.md", evil.replace("定める", "定めない").encode())).json()["id"])
    assert job["status"] == "done"
    html = client.get(job["view"]).text
    assert "<script>alert" not in html and "<img src=x" not in html and "&lt;script&gt;alert(1)" in html


def test_path_traversal_file_names_are_harmless(client, hashing, tmp_path):
    data_dir = client.app.state.hikaku.config.data_dir
    before = {p for p in data_dir.parent.rglob("*")}
    r = upload(client, ("../../../../etc/passwd.md", V1.read_bytes()), ("..\\..\\windows\\system32\\b.md", V2.read_bytes()))
    assert r.status_code == 202, r.text
    job = wait(client, r.json()["id"])
    assert job["status"] == "done"
    assert job["a"]["name"] == "passwd.md" and job["b"]["name"] == "b.md"  # kept for display only
    folder = data_dir / "jobs" / job["id"]
    assert sorted(p.name for p in folder.glob("input-*")) == ["input-a.md", "input-b.md"]
    created = {p for p in data_dir.parent.rglob("*")} - before
    assert all(p.is_relative_to(data_dir) for p in created)
    # ids are never paths
    for bad in ("..", "..%2F..%2Fetc", "20260101-000000-000000000000%2F..", "x" * 30):
        assert client.get(f"/api/comparisons/{bad}").status_code == 404
        assert client.delete(f"/api/comparisons/{bad}").status_code in (404, 405)


def test_a_failing_comparison_leaves_the_server_healthy(client, hashing):
    # valid JSON (so accepted as chunk JSON), but not a chunk list: the loader raises in the worker
    r = upload(client, ("a.json", b'{"not": "chunks"}'), ("b.json", b'[{"id": "b1", "content": "x"}]'))
    assert r.status_code == 202
    job = wait(client, r.json()["id"])
    assert job["status"] == "failed"
    assert job["error"].startswith("a.json: ") and str(client.app.state.hikaku.config.data_dir) not in job["error"]
    health = client.get("/api/health").json()
    assert health["status"] == "ok" and health["workers"] == 1
    assert wait(client, upload(client).json()["id"])["status"] == "done"  # and the worker still works


def test_a_worker_that_dies_fails_its_job_and_is_replaced(client, hashing):
    pool = client.app.state.hikaku.pool
    job_id = upload(client, *BIG).json()["id"]  # seconds of work: still running when the worker is killed
    assert wait(client, job_id, until=("running",) + TERMINAL)["status"] == "running"
    [pid] = pool.worker_pids()
    os.kill(pid, signal.SIGKILL)  # a crash no exception handler sees (segfault, out of memory)
    job = wait(client, job_id)
    assert job["status"] == "failed"
    assert "worker process" in job["error"] and "exit code -9" in job["error"]
    health = client.get("/api/health").json()
    assert health["status"] == "ok" and health["workers"] == 1
    assert pool.worker_pids() != [pid]
    assert wait(client, upload(client).json()["id"])["status"] == "done"


def test_cancel_a_running_comparison(client, hashing):
    pool = client.app.state.hikaku.pool
    job_id = upload(client, *BIG).json()["id"]
    assert wait(client, job_id, until=("running",) + TERMINAL)["status"] == "running"
    [pid] = pool.worker_pids()
    os.kill(pid, signal.SIGSTOP)  # a worker that cannot answer: the server must not wait for it forever
    pool.cancel_grace_s = 1.0
    try:
        got = client.post(f"/api/comparisons/{job_id}/cancel")
        assert got.status_code == 202
        job = wait(client, job_id, timeout=30)
    finally:
        pool.cancel_grace_s = 60.0
        try:
            os.kill(pid, signal.SIGCONT)
        except ProcessLookupError:
            pass
    assert job["status"] == "cancelled" and job["error"] == "cancelled by the user"
    assert client.post(f"/api/comparisons/{job_id}/cancel").status_code == 409
    assert client.get("/api/health").json()["workers"] == 1
    # a cooperative cancel: the worker stops at its next step and lives on
    [pid] = pool.worker_pids()
    job_id = upload(client, *BIG).json()["id"]
    assert wait(client, job_id, until=("running",) + TERMINAL)["status"] == "running"
    assert client.post(f"/api/comparisons/{job_id}/cancel").status_code == 202
    assert wait(client, job_id, timeout=60)["status"] == "cancelled"
    assert pool.worker_pids() == [pid]


def test_delete_removes_the_job_and_its_files(client, hashing):
    job = wait(client, upload(client).json()["id"])
    client.get(f"/api/comparisons/{job['id']}/report.md")
    folder = client.app.state.hikaku.config.data_dir / "jobs" / job["id"]
    assert (folder / "input-a.md").exists() and (folder / "result.json").exists()
    assert client.delete(f"/api/comparisons/{job['id']}").status_code == 204
    assert not folder.exists()
    assert client.get(f"/api/comparisons/{job['id']}").status_code == 404
    assert job["id"] not in [j["id"] for j in client.get("/api/comparisons").json()["comparisons"]]
    assert client.delete(f"/api/comparisons/{job['id']}").status_code == 404


def test_a_queued_comparison_can_be_deleted(client, hashing):
    ids = [upload(client).json()["id"] for _ in range(3)]
    assert client.delete(f"/api/comparisons/{ids[-1]}").status_code == 204  # still queued, or just started
    assert not (client.app.state.hikaku.config.data_dir / "jobs" / ids[-1]).exists()
    for job_id in ids[:-1]:
        assert wait(client, job_id)["status"] == "done"


def test_bad_forms(client, hashing):
    assert upload(client, lang="fr").status_code == 400
    assert upload(client, strict="maybe").status_code == 400
    r = upload(client, llm="true")
    assert r.status_code == 400 and "no LLM" in r.json()["detail"]
    r = client.post("/api/comparisons", files={"a": (V1.name, V1.read_bytes())})
    assert r.status_code == 400 and "b" in r.json()["detail"]
    r = client.post("/api/comparisons", json={"a": "x"})
    assert r.status_code == 400 and "multipart" in r.json()["detail"]
    r = client.post("/api/comparisons", files={"a": ("a.md", b"x"), "b": ("b.md", b"y"), "c": ("c.md", b"z")})
    assert r.status_code == 400
    assert list((client.app.state.hikaku.config.data_dir / "jobs").glob("*/upload-*")) == []  # nothing left behind


def test_the_page_and_the_openapi_document(client):
    page = client.get("/")
    assert page.status_code == 200
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp and "http" not in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    assert '<script type="module" src="/static/app.js"></script>' in page.text
    assert "<script>" not in page.text and " style=" not in page.text
    for asset in ("app.js", "review.js", "app.css", "favicon.svg"):
        r = client.get(f"/static/{asset}")
        text = r.text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a namespace name, not a request
        assert r.status_code == 200 and "http://" not in text and "https://" not in text
    spec = client.get("/api/openapi.json").json()
    paths = set(spec["paths"])
    assert {"/api/comparisons", "/api/comparisons/{job_id}", "/api/comparisons/{job_id}/events",
            "/api/comparisons/{job_id}/report.{ext}", "/api/health"} <= paths
    form = spec["paths"]["/api/comparisons"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert form["required"] == ["a", "b"]
    assert client.get("/docs").status_code == 404  # Swagger UI would load its script from a CDN


def test_health(client):
    assert client.get("/api/health").json()["status"] == "ok"
    config = client.get("/api/config").json()
    assert [f["name"] for f in config["input_formats"]] == list(hikaku.loaders.LOADERS)
    assert config["llm"] == {"available": False, "model": None}
    assert config["max_upload_bytes"] == 50_000_000


def test_sse_of_an_unknown_job(client):
    assert client.get("/api/comparisons/20260101-000000-000000000000/events").status_code == 404


def test_the_form_options_and_the_llm_switch(client, hashing, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-never-used")  # an LLM is configured on the server
    config = client.get("/api/config").json()
    assert config["llm"] == {"available": True, "model": "openai:gpt-4.1-mini"}
    r = upload(client, lang="en", strict="true", include_unchanged="true", llm="false")  # the reviewer turns it off
    assert r.status_code == 202
    job = wait(client, r.json()["id"])
    assert job["status"] == "done"
    assert job["options"] == {"lang": "en", "strict": True, "include_unchanged": True, "llm": "offline",
                              "embedding": "hashing"}
    md = client.get(f"/api/comparisons/{job['id']}/report.md").text
    assert "| Item | Document A | Document B | Change |" in md and "| Unchanged |" in md.replace("<br>", "|")
    result = ComparisonResult.from_json(client.get(f"/api/comparisons/{job['id']}/report.json").content)
    assert result.stats.policy == "offline" and result.stats.llm_calls == 0


def test_a_renderer_added_to_the_registry_is_a_download(client, hashing, sample_plugin):
    """Another format (a plugin's: tests/plugins/hikaku-sample-plugin) needs no change to the
    app: its first extension names the download; text is served as UTF-8, bytes as they are."""
    job = wait(client, upload(client).json()["id"])
    assert {"format": "adoc", "extension": "adoc",
            "url": f"/api/comparisons/{job['id']}/report.adoc"} in job["downloads"]
    assert {"format": "adoc", "extension": "adoc", "description": "AsciiDoc table of the changes"} in \
        client.get("/api/config").json()["downloads"]
    got = client.get(f"/api/comparisons/{job['id']}/report.adoc")
    assert got.status_code == 200 and got.headers["content-type"] == "text/plain; charset=utf-8"
    assert got.text.startswith("= 就業規則") and "|第6条（試用期間）" in got.text


def test_a_worker_that_keeps_dying_at_start_is_restarted_less_often(client, hashing):
    pool = client.app.state.hikaku.pool

    def kill_and_wait_for_the_next() -> float:
        [pid] = pool.worker_pids()
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        while pool.worker_pids() == [pid]:
            assert time.monotonic() < killed + 30
            time.sleep(0.02)
        return time.monotonic() - killed

    kill_and_wait_for_the_next()  # an old worker: replaced at once (it may have run jobs for hours)
    assert kill_and_wait_for_the_next() >= 0.8  # a new one dying without a job: after 1 s
    assert kill_and_wait_for_the_next() >= 2.8  # again: after 3 s …
    assert wait(client, upload(client).json()["id"])["status"] == "done"  # and the new one works
