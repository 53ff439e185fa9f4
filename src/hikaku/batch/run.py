"""A batch from start to end: resolve each pair's options, fingerprint its inputs, skip
the pairs whose outputs are up to date, run the others (in this process, in worker
processes or on Ray), write each pair's outputs as it finishes, and keep
``summary.json`` and ``index.html`` current: every pair listed, those not yet run as
``not_run``, and, when the run stops early (Ctrl-C, an error), the state ``interrupted``.
Before anything is written, a file already at a name the batch would write that it did not
write itself is refused (:meth:`OutputDir.foreign`).

Options of a pair: its manifest columns > the batch's (command-line) options >
``HIKAKU_*`` > ``config.toml`` > defaults, resolved once here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._exceptions import ConfigurationError, HikakuError, InputError
from ..llm import choose_model, llm_environment
from ..settings import CompareOptions, resolve_options
from ..wording import Message
from .fingerprint import pair_fingerprint
from .local import Runner
from .manifest import PairSpec
from .outputs import OutputDir, PairRecord
from .summary import NOT_RUN, PairEntry, index_html, summary_json
from .worker import OUTPUT_FORMATS, PairOutcome, PairTask, one_line

__all__ = ["BatchReport", "PlannedPair", "plan_pairs", "run_batch"]

log = logging.getLogger(__name__)

SUMMARY_EVERY_S = 2.0  # summary.json and index.html are brought up to date at most this often while running


@dataclass(frozen=True)
class PlannedPair:
    spec: PairSpec
    options: CompareOptions
    model: str | None


def plan_pairs(specs: Sequence[PairSpec], overrides: Mapping[str, Any] | None = None) -> list[PlannedPair]:
    """Resolve every pair's options before anything runs; InputError (exit 2) names the
    pair of a bad option value."""
    env = llm_environment()
    base = {k: v for k, v in (overrides or {}).items() if v is not None}
    planned = []
    for spec in specs:
        try:
            opts = resolve_options({**base, **spec.options})
            choice, _ = choose_model(opts, env)
        except ConfigurationError as e:
            where = f"{spec.where} ({spec.name})" if spec.where else spec.name
            raise InputError(f"{where}: {e}") from None
        planned.append(PlannedPair(spec, opts, choice.spec if choice is not None else None))
    return planned


@dataclass
class BatchReport:
    """What a batch did: every pair's entry in manifest order, and how many pairs were
    computed now, found up to date, failed, or were not run (the run was interrupted)."""

    entries: list[PairEntry]
    computed: int = 0
    reused: int = 0
    failed: int = 0
    not_run: int = 0
    interrupted: bool = False
    runner: str = "local"
    seconds: float = 0.0
    old_only: list[str] = field(default_factory=list)
    new_only: list[str] = field(default_factory=list)


def _done_entry(spec: PairSpec, rec: PairRecord) -> PairEntry:
    return PairEntry(spec.name, spec.a, spec.b, "done", dict(rec.counts), rec.moved,
                     {fmt: rec.outputs[fmt]["file"] for fmt in OUTPUT_FORMATS}, rec.fingerprint, rec.seconds,
                     None, list(rec.notes))


def _not_run_entry(spec: PairSpec) -> PairEntry:
    return PairEntry(spec.name, spec.a, spec.b, NOT_RUN)


def _failed_entry(spec: PairSpec, error: Message | str, fingerprint: str | None = None,
                  seconds: float = 0.0) -> PairEntry:
    """A failed pair: its error in English in summary.json, in the batch's language in index.html."""
    return PairEntry(spec.name, spec.a, spec.b, "failed", fingerprint=fingerprint, seconds=seconds, error=str(error),
                     error_message=error if isinstance(error, Message) else None)


def run_batch(
    pairs: Sequence[PlannedPair],
    outdir: str | Path,
    runner: Runner,
    *,
    force: bool = False,
    lang: str = "ja",
    old_only: Sequence[str] = (),
    new_only: Sequence[str] = (),
    on_pair: Callable[[PairEntry, bool], None] | None = None,
) -> BatchReport:
    """Run the batch. *on_pair(entry, computed)* is called for every pair as its fate
    is known (up to date: at once, ``computed=False``); progress bars hang on it.
    ConfigurationError, before anything is written, when a file at a name the batch
    would write is not its own. An exception that stops the run (KeyboardInterrupt …)
    propagates once the summary lists the pairs not run and says ``interrupted``."""
    started = time.perf_counter()
    out = OutputDir(outdir)
    foreign = out.foreign([p.spec.name for p in pairs])
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        raise ConfigurationError(f"{outdir}: the batch would write over files it did not write: {shown}; move them "
                                 "away or choose another output directory")
    out.open()
    entries: dict[str, PairEntry] = {}
    order = [p.spec.name for p in pairs]
    specs = {p.spec.name: p.spec for p in pairs}
    report = BatchReport([], runner=runner.name, old_only=list(old_only), new_only=list(new_only))
    last_written = [0.0]

    def listed() -> list[PairEntry]:
        return [entries[n] if n in entries else _not_run_entry(specs[n]) for n in order]

    def write_summary(state: str = "running") -> None:
        now = time.perf_counter()
        if state == "running" and now - last_written[0] < SUMMARY_EVERY_S:
            return
        last_written[0] = now
        pairs_now = listed()
        out.write_if_changed("summary.json", summary_json(pairs_now, old_only=old_only, new_only=new_only,
                                                          state=state))
        out.write_if_changed("index.html", index_html(pairs_now, lang=lang, old_only=old_only, new_only=new_only,
                                                      state=state))

    def settle(entry: PairEntry, computed: bool) -> None:
        entries[entry.name] = entry
        if entry.status == "failed":
            report.failed += 1
        elif computed:
            report.computed += 1
        else:
            report.reused += 1
        if on_pair is not None:
            on_pair(entry, computed)

    tasks: list[PairTask] = []
    fingerprints: dict[str, str] = {}
    for p in pairs:
        try:
            fp = pair_fingerprint(p.spec.a, p.spec.b, p.options, p.model)
        except HikakuError as e:
            settle(_failed_entry(p.spec, Message.of(e) or one_line(e)), True)
            continue
        fingerprints[p.spec.name] = fp
        rec = None if force else out.up_to_date(p.spec.name, fp)
        if rec is not None:
            settle(_done_entry(p.spec, rec), False)
        else:
            tasks.append(PairTask(p.spec.name, p.spec.a, p.spec.b, p.options, p.model, fp))

    def on_done(outcome: PairOutcome) -> None:
        spec = specs[outcome.name]
        fp = fingerprints[outcome.name]
        if outcome.ok:
            try:
                rec = out.write(outcome, fp)
            except OSError as e:
                settle(_failed_entry(spec, Message("batch.error.cannot_write", why=str(e.strerror or e)), fp,
                                     outcome.seconds), True)
            else:
                settle(_done_entry(spec, rec), True)
        else:
            settle(_failed_entry(spec, outcome.error_message or outcome.error or "failed", fp, outcome.seconds), True)
        write_summary()

    try:
        if tasks:
            log.info("%d pair(s) to compare, %d up to date", len(tasks), report.reused)
            runner.run(tasks, on_done)
    except BaseException:
        report.interrupted = True
        raise
    finally:
        report.entries = listed()
        report.not_run = sum(e.status == NOT_RUN for e in report.entries)
        report.interrupted = report.interrupted or report.not_run > 0
        write_summary("interrupted" if report.interrupted else "finished")
        report.seconds = time.perf_counter() - started
    return report
