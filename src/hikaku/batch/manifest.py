"""What a batch compares: the pairs of a manifest (CSV with the header ``name,a,b`` and
optional option columns, or JSON Lines with the same fields) or of two directories
matched by file name.

A pair's name becomes the name of its output files, so a name that is not a plain
file name (a path separator, ``..``, a leading dot, a control character, one of the
batch's own file names) is refused with the line it is on; names must be unique
(ignoring case, for case-insensitive file systems). Relative paths in a manifest are
relative to the manifest's directory.
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._exceptions import InputError
from ..loaders import extensions
from ..settings import CompareOptions

__all__ = ["PairSpec", "DirMatch", "read_manifest", "pairs_from_dirs", "check_name", "safe_name", "RESERVED_NAMES"]

REQUIRED = ("name", "a", "b")
RESERVED_NAMES = ("summary", "index")  # summary.json and index.html are the batch's own files
_FORBIDDEN_CHARS = set('/\\:*?"<>|')
_MAX_NAME_BYTES = 150  # leaves room for the extension and the temporary-file prefix


@dataclass(frozen=True)
class PairSpec:
    """One pair to compare: its name (the stem of its output files), the paths of A and
    B, the options set for this pair only, and where it was declared, for messages (the
    manifest and the line, ``pairs.csv: line 4``, or the file name in both directories)."""

    name: str
    a: str
    b: str
    options: Mapping[str, Any] = field(default_factory=dict)
    where: str = ""


@dataclass(frozen=True)
class DirMatch:
    """The pairs found in two directories, and the files found in only one of them."""

    pairs: list[PairSpec]
    old_only: list[str]
    new_only: list[str]


def check_name(name: str) -> str | None:
    """Why *name* cannot be an output file name, or None when it can."""
    if not name:
        return "empty name"
    if name in (".", "..") or ".." in name:
        return "'..' is not allowed in a name"
    if name.startswith("."):
        return "a name cannot start with '.'"
    if any(ch in _FORBIDDEN_CHARS for ch in name):
        return "a name cannot hold / \\ : * ? \" < > |"
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        return "a name cannot hold control characters"
    if name != name.strip():
        return "a name cannot start or end with a space"
    if name.lower() in RESERVED_NAMES:
        return f"'{name}' is reserved for the batch's own {name.lower()} file"
    if len(name.encode("utf-8")) > _MAX_NAME_BYTES:
        return f"a name is at most {_MAX_NAME_BYTES} bytes of UTF-8"
    return None


def safe_name(name: str) -> str:
    """A file name derived from *name* (for names hikaku makes itself, from file names)."""
    out = "".join("_" if ch in _FORBIDDEN_CHARS or unicodedata.category(ch).startswith("C") else ch
                  for ch in name).strip()
    while ".." in out:
        out = out.replace("..", "_")
    out = out.lstrip(".") or "pair"
    if out.lower() in RESERVED_NAMES:
        out += "_"
    while len(out.encode("utf-8")) > _MAX_NAME_BYTES:
        out = out[:-1]
    return out


def read_manifest(path: str | Path) -> list[PairSpec]:
    """The pairs of a CSV (``.csv``) or JSON Lines (``.jsonl``, ``.ndjson``) manifest.
    Raises InputError (one line naming the file and the line) on any problem."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: no such manifest file")
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{p}: cannot read the manifest: {e}") from None
    suffix = p.suffix.lower()
    if suffix == ".csv":
        rows = _csv_rows(text, p)
    elif suffix in (".jsonl", ".ndjson"):
        rows = _jsonl_rows(text, p)
    else:
        raise InputError(f"{p}: a manifest is .csv (header name,a,b) or .jsonl; got {suffix or 'no extension'!r}")
    if not rows:
        raise InputError(f"{p}: the manifest lists no pair")
    base = p.resolve().parent
    specs: list[PairSpec] = []
    seen: dict[str, str] = {}
    for where, row in rows:
        name = row.get("name")
        name = name.strip() if isinstance(name, str) else name
        problem = check_name(name) if isinstance(name, str) else "the name must be a string"
        if problem:
            raise InputError(f"{p}: {where}: name {name!r} cannot be used as a file name: {problem}")
        assert isinstance(name, str)
        if name.lower() in seen:
            raise InputError(f"{p}: {where}: duplicate name {name!r} (already on {seen[name.lower()]})")
        seen[name.lower()] = where
        paths = []
        for side in ("a", "b"):
            value = row.get(side)
            if not isinstance(value, str) or not value.strip():
                raise InputError(f"{p}: {where} ({name}): no path for {side}")
            q = Path(value.strip()).expanduser()
            paths.append(str(q if q.is_absolute() else base / q))
        options = {k: v for k, v in row.items() if k not in REQUIRED and v is not None and v != ""}
        specs.append(PairSpec(name, paths[0], paths[1], options, f"{p}: {where}"))
    return specs


