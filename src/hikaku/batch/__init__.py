"""Batch comparison: many pairs from a manifest or two directories, each written to
``OUTDIR/NAME.json|.md|.html``, with ``summary.json`` and ``index.html``; resumable by
fingerprints; run in this process, in worker processes (``--jobs N``) or as Ray tasks
(``--ray``). The command is ``hikaku batch`` (``hikaku.cli.batch``); see docs/scale.md.

The names are imported on first use (as in ``hikaku``): a worker process imports
``hikaku.batch.local`` without the comparison, so that it ignores Ctrl-C before it
spends seconds importing it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._lazy import load as _load_lazy

if TYPE_CHECKING:
    from .fingerprint import file_digest, pair_fingerprint
    from .local import InlineRunner, ProcessRunner, Runner
    from .manifest import DirMatch, PairSpec, check_name, pairs_from_dirs, read_manifest, safe_name
    from .outputs import OutputDir, PairRecord
    from .ray_runner import RayRunner
    from .run import BatchReport, PlannedPair, plan_pairs, run_batch
    from .summary import PairEntry
    from .worker import OUTPUT_FORMATS, PairOutcome, PairTask, PairWorker

__all__ = [
    "OUTPUT_FORMATS",
    "BatchReport",
    "DirMatch",
    "InlineRunner",
    "OutputDir",
    "PairEntry",
    "PairOutcome",
    "PairRecord",
    "PairSpec",
    "PairTask",
    "PairWorker",
    "PlannedPair",
    "ProcessRunner",
    "RayRunner",
    "Runner",
    "check_name",
    "file_digest",
    "pair_fingerprint",
    "pairs_from_dirs",
    "plan_pairs",
    "read_manifest",
    "run_batch",
    "safe_name",
]

_LAZY = {
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
