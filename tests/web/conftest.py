"""The web app's tests: an app on a data directory of the test, driven through FastAPI's
TestClient (the app's lifespan starts its real worker process), comparisons with the
hashing embedding (HIKAKU_EMBEDDING in the server's environment) to stay fast."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hikaku.web import ServerConfig, create_app
from tests.helpers import EXAMPLES

V1 = EXAMPLES / "shugyo_kisoku_v1.md"
V2 = EXAMPLES / "shugyo_kisoku_v2.md"
BASE = "http://127.0.0.1:8000"
TERMINAL = ("done", "failed", "cancelled")


@pytest.fixture
def hashing(monkeypatch):
    """The server resolves a job's options when it is submitted: from now on, hashing."""
    monkeypatch.setenv("HIKAKU_EMBEDDING", "hashing")


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
