"""Receiving a comparison's two files: the multipart body is parsed as it streams in,
each file written under a generated name in the job's directory, and the per-file limit
enforced while reading (the upload stops at the first byte over the limit; nothing is
buffered whole in memory). The name the browser sent is kept for display only."""

from __future__ import annotations

import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, parse_options_header

from ..wording import Message

__all__ = ["BadUpload", "Received", "ReceivedFile", "UploadTooLarge", "display_name", "receive_multipart"]


class BadUpload(ValueError):
    """The request is not the multipart form the API expects (400)."""


class UploadTooLarge(ValueError):
    """A file is over the limit (413)."""


@dataclass
class ReceivedFile:
    field: str
    client_name: str  # for display only, never a path
    path: Path  # generated: <dest>/upload-<field>.part
    size: int = 0


@dataclass
class Received:
    files: dict[str, ReceivedFile] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)


def display_name(raw: str, fallback: str = "document") -> str:
    """The file name as the user knows it: its last path component, printable
    characters only, at most 200 of them. Shown (escaped) and nothing else."""
    name = unicodedata.normalize("NFC", raw).replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()
    return name[:200] or fallback


def _mb(n: int) -> str:
    return f"{n / 1_000_000:g} MB"


class _Collector:
    """python-multipart callbacks: headers of the current part, file data to disk."""

    def __init__(self, dest: Path, file_fields: tuple[str, ...], max_file_bytes: int, max_field_bytes: int,
                 max_fields: int) -> None:
        self.dest = dest
        self.file_fields = file_fields
        self.max_file_bytes = max_file_bytes
        self.max_field_bytes = max_field_bytes
        self.max_fields = max_fields
        self.out = Received()
        self._header_name = b""
        self._header_value = b""
        self._disposition = b""
        self._name = ""
        self._file: ReceivedFile | None = None
        self._handle: IO[bytes] | None = None
        self._value = bytearray()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    # -- callbacks -----------------------------------------------------------------------
    def on_part_begin(self) -> None:
        self._disposition = b""
        self._file = None
        self._value = bytearray()

    def on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._header_name += data[start:end]

    def on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._header_value += data[start:end]

    def on_header_end(self) -> None:
        if self._header_name.strip().lower() == b"content-disposition":
            self._disposition = self._header_value
        self._header_name = self._header_value = b""

    def on_headers_finished(self) -> None:
        _, params = parse_options_header(self._disposition)
        name = params.get(b"name")
        if name is None:
            raise BadUpload(Message("server.upload.no_part_name"))
        self._name = name.decode("utf-8", "replace")
        if b"filename" in params:
            if self._name not in self.file_fields:
                raise BadUpload(Message("server.upload.unexpected_file", name=self._name, fields=", ".join(self.file_fields)))
            if self._name in self.out.files:
                raise BadUpload(Message("server.upload.sent_twice", name=self._name))
            client = display_name(params[b"filename"].decode("utf-8", "replace"), fallback=f"{self._name}")
            self._file = ReceivedFile(self._name, client, self.dest / f"upload-{self._name}.part")
            self.out.files[self._name] = self._file
            self._handle = open(self._file.path, "wb")  # noqa: SIM115 - closed in on_part_end / close
        elif len(self.out.fields) >= self.max_fields:
            raise BadUpload(Message("server.upload.too_many_fields"))

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        n = end - start
        if self._file is not None:
            self._file.size += n
            if self._file.size > self.max_file_bytes:
                raise UploadTooLarge(Message("server.upload.file_too_large", name=self._file.client_name,
                                             limit=_mb(self.max_file_bytes)))
            assert self._handle is not None
            self._handle.write(data[start:end])
        else:
            if len(self._value) + n > self.max_field_bytes:
                raise BadUpload(Message("server.upload.field_too_long", name=self._name))
            self._value += data[start:end]

    def on_part_end(self) -> None:
        if self._file is not None:
            self.close()
        else:
            self.out.fields[self._name] = self._value.decode("utf-8", "replace")


async def receive_multipart(
    headers: dict[str, str],
    body: AsyncIterator[bytes],
    dest: Path,
    *,
    file_fields: tuple[str, ...] = ("a", "b"),
    max_file_bytes: int,
    max_field_bytes: int = 64 * 1024,
    max_fields: int = 32,
) -> Received:
    """Parse a multipart/form-data body into *dest* (which must exist). Raises
    :class:`UploadTooLarge` the moment a file passes *max_file_bytes* and
    :class:`BadUpload` for anything else wrong; partial files are left for the caller
    to delete with *dest*."""
    ctype, params = parse_options_header(headers.get("content-type", ""))
    if ctype != b"multipart/form-data" or b"boundary" not in params:
        raise BadUpload(Message("server.upload.not_multipart"))
    declared = headers.get("content-length")
    overhead = 1_000_000
    if declared and declared.isdigit() and int(declared) > len(file_fields) * max_file_bytes + overhead:
        raise UploadTooLarge(Message("server.upload.upload_too_large", size=_mb(int(declared)), limit=_mb(max_file_bytes)))
    c = _Collector(dest, file_fields, max_file_bytes, max_field_bytes, max_fields)
    parser = MultipartParser(params[b"boundary"], {
        "on_part_begin": c.on_part_begin, "on_part_data": c.on_part_data, "on_part_end": c.on_part_end,
        "on_header_field": c.on_header_field, "on_header_value": c.on_header_value,
        "on_header_end": c.on_header_end, "on_headers_finished": c.on_headers_finished,
    })
    try:
        async for chunk in body:
            parser.write(chunk)
        parser.finalize()
    except FormParserError as e:
        raise BadUpload(Message("server.upload.malformed", why=str(e))) from None
    finally:
        c.close()
    missing = [f for f in file_fields if f not in c.out.files]
    if missing:
        raise BadUpload(Message("server.upload.missing", names=", ".join(missing)))
    return c.out
