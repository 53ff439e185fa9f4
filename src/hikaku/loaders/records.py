"""Chunk lists in JSON or JSON Lines: ``[{"id", "content", "metadata"}, ...]``.

A JSON file may also hold a whole document: ``{"id", "title", "chunks": [...]}``.

The nesting depth is measured without recursion before the parser (which recurses) sees
the text; a chunk longer than ``max_chunk_length`` is refused with its id.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import numpy as np

from .._exceptions import InvalidDocumentError
from ..document import Chunk
from ..wording import Message
from .registry import InputLimits, too_many_chunks

__all__ = ["parse_chunks_json", "parse_chunks_jsonl", "chunks_from_records", "json_depth", "json_items",
           "surrogate_in"]

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BLOCK = 1 << 20
_SCAN = 1 << 20  # characters scanned at a time for quotes, backslashes and brackets
_QUOTE, _BACKSLASH = 0x22, 0x5C


def json_depth(text: str, stop: int | None = None) -> int:
    """The deepest nesting of arrays and objects in JSON *text* (strings ignored), in
    linear time and without recursion; counting ends as soon as it passes *stop* (at the
    end of the block of 2**20 brackets where it does)."""
    found = _scanned(text, stop)
    return found[0] if found is not None else _depth_by_pattern(text, stop)


def json_items(text: str) -> int | None:
    """How many objects a JSON text that is an array holds as its elements (a chunk list's
    records), counted by the scan of :func:`json_depth` without parsing; None when the text is
    no array or the scan cannot tell."""
    found = _scanned(text, None)
    return found[1] if found is not None else None


def _depth_by_pattern(text: str, stop: int | None) -> int:
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


def _scanned(text: str, stop: int | None) -> tuple[int, int | None] | None:
    """:func:`_depth_by_pattern`'s answer from the positions of quotes, backslashes and brackets
    alone (numpy over the UTF-16 code units, where none of them is part of another character):
    a quote after an odd run of backslashes is escaped, the others open and close strings, and
    the brackets between them are the pattern's. That is how the pattern reads the text as long
    as every backslash is inside a string (one outside escapes nothing) and the last string is
    closed (the pattern reads an open one as no string): None when either is not so (no JSON
    then), for the pattern to read it. A block of characters is encoded at a time (no copy of the
    whole text). With the depth: the objects opened at the second level when the first bracket
    opens an array (its object elements), else None."""
    inside = False  # within a string at the start of the block
    run = 0  # backslashes right before the block
    deepest = level = count = items = 0
    array: bool | None = None  # the first bracket opens an array
    cut: int | None = None  # brackets counted: the pattern's reading stops at the end of a block of them
    for start in range(0, len(text), _SCAN):
        block = np.frombuffer(text[start:start + _SCAN].encode("utf-16-le", "surrogatepass"), dtype=np.uint16)
        folded = block | 0x20  # [ and ] fold to { and }
        at = np.flatnonzero((block == _QUOTE) | (block == _BACKSLASH) | (folded == 0x7B) | (folded == 0x7D))
        what = block[at]
        quote, slash = what == _QUOTE, what == _BACKSLASH
        slashes = at[slash]
        if len(slashes) or run:
            quote &= ~_escaped(at, slashes, run)
            run = _run_at_end(slashes, len(block), run)
        opened = (np.cumsum(quote) + inside) % 2 == 1  # inside a string (a quote itself: after it)
        if (slash & ~opened).any():
            return None
        if len(opened):
            inside = bool(opened[-1])
        brackets = what[~(quote | slash | opened)]
        steps = np.where(brackets & 2, 1, -1)  # [ and { have bit 1, ] and } not
        if not len(steps):
            continue
        levels = np.cumsum(steps, dtype=np.int64) + level
        if array is None:
            array = bool(brackets[0] == ord("["))
        items += int(np.count_nonzero((brackets == ord("{")) & (levels == 2)))
        level = int(levels[-1])
        if cut is None and stop is not None and len(over := np.flatnonzero(levels > stop)):
            cut = ((count + int(over[0])) // _BLOCK + 1) * _BLOCK
        upto = len(levels) if cut is None else min(len(levels), cut - count)
        if upto > 0:
            deepest = max(deepest, int(levels[:upto].max()))
        count += len(levels)
    return None if inside else (deepest, items if array else None)


def _escaped(at: np.ndarray, slashes: np.ndarray, run: int) -> np.ndarray:
    """Which of the block's special characters (positions *at*) follow an odd run of backslashes
    (*slashes*: their positions; *run*: backslashes right before the block)."""
    new_run = np.ones(len(slashes), dtype=bool)
    new_run[1:] = slashes[1:] != slashes[:-1] + 1
    first = np.maximum.accumulate(np.where(new_run, np.arange(len(slashes)), 0))  # each one's run's first
    k = np.minimum(np.searchsorted(slashes, at - 1), max(len(slashes) - 1, 0))
    length = np.zeros(len(at), dtype=np.int64)
    if len(slashes):
        after = slashes[k] == at - 1
        length[after] = k[after] - first[k[after]] + 1 + np.where(slashes[first[k[after]]] == 0, run, 0)
    length[at == 0] = run
    return length % 2 == 1


def _run_at_end(slashes: np.ndarray, size: int, run: int) -> int:
    """The backslashes right before the next block."""
    if not len(slashes) or slashes[-1] != size - 1:
        return 0
    breaks = np.flatnonzero(slashes[1:] != slashes[:-1] + 1)
    first = int(breaks[-1]) + 1 if len(breaks) else 0
    return len(slashes) - first + (run if slashes[first] == 0 else 0)


class _LongNumber(Exception):
    def __init__(self, digits: str) -> None:
        self.digits = digits


def _integer(digits: str) -> int:
    """A JSON integer, or _LongNumber when it has more digits than Python converts
    (``sys.get_int_max_str_digits()``, 4,300 by default: longer ones are a denial of service)."""
    most = sys.get_int_max_str_digits()
    if most and len(digits) - digits.startswith("-") > most:
        raise _LongNumber(digits)
    return int(digits)


def _loads(text: str, *, source: str, limits: InputLimits, where: Message | str = "", depth: int | None = None) -> Any:
    """*depth*: the text's nesting, if already measured (:func:`json_depth`)."""
    if depth is None:
        depth = json_depth(text, stop=limits.max_json_depth)
    if depth > limits.max_json_depth:
        raise InvalidDocumentError(Message("load.json.too_deep", label=source, where=where, limit=limits.max_json_depth,
                                           hint=limits.hint("max_json_depth")))
    try:
        return json.loads(text, parse_int=_integer)
    except RecursionError:
        raise InvalidDocumentError(Message("load.json.too_deep_to_read", label=source, where=where)) from None
    except _LongNumber as e:
        at = text.find(e.digits)
        line = Message("load.json.line_where", line=text.count(chr(10), 0, at) + 1) if at >= 0 and not where else ""
        raise InvalidDocumentError(Message("load.json.long_number", label=source, where=where, line=line,
                                           n=len(e.digits), head=e.digits[:8],
                                           most=sys.get_int_max_str_digits())) from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def surrogate_in(value: Any) -> Message | None:
    """What is wrong with the first string of *value* (a string, or metadata: dicts and lists,
    their keys too) that holds a lone surrogate, or None when there is none."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            m = _SURROGATE.search(item)
            if m:
                return Message("load.surrogate", code=f"{ord(m.group()):04x}", at=m.start() + 1)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return None


def _may_hold_surrogates(text: str) -> bool:
    """Whether parsing JSON *text* may yield a lone surrogate: it has a \\uD… escape (a pair
    too: the records are then checked one by one) or a surrogate of its own (an unusual codec)."""
    if "\\ud" in text or "\\uD" in text:
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def parse_chunks_json(text: str, *, source: str,
                      limits: InputLimits | None = None) -> tuple[list[Chunk], dict[str, Any]]:
    """Parse a JSON chunk list (or document object). Returns (chunks, document fields)."""
    limits = limits or InputLimits()
    scanned = _scanned(text, limits.max_json_depth)  # the depth and the records, in one pass
    if scanned is not None and scanned[1] is not None and scanned[1] > limits.max_chunks and (
            scanned[0] <= limits.max_json_depth):  # before the parser makes a dict of each record
        raise too_many_chunks(source, limits, scanned[1])
    try:
        data = _loads(text, source=source, limits=limits, depth=scanned[0] if scanned is not None else None)
    except json.JSONDecodeError as e:
        raise InvalidDocumentError(Message("load.json.invalid", label=source, line=e.lineno, column=e.colno,
                                           why=e.msg)) from None
    fields: dict[str, Any] = {}
    if isinstance(data, dict):
        if "chunks" not in data:
            raise InvalidDocumentError(Message("load.json.no_chunks", label=source))
        fields = {k: data[k] for k in ("id", "title") if isinstance(data.get(k), str)}
        data = data["chunks"]
    if not isinstance(data, list):
        raise InvalidDocumentError(Message("load.json.not_a_list", label=source, found=type(data).__name__))
    return chunks_from_records(data, source=source, limits=limits, check_metadata=_may_hold_surrogates(text)), fields


def parse_chunks_jsonl(text: str, *, source: str, limits: InputLimits | None = None) -> list[Chunk]:
    limits = limits or InputLimits()
    records = []
    lines = text.splitlines()
    if sum(1 for line in lines if line.strip()) > limits.max_chunks:  # counted before any line is parsed
        raise too_many_chunks(source, limits)
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(_loads(line, source=source, limits=limits, where=Message("load.json.line_where", line=lineno)))
        except json.JSONDecodeError as e:
            raise InvalidDocumentError(Message("load.json.invalid_line", label=source, line=lineno, why=e.msg)) from None
    return chunks_from_records(records, source=source, line_numbers=True, limits=limits,
                               check_metadata=_may_hold_surrogates(text))


def chunks_from_records(records: list[Any], *, source: str, line_numbers: bool = False,
                        limits: InputLimits | None = None, check_metadata: bool = False) -> list[Chunk]:
    """Validate ``{"id", "content", "metadata"}`` records and build chunks (their number checked
    first: ``max_chunks``); with *check_metadata*, no string of a chunk's metadata may hold a lone
    surrogate (ids and texts are checked with the document: ``load.validate_document``)."""
    limits = limits or InputLimits()
    if len(records) > limits.max_chunks:
        raise too_many_chunks(source, limits, len(records))
    longest = limits.max_chunk_length
    chunks = []
    for n, rec in enumerate(records):
        where = Message("load.json.record_line" if line_numbers else "load.json.record_chunk", n=n + 1)
        if not isinstance(rec, dict):
            raise InvalidDocumentError(Message("load.json.not_an_object", label=source, where=where,
                                               found=type(rec).__name__))
        cid = rec.get("id")
        if isinstance(cid, bool) or not isinstance(cid, (str, int)) or cid == "":
            raise InvalidDocumentError(Message("load.json.no_id", label=source, where=where))
        content = rec.get("content")
        if not isinstance(content, str):
            raise InvalidDocumentError(Message("load.json.no_content", label=source, where=where, id=cid))
        if len(content) > longest:
            raise InvalidDocumentError(Message("load.json.content_too_long", label=source, where=where, id=cid,
                                               n=len(content), limit=longest, hint=limits.hint("max_chunk_length")))
        metadata = rec.get("metadata")
        if metadata is None:
            metadata = {}
        if not isinstance(metadata, dict):
            raise InvalidDocumentError(Message("load.json.bad_metadata", label=source, where=where, id=cid))
        if check_metadata and (problem := surrogate_in(metadata)):
            raise InvalidDocumentError(Message("load.json.record_surrogate", label=source, where=where, id=cid,
                                               problem=problem))
        chunks.append(Chunk(id=str(cid), content=content, metadata=metadata))
    return chunks
