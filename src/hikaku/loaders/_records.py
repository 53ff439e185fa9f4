"""Chunk lists in JSON or JSON Lines: ``[{"id", "content", "metadata"}, ...]``.

A JSON file may also hold a whole document: ``{"id", "title", "chunks": [...]}``.
"""

from __future__ import annotations

import json
from typing import Any

from .._exceptions import InvalidDocumentError
from ..document import Chunk

__all__ = ["parse_chunks_json", "parse_chunks_jsonl", "chunks_from_records"]


def parse_chunks_json(text: str, *, source: str) -> tuple[list[Chunk], dict[str, Any]]:
    """Parse a JSON chunk list (or document object). Returns (chunks, document fields)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidDocumentError(f"{source}: invalid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    fields: dict[str, Any] = {}
    if isinstance(data, dict):
        if "chunks" not in data:
            raise InvalidDocumentError(
                f"{source}: expected a JSON list of chunks or an object with a 'chunks' list"
            )
        fields = {k: data[k] for k in ("id", "title") if isinstance(data.get(k), str)}
        data = data["chunks"]
    if not isinstance(data, list):
        raise InvalidDocumentError(f"{source}: expected a JSON list of chunks, found {type(data).__name__}")
    return chunks_from_records(data, source=source), fields


def parse_chunks_jsonl(text: str, *, source: str) -> list[Chunk]:
    records = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise InvalidDocumentError(f"{source}: invalid JSON on line {lineno}: {e.msg}") from None
    return chunks_from_records(records, source=source, line_numbers=True)


def chunks_from_records(records: list[Any], *, source: str, line_numbers: bool = False) -> list[Chunk]:
    """Validate ``{"id", "content", "metadata"}`` records and build chunks."""
    chunks = []
    for n, rec in enumerate(records):
        where = f"line {n + 1}" if line_numbers else f"chunk #{n + 1}"
        if not isinstance(rec, dict):
            raise InvalidDocumentError(f"{source}: {where} is a {type(rec).__name__}, expected an object")
        cid = rec.get("id")
        if isinstance(cid, bool) or not isinstance(cid, (str, int)) or cid == "":
            raise InvalidDocumentError(f"{source}: {where} has no usable 'id' (a non-empty string)")
        content = rec.get("content")
        if not isinstance(content, str):
            raise InvalidDocumentError(f"{source}: {where} (id {cid!r}) has no 'content' string")
        metadata = rec.get("metadata")
        if metadata is None:
            metadata = {}
        if not isinstance(metadata, dict):
            raise InvalidDocumentError(f"{source}: {where} (id {cid!r}) has 'metadata' that is not an object")
        chunks.append(Chunk(id=str(cid), content=content, metadata=metadata))
    return chunks
