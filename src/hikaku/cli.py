"""Command line: ``hikaku compare A B``. A thin layer over :func:`hikaku.compare`."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from . import __version__
from ._compare import compare
from ._config import resolve_options
from ._exceptions import ConfigurationError, HikakuError, InputError
from .embeddings import EMBEDDERS
from .loaders import INPUT_FORMATS
from .report import FORMATS, LANGS, render
from .tokenizers import TOKENIZERS
from .tools import TOOL_NAMES

__all__ = ["main", "build_parser"]

EXIT_INPUT = 2
EXIT_FAILURE = 1


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hikaku", description="Compare two versions of a document.")
    p.add_argument("--version", action="version", version=f"hikaku {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    c = sub.add_parser(
        "compare",
        help="compare document A (old) with document B (new)",
        description="Compare document A (old) with document B (new) and report what was added, "
        "deleted and modified. Inputs: chunk JSON/JSONL, Markdown, plain text.",
    )
    c.add_argument("a", help="document A (the old version)")
    c.add_argument("b", help="document B (the new version)")
    c.add_argument("-f", "--format", choices=FORMATS, default="md", help="output format (default: md)")
    c.add_argument("-o", "--output", metavar="FILE", help="write the report to FILE instead of stdout")
    c.add_argument("--include-unchanged", action="store_true", default=None, help="list unchanged chunks (一致) too")
    c.add_argument("--lang", choices=LANGS, default=None, help="report language (default: ja)")
    c.add_argument("--input-format", choices=INPUT_FORMATS, default=None, help="read both inputs in this format")
    c.add_argument("--embedding", choices=EMBEDDERS, default=None, help="embedding model (default: use)")
    c.add_argument("--tokenizer", choices=TOKENIZERS, default=None, help="keyword tokenizer (default: sudachi)")
    c.add_argument("--tools", metavar="LIST", default=None,
                   help=f"comma-separated tools the agent may use (default: all of {', '.join(TOOL_NAMES)})")
    c.add_argument("--no-merges", action="store_true", help="do not detect splits and merges")
    g = c.add_mutually_exclusive_group()
    g.add_argument("--progress", action="store_true", default=None, help="always show a progress bar on stderr")
    g.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")
    c.add_argument("-v", "--verbose", action="count", default=0, help="log to stderr (-vv for debug)")
    return p


class _Progress:
    """A tqdm bar on stderr for the agent stage."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.enabled or stage != "agent" or total == 0:
            return
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc="hikaku: examining chunks", unit="chunk", file=sys.stderr,
                            leave=False, dynamic_ncols=True)
        self.bar.n = done
        self.bar.refresh()
        if done >= total:
            self.close()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _run_compare(args: argparse.Namespace) -> int:
    options = {
        "lang": args.lang,
        "include_unchanged": args.include_unchanged,
        "input_format": args.input_format,
        "embedding": args.embedding,
        "tokenizer": args.tokenizer,
        "enabled_tools": args.tools,
        "allow_merges": False if args.no_merges else None,
    }
    opts = resolve_options(options)  # arguments > HIKAKU_* > config.toml: also for the report
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(bool(show))
    try:
        result = compare(args.a, args.b, progress=progress, **options)
    finally:
        progress.close()
    text = render(result, args.format, lang=opts.lang, include_unchanged=opts.include_unchanged)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        except OSError as e:
            raise ConfigurationError(f"{args.output}: cannot write the report: {e.strerror}") from None
    else:
        out = sys.stdout
        if (out.encoding or "").lower().replace("-", "") != "utf8" and hasattr(out, "reconfigure"):
            out.reconfigure(encoding="utf-8")
        out.write(text)
        out.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_INPUT
    level = {0: logging.WARNING, 1: logging.INFO}.get(args.verbose, logging.DEBUG)
    logging.basicConfig(level=level, format="hikaku: %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        return _run_compare(args)
    except (InputError, ConfigurationError) as e:
        print(f"hikaku: error: {e}", file=sys.stderr)
        return EXIT_INPUT
    except HikakuError as e:
        print(f"hikaku: error: {e}", file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print("hikaku: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # a bug: one line, and the traceback with -v
        if args.verbose:
            raise
        print(f"hikaku: internal error: {type(e).__name__}: {e} (run with -v for details)", file=sys.stderr)
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
