"""Text files as text."""

from __future__ import annotations

from pathlib import Path

from .._exceptions import InvalidDocumentError
from ._registry import read_bytes

__all__ = ["read_text"]


def read_text(path: Path) -> str:
    """The file decoded as UTF-8 (a byte order mark is dropped)."""
    raw = read_bytes(path)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InvalidDocumentError(f"{path}: not UTF-8 text (byte {e.start}); save it as UTF-8") from None
