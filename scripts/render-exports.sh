#!/bin/sh
# Renders the bundled example's 新旧対照表 as Excel and Word files, converts both to PDF with
# LibreOffice (headless) and page 1 of each to PNG for the docs:
#   docs/images/export-xlsx.png, docs/images/export-docx.png
# Not part of `make test`. Installs Debian's LibreOffice (Writer and Calc, no GUI), poppler-utils
# (pdftoppm) and a Japanese font when missing. HIKAKU=/path/to/hikaku runs another build
# (default: .venv/bin/hikaku, as `make install` creates it); KEEP=dir keeps the .xlsx/.docx/.pdf files.
set -eu
cd "$(dirname "$0")/.."
HIKAKU="${HIKAKU:-.venv/bin/hikaku}"
if [ ! -x "$HIKAKU" ]; then
    echo "render-exports: $HIKAKU not found: run 'make install' first (or set HIKAKU=/path/to/hikaku)" >&2
    exit 1
fi
missing=""
command -v libreoffice >/dev/null 2>&1 || missing="$missing libreoffice-writer-nogui libreoffice-calc-nogui"
command -v pdftoppm >/dev/null 2>&1 || missing="$missing poppler-utils"
fc-list 2>/dev/null | grep -qi "cjk" || missing="$missing fonts-noto-cjk"
fc-list 2>/dev/null | grep -qi "carlito" || missing="$missing fonts-crosextra-carlito"  # Calibri's metrics: Excel's column widths
if [ -n "$missing" ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "render-exports: needs$missing (Debian package names); install them first" >&2
        exit 1
    fi
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    echo "render-exports: installing$missing" >&2
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work" docs/images
# Debian has neither 游明朝 nor ＭＳ 明朝: show the exports in the Mincho Debian has (Noto Serif CJK JP)
cat > "$work/fonts.conf" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <alias binding="same"><family>Yu Mincho</family><prefer><family>Noto Serif CJK JP</family></prefer></alias>
  <alias binding="same"><family>ＭＳ 明朝</family><prefer><family>Noto Serif CJK JP</family></prefer></alias>
</fontconfig>
XML
export FONTCONFIG_FILE="$work/fonts.conf"
for fmt in xlsx docx; do
    "$HIKAKU" compare --llm offline --no-progress examples/shugyo_kisoku_v1.md examples/shugyo_kisoku_v2.md \
        -o "$work/shugyo_kisoku.$fmt"
    # a profile of its own: no clash with a LibreOffice the user has open
    libreoffice -env:UserInstallation="file://$work/lo-profile" --headless --convert-to pdf \
        --outdir "$work/$fmt" "$work/shugyo_kisoku.$fmt" >/dev/null
    pdftoppm -png -r 70 -f 1 -l 1 -singlefile "$work/$fmt/shugyo_kisoku.pdf" "docs/images/export-$fmt"
    echo "docs/images/export-$fmt.png ($(pdfinfo "$work/$fmt/shugyo_kisoku.pdf" | sed -n 's/^Pages: *//p') pages in the PDF)"
done
if [ -z "${KEEP:-}" ]; then rm -rf "$work"; fi
