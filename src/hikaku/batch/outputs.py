"""The output directory of a batch: each pair's ``NAME.json``, ``NAME.md`` and
``NAME.html``, and a small record of what they were computed from
(``.hikaku-batch/NAME.json``: the fingerprint and the SHA-256 of each output).

Every file is written to a temporary file in the same directory and renamed over its
name, and a pair's record is written last: a crash leaves either a complete output or
none, and a pair without a matching record is computed again. A pair is *up to date*
when its record has the fingerprint asked for and every output is there with the bytes
recorded; then nothing of it is written again.

The batch never writes over a file it did not write itself (a user's own ``terms.json``
or ``index.html``, an input): before any work :meth:`OutputDir.foreign` lists the files
already at the names it would write that are not its own, and the batch refuses them. Its
own are ``summary.json`` and ``index.html`` of a directory that holds ``.hikaku-batch/``
(the batch made it), and a pair's outputs named in the pair's record. A pair's record is
written once *before* its outputs too, as a claim without a fingerprint: a crash between
the outputs and the final record leaves files the next run knows as its own (and computes
again, the claim matching no fingerprint).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._exceptions import ConfigurationError
from ..system import TEMP_SUFFIX, write_atomically
from .worker import OUTPUT_FORMATS, PairOutcome, output_extension

__all__ = ["OutputDir", "PairRecord", "STATE_DIR", "SUMMARY_FILES"]

STATE_DIR = ".hikaku-batch"
SUMMARY_FILES = ("summary.json", "index.html")  # the batch's own files besides the pairs' outputs


@dataclass(frozen=True)
class PairRecord:
    """What a finished pair's outputs were computed from, and what they hold."""

    name: str
    fingerprint: str
    outputs: dict[str, dict[str, str]]  # format -> {"file": "NAME.md", "sha256": ...}
    counts: dict[str, int]
    moved: int
    seconds: float
    notes: list[str]

    def to_json(self) -> bytes:
        data = {"name": self.name, "fingerprint": self.fingerprint, "outputs": self.outputs, "counts": self.counts,
                "moved": self.moved, "seconds": round(self.seconds, 3), "notes": self.notes}
        return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")

    @classmethod
    def from_json(cls, raw: bytes) -> PairRecord:
        d: dict[str, Any] = json.loads(raw)
        return cls(name=str(d["name"]), fingerprint=str(d["fingerprint"]), outputs=dict(d["outputs"]),
                   counts={str(k): int(v) for k, v in d.get("counts", {}).items()}, moved=int(d.get("moved", 0)),
                   seconds=float(d.get("seconds", 0.0)), notes=[str(n) for n in d.get("notes", [])])


class OutputDir:
    """Reads and writes one batch's output directory. Nothing is created or changed
    before :meth:`open`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def open(self) -> None:
        """Create the directory and its state directory; remove what a crash left half-written."""
        try:
            (self.path / STATE_DIR).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ConfigurationError(f"{self.path}: cannot use it as the output directory: {e.strerror}") from None
        for stray in self.path.glob(f".*{TEMP_SUFFIX}"):  # what a crash left behind while writing
            stray.unlink(missing_ok=True)
        for stray in (self.path / STATE_DIR).glob(f".*{TEMP_SUFFIX}"):
            stray.unlink(missing_ok=True)

    def paths(self, names: Sequence[str]) -> list[tuple[str, Path]]:
        """Every file a batch of pairs *names* writes here: ``(pair name or '', path)``."""
        listed = [("", self.path / f) for f in SUMMARY_FILES]
        for name in names:
            listed += [(name, self.path / self.output_file(name, fmt)) for fmt in OUTPUT_FORMATS]
            listed.append((name, self._record_path(name)))
        return listed

    def foreign(self, names: Sequence[str]) -> list[str]:
        """The files already at the names a batch of pairs *names* would write that this
        batch did not write (relative to the directory); a directory or a symbolic link
        there is never the batch's own."""
        made_here = (self.path / STATE_DIR).is_dir()
        owned: dict[str, set[str]] = {}
        found = []
        for name, path in self.paths(names):
            if not os.path.lexists(path):
                continue
            rel = os.path.relpath(path, self.path)
            if path.is_symlink() or not path.is_file():
                found.append(rel)
            elif path.parent.name == STATE_DIR:
                continue  # a record: the state directory is the batch's
            elif not name:
                if not made_here:
                    found.append(rel)
            else:
                if name not in owned:
                    rec = self.record(name)
                    owned[name] = {str(o.get("file")) for o in rec.outputs.values()} if rec is not None else set()
                if path.name not in owned[name]:
                    found.append(rel)
        return found

    def output_file(self, name: str, fmt: str) -> str:
        return name + output_extension(fmt)

    def _record_path(self, name: str) -> Path:
        return self.path / STATE_DIR / f"{name}.json"

    def record(self, name: str) -> PairRecord | None:
        try:
            return PairRecord.from_json(self._record_path(name).read_bytes())
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def up_to_date(self, name: str, fingerprint: str) -> PairRecord | None:
        """The pair's record if its outputs are complete and were computed from *fingerprint*."""
        rec = self.record(name)
        if rec is None or rec.fingerprint != fingerprint or set(rec.outputs) != set(OUTPUT_FORMATS):
            return None
        for fmt, info in rec.outputs.items():
            if info.get("file") != self.output_file(name, fmt):
                return None
            try:
                data = (self.path / info["file"]).read_bytes()
            except OSError:
                return None
            if hashlib.sha256(data).hexdigest() != info.get("sha256"):
                return None
        return rec

    def write(self, outcome: PairOutcome, fingerprint: str) -> PairRecord:
        """Write a finished pair's outputs, then its record (claimed first when the
        record does not name the outputs yet)."""
        files = {fmt: self.output_file(outcome.name, fmt) for fmt in OUTPUT_FORMATS}
        rec = self.record(outcome.name)
        if rec is None or {fmt: o.get("file") for fmt, o in rec.outputs.items()} != files:
            claim = PairRecord(outcome.name, "", {fmt: {"file": f, "sha256": ""} for fmt, f in files.items()},
                               {}, 0, 0.0, [])
            write_atomically(self._record_path(outcome.name), claim.to_json())
        outputs: dict[str, dict[str, str]] = {}
        for fmt in OUTPUT_FORMATS:
            data = outcome.outputs[fmt]
            fname = self.output_file(outcome.name, fmt)
            write_atomically(self.path / fname, data)
            outputs[fmt] = {"file": fname, "sha256": hashlib.sha256(data).hexdigest()}
        rec = PairRecord(outcome.name, fingerprint, outputs, dict(outcome.counts), outcome.moved, outcome.seconds,
                         list(outcome.notes))
        write_atomically(self._record_path(outcome.name), rec.to_json())
        return rec

    def write_if_changed(self, fname: str, data: bytes) -> bool:
        """Write one of the batch's own files unless it already holds *data*."""
        target = self.path / fname
        try:
            if target.read_bytes() == data:
                return False
        except OSError:
            pass
        write_atomically(target, data)
        return True
