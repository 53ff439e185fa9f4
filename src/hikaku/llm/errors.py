"""Which model errors are worth retrying: rate limits, server errors, timeouts and
dropped connections. Works on the exception's shape (``status_code``, a response with a
status), so that it needs no provider package."""

from __future__ import annotations

__all__ = ["is_retryable", "describe_error"]

_RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504, 529}
_TRANSIENT_NAMES = ("Timeout", "ConnectError", "ConnectionError", "APIConnectionError", "RemoteProtocolError",
                    "ReadError", "ServiceUnavailable", "RateLimit", "InternalServerError")


def _status(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    if status is None:
        response = getattr(exc, "response", None)
        status = getattr(response, "status_code", None)
    return status if isinstance(status, int) else None


def is_retryable(exc: BaseException) -> bool:
    """True for 408/409/425/429/5xx answers, timeouts and connection failures."""
    status = _status(exc)
    if status is not None:
        return status in _RETRY_STATUS or status >= 500
    if isinstance(exc, (TimeoutError, ConnectionError)):
        return True
    return any(n in c.__name__ for c in type(exc).__mro__ for n in _TRANSIENT_NAMES)


def describe_error(exc: BaseException) -> str:
    """One line for a report or a trace: the error's class, status and first line (no
    request details, which could carry headers)."""
    status = _status(exc)
    first = (str(exc).strip().splitlines() or [""])[0][:200]
    return f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "") + (f": {first}" if first else "")