def _check_columns(columns: list[str], path: Path, where: str) -> None:
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise InputError(f"{path}: {where}: missing column(s) {', '.join(missing)}; a manifest needs name,a,b "
                         "(and optionally one column per option)")
    unknown = [c for c in columns if c not in REQUIRED and c not in CompareOptions.model_fields]
    if unknown:
        raise InputError(f"{path}: {where}: unknown column(s) {', '.join(unknown)}; besides name,a,b a column is "
                         "an option of hikaku compare (e.g. lang, strict, include_unchanged, embedding)")


def _csv_rows(text: str, path: Path) -> list[tuple[str, dict[str, Any]]]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(f"{path}: the manifest is empty; the first line must be the header name,a,b") from None
    except csv.Error as e:
        raise InputError(f"{path}: line 1: {e}") from None
    columns = [c.strip() for c in header]
    _check_columns(columns, path, "header")
    dup = sorted({c for c in columns if columns.count(c) > 1})
    if dup:
        raise InputError(f"{path}: header: column(s) {', '.join(dup)} given twice")
    rows = []
    try:
        for record in reader:
            where = f"line {reader.line_num}"
            if not any(cell.strip() for cell in record):
                continue
            if len(record) > len(columns):
                raise InputError(f"{path}: {where}: {len(record)} cells for {len(columns)} columns")
            rows.append((where, {c: v.strip() for c, v in zip(columns, record)}))
    except csv.Error as e:
        raise InputError(f"{path}: line {reader.line_num}: {e}") from None
    return rows


def _jsonl_rows(text: str, path: Path) -> list[tuple[str, dict[str, Any]]]:
    rows = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"line {n}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}: {where}: invalid JSON: {e.msg}") from None
        except (ValueError, RecursionError) as e:  # a number of over 4,300 digits; nesting past the parser's depth
            raise InputError(f"{path}: {where}: invalid JSON: {e}") from None
        if not isinstance(record, dict):
            raise InputError(f"{path}: {where}: expected an object with name, a, b")
        _check_columns(list(record), path, where)
        rows.append((where, record))
    return rows


def pairs_from_dirs(old: str | Path, new: str | Path) -> DirMatch:
    """Pair the documents of two directories by file name (the files directly in them
    whose extension hikaku reads; hidden files are ignored). A pair is named after the
    file's stem, or its whole name when two files share a stem."""
    dirs = []
    for d in (old, new):
        q = Path(d)
        if not q.is_dir():
            raise InputError(f"{q}: no such directory")
        dirs.append(q)
    readable = extensions()  # every format's, a plugin's too
    files = [{f.name: f for f in sorted(q.iterdir()) if f.is_file() and not f.name.startswith(".")
              and f.suffix.lower() in readable} for q in dirs]
    common = sorted(set(files[0]) & set(files[1]))
    if not common:
        raise InputError(f"{dirs[0]} and {dirs[1]}: no file name in common (files are matched by name)")
    stems: dict[str, int] = {}
    for fname in common:
        stem = Path(fname).stem
        stems[stem] = stems.get(stem, 0) + 1
    pairs: list[PairSpec] = []
    used: set[str] = set()
    for fname in common:
        stem = Path(fname).stem
        name = safe_name(stem if stems[stem] == 1 else fname)
        base, k = name, 2
        while name.lower() in used:
            name = f"{base}_{k}"
            k += 1
        used.add(name.lower())
        pairs.append(PairSpec(name, str(files[0][fname].resolve()), str(files[1][fname].resolve()), {}, fname))
    return DirMatch(pairs, sorted(set(files[0]) - set(common)), sorted(set(files[1]) - set(common)))
