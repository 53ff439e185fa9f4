"""What the commands share: the progress bar, the one-line messages on stderr, standard input.
(Outputs are checked before the work and written whole by the run room: ``hikaku.run.check_outputs``,
``write_report``.)"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .._exceptions import InputError

if TYPE_CHECKING:
    from ..loaders import InputLimits

__all__ = ["Listed", "Progress", "say", "read_stdin", "base_url", "STDIN", "STDIN_NAME"]


class Listed:
    """Names in a help text, listed when the help is shown (``help="… %(listed)s"`` with the
    action's ``listed`` set to one): a plugin group's names are read then, not on every run
    (argparse's own ``%(choices)s`` is expanded as late)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = names

    def __str__(self) -> str:
        return ", ".join(self.names)


def base_url(value: str) -> str:
    """An argument that is a server's base URL, refused at once when it is not one; an empty
    one clears a value set in a configuration file."""
    import argparse

    from ..settings import base_url_problem

    problem = base_url_problem(value) if value.strip() else None
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return value


class Progress:
    """A tqdm bar on stderr for the agent stage."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar: Any = None

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

    def lines_above(self) -> contextlib.AbstractContextManager[Any]:
        """While the bar is shown, log lines on stderr (a retried LLM request, the LLM given
        up) are written above it instead of through it."""
        if not self.enabled:
            return contextlib.nullcontext()
        from tqdm.contrib.logging import logging_redirect_tqdm

        return logging_redirect_tqdm()


def say(line: str) -> None:
    print(f"hikaku: {line}", file=sys.stderr)


# --- standard input ---

STDIN = "-"
STDIN_NAME = "<stdin>"


def read_stdin(directory: str, *, input_format: str | None, limits: InputLimits) -> tuple[str, str]:
    """Standard input saved in *directory* (loaders read files): (path, format), the
    format from ``--input-format`` or sniffed from the first bytes; its size is checked
    while reading (``max_input_mb``)."""
    from ..loaders import LOADERS, sniff_format

    most = int(limits.max_input_mb * 1024 * 1024)
    data = sys.stdin.buffer.read(most + 1)
    if len(data) > most:
        raise InputError(f"{STDIN_NAME}: over the limit of {limits.max_input_mb:g} MB ({limits.hint('max_input_mb')})")
    fmt = input_format or sniff_format(data[:4096])
    path = os.path.join(directory, "stdin" + LOADERS[fmt].extensions[0])
    with open(path, "wb") as f:
        f.write(data)
    return path, fmt
