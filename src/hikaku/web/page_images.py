"""A page of an uploaded PDF as a PNG image, for the page view (the original beside the report).

PDFium (pypdfium2, in the ``web`` extra) draws the page. It is C++ reading a file a user
uploaded, so it runs in a child process of its own (``python -m hikaku.web.page_images``), with a
time and a memory limit: a page that crashes, hangs or eats memory ends that process, never the
server. Each image is drawn once and kept in the job's directory.

The page is drawn over its media box, the frame pdfminer reads the text in (a crop box is
ignored), so that the boxes the PDF loader keeps for each chunk (``loaders/pdf/boxes.py``: shares
of the media box from its top-left corner) mark the same place on the image."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from .._exceptions import HikakuError, MissingDependencyError

__all__ = ["PageImageError", "page_image", "render_png", "require", "WIDTHS"]

WIDTHS = (800, 1200, 1600)  # the image widths served (pixels): a small set, so that the cache stays small
_TIMEOUT_S = 60.0
_MEMORY = 1 << 30  # the child's address space: a page that needs more is refused


class PageImageError(HikakuError):
    """The page cannot be drawn (no such page, a damaged PDF, the drawing failed or took too long)."""


def require() -> None:
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        raise MissingDependencyError("pypdfium2", "web", "Showing the pages of a PDF") from None


def _png(pixels: bytes, width: int, height: int) -> bytes:
    """An 8-bit RGB PNG of *pixels* (rows of width × 3 bytes, no padding)."""
    stride = width * 3
    raw = b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


def render_png(pdf: Path, page: int, width: int) -> bytes:
    """Page *page* (1-based) of *pdf*, *width* pixels wide, as PNG (in this process)."""
    require()
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(str(pdf))
    except pdfium.PdfiumError as e:
        raise PageImageError(f"{pdf.name}: not a PDF PDFium can read ({e})") from None
    try:
        if not 1 <= page <= len(doc):
            raise PageImageError(f"{pdf.name} has no page {page} (it has {len(doc)})")
        p = doc[page - 1]
        p.set_cropbox(*p.get_mediabox())
        w, _ = p.get_size()
        bitmap = p.render(scale=width / max(w, 1.0), rev_byteorder=True, force_bitmap_format=pdfium.raw.FPDFBitmap_BGR)
        array = bitmap.to_numpy()
        height, px = array.shape[0], array.shape[1]
        return _png(array[:, :, :3].tobytes(), px, height)
    finally:
        doc.close()


def page_image(pdf: Path, page: int, width: int, cache: Path) -> Path:
    """The PNG of page *page* of *pdf*, drawn once in a child process and kept in *cache*."""
    require()
    if width not in WIDTHS:
        raise PageImageError(f"a page is drawn {', '.join(map(str, WIDTHS))} pixels wide, not {width}")
    out = cache / f"{pdf.stem}-{page}-{width}.png"
    if out.exists():
        return out
    cache.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.{id(out)}.tmp")
    try:
        done = subprocess.run([sys.executable, "-m", __name__, str(pdf), str(page), str(width), str(tmp)],
                              capture_output=True, timeout=_TIMEOUT_S, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        tmp.unlink(missing_ok=True)
        raise PageImageError(f"drawing page {page} of {pdf.name} took more than {_TIMEOUT_S:.0f} s") from None
    if done.returncode != 0 or not tmp.exists():
        tmp.unlink(missing_ok=True)
        why = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise PageImageError(why[-1] if done.returncode == 2 and why else
                             f"page {page} of {pdf.name} could not be drawn (exit status {done.returncode})")
    os.replace(tmp, out)
    return out


def _main(argv: list[str]) -> int:
    """``python -m hikaku.web.page_images PDF PAGE WIDTH OUT``: the child that draws."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))
    except (ImportError, ValueError, OSError):  # not on this system: the timeout still holds
        pass
    pdf, page, width, out = Path(argv[0]), int(argv[1]), int(argv[2]), Path(argv[3])
    try:
        data = render_png(pdf, page, width)
    except HikakuError as e:
        print(str(e), file=sys.stderr)
        return 2
    out.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
