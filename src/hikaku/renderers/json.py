"""JSON: the ``hikaku.comparison/v1`` result itself (docs/result-schema.md)."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import TypeAdapter

from ..result import Change, ComparisonResult
from .options import RenderOptions

__all__ = ["render", "render_bytes", "render_parts"]

_INDENT = 2
_ROWS = b'\n  "changes": []'  # where the rows go in the result written without them


def render(result: ComparisonResult, options: RenderOptions) -> str:
    return result.to_json() + "\n"


def render_bytes(result: ComparisonResult, options: RenderOptions) -> bytes:
    """``render(...).encode("utf-8")``, without the string in between."""
    return b"".join(render_parts(result, options))


def render_parts(result: ComparisonResult, options: RenderOptions) -> Iterator[bytes]:
    """:func:`render_bytes` a few rows at a time — the same bytes (a test holds them equal):
    the result without its rows, then each batch of :data:`BATCH` rows made and indented on
    its own, in its place. The serialiser's buffer, its bytes and a copy with the final
    newline, held at once, were the peak at the end of a large comparison; a row at a time, the
    calls and the re-indenting of each cost too much (bench/RESULTS.md, "Figures behind the code")."""
    head = result.__pydantic_serializer__.to_json(result.model_copy(update={"changes": []}), indent=_INDENT,
                                                  by_alias=True)
    at = head.find(_ROWS)
    if at < 0 or not result.changes:  # (no rows: the head is the whole result)
        yield result.to_json_bytes(indent=_INDENT) + b"\n"
        return
    yield head[:at] + b'\n  "changes": ['
    serializer = _ROW_LIST.serializer
    rows = result.changes
    for k in range(0, len(rows), BATCH):
        # b'[\n  {…},\n  {…}\n]' one level deeper, without its brackets (strings hold no raw line break)
        part = serializer.to_json(rows[k:k + BATCH], indent=_INDENT, by_alias=True)
        yield (b"," if k else b"") + part[1:-2].replace(b"\n", _DEEPER)
    yield b"\n" + b" " * _INDENT + b"]" + head[at + len(_ROWS):] + b"\n"


BATCH = 500  # rows serialised at once (about 0.8 MB of JSON)
_DEEPER = b"\n" + b" " * _INDENT
_ROW_LIST = TypeAdapter(list[Change])
