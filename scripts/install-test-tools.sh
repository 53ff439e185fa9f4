#!/bin/sh
# What the tests drive besides Python packages, from Debian's packages when missing:
# - Chromium, for the HTML report and web app tests (tests/renderers/test_html_browser.py,
#   tests/web/test_browser.py), driven by Playwright's Python client (no browser download);
# - LibreOffice (Writer and Calc, no GUI), for the tests that print the Excel and Word exports to PDF
#   (tests/renderers/test_printed_exports.py), with Carlito (Calibri's metrics: Excel's column widths);
# - a Japanese font for both.
# HIKAKU_TEST_CHROMIUM=/path/to/chromium and HIKAKU_TEST_LIBREOFFICE=/path/to/soffice use other builds.
set -eu
missing=""
if ! { [ -n "${HIKAKU_TEST_CHROMIUM:-}" ] && [ -x "${HIKAKU_TEST_CHROMIUM}" ]; }; then
    command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
fi
if ! { [ -n "${HIKAKU_TEST_LIBREOFFICE:-}" ] && [ -x "${HIKAKU_TEST_LIBREOFFICE}" ]; }; then
    command -v libreoffice >/dev/null 2>&1 || missing="$missing libreoffice-writer-nogui libreoffice-calc-nogui"
fi
fc-list 2>/dev/null | grep -qi "cjk" || missing="$missing fonts-noto-cjk"
fc-list 2>/dev/null | grep -qi "carlito" || missing="$missing fonts-crosextra-carlito"
[ -n "$missing" ] || exit 0
if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    echo "installing for the tests:$missing" >&2
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
    exit 0
fi
echo "the tests need$missing (Debian package names): install them, or set HIKAKU_TEST_CHROMIUM / HIKAKU_TEST_LIBREOFFICE" >&2
exit 1
