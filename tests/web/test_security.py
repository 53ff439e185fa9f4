"""The guard: the token on a non-loopback address (tested by building the app for
0.0.0.0; nothing is bound), the Host check on loopback, cross-origin writes, and the
headers every response carries."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hikaku import ConfigurationError
from hikaku.web import ServerConfig, create_app
from hikaku.web.security import COOKIE, is_loopback

TOKEN = "s3cret-token-of-the-test-0123456789"


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    """The app as `hikaku serve --host 0.0.0.0 --token …` builds it."""
    app = create_app(ServerConfig(data_dir=tmp_path_factory.mktemp("web-public"), host="0.0.0.0", token=TOKEN))
    with TestClient(app, base_url="http://192.0.2.10:8000") as client:
        yield client


@pytest.mark.parametrize("path", ["/", "/api/health", "/api/comparisons", "/static/app.js", "/api/openapi.json",
                                  "/api/comparisons/20260101-000000-000000000000/report.md"])
def test_without_the_token_every_request_is_refused(public, path):
    public.cookies.clear()
    r = public.get(path)
    assert r.status_code == 401
    assert r.headers["www-authenticate"].startswith("Bearer")
    assert "token" in r.json()["detail"]
    assert "default-src 'self'" in r.headers["content-security-policy"]


def test_a_wrong_token_is_refused(public):
    public.cookies.clear()
    assert public.get("/api/health", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert public.get("/api/health", headers={"Authorization": f"Bearer {TOKEN}x"}).status_code == 401
    assert public.get("/api/health", params={"token": "wrong"}).status_code == 401
    public.cookies.set(COOKIE, "wrong")
    assert public.get("/api/health").status_code == 401
    public.cookies.clear()
    assert public.post("/api/comparisons", headers={"Authorization": "Basic " + TOKEN}).status_code == 401


def test_the_bearer_token(public):
    public.cookies.clear()
    r = public.get("/api/health", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200 and r.json()["status"] == "ok"
    assert public.get("/api/comparisons", headers={"authorization": f"bearer {TOKEN}"}).status_code == 200


def test_the_token_once_in_the_url_then_a_cookie(public):
    public.cookies.clear()
    r = public.get("/", params={"token": TOKEN, "x": "1"}, follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/?x=1"  # the token leaves the address bar
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}={TOKEN};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    page = public.get("/")  # the client keeps the cookie, like a browser
    assert page.status_code == 200 and "<html" in page.text
    assert public.get("/api/health").status_code == 200
    public.cookies.clear()
    assert public.get("/api/health").status_code == 401


def test_a_loopback_server_needs_no_token_but_checks_the_host(tmp_path):
    app = create_app(ServerConfig(data_dir=tmp_path / "data"))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/health").status_code == 200
        assert client.get("/api/health", headers={"host": "localhost:8000"}).status_code == 200
        assert client.get("/api/health", headers={"host": "[::1]:8000"}).status_code == 200
        # a page of another site whose name resolves to 127.0.0.1 (DNS rebinding)
        r = client.get("/api/comparisons", headers={"host": "attacker.example:8000"})
        assert r.status_code == 403
        # a form posted by another site's page
        r = client.post("/api/comparisons", headers={"origin": "https://attacker.example"}, files={"a": ("a.md", b"x")})
        assert r.status_code == 403 and "cross-origin" in r.json()["detail"]
        r = client.delete("/api/comparisons/20260101-000000-000000000000", headers={"origin": "http://127.0.0.1:8000"})
        assert r.status_code == 404  # same origin: allowed through (and not found)


def test_a_public_address_needs_a_token():
    with pytest.raises(ConfigurationError, match="needs a token"):
        ServerConfig(data_dir=".", host="0.0.0.0").check()
    with pytest.raises(ConfigurationError, match="16 characters"):
        ServerConfig(data_dir=".", host="0.0.0.0", token="short").check()
    config, generated = ServerConfig(data_dir=".", host="0.0.0.0").with_token()
    assert generated and len(config.token or "") >= 32
    config.check()
    assert config.url(with_token=True) == f"http://0.0.0.0:8000/?token={config.token}"
    config, generated = ServerConfig(data_dir=".").with_token()
    assert not generated and config.token is None


def test_the_token_from_the_environment(monkeypatch):
    monkeypatch.setenv("HIKAKU_TOKEN", TOKEN)
    config, generated = ServerConfig(data_dir=".", host="0.0.0.0").with_token()
    assert config.token == TOKEN and not generated
    config, _ = ServerConfig(data_dir=".", host="0.0.0.0", token="given-on-the-command-line").with_token()
    assert config.token == "given-on-the-command-line"


@pytest.mark.parametrize("host, expected", [("127.0.0.1", True), ("127.1.2.3", True), ("localhost", True),
                                            ("::1", True), ("[::1]", True), ("0.0.0.0", False), ("::", False),
                                            ("192.168.1.5", False), ("example.com", False)])
def test_is_loopback(host, expected):
    assert is_loopback(host) is expected
