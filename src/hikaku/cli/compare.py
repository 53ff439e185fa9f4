"""``hikaku compare A B``: the comparison of two documents, a thin layer over
:func:`hikaku.compare`. Options are resolved once (arguments > HIKAKU_* > config.toml)
and the same object drives the comparison and the report."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING, Any

# what a comparison needs is imported when it runs, and what its options name when they are
# parsed: --version, --help and argument errors start fast (tests/cli/test_startup.py)
from .._exceptions import ConfigurationError
from .common import STDIN, STDIN_NAME, Listed, Progress, base_url, read_stdin, say

if TYPE_CHECKING:
    from ..result import ComparisonResult
    from ..review import DecisionSet
    from ..run import Side
    from ..settings import CompareOptions
    from .questions import TerminalReviewer

__all__ = ["add_parser", "run"]

EXIT_PIPE = 141  # 128 + SIGPIPE: the reader of standard output stopped early


def add_parser(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser(
        "compare",
        help="compare document A (old) with document B (new)",
        description="Compare document A (old) with document B (new) and report what was added, "
        "deleted and modified. Inputs: chunk JSON/JSONL, Markdown, plain text, PDF, Word (.docx), HTML, and the "
        "formats of installed plugins (--input-format lists them all). Progress and notes go to "
        "stderr, the report to stdout or -o FILE. Exit status: 0, or with --exit-code 1 when the documents "
        "differ; 2 for bad input or options.",
        arguments=_arguments,
    )
    c.set_defaults(command_module=__name__)


def _arguments(c: argparse.ArgumentParser) -> None:
    # formats and tools are plugin groups: their names are the choices, and a built-in name is
    # taken without reading the installed plugins (they are read for another name, and for --help)
    from ..embeddings import EMBEDDERS
    from ..loaders import LOADER_NAMES
    from ..renderers import COLUMN_ORDERS, DIFF_STYLES, RENDERER_NAMES
    from ..settings import TOOL_NAMES, TOOLS
    from ..tokenizers import TOKENIZERS
    from ..wording import LANGS

    c.add_argument("a", help="document A (the old version); - reads standard input")
    c.add_argument("b", help="document B (the new version); - reads standard input")
    c.add_argument("-f", "--format", choices=RENDERER_NAMES, default=None, metavar="FORMAT",
                   help="output format: %(choices)s (default: from the -o extension, else md); html is a standalone "
                   "side-by-side report, xlsx and docx a 新旧対照表 for Excel and Word")
    c.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE instead of stdout (- for "
                   "stdout; never an input; written whole or not at all)")
    c.add_argument("--exit-code", action="store_true",
                   help="exit with 1 when the documents differ and 0 when they do not (like git diff --exit-code)")
    c.add_argument("--strict", action="store_true", default=None,
                   help="report whitespace, width, list-marker and page-artefact differences as changes")
    c.add_argument("--diff-style", choices=DIFF_STYLES, default=None,
                   help="highlights in Markdown cells: md (~~old~~ **new**, default), html (<del>/<ins>), none")
    c.add_argument("--excel", action="store_true", help="CSV for Excel: UTF-8 with BOM, CRLF, formula-safe cells")
    c.add_argument("--column-order", choices=COLUMN_ORDERS, default=None,
                   help="xlsx/docx: the revised text first (new-old, default: the 新旧対照表 convention) or the "
                   "current text first (old-new)")
    c.add_argument("--include-unchanged", action="store_true", default=None, help="list unchanged chunks (一致) too")
    c.add_argument("--lang", choices=LANGS, default=None, help="report language (default: ja)")
    c.add_argument("--input-format", choices=LOADER_NAMES, default=None, metavar="FORMAT",
                   help="read both inputs in this format: %(choices)s (default: from the extension; sniffed for -)")
    c.add_argument("--encoding", metavar="NAME", default=None,
                   help="text encoding of text inputs, e.g. utf-8, cp932 (Shift_JIS), euc-jp, utf-16 "
                   "(default: detected; -v says which)")
    c.add_argument("--embedding", metavar="MODEL", default=None,
                   help=f"embedding model: {', '.join(EMBEDDERS)} (default: use, offline)")
    c.add_argument("--embedding-base-url", metavar="URL", default=None, type=base_url,
                   help="an OpenAI-compatible or Ollama embedding server")
    c.add_argument("--no-embedding-cache", dest="embedding_cache", action="store_false", default=None,
                   help="do not keep embeddings in $HIKAKU_HOME/cache/embeddings.sqlite")
    c.add_argument("--tokenizer", choices=TOKENIZERS, default=None, help="keyword tokenizer (default: sudachi)")
    tools = c.add_argument("--tools", metavar="LIST", default=None,
                           help=f"comma-separated tools the agent may use, of: %(listed)s (default: the "
                           f"{len(TOOL_NAMES)} built in; a plugin's tool is used when named here)")
    tools.listed = Listed(TOOLS)  # type: ignore[attr-defined]
    c.add_argument("--no-merges", action="store_true", help="do not detect splits and merges")
    c.add_argument("--calibration", metavar="FILE", default=None,
                   help="constants and models fitted on your own gold pairs by bench/calibrate.py "
                   "(default: the calibration shipped with hikaku)")
    m = c.add_argument_group("LLM", "A chat model drives the agent when one is configured; otherwise the "
                             "offline policy does. Keys come from the environment or ./.env.")
    m.add_argument("--llm", metavar="PROVIDER:MODEL", default=None,
                   help="e.g. openai:gpt-4.1-mini (default when OPENAI_API_KEY is set), azure_openai:DEPLOYMENT, "
                   "ollama:qwen3:8b, or 'offline'")
    m.add_argument("--llm-base-url", metavar="URL", default=None, type=base_url, help="an OpenAI-compatible server, e.g. "
                   "http://127.0.0.1:8000/v1 (vLLM, LM Studio, llama.cpp)")
    m.add_argument("--llm-scope", choices=("uncertain", "changed", "all"), default=None,
                   help="chunks the LLM examines: uncertain matches (default), also the changed pairs, or all")
    m.add_argument("--max-tokens-total", type=int, metavar="N", default=None,
                   help="token budget of the run; then the offline policy takes over")
    m.add_argument("--concurrency", type=int, metavar="N", default=None, help="chunks examined at once (default 4)")
    m.add_argument("--llm-timeout-s", type=float, metavar="S", default=None,
                   help="timeout of one model call in seconds (default 60; a local model on a CPU may need 600)")
    r = c.add_argument_group("runs", "Durable runs and traces.")
    r.add_argument("--checkpoint", metavar="PATH", default=None,
                   help="checkpoint the run in this SQLite file (default with an LLM: "
                   "$HIKAKU_HOME/checkpoints.sqlite)")
    r.add_argument("--no-checkpoint", action="store_true", help="do not checkpoint an LLM run")
    r.add_argument("--run-id", metavar="ID", default=None,
                   help="name a new checkpointed run (default: a new id) so that --resume ID can continue it")
    r.add_argument("--resume", metavar="RUN_ID", default=None, help="continue an interrupted run (same A, B, options)")
    r.add_argument("--trace", metavar="FILE", default=None, help="write every agent step to FILE as JSON lines")
    v = c.add_argument_group("review", "A reviewer's decisions (hikaku.decisions/v1, docs/review.md).")
    v.add_argument("--decisions", metavar="FILE", default=None,
                   help="apply a reviewer's decisions before any agent runs: pairs fixed (match) or ruled out "
                   "(no_match), rows out of scope (ignore); with --interactive the answers are added to FILE")
    v.add_argument("--interactive", action="store_true",
                   help="the agent asks you (on the terminal) about each chunk it cannot decide; "
                   "your answers are recorded in --decisions FILE (created if missing)")
    v.add_argument("--reviewer", metavar="NAME", default=None,
                   help="who answers, recorded with each decision (default: the login name)")
    g = c.add_mutually_exclusive_group()
    g.add_argument("--progress", action="store_true", default=None, help="always show a progress bar on stderr")
    g.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")
    lim = c.add_argument_group("limits", "Checked before a file is parsed; each is also an option "
                               "(HIKAKU_<NAME>, config.toml).")
    lim.add_argument("--max-input-mb", type=float, metavar="MB", default=None, help="largest input file (100)")
    lim.add_argument("--max-expanded-mb", type=float, metavar="MB", default=None,
                     help="largest uncompressed size of a Word file (64)")
    lim.add_argument("--max-compression-ratio", type=float, metavar="R", default=None,
                     help="highest compression ratio of a large part of a Word file (100)")
    lim.add_argument("--max-json-depth", type=int, metavar="N", default=None, help="deepest chunk JSON nesting (64)")
    lim.add_argument("--max-chunk-length", type=int, metavar="N", default=None,
                     help="longest chunk in characters (100000)")
    lim.add_argument("--max-document-chars", type=int, metavar="N", default=None,
                     help="most characters of text in one document (4000000)")
    lim.add_argument("--max-chunks", type=int, metavar="N", default=None, help="most chunks in one document (50000)")
    c.add_argument("-v", "--verbose", action="count", default=0,
                   help="log to stderr: the encoding of each input, why the run is offline … (-vv for debug)")


_LIMITS = ("max_input_mb", "max_expanded_mb", "max_compression_ratio", "max_json_depth", "max_chunk_length",
           "max_document_chars", "max_chunks")


def run(args: argparse.Namespace) -> int:
    import tempfile

    from ..llm import llm_environment
    from ..renderers import check, format_for_path, render, render_parts
    from ..run import (
        Durability,
        Review,
        RunRequest,
        Side,
        check_outputs,
        input_files,
        plan_model,
        render_options,
        write_report,
    )
    from ..run import run as run_request
    from ..settings import resolve_options
    from ..workflow import check_checkpoint, default_checkpoint_path, new_run_id

    if args.output == STDIN:  # -o -: standard output
        args.output = None
    if args.a == STDIN and args.b == STDIN:
        raise ConfigurationError("only one of A and B can be - (standard input)")
    opts = resolve_options(_options(args))  # arguments > HIKAKU_* > config.toml, once: the run and the report
    # before any work: no output may be a file the run reads (or another output), and each must be writable
    files = input_files(opts, sides=[Side(p) for p in (args.a, args.b) if p != STDIN], decisions=args.decisions)
    check_outputs(files, [("-o", args.output), ("--trace", args.trace), ("--checkpoint", args.checkpoint)])
    if args.resume and args.run_id:
        raise ConfigurationError("give --run-id for a new run or --resume for an old one, not both")
    fmt = args.format or (format_for_path(args.output) if args.output else "md")  # unknown extension: refused now
    report_options = render_options(opts, excel=args.excel, column_order=args.column_order)
    info = check(fmt, report_options)  # a bad option or a missing extra is said now, not after the comparison
    if info.binary and (not args.output or args.output == "-") and sys.stdout.isatty():
        raise ConfigurationError(f"{fmt} is a binary format: write it to a file with -o FILE.{fmt}")
    plan = plan_model(opts, llm_environment())
    checkpoint = args.checkpoint
    if checkpoint is None and not args.no_checkpoint and (plan.choice is not None or args.resume or args.run_id):
        checkpoint = str(default_checkpoint_path())
        check_outputs(files, [("-o", args.output), ("--trace", args.trace), ("the checkpoint", checkpoint)],
                      made=("the checkpoint",))
    run_id = args.resume or args.run_id or (new_run_id() if checkpoint else None)
    if checkpoint:
        check_checkpoint(checkpoint, resume=bool(args.resume))
    if checkpoint and not args.resume:
        say(f"run {run_id} (checkpoint {checkpoint}); if it stops, continue with --resume {run_id}")
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = Progress(bool(show))
    decisions, ask = _review(args, opts.lang, run_id, progress)
    with tempfile.TemporaryDirectory(prefix="hikaku-") as scratch:
        a, b = (_stdin_side(scratch, opts) if path == STDIN else Side(path) for path in (args.a, args.b))
        request = RunRequest(a, b, opts, durability=Durability(checkpoint, run_id, bool(args.resume)),
                             review=Review(decisions, ask), trace=args.trace, progress=progress)
        try:
            with progress.lines_above():
                result = run_request(request).result
        except KeyboardInterrupt:
            progress.close()
            if checkpoint:
                say(f"interrupted; nothing settled is lost: continue with --resume {run_id}"
                    + (f" --checkpoint {checkpoint}" if args.checkpoint else ""))
                return 130
            raise
        finally:
            progress.close()
            if ask is not None and ask.recorded:
                say(f"{ask.recorded} decision(s) recorded in {args.decisions}")
    for note in result.notes:
        say(f"note: {note}")
    if args.output:  # the file's bytes made directly, a row at a time for JSON (never the whole report at once)
        write_report(args.output, render_parts(result, fmt, report_options))
    elif not _to_stdout(render(result, fmt, report_options)):
        return EXIT_PIPE
    return 1 if args.exit_code and differs(result) else 0


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The options the command line gives (None: not given)."""
    return {
        "lang": args.lang,
        "include_unchanged": args.include_unchanged,
        "strict": args.strict,
        "diff_style": args.diff_style,
        "input_format": args.input_format,
        "encoding": args.encoding,
        "embedding": args.embedding,
        "embedding_base_url": args.embedding_base_url,
        "embedding_cache": args.embedding_cache,
        "tokenizer": args.tokenizer,
        "enabled_tools": args.tools,
        "allow_merges": False if args.no_merges else None,
        "calibration": args.calibration,
        "llm": args.llm,
        "llm_base_url": args.llm_base_url,
        "llm_scope": args.llm_scope,
        "max_tokens_total": args.max_tokens_total,
        "concurrency": args.concurrency,
        "llm_timeout_s": args.llm_timeout_s,
        **{name: getattr(args, name) for name in _LIMITS},
    }


