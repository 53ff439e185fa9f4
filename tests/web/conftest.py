"""The web app's tests: an app on a data directory of the test, driven through FastAPI's
TestClient (the app's lifespan starts its real worker process), comparisons with the
hashing embedding (HIKAKU_EMBEDDING in the server's environment) to stay fast."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hikaku.web import ServerConfig, create_app
from hikaku.web.store import Job, JobStore, Upload, new_job_id
from hikaku.web.supervisor import MAX_ATTEMPTS
from tests.helpers import EXAMPLES

V1 = EXAMPLES / "shugyo_kisoku_v1.md"
V2 = EXAMPLES / "shugyo_kisoku_v2.md"
BASE = "http://127.0.0.1:8000"
TERMINAL = ("done", "failed", "cancelled")


@pytest.fixture
def hashing(monkeypatch):
    """The server resolves a job's options when it is submitted: from now on, hashing."""
    monkeypatch.setenv("HIKAKU_EMBEDDING", "hashing")


def interrupted_too_often(data_dir: Path) -> str:
    """A data directory holding one comparison left running by servers that stopped under it
    as often as a comparison may be resumed; its id."""
    store = JobStore(data_dir)
    job_id = new_job_id()
    store.job_dir(job_id).mkdir()
    side = Upload(name="a.md", stored="input-a.md", format="markdown", size=1)
    store.add(Job(id=job_id, status="running", created=time.time(), a=side, b=side, options={}, attempts=MAX_ATTEMPTS))
    store.close()
    return job_id


@contextmanager
def serving(data_dir: Path, **config: Any) -> Iterator[TestClient]:
    app = create_app(ServerConfig(data_dir=data_dir, **config))
    with TestClient(app, base_url=BASE) as client:
        yield client


def upload(client: TestClient, a: tuple[str, bytes] | None = None, b: tuple[str, bytes] | None = None,
           **fields: str) -> Any:
    a = a or (V1.name, V1.read_bytes())
    b = b or (V2.name, V2.read_bytes())
    return client.post("/api/comparisons", files={"a": a, "b": b}, data=fields)


def wait(client: TestClient, job_id: str, until: tuple[str, ...] = TERMINAL, timeout: float = 180) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        job = client.get(f"/api/comparisons/{job_id}").json()
        if job["status"] in until:
            return job
        if time.monotonic() > deadline:
            raise AssertionError(f"job {job_id} still {job['status']} after {timeout} s: {job}")
        time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``hikaku serve`` as a user starts it (one a test module), with the hashing embedding in its environment."""
    tmp = tmp_path_factory.mktemp("serve")
    env = {**os.environ, "HIKAKU_EMBEDDING": "hashing", "HIKAKU_HOME": str(tmp / "home"), "PYTHONUNBUFFERED": "1"}
    env.pop("HIKAKU_TOKEN", None)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "hikaku", "serve", "--port", str(port), "--data-dir", str(tmp / "data")],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp)
    try:
        url = proc.stdout.readline().strip()
        assert url == f"http://127.0.0.1:{port}/", proc.stderr.read() if proc.poll() is not None else url
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "api/health", timeout=2) as r:
                    if json.load(r)["workers"] == 1:
                        break
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "hikaku serve did not start"
            time.sleep(0.2)
        yield url, env, tmp
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        try:
            code = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        err = proc.stderr.read()
        assert code == 0 and "Traceback" not in err, err
