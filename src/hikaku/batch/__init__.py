"""Batch comparison: many pairs from a manifest or two directories, each written to
``OUTDIR/NAME.json|.md|.html``, with ``summary.json`` and ``index.html``; resumable by
fingerprints; run in this process, in worker processes (``--jobs N``) or as Ray tasks
(``--ray``). The command is ``hikaku batch`` (``hikaku.cli.batch``); see docs/scale.md."""

from __future__ import annotations

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
