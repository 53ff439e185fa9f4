"""The guard: the token on a non-loopback address (tested by building the app for
0.0.0.0; nothing is bound), the Host check on loopback, cross-origin writes, and the
headers every response carries."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hikaku import ConfigurationError
from hikaku.web import ServerConfig, create_app
from hikaku.web.security import COOKIE, CSP, is_loopback

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


# --- writes only from the app's own pages ---

OWN = "http://127.0.0.1:8000"
DECISIONS = ('{"schema": "hikaku.decisions/v1", "decisions": [{"a_sha256": "' + "1" * 64 + '", "b_sha256": "'
             + "2" * 64 + '", "verdict": "no_match", "note": "planted", "by": "attacker"}]}').encode()


@pytest.fixture(scope="module")
def loopback(tmp_path_factory):
    """The app as `hikaku serve` builds it by default (127.0.0.1, no token)."""
    app = create_app(ServerConfig(data_dir=tmp_path_factory.mktemp("web-loopback")))
    with TestClient(app, base_url=OWN) as client:
        yield client


def _stored(client: TestClient) -> tuple[int, int]:
    """(comparisons, decisions of the default project): what a refused write must leave as it was."""
    comparisons = len(client.get("/api/comparisons").json()["comparisons"])
    decisions = client.get("/api/projects/default/decisions")
    return comparisons, len(decisions.json()["decisions"]) if decisions.status_code == 200 else 0


def _upload() -> dict[str, tuple[str, bytes]]:
    return {"a": ("a.md", "第1条 目的\n".encode()), "b": ("b.md", "第1条 目的と範囲\n".encode())}


@pytest.mark.parametrize("headers", [
    {"origin": "null"},  # a sandboxed iframe, a file: page, a redirect from another site
    {"origin": "Null"},
    {"origin": "http://127.0.0.1:9000"},  # another port of the same host: the same site, another origin
    {"origin": "http://localhost:8000"},  # another name of the loopback: another origin
    {"origin": "chrome-extension://127.0.0.1:8000"},
    {"origin": "http://[::1"},  # not even an origin
    {"sec-fetch-site": "cross-site"},  # no Origin, and the browser says another site sent it
    {"sec-fetch-site": "same-site"},  # ... or another port of this one
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe"},
])
def test_a_write_from_another_origin_is_refused_and_nothing_is_stored(loopback, headers):
    before = _stored(loopback)
    attempts = [
        loopback.post("/api/comparisons", headers=headers, files=_upload()),
        loopback.post("/api/projects/default/decisions", headers={**headers, "content-type": "application/json"},
                      content=DECISIONS),
        loopback.post("/api/projects", headers=headers, json={"name": "planted"}),
        loopback.delete("/api/projects/default/decisions/0", headers=headers),
        loopback.put("/api/projects", headers=headers, json={"name": "planted"}),
        loopback.patch("/api/projects", headers=headers, json={"name": "planted"}),
    ]
    for r in attempts:
        assert r.status_code == 403, (r.request.method, r.request.url, r.text)
        assert r.json()["detail"].startswith("cross-origin request refused: ")
        assert r.headers["content-security-policy"] == CSP
    assert _stored(loopback) == before
    assert "planted" not in {p["name"] for p in loopback.get("/api/projects").json()["projects"]}


def test_origin_null_is_named_in_the_refusal(loopback):
    r = loopback.post("/api/comparisons", headers={"origin": "null"}, files=_upload())
    assert r.status_code == 403 and "Origin: null" in r.json()["detail"]
    r = loopback.post("/api/comparisons", headers={"sec-fetch-site": "cross-site"}, files=_upload())
    assert r.status_code == 403 and "Sec-Fetch-Site: cross-site" in r.json()["detail"]


@pytest.mark.parametrize("content_type", ["text/plain", "text/plain; charset=utf-8",
                                          "application/x-www-form-urlencoded", None])
def test_a_json_body_the_browser_sends_without_asking_is_refused(loopback, content_type):
    """text/plain (a form's enctype), a url-encoded form, or no type at all: the bodies a page of
    any site may send without a CORS preflight; refused even with this server's own Origin."""
    before = _stored(loopback)
    headers = {"origin": OWN} | ({"content-type": content_type} if content_type else {})
    r = loopback.post("/api/projects/default/decisions", headers=headers, content=DECISIONS)
    assert r.status_code == 415, r.text
    assert "application/json" in r.json()["detail"]
    assert _stored(loopback) == before


def test_the_apps_own_writes_go_through(loopback):
    """The page's own requests (Origin: this server; Sec-Fetch-Site: same-origin) and those of
    clients that are no browser (curl, scripts: neither header) are served."""
    before = _stored(loopback)
    r = loopback.post("/api/projects/own/decisions", headers={"origin": OWN, "content-type": "application/json"},
                      content=DECISIONS)
    assert r.status_code == 200 and r.json()["imported"] == 1
    own = {"origin": OWN, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors"}
    assert loopback.post("/api/projects", headers=own, json={"name": "own 2"}).status_code == 201
    assert loopback.delete("/api/projects/own/decisions/0", headers={"sec-fetch-site": "same-origin"}).status_code == 204
    r = loopback.post("/api/comparisons", headers={"origin": "HTTP://127.0.0.1:8000"}, files=_upload())
    assert r.status_code == 202
    assert loopback.post("/api/projects", json={"name": "by a script"}).status_code == 201  # no Origin: curl
    assert loopback.post(f"/api/comparisons/{r.json()['id']}/cancel", headers=own).status_code in (202, 409)
    assert _stored(loopback)[0] == before[0] + 1
    assert {"own", "own 2", "by a script"} <= {p["name"] for p in loopback.get("/api/projects").json()["projects"]}
