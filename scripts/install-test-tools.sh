#!/bin/sh
# The browser tests (tests/report/test_html_browser.py) open the HTML report in headless
# Chromium: Debian's package, driven by Playwright's Python client (no browser download).
# Installs it when missing, with a Japanese font for the screenshot. HIKAKU_TEST_CHROMIUM=/path/to/chromium uses another build.
set -eu
if [ -n "${HIKAKU_TEST_CHROMIUM:-}" ] && [ -x "${HIKAKU_TEST_CHROMIUM}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 && { fc-list 2>/dev/null | grep -qi "cjk"; }; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    echo "installing Debian's chromium for the browser tests" >&2
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk >/dev/null
    exit 0
fi
echo "the browser tests need Chromium: install it, or set HIKAKU_TEST_CHROMIUM=/path/to/chromium" >&2
exit 1
