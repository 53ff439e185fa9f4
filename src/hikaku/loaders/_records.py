"""Chunk lists in JSON or JSON Lines: ``[{"id", "content", "metadata"}, ...]``.

A JSON file may also hold a whole document: ``{"id", "title", "chunks": [...]}``.

The nesting depth is measured without recursion before the parser (which recurses) sees
the text; a chunk longer than ``max_chunk_length`` is refused with its id.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from .._exceptions import InvalidDocumentError
from ..document import Chunk
from ._registry import InputLimits, limit_hint

__all__ = ["parse_chunks_json", "parse_chunks_jsonl", "chunks_from_records", "json_depth"]

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BLOCK = 1 << 20


def json_depth(text: str, stop: int | None = None) -> int:
    """The deepest nesting of arrays and objects in JSON *text* (strings ignored), in
    linear time and without recursion; counting ends as soon as it passes *stop*."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    deepest, level = 0, 0
    for start in range(0, len(brackets), _BLOCK):
        codes = np.frombuffer(brackets[start:start + _BLOCK], dtype=np.uint8)
        steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1).astype(np.int32)
        levels = np.cumsum(steps, dtype=np.int64) + level
        deepest = max(deepest, int(levels.max()))
        level = int(levels[-1])
        if stop is not None and deepest > stop:
            break
    return deepest


def _loads(text: str, *, source: str, limits: InputLimits, where: str = "") -> Any:
    depth = json_depth(text, stop=limits.max_json_depth)
    if depth > limits.max_json_depth:
        raise InvalidDocumentError(
            f"{source}: {where}JSON nested deeper than the limit of {limits.max_json_depth} levels "
            f"({limit_hint('max_json_depth')})"
        )
    try:
        return json.loads(text)
    except RecursionError:
        raise InvalidDocumentError(f"{source}: {where}JSON nested too deeply to be read") from None


def parse_chunks_json(text: str, *, source: str,
                      limits: InputLimits | None = None) -> tuple[list[Chunk], dict[str, Any]]:
    """Parse a JSON chunk list (or document object). Returns (chunks, document fields)."""
    limits = limits or InputLimits()
    try:
        data = _loads(text, source=source, limits=limits)
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
    return chunks_from_records(data, source=source, limits=limits), fields


def parse_chunks_jsonl(text: str, *, source: str, limits: InputLimits | None = None) -> list[Chunk]:
    limits = limits or InputLimits()
    records = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(_loads(line, source=source, limits=limits, where=f"line {lineno}: "))
        except json.JSONDecodeError as e:
            raise InvalidDocumentError(f"{source}: invalid JSON on line {lineno}: {e.msg}") from None
    return chunks_from_records(records, source=source, line_numbers=True, limits=limits)


def chunks_from_records(records: list[Any], *, source: str, line_numbers: bool = False,
                        limits: InputLimits | None = None) -> list[Chunk]:
    """Validate ``{"id", "content", "metadata"}`` records and build chunks."""
    longest = (limits or InputLimits()).max_chunk_length
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
        if len(content) > longest:
            raise InvalidDocumentError(
                f"{source}: {where} (id {cid!r}) has {len(content):,} characters, over the limit of {longest:,} "
                f"({limit_hint('max_chunk_length')})"
            )
        metadata = rec.get("metadata")
        if metadata is None:
            metadata = {}
        if not isinstance(metadata, dict):
            raise InvalidDocumentError(f"{source}: {where} (id {cid!r}) has 'metadata' that is not an object")
        chunks.append(Chunk(id=str(cid), content=content, metadata=metadata))
    return chunks
