"""Command line: ``hikaku COMMAND …``. Each command is one module of this package with
``add_parser(subparsers)`` and ``run(args) -> exit status``; this module only parses the
arguments, sets up logging and turns errors into one line and an exit status."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from .. import __version__
from .._exceptions import ConfigurationError, HikakuError, InputError, MissingDependencyError

if TYPE_CHECKING:
    import logging

__all__ = ["main", "build_parser", "COMMANDS", "EXIT_INPUT", "EXIT_FAILURE"]

EXIT_INPUT = 2
EXIT_FAILURE = 1


COMMANDS = ("compare", "serve", "batch", "mcp")  # modules of hikaku.cli, each with add_parser(subparsers) and run(args) -> int


class _Parser(argparse.ArgumentParser):
    """An argument error is one line, like every other error of the command line
    (``hikaku: error: …``, exit 2), with where to read the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_INPUT, f"hikaku: error: {message} (see: {self.prog} --help)\n")


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
        return EXIT_INPUT
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
    except (InputError, ConfigurationError, MissingDependencyError) as e:  # usage errors, a missing extra too
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
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)


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
