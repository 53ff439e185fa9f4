"""``hikaku batch MANIFEST -o OUTDIR`` / ``hikaku batch --pair-dirs OLD NEW -o OUTDIR``:
many pairs, each written to OUTDIR/NAME.json, .md and .html, with summary.json and
index.html; resumable; local worker processes (``--jobs``) or Ray (``--ray``). A thin
layer over :mod:`hikaku.batch`. Exit status: 0 when every pair is done, 1 when any
pair failed, 2 for a bad manifest or option, or an output that would be an input or a
file the batch did not write (refused before any work), 130 when interrupted (Ctrl-C), 143 when
terminated (SIGTERM); either way the summary lists the pairs not run."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .common import base_url, say

if TYPE_CHECKING:
    from ..batch import PlannedPair

__all__ = ["add_parser", "run"]

EXIT_PAIR_FAILED = 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser(
        "batch",
        help="compare many pairs (a manifest, or two directories) into an output directory",
        description="Compare many pairs of documents. MANIFEST is CSV with the header name,a,b (optionally one "
        "column per option, e.g. lang or strict, for that pair) or JSON Lines with the same fields; relative "
        "paths are relative to the manifest. Or --pair-dirs OLD NEW pairs the files of two directories by name. "
        "Each pair is written to OUTDIR/NAME.json, NAME.md and NAME.html; OUTDIR/summary.json and index.html "
        "list every pair. A rerun skips the pairs whose inputs, options and outputs are unchanged. Nothing is "
        "written over an input or over a file the batch did not write (refused before any work). Exit status "
        "1 when a pair failed (the others are done), 2 for a bad manifest or option or a refused output.",
    )
    c.add_argument("manifest", nargs="?", metavar="MANIFEST", help="the pairs: .csv (name,a,b,…) or .jsonl")
    c.add_argument("--pair-dirs", nargs=2, metavar=("OLD_DIR", "NEW_DIR"),
                   help="compare the files of two directories matched by file name (instead of a manifest)")
    c.add_argument("-o", "--output-dir", required=True, metavar="OUTDIR", help="where the outputs go")
    c.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                       help="compare N pairs at once in worker processes (default 1; with --ray local: its CPUs)")
    c.add_argument("--ray", metavar="ADDRESS", default=None,
                       help="run the pairs as Ray tasks: 'auto' or an address joins a cluster, 'local' starts Ray "
                       "here (needs hikaku[ray])")
    c.add_argument("--force", action="store_true", help="compute every pair again, even those up to date")
    o = c.add_argument_group("options of every pair", "As for hikaku compare; a manifest column overrides them "
                             "for its pair.")
    o.add_argument("--lang", choices=("ja", "en"), default=None, help="report language (default: ja)")
    o.add_argument("--include-unchanged", action="store_true", default=None, help="list unchanged chunks too")
    o.add_argument("--strict", action="store_true", default=None, help="report spacing/width differences as changes")
    o.add_argument("--diff-style", choices=("md", "html", "none"), default=None, help="Markdown highlights")
    o.add_argument("--input-format", default=None, help="read every input in this format")
    o.add_argument("--embedding", metavar="MODEL", default=None, help="embedding model (default: use)")
    o.add_argument("--embedding-base-url", metavar="URL", default=None, type=base_url, help="an embedding server")
    o.add_argument("--tokenizer", choices=("sudachi", "bigram"), default=None, help="keyword tokenizer")
    o.add_argument("--no-merges", action="store_true", help="do not detect splits and merges")
    o.add_argument("--llm", metavar="PROVIDER:MODEL", default=None, help="a chat model, or 'offline'")
    o.add_argument("--llm-base-url", metavar="URL", default=None, type=base_url,
                   help="an OpenAI-compatible server every worker uses, e.g. a shared vLLM")
    o.add_argument("--llm-scope", choices=("uncertain", "changed", "all"), default=None)
    o.add_argument("--max-tokens-total", type=int, metavar="N", default=None, help="token budget of each pair")
    g = c.add_mutually_exclusive_group()
    g.add_argument("--progress", action="store_true", default=None, help="always show the progress bar on stderr")
    g.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")
    c.add_argument("-v", "--verbose", action="count", default=0, help="log to stderr (-vv for debug)")
    c.set_defaults(command_module=__name__)


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "lang": args.lang, "include_unchanged": args.include_unchanged, "strict": args.strict,
        "diff_style": args.diff_style, "input_format": args.input_format, "embedding": args.embedding,
        "embedding_base_url": args.embedding_base_url, "tokenizer": args.tokenizer,
        "allow_merges": False if args.no_merges else None, "llm": args.llm, "llm_base_url": args.llm_base_url,
        "llm_scope": args.llm_scope, "max_tokens_total": args.max_tokens_total,
    }


def _missing_dirs(path: str) -> list[str]:
    """The directories of *path* that do not exist yet, outermost first."""
    missing = []
    p = os.path.abspath(path)
    while not os.path.lexists(p):
        missing.append(p)
        parent = os.path.dirname(p)
        if parent == p:
            break
        p = parent
    return missing[::-1]


def _refuse_inputs(outdir: str, planned: Sequence[PlannedPair], manifest: str | None) -> None:
    """Refuse, before any work, a file the batch would write that is one of its inputs
    (the manifest, a pair's A or B or calibration, the settings; through symbolic and hard links
    too), as ``hikaku compare -o`` does. The output directory is made for the check, and removed
    again when the check refuses."""
    from .._exceptions import ConfigurationError
    from ..batch import STATE_DIR, OutputDir
    from ..run import InputFile, Side, check_outputs, input_files, settings_files

    made = _missing_dirs(outdir)
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError as e:
        raise ConfigurationError(f"-o {outdir}: cannot make the output directory: {e.strerror}") from None
    try:
        inputs = [f for p in planned
                  for f in input_files(p.options, sides=(Side(p.spec.a), Side(p.spec.b)), settings=False)]
        inputs += [InputFile("input", manifest)] if manifest else []
        inputs += settings_files()
        out = OutputDir(outdir)
        recorded = os.path.isdir(os.path.join(outdir, STATE_DIR))
        outputs = [("output", str(p)) for _, p in out.paths([p.spec.name for p in planned])
                   if recorded or p.parent.name != STATE_DIR]
        check_outputs(inputs, outputs, advice="choose another output directory")
    except BaseException:
        for d in reversed(made):
            with contextlib.suppress(OSError):
                os.rmdir(d)
        raise


def run(args: argparse.Namespace) -> int:
    from .._exceptions import InputError
    from ..batch import (
        InlineRunner,
        ProcessRunner,
        RayRunner,
        pairs_from_dirs,
        plan_pairs,
        read_manifest,
        run_batch,
    )
    from ..settings import resolve_options

    if (args.manifest is None) == (args.pair_dirs is None):
        raise InputError("give either MANIFEST or --pair-dirs OLD_DIR NEW_DIR")
    if args.jobs is not None and args.jobs < 1:
        raise InputError("--jobs must be at least 1")
    if args.jobs is not None and args.ray not in (None, "local"):
        raise InputError("--jobs sets the local worker processes (or --ray local's CPUs); on a cluster, Ray uses "
                         "the cluster's CPUs")
    old_only: list[str] = []
    new_only: list[str] = []
    if args.pair_dirs:
        match = pairs_from_dirs(*args.pair_dirs)
        specs, old_only, new_only = match.pairs, match.old_only, match.new_only
        for f in old_only:
            say(f"only in {args.pair_dirs[0]}: {f}")
        for f in new_only:
            say(f"only in {args.pair_dirs[1]}: {f}")
    else:
        specs = read_manifest(args.manifest)
    overrides = _overrides(args)
    planned = plan_pairs(specs, overrides)
    _refuse_inputs(args.output_dir, planned, args.manifest)
    lang = resolve_options(overrides).lang
    if args.ray:
        runner: Any = RayRunner(args.ray, cpus=args.jobs or 2)
    elif (args.jobs or 1) > 1 and len(planned) > 1:
        runner = ProcessRunner(args.jobs)
    else:
        runner = InlineRunner()
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    bar: Any = None
    if show:
        from tqdm import tqdm

        bar = tqdm(total=len(planned), desc="hikaku: pairs", unit="pair", file=sys.stderr, dynamic_ncols=True)

    def on_pair(entry: Any, computed: bool) -> None:
        if bar is not None:
            bar.update(1)
        if entry.status == "failed":
            line = f"{entry.name}: failed: {entry.error}"
            if bar is not None:
                bar.write(f"hikaku: {line}", file=sys.stderr)
            else:
                say(line)

    try:
        with _terminate_as_interrupt():
            report = run_batch(planned, args.output_dir, runner, force=args.force, lang=lang, old_only=old_only,
                               new_only=new_only, on_pair=on_pair)
    except _Terminated:
        say("terminated; run the same command again to resume")
        return EXIT_TERMINATED
    finally:
        if bar is not None:
            bar.close()
    done = len(report.entries) - report.failed
    say(f"{len(report.entries)} pair(s): {done} done ({report.computed} compared, {report.reused} up to date), "
        f"{report.failed} failed; {args.output_dir}/index.html")
    return EXIT_PAIR_FAILED if report.failed else 0


EXIT_TERMINATED = 143  # 128 + SIGTERM


class _Terminated(KeyboardInterrupt):
    """SIGTERM (``timeout``, a service manager stopping the batch), handled as Ctrl-C is: the
    run stops, its summary lists the pairs not run and says interrupted."""


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise _Terminated()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
