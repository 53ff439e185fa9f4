"""Which model errors are worth retrying, which mean the server cannot be reached or did
not answer in time, and how to say what went wrong in one line. Works on the exception's
shape (``status_code``, a response with a status, the class names along its causes), so
that it needs no provider package."""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["is_retryable", "is_timeout", "is_unreachable", "describe_error", "one_line"]

_RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504, 529}
_TRANSIENT_NAMES = ("Timeout", "ConnectError", "ConnectionError", "APIConnectionError", "RemoteProtocolError",
                    "ReadError", "ServiceUnavailable", "RateLimit", "InternalServerError")
# raised while connecting (refused, no route, unknown host): the server was never reached
_CONNECT_NAMES = ("ConnectError", "ConnectionRefusedError", "gaierror", "ConnectTimeout")
# errors of the client reading a reply that is not a chat completion (no choices, not JSON …)
_MALFORMED = (IndexError, KeyError, TypeError, AttributeError, StopIteration, ValueError)


def _status(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    if status is None:
        response = getattr(exc, "response", None)
        status = getattr(response, "status_code", None)
    return status if isinstance(status, int) else None


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """*exc* and its causes (``raise … from``, or raised while handling), at most 10."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(seen) < 10:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _names(exc: BaseException) -> set[str]:
    return {c.__name__ for c in type(exc).__mro__}


def is_retryable(exc: BaseException) -> bool:
    """True for 408/409/425/429/5xx answers, timeouts and connection failures."""
    status = _status(exc)
    if status is not None:
        return status in _RETRY_STATUS or status >= 500
    if isinstance(exc, (TimeoutError, ConnectionError)):
        return True
    return any(n in c.__name__ for c in type(exc).__mro__ for n in _TRANSIENT_NAMES)


def is_timeout(exc: BaseException) -> bool:
    """The server accepted the request but did not answer within the timeout."""
    if _status(exc) is not None:
        return False
    return isinstance(exc, TimeoutError) or any("Timeout" in n and n != "ConnectTimeout" for n in _names(exc))


def is_unreachable(exc: BaseException) -> bool:
    """The server could not be reached at all: the connection was refused, the host is
    unknown, the connection could not be made in time."""
    if _status(exc) is not None:
        return False
    return any(isinstance(e, ConnectionRefusedError) or _names(e) & set(_CONNECT_NAMES) for e in _chain(exc))


def one_line(text: str, limit: int = 300) -> str:
    """*text* on one line (runs of whitespace, line breaks included, become one space), at
    most *limit* characters."""
    flat = re.sub(r"\s+", " ", text).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _root_message(exc: BaseException) -> str:
    """The most specific message along the causes (``[Errno 111] Connection refused``
    rather than ``Connection error.``)."""
    messages = [one_line(str(e), 200) for e in _chain(exc)]
    return next((m for m in reversed(messages) if m), "")


def describe_error(exc: BaseException) -> str:
    """One line for a report or a trace: what happened in words, then the error's class,
    status and first line (no request details, which could carry headers)."""
    status = _status(exc)
    first = one_line((str(exc).strip().splitlines() or [""])[0], 200)
    technical = f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "") + (f": {first}" if first else "")
    if is_unreachable(exc):
        return f"the server cannot be reached ({_root_message(exc) or technical})"
    if is_timeout(exc):
        return f"the server did not answer in time ({technical})"
    if status is None and isinstance(exc, _MALFORMED) and type(exc).__module__ in ("builtins", "json.decoder"):
        return f"the server's reply is not a usable chat completion ({technical})"
    if status is not None and 200 <= status < 300 and isinstance(exc, ValueError):  # a 200 whose body is not JSON
        return f"the server's reply is not a usable chat completion ({technical})"
    return technical