def _to_stdout(report: str | bytes) -> bool:
    """Write the report to standard output; False when the reader stopped early (``| head``):
    the run then ends quietly with status 141, as ``git diff`` does. Any other failure (a full
    disk) is an error of its own, never the status ``--exit-code`` gives to documents that
    differ."""
    try:
        if isinstance(report, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(report)
            sys.stdout.buffer.flush()
            return True
        out = sys.stdout
        if (out.encoding or "").lower().replace("-", "") != "utf8" and hasattr(out, "reconfigure"):
            out.reconfigure(encoding="utf-8")
        out.write(report)
        out.flush()
        return True
    except BrokenPipeError:
        # what is still buffered must not fail again when the interpreter exits
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return False
    except OSError as e:
        raise ConfigurationError(f"standard output: cannot write the report: {e.strerror}") from None


def differs(result: ComparisonResult) -> bool:
    """Whether the documents differ: any change that is not 一致, or a moved chunk."""
    return any(c.type != "unchanged" or c.moved for c in result.changes)


def _stdin_side(scratch: str, opts: CompareOptions) -> Side:
    """Standard input as a side (its format from --input-format or sniffed), saved in *scratch*."""
    from ..loaders import InputLimits
    from ..run import Side

    path, fmt = read_stdin(scratch, input_format=opts.input_format, limits=InputLimits.from_options(opts))
    return Side(path, name=STDIN_NAME, format=fmt, doc_id="stdin")


def _review(args: argparse.Namespace, lang: str, run_id: str | None,
            progress: Progress) -> tuple[DecisionSet | None, TerminalReviewer | None]:
    """The decisions file (--decisions) and, with --interactive, the terminal that answers."""
    if args.interactive and not args.decisions:
        raise ConfigurationError("--interactive records your answers: give --decisions FILE (created if missing)")
    if not args.decisions:
        return None, None
    import getpass
    from pathlib import Path

    from ..review import DecisionSet
    from .questions import TerminalReviewer

    path = Path(args.decisions)
    if args.interactive and not path.exists():
        DecisionSet().save(path)  # where the answers will go, from the start
    decisions = DecisionSet.load(path)
    if not args.interactive:
        return decisions, None
    by = args.reviewer
    if by is None:
        try:
            by = getpass.getuser()
        except Exception:  # noqa: BLE001 - no login name: record none
            by = ""
    return decisions, TerminalReviewer(decisions, path, lang=lang, by=by, run_id=run_id, before=progress.close)
