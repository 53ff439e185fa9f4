"""Headless Chromium for the browser tests: Debian's package, installed by
scripts/install-test-tools.sh (which `make test` runs), driven by Playwright without a browser
download. The `browser` fixture (tests/conftest.py) launches it once a module."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    path = os.environ.get("HIKAKU_TEST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("no Chromium: run scripts/install-test-tools.sh (make test does) or set HIKAKU_TEST_CHROMIUM")
    return path
