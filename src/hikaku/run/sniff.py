"""What a file received under a client's name (an upload) is, by its content: a PDF by its ``%PDF-`` header, Word by the
``word/document.xml`` of its zip, JSON and JSON lines by parsing them, HTML by its tags,
Markdown and text by decoding them as ``hikaku compare`` does (``loaders/decode.py``: a
byte order mark, UTF-8, CP932/Shift_JIS, EUC-JP; an HTML page also by its ``<meta
charset>``). The name's extension only chooses between the formats the content allows (a
``.md`` that is really a PDF is refused); a file whose name says JSON and whose text does not
parse is refused with the loader's own message (line and column)."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

from .._exceptions import InputError
from ..loaders import LOADERS, decode_html, decode_text, extensions, format_of_extension
from ..settings import CompareOptions
from ..wording import Message
from .request import Side
from .sides import load_side

__all__ = ["UnsupportedUpload", "MalformedUpload", "detect_format", "content_formats"]

_HTML = re.compile(r"<(?:!doctype\s+html|html|head|body|p|div|h[1-6]|section|article|table|ul|ol)\b", re.I)
_MD_HEADING = re.compile(r"^#{1,6}\s", re.M)
# the formats this module knows how to recognise; another format of the loader registry (a
# plugin's) is accepted by its extension and left to its loader to validate
_KNOWN = ("pdf", "docx", "json", "jsonl", "html", "markdown", "text")
# what a file is or looks like, in words: the name of its format, or a kind of server.upload.kind
_FORMAT_NAMES = {"markdown": "format.md", "html": "format.html", "json_text": "format.json"}


def _kind(kind: str) -> Message:
    return Message(_FORMAT_NAMES.get(kind, f"server.upload.kind.{kind}"))


class UnsupportedUpload(InputError):
    """The file's content is not a format hikaku reads (or not the one its name says)."""


class MalformedUpload(InputError):
    """The file is text of the format its name says, but malformed (JSON that does not parse)."""


def _is_docx(path: Path) -> bool:
    try:
        with zipfile.ZipFile(path) as z:
            return "word/document.xml" in z.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False


def _is_json(text: str) -> bool:
    try:
        return isinstance(json.loads(text), (list, dict))
    except (ValueError, RecursionError):
        return False


def _is_jsonl(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    try:
        return all(isinstance(json.loads(line), dict) for line in lines)
    except (ValueError, RecursionError):
        return False


def _decoded(raw: bytes, name: str, encoding: str | None) -> tuple[str, bool]:
    """(the text, whether only the HTML loader can read it): decoded as the loaders decode
    text files; an HTML page they cannot decode so may still name its charset in a ``<meta>``."""
    try:
        return decode_text(raw, name, encoding)[0], False
    except InputError as e:
        if encoding is None and _HTML.search(raw[:65536].decode("latin-1")):
            try:
                return decode_html(raw, Path(name), label=name), True
            except (InputError, LookupError):
                pass
        raise UnsupportedUpload(Message.of(e) or str(e)) from None


def content_formats(path: Path, name: str = "the file", encoding: str | None = None) -> tuple[set[str], str]:
    """The formats the file's content allows, and what it looks like (a kind of
    ``server.upload.kind`` in the wording catalogue, or a format named there: ``pdf``, ``html``,
    ``binary`` …).
    UnsupportedUpload when it is not text hikaku can decode (*encoding*: the one the server's
    options force, else detected)."""
    with open(path, "rb") as f:
        head = f.read(1024)
    if b"%PDF-" in head:
        return {"pdf"}, "pdf"
    if head.startswith(b"PK\x03\x04"):
        return ({"docx"}, "word") if _is_docx(path) else (set(), "zip")
    text, html_only = _decoded(path.read_bytes(), name, encoding)
    if html_only:
        return {"html"}, "html"
    if "\x00" in text:
        return set(), "binary"
    formats = {"markdown", "text"}
    if _is_json(text):
        formats.add("json")
    if _is_jsonl(text):
        formats.add("jsonl")
    if _HTML.search(text[:65536]):
        formats.add("html")
    looks = "json_text" if "json" in formats else "html" if "html" in formats else "looks_text"
    if not formats - {"markdown", "text"} and _MD_HEADING.search(text):
        looks = "markdown"
    return formats, looks


def _malformed(path: Path, client_name: str, fmt: str, encoding: str | None) -> MalformedUpload | None:
    """What the loader of *fmt* says of the file (None if it reads it after all)."""
    try:
        load_side(Side(path, name=client_name, format=fmt), "a", CompareOptions(encoding=encoding))
    except InputError as e:
        return MalformedUpload(Message.of(e) or str(e))
    return None


def detect_format(path: Path, client_name: str, encoding: str | None = None) -> str:
    """The loader format of an uploaded file stored at *path*; *client_name* (the name
    the browser sent) only serves to pick among the formats its content allows, and to name
    the file in messages. *encoding*: the text encoding the server's options force."""
    ext = Path(client_name).suffix.lower()
    claimed = format_of_extension(ext)
    if claimed is not None and claimed not in _KNOWN:
        return claimed  # a format this module does not know: its loader checks the content
    allowed, looks = content_formats(path, client_name, encoding)
    allowed &= set(LOADERS)
    if claimed is not None:
        if claimed in allowed:
            return claimed
        if claimed in ("json", "jsonl") and "text" in allowed:  # text, but not JSON: say where it breaks
            malformed = _malformed(path, client_name, claimed, encoding)
            if malformed is not None:
                raise malformed
        raise UnsupportedUpload(Message("server.upload.name_mismatch", name=client_name, claimed=_kind(claimed),
                                        looks=_kind(looks)))
    if not allowed:
        names = ", ".join(sorted(extensions()))
        raise UnsupportedUpload(Message("server.upload.not_a_document", name=client_name, looks=_kind(looks),
                                        extensions=names))
    for fmt in ("pdf", "docx", "json", "jsonl", "html"):
        if fmt in allowed:
            return fmt
    return "markdown" if looks == "markdown" else "text"
