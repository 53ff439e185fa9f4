"""A page of another site attacks a running ``hikaku serve`` from Chromium (Debian's package):
a second local server on another port, reached through a name of its own (``attacker.test``,
mapped to the loopback by Chromium's host resolver: another site, as any page on the web is),
serves a page whose sandboxed iframes (``Origin: null``) auto-submit a ``text/plain`` form that
smuggles a decisions file to ``/api/projects/default/decisions`` and post an upload to
``/api/comparisons`` with ``fetch(…, {mode: "no-cors"})``; the page itself does the same without
a sandbox, and a page of the same host on another port (same site, another origin) too. Every
attack must reach the server (the test sees each request leave the browser and its answer) and
be refused; nothing is stored."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser import CHROMIUM_FLAGS, chromium

from .conftest import free_port

# a decisions file in a text/plain form: the field's name and value joined by "=" make the JSON
PLANTED = '{"a_sha256": "' + "1" * 64 + '", "b_sha256": "' + "2" * 64 + '", "verdict": "no_match", "by": "attacker"'
FORM_NAME = '{"schema": "hikaku.decisions/v1", "decisions": [' + PLANTED + ', "note": "'
FORM_VALUE = 'planted"}]}'

FORM_FRAME = """<!doctype html><meta charset="utf-8">
<form id="f" method="POST" enctype="text/plain" action="{target}api/projects/default/decisions">
<input type="hidden" id="field"></form>
<script>
const field = document.getElementById("field");
field.name = {name};
field.value = {value};
document.getElementById("f").submit();
</script>"""

FETCH_SCRIPT = """<script>
const form = new FormData();
form.append("a", new Blob(["第1条 目的\\n"], {{type: "text/markdown"}}), "a.md");
form.append("b", new Blob(["第1条 目的と範囲\\n"], {{type: "text/markdown"}}), "b.md");
fetch("{target}api/comparisons", {{method: "POST", mode: "no-cors", body: form}}).finally(() => {{
  fetch("{target}api/projects/default/decisions", {{method: "POST", mode: "no-cors",
    headers: {{"content-type": "text/plain"}}, body: {body}}});
}});
</script>"""

ATTACK_PAGE = """<!doctype html><meta charset="utf-8"><title>cute cats</title>
<iframe sandbox="allow-forms allow-scripts" src="form.html"></iframe>
<iframe sandbox="allow-scripts" src="fetch.html"></iframe>
""" + FETCH_SCRIPT


def _pages(folder: Path, target: str) -> None:
    decisions = json.dumps({"schema": "hikaku.decisions/v1", "decisions": [json.loads(PLANTED + "}")]})
    (folder / "form.html").write_text(FORM_FRAME.format(target=target, name=json.dumps(FORM_NAME),
                                                        value=json.dumps(FORM_VALUE)), encoding="utf-8")
    (folder / "fetch.html").write_text('<!doctype html><meta charset="utf-8">' + FETCH_SCRIPT.format(
        target=target, body=json.dumps(decisions)), encoding="utf-8")
    (folder / "index.html").write_text(ATTACK_PAGE.format(target=target, body=json.dumps(decisions)), encoding="utf-8")


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def attacker(tmp_path):
    """The other origin: a plain static server on another port of the loopback."""
    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), partial(_Quiet, directory=str(tmp_path)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield tmp_path, httpd.server_address[1]
    finally:
        httpd.shutdown()
        httpd.server_close()


def _stored(url: str) -> tuple[list, list]:
    with urllib.request.urlopen(url + "api/comparisons") as r:
        comparisons = json.load(r)["comparisons"]
    try:
        with urllib.request.urlopen(url + "api/projects/default/decisions") as r:
            decisions = json.load(r)["decisions"]
    except urllib.error.HTTPError as e:  # no such project yet: no decision either
        assert e.code == 404
        decisions = []
    return comparisons, decisions


@pytest.mark.parametrize("site", ["attacker.test", "127.0.0.1"])  # another site; the same host on another port
def test_a_page_of_another_origin_stores_nothing(server, attacker, site):
    from playwright.sync_api import sync_playwright

    url, _, _ = server
    folder, port = attacker
    _pages(folder, url)
    before = _stored(url)
    responses: list = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(),
                                    args=[*CHROMIUM_FLAGS, "--host-resolver-rules=MAP attacker.test 127.0.0.1"])
        page = browser.new_page()

        def answered(r) -> None:  # (kind, path, status) as the browser received them (an opaque body: not read)
            if r.url.startswith(url) and r.request.method == "POST":
                responses.append((r.request.resource_type, urlsplit(r.url).path, r.status))

        page.on("response", answered)
        page.goto(f"http://{site}:{port}/index.html")
        deadline = 200
        while len(responses) < 5 and deadline:  # the form, and two fetches from the frame and from the page
            page.wait_for_timeout(50)
            deadline -= 1
        browser.close()
    got = sorted(responses)
    assert got == [("document", "/api/projects/default/decisions", 403),  # the sandboxed frame's text/plain form
                   ("fetch", "/api/comparisons", 403),  # the sandboxed frame's upload (Origin: null) ...
                   ("fetch", "/api/comparisons", 403),  # ... and the page's own
                   ("fetch", "/api/projects/default/decisions", 403),
                   ("fetch", "/api/projects/default/decisions", 403)], got
    assert _stored(url) == before  # nothing stored
