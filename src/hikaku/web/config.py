"""How a server is set up: where it listens, where it keeps its jobs, its token, its
workers and its upload limit."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from .._exceptions import ConfigurationError
from ..settings import user_dir
from .security import is_loopback

__all__ = ["ServerConfig", "DEFAULT_MAX_UPLOAD_MB", "default_data_dir"]

DEFAULT_MAX_UPLOAD_MB = 50


def default_data_dir() -> Path:
    return user_dir() / "web"


@dataclass(frozen=True)
class ServerConfig:
    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 8000
    token: str | None = None  # required (and then checked) when the host is not a loopback address
    workers: int = 1
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD_MB * 1_000_000
    cancel_grace_s: float = 10.0  # a worker that does not stop a cancelled job in time is terminated

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)

    def with_token(self) -> tuple[ServerConfig, bool]:
        """The configuration with its token: ``--token``, else ``HIKAKU_TOKEN``, else (on
        a non-loopback address) a new one; True when it was generated here."""
        token = self.token or os.environ.get("HIKAKU_TOKEN") or None
        if token is None and not self.loopback:
            return replace(self, token=secrets.token_urlsafe(24)), True
        return replace(self, token=token), False

    def check(self) -> None:
        if not self.loopback and not self.token:
            raise ConfigurationError(f"a server bound to {self.host} needs a token (--token or HIKAKU_TOKEN)")
        if self.token is not None and len(self.token) < 16:
            raise ConfigurationError("the token must have at least 16 characters")
        if self.workers < 1:
            raise ConfigurationError("--workers must be at least 1")
        if self.max_upload_bytes < 1:
            raise ConfigurationError("the upload limit must be positive")

    def url(self, *, with_token: bool = False) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        base = f"http://{host}:{self.port}/"
        return base + (f"?token={self.token}" if with_token and self.token else "")
