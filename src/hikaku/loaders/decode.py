"""Text files as text: the encoding forced (``--encoding``) or detected.

Detection, in order: a byte order mark (UTF-8, UTF-16, UTF-32); NUL bytes without one
mean binary data; strict UTF-8 (UTF-8 with a few invalid bytes is an error, not
mojibake); then the Japanese legacy encodings CP932 (Windows
Shift_JIS) and EUC-JP, each decoded strictly. When both decode, the one whose text looks
like Japanese wins: EUC-JP read as CP932 turns into half-width katakana and rare
characters, CP932 read as EUC-JP fails on its lead bytes 0x81–0x9F almost at once.
Measured against charset-normalizer on real statutes and the bundled example
(``bench/encodings.py``, bench/RESULTS.md): this order decodes every sample right, from
20 characters to whole statutes, where charset-normalizer misreads short EUC-JP and CP932
samples, and faster. The encoding used is logged (``-v``).
"""

from __future__ import annotations

import codecs
import logging
import re
from pathlib import Path

from .._exceptions import ConfigurationError, InvalidDocumentError
from ..text import text_codec
from ..wording import Message
from .registry import InputLimits, LoadRequest, read_bytes

__all__ = ["decode_text", "read_text", "request_text", "check_chars", "DETECTED"]

log = logging.getLogger(__name__)

DETECTED = ("utf-8", "cp932", "euc_jp")  # tried in this order when there is no byte order mark
_BOMS = (  # UTF-32 first: its little-endian mark starts with UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_SUPERSETS = {"shift_jis": "cp932", "ms932": "cp932", "windows-31j": "cp932"}  # what such files really hold
# characters Japanese text is made of; half-width katakana, private use and C1 controls are what a
# wrong guess produces
_PLAUSIBLE = re.compile(r"[\t\n\r\x20-\x7e\u3000-\u30ff\u4e00-\u9fff\uff01-\uff5e\u2010-\u2312\u2460-\u24ff"
                        r"\u2500-\u257f\u25a0-\u26ff\u3200-\u33ff\u00a0-\u00ff\u0370-\u03ff\u0400-\u04ff]")
_ODD = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ue000-\uf8ff\ufffd]")


def _name(encoding: str) -> str:
    """The codec to decode with; ConfigurationError for a name that is not a text encoding."""
    try:
        name = text_codec(encoding)
    except LookupError:
        raise ConfigurationError(f"unknown encoding {encoding!r} (a text encoding: utf-8, cp932, shift_jis, euc-jp, "
                                 "utf-16 …)") from None
    return _SUPERSETS.get(name, name)


def _plausibility(text: str) -> float:
    sample = text[:200_000]
    if not sample:
        return 1.0
    return 1.0 - len(_PLAUSIBLE.sub("", sample)) / len(sample)


def _looks_binary(text: str) -> bool:
    sample = text[:200_000]
    return bool(sample) and len(_ODD.findall(sample)) > max(2, len(sample) // 50)


def _utf8_or_refuse(raw: bytes, label: str) -> str | None:
    """*raw* decoded as UTF-8, or None when it is not UTF-8 (decoded once: the detection takes
    this text). UTF-8 text with a few invalid bytes (a damaged or cut-off file) must not be read
    as CP932 mojibake: an error naming the first bad byte. CP932 and EUC-JP text read as
    UTF-8 yields at most as many valid multi-byte characters as invalid bytes (measured on
    the statutes: ratio ≤ 1); damaged UTF-8 yields many times more."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        first = e.start
    text = raw.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    good = len(text) - len(text.encode("ascii", "ignore")) - bad
    if good >= 4 and good >= 4 * bad:
        raise InvalidDocumentError(Message("load.text.not_utf8", label=label, bad=bad, offset=first, byte=raw[first]))
    return None


def decode_text(raw: bytes, label: str, encoding: str | None = None) -> tuple[str, str]:
    """(text, the encoding it was decoded with). *encoding* forces one; otherwise it is
    detected. InvalidDocumentError, naming *label*, when the bytes are not text."""
    if encoding:
        enc = _name(encoding)
        if enc == "utf-8":
            enc = "utf-8-sig"  # a byte order mark is not text
        try:
            return raw.decode(enc), enc
        except UnicodeDecodeError as e:
            raise InvalidDocumentError(Message("load.text.not_in_encoding", label=label, encoding=encoding,
                                               byte=raw[e.start], offset=e.start)) from None
    for bom, enc in _BOMS:
        if raw.startswith(bom):
            try:
                return raw.decode(enc), enc if enc != "utf-8-sig" else "utf-8 (with BOM)"
            except UnicodeDecodeError as e:
                raise InvalidDocumentError(Message("load.text.bad_bom", label=label, encoding=enc,
                                                   offset=e.start)) from None
    if b"\x00" in raw[:1_000_000]:
        raise InvalidDocumentError(Message("load.text.binary", label=label))
    utf8 = _utf8_or_refuse(raw, label)
    candidates: list[tuple[str, str]] = []
    for enc in DETECTED:
        if enc == "utf-8":
            if utf8 is None:
                continue
            candidates = [(enc, utf8)]  # strict UTF-8 of non-ASCII text is never an accident
            break
        try:
            text = raw.decode(enc)
        except UnicodeDecodeError:
            continue
        candidates.append((enc, text))
    candidates = [(enc, text) for enc, text in candidates if not _looks_binary(text)]
    if not candidates:
        raise InvalidDocumentError(Message("load.text.undecodable", label=label))
    if len(candidates) > 1:  # max keeps the first on a tie: cp932
        candidates = [max(candidates, key=lambda c: _plausibility(c[1]))]
    enc, text = candidates[0]
    return text, enc


def read_text(path: Path, *, encoding: str | None = None, limits: InputLimits | None = None,
              label: str | None = None) -> str:
    """The file decoded (see :func:`decode_text`), its size checked first."""
    name = label or str(path)
    text, used = decode_text(read_bytes(path, limits, name), name, encoding)
    log.info("%s: read as %s%s", name, used, "" if encoding else " (detected)")
    return text


def check_chars(text: str, limits: InputLimits, label: str) -> None:
    """InvalidDocumentError when *text* is over ``max_document_chars``."""
    if len(text) > limits.max_document_chars:
        raise InvalidDocumentError(Message("load.too_much_text", label=label, n=len(text), limit=limits.max_document_chars,
                                           hint=limits.hint("max_document_chars")))


def request_text(req: LoadRequest) -> str:
    """The text of a request's file: size checked, decoded, length checked."""
    text = read_text(req.path, encoding=req.encoding, limits=req.limits, label=req.label)
    check_chars(text, req.limits, req.label)
    return text
