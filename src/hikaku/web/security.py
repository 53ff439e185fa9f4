"""The server's guard, an ASGI middleware in front of every request:

- bound to a loopback address, no token is needed, but the Host header must name the
  loopback (a DNS-rebinding page cannot reach the API through its own host name);
- bound to any other address, every request carries the token: ``Authorization: Bearer
  <token>``, or ``?token=<token>`` once in a URL (answered with a redirect that sets it as
  an HttpOnly cookie and drops it from the address bar), or that cookie; otherwise 401;
- a request that changes something (POST, PUT, PATCH, DELETE) must come from the app's own
  pages: its ``Origin`` is the server's own (scheme and ``Host``); ``Origin: null`` (a sandboxed
  iframe, a file, a redirect across origins) and another origin are refused (403), and so is a
  request without ``Origin`` whose ``Sec-Fetch-Site`` says another site (or another port of this
  one) sent it; a request with neither header is no browser's (curl, a script): the token, when
  there is one, is its check;
- such a request's body is JSON (``application/json``) or an upload (``multipart/form-data``):
  a body a page of another site may send without asking (``text/plain``, a form's
  ``application/x-www-form-urlencoded``) is refused (415), whatever its origin;
- every response carries a Content-Security-Policy that allows only the server itself
  ('self': no inline script, no other host), and the usual hardening headers.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from ..wording import Message as Words
from ..wording import wording
from .language import lang_of

__all__ = ["Guard", "CSP", "COOKIE", "is_loopback"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = ("default-src 'self'; base-uri 'none'; object-src 'none'; form-action 'self'; frame-ancestors 'self'")
COOKIE = "hikaku_token"
_LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1"}
_SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
_BODY_TYPES = {"application/json", "multipart/form-data"}  # what the API reads; +json types too
_OWN_FETCH = {"same-origin", "none"}  # Sec-Fetch-Site of the app's own page, or of the user (a bookmark)


def is_loopback(host: str) -> bool:
    host = host.strip("[]")
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host_name(host_header: str) -> str:
    """``127.0.0.1:8000`` → ``127.0.0.1``; ``[::1]:8000`` → ``::1``."""
    if host_header.startswith("["):
        return host_header[1:].split("]", 1)[0]
    return host_header.rsplit(":", 1)[0] if host_header.count(":") == 1 else host_header


class Guard:
    def __init__(self, app: ASGIApp, *, token: str | None, loopback: bool) -> None:
        self.app = app
        self.token = token
        self.loopback = loopback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        w = wording(lang_of(dict(query).get("lang"), headers.get("accept-language")))  # the refusals' language
        host = headers.get("host", "")
        if self.loopback and not is_loopback(_host_name(host)):
            await _reply(send, 403, {"detail": w("server.error.host", host=host)})
            return
        if scope["method"] not in _SAFE_METHODS:
            refused = _foreign(headers, host)
            if refused:
                await _reply(send, 403, {"detail": w("server.error.cross_origin", why=refused.text(w.lang))})
                return
            if not _readable_body(headers):
                await _reply(send, 415, {"detail": w("server.error.body_type", type=headers.get("content-type", ""))})
                return
        if self.token is not None:
            given = dict(query).get("token")
            if given is not None and self._ok(given):
                if scope["method"] == "GET":  # once in the URL: now a cookie, and out of the address bar
                    rest = urlencode([(k, v) for k, v in query if k != "token"])
                    location = quote(scope.get("root_path", "") + scope["path"]) + (f"?{rest}" if rest else "")
                    await _reply(send, 303, {"detail": w("server.error.authenticated")}, [
                        ("location", location),
                        ("set-cookie", f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/"),
                    ])
                    return
            elif not self._authorised(headers):
                await _reply(send, 401, {"detail": w("server.error.token")},
                             [("www-authenticate", 'Bearer realm="hikaku"')])
                return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_hardening(scope["path"])]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _ok(self, candidate: str) -> bool:
        assert self.token is not None
        return hmac.compare_digest(candidate.encode(), self.token.encode())

    def _authorised(self, headers: dict[str, str]) -> bool:
        auth = headers.get("authorization", "")
        if auth[:7].lower() == "bearer " and self._ok(auth[7:].strip()):
            return True
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # noqa: BLE001 - a malformed cookie header is no token
            return False
        morsel = cookie.get(COOKIE)
        return morsel is not None and self._ok(morsel.value)


def _foreign(headers: dict[str, str], host: str) -> Words | None:
    """Why a request that changes something does not come from the app's own pages, or None:
    its ``Origin`` must be this server (``http``/``https`` and the ``Host`` the request was sent
    to); without one, its ``Sec-Fetch-Site``, when the browser sent it, must be ``same-origin``
    (or ``none``: the user's own action)."""
    origin = headers.get("origin")
    if origin is not None:
        origin = origin.strip()
        if origin.lower() == "null":
            return Words("server.error.origin_null")
        try:
            parts = urlsplit(origin)
        except ValueError:
            return Words("server.error.origin_invalid", origin=origin)
        if parts.scheme not in ("http", "https") or not host or parts.netloc.lower() != host.lower():
            return Words("server.error.origin_other", origin=origin)
        return None
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site.strip().lower() not in _OWN_FETCH:
        return Words("server.error.fetch_site", site=fetch_site.strip())
    return None


def _readable_body(headers: dict[str, str]) -> bool:
    """Whether the request has no body, or one of a type the API reads (JSON, an upload)."""
    content_type = headers.get("content-type")
    if content_type is None:
        return headers.get("content-length", "0").strip() == "0" and "transfer-encoding" not in headers
    media = content_type.split(";", 1)[0].strip().lower()
    return media in _BODY_TYPES or (media.startswith("application/") and media.endswith("+json"))


def _hardening(path: str) -> list[tuple[bytes, bytes]]:
    out = [
        (b"content-security-policy", CSP.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"SAMEORIGIN"),
    ]
    if not path.startswith("/static/"):
        out.append((b"cache-control", b"no-store"))
    return out


async def _reply(send: Send, status: int, body: dict[str, Any], headers: Sequence[tuple[str, str]] = ()) -> None:
    data = json.dumps(body).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
           *((k.encode("latin-1"), v.encode("latin-1")) for k, v in headers), *_hardening("")]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": data})
