"""Batch comparison: many pairs from a manifest or two directories, each written to
``OUTDIR/NAME.json|.md|.html``, with ``summary.json`` and ``index.html``; resumable by
fingerprints; run in this process, in worker processes (``--jobs N``) or as Ray tasks
(``--ray``). The command is ``hikaku batch`` (``hikaku.cli.batch``); see docs/scale.md.

The names are imported on first use (as in ``hikaku``): a worker process imports
``hikaku.batch.local`` without the comparison, so that it ignores Ctrl-C before it
spends seconds importing it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy

if TYPE_CHECKING:
    from .fingerprint import file_digest, pair_fingerprint
    from .local import InlineRunner, ProcessRunner, Runner
    from .manifest import DirMatch, PairSpec, check_name, pairs_from_dirs, read_manifest, safe_name
    from .outputs import STATE_DIR, OutputDir, PairRecord
    from .ray_runner import RayRunner
    from .run import BatchReport, PlannedPair, plan_pairs, run_batch
    from .summary import PairEntry
    from .worker import OUTPUT_FORMATS, PairOutcome, PairTask, PairWorker

__all__ = [
    "BatchReport",
    "check_name",
    "DirMatch",
    "file_digest",
    "InlineRunner",
    "OUTPUT_FORMATS",
    "OutputDir",
    "pair_fingerprint",
    "PairEntry",
    "PairOutcome",
    "PairRecord",
    "pairs_from_dirs",
    "PairSpec",
    "PairTask",
    "PairWorker",
    "plan_pairs",
    "PlannedPair",
    "ProcessRunner",
    "RayRunner",
    "read_manifest",
    "run_batch",
    "Runner",
    "safe_name",
    "STATE_DIR",
]

_LAZY = {
    "STATE_DIR": ".outputs",
    "file_digest": ".fingerprint",
    "pair_fingerprint": ".fingerprint",
    "InlineRunner": ".local",
    "ProcessRunner": ".local",
    "Runner": ".local",
    "DirMatch": ".manifest",
    "PairSpec": ".manifest",
    "check_name": ".manifest",
    "pairs_from_dirs": ".manifest",
    "read_manifest": ".manifest",
    "safe_name": ".manifest",
    "OutputDir": ".outputs",
    "PairRecord": ".outputs",
    "RayRunner": ".ray_runner",
    "BatchReport": ".run",
    "PlannedPair": ".run",
    "plan_pairs": ".run",
    "run_batch": ".run",
    "PairEntry": ".summary",
    "OUTPUT_FORMATS": ".worker",
    "PairOutcome": ".worker",
    "PairTask": ".worker",
    "PairWorker": ".worker",
}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
