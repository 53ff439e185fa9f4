"""Headless Chromium for the browser tests: Debian's package, installed by
scripts/install-test-tools.sh (which `make test` runs), driven by Playwright without a browser
download. The `browser` fixture (tests/conftest.py) launches it once a module."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from typing import Any

import pytest

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    path = os.environ.get("HIKAKU_TEST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("no Chromium: run scripts/install-test-tools.sh (make test does) or set HIKAKU_TEST_CHROMIUM")
    return path


@dataclass
class Watch:
    """What a page said went wrong (console errors and warnings, uncaught errors) and every URL it
    asked for, since :func:`watch` began."""

    problems: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def elsewhere(self, origin: str) -> list[str]:
        """The URLs asked for outside *origin* (a test's pages fetch nothing from the internet)."""
        return [r for r in self.requests if not r.startswith(origin)]


def watch(page: Any) -> Watch:
    """Start watching a Playwright *page* (see :class:`Watch`)."""
    w = Watch()
    page.on("console", lambda m: w.problems.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: w.problems.append(f"pageerror: {e}"))
    page.on("request", lambda r: w.requests.append(r.url))
    return w
