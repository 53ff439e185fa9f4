"""The server's guard, an ASGI middleware in front of every request:

- bound to a loopback address, no token is needed, but the Host header must name the
  loopback (a DNS-rebinding page cannot reach the API through its own host name);
- bound to any other address, every request carries the token: ``Authorization: Bearer
  <token>``, or ``?token=<token>`` once in a URL (answered with a redirect that sets it as
  an HttpOnly cookie and drops it from the address bar), or that cookie; otherwise 401;
- a request that changes something (POST, DELETE …) sent by a page of another origin is
  refused (403);
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
        host = headers.get("host", "")
        if self.loopback and not is_loopback(_host_name(host)):
            await _reply(send, 403, {"detail": f"this server answers to 127.0.0.1 or localhost, not {host!r}"})
            return
        origin = headers.get("origin")
        if scope["method"] not in _SAFE_METHODS and origin and origin != "null" and urlsplit(origin).netloc != host:
            await _reply(send, 403, {"detail": "cross-origin request refused"})
            return
        if self.token is not None:
            query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
            given = dict(query).get("token")
            if given is not None and self._ok(given):
                if scope["method"] == "GET":  # once in the URL: now a cookie, and out of the address bar
                    rest = urlencode([(k, v) for k, v in query if k != "token"])
                    location = quote(scope.get("root_path", "") + scope["path"]) + (f"?{rest}" if rest else "")
                    await _reply(send, 303, {"detail": "authenticated"}, [
                        ("location", location),
                        ("set-cookie", f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/"),
                    ])
                    return
            elif not self._authorised(headers):
                await _reply(send, 401, {"detail": "this server needs its token: open the URL printed by hikaku "
                                         "serve (…?token=…) or send 'Authorization: Bearer <token>'"},
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
