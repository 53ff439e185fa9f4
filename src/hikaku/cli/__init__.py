"""Command line: ``hikaku COMMAND …``. Each command is one module of this package with
``add_parser(subparsers)`` and ``run(args) -> exit status``; this module only parses the
arguments, sets up logging and turns errors into one line and an exit status.

Exit status: 0; 1 only for ``compare --exit-code`` when the documents differ (and ``batch`` when
a pair failed); 2 for every error — a usage error, an input hikaku cannot read, a missing extra,
and a bug too (``hikaku: internal error: …``, its traceback with ``-v``), so that a script that
reads 1 as "they differ" is never misled; 130 when interrupted."""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from .. import __version__
from .._exceptions import HikakuError

if TYPE_CHECKING:
    import logging

__all__ = ["main", "build_parser", "COMMANDS", "EXIT_ERROR", "one_line"]

EXIT_ERROR = 2  # every error, internal ones included (1 is compare --exit-code's "the documents differ")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


COMMANDS = ("compare", "serve", "batch", "mcp")  # modules of hikaku.cli, each with add_parser(subparsers) and run(args) -> int


class _Parser(argparse.ArgumentParser):
    """An argument error is one line, like every other error of the command line
    (``hikaku: error: …``, exit 2), with where to read the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_ERROR, f"hikaku: error: {message} (see: {self.prog} --help)\n")


class _CommandParser(_Parser):
    """A command's parser whose arguments are added when the command is used
    (``add_parser(name, arguments=f)``): ``hikaku --version`` and ``hikaku --help`` never
    import what a command's options name (formats, models …)."""

    def __init__(self, *args: Any, arguments: Callable[[argparse.ArgumentParser], None] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._arguments = arguments

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        if self._arguments is not None:
            add, self._arguments = self._arguments, None
            add(self)
        return super().parse_known_args(args, namespace)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="hikaku", description="Compare two versions of a document.")
    p.add_argument("--version", action="version", version=f"hikaku {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    import logging  # not before: --version, --help and argument errors stay fast

    from ..system import one_heap

    one_heap()  # before any thread: the run's threads share one C heap (hikaku/system/memory.py)

    level = {0: logging.WARNING, 1: logging.INFO}.get(args.verbose, logging.DEBUG)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_formatter())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(level)
    try:
        return int(importlib.import_module(args.command_module).run(args))
    except HikakuError as e:  # usage errors, unreadable inputs, a missing extra …
        print(f"hikaku: error: {one_line(str(e))}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("hikaku: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # a bug (or memory run out): one line, the traceback before it with -v; exit 2 all the same
        if args.verbose:
            import traceback

            traceback.print_exc(file=sys.stderr)
        print(f"hikaku: internal error: {type(e).__name__}: {one_line(str(e))}"
              + ("" if args.verbose else " (run with -v for details)"), file=sys.stderr)
        return EXIT_ERROR
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)


def one_line(message: str) -> str:
    """*message* as one line of the terminal: a line break or another control character (a file
    name may hold one) written as its escape, ``\\n``, ``\\x1b``."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], message)


def _formatter() -> logging.Formatter:
    """hikaku's own warnings as one plain line (``hikaku: …``); everything else, and
    every record with -v, with its level and logger."""
    import logging

    class Formatter(logging.Formatter):
        def __init__(self) -> None:
            super().__init__("hikaku: %(levelname)s %(name)s: %(message)s")

        def format(self, record: logging.LogRecord) -> str:
            if record.levelno == logging.WARNING and record.name.startswith("hikaku") and not record.exc_info:
                return f"hikaku: {record.getMessage()}"
            return super().format(record)

    return Formatter()


if __name__ == "__main__":
    sys.exit(main())
