"""What the commands share: the progress bar, the one-line messages on stderr, outputs
checked before the work and written atomically, standard input."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .._exceptions import ConfigurationError, InputError

if TYPE_CHECKING:
    from ..loaders import InputLimits

__all__ = ["Progress", "say", "check_outputs", "write_atomically", "read_stdin", "base_url", "STDIN", "STDIN_NAME"]


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


# --- outputs: never an input, checked before any work, written whole or not at all ---


def _identity(path: str) -> tuple:
    """What makes two paths the same file, through symlinks, hard links, ``./a.md`` vs
    ``a.md``: the device and inode of an existing file, else the resolved path."""
    try:
        st = os.stat(path)
    except OSError:
        return ("path", os.path.realpath(path))
    return ("inode", st.st_dev, st.st_ino)


def check_outputs(inputs: Sequence[str], outputs: Sequence[tuple[str, str | None]], *,
                  advice: str = "give another file") -> None:
    """Refuse, before any work, an output (``(option, path)``) that names an input or
    another output, that is a directory, or whose directory is missing or not writable.
    Linear in the number of paths (a batch checks thousands); *advice* ends the message
    of an output that is an input."""
    sources: dict[tuple, str] = {}
    for source in inputs:
        sources.setdefault(_identity(source), source)
    seen: dict[tuple, tuple[str, str]] = {}
    for opt, path in outputs:
        if not path:
            continue
        key = _identity(path)
        if key in sources:
            raise ConfigurationError(f"{opt} {path}: this is the input {sources[key]}; writing there would destroy "
                                     f"it — {advice}")
        if key in seen:
            other_opt, other = seen[key]
            raise ConfigurationError(f"{opt} {path}: the same file as {other_opt} {other}")
        seen[key] = (opt, path)
        if os.path.isdir(path):
            raise ConfigurationError(f"{opt} {path}: is a directory; give a file name")
        if os.path.exists(path) and not os.path.isfile(path):
            continue  # a device or a pipe (/dev/stdout): written as it is
        directory = os.path.dirname(os.path.abspath(os.path.realpath(path)))
        if not os.path.isdir(directory):
            raise ConfigurationError(f"{opt} {path}: cannot write there: the directory {directory} does not exist")
        if not os.access(directory, os.W_OK | os.X_OK):
            raise ConfigurationError(f"{opt} {path}: cannot write there: the directory {directory} is not writable")


def write_atomically(path: str, data: bytes | Iterable[bytes]) -> None:
    """Write *data* (bytes, or parts written one after another) to *path* through a temporary
    file in the same directory and a rename, so that a failed or interrupted run never leaves
    a half-written file (an existing one stays as it was). Devices and pipes
    (``/dev/stdout``) are written directly."""
    import tempfile

    parts = (data,) if isinstance(data, bytes) else data

    try:
        st = os.stat(path)  # through symlinks
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise ConfigurationError(f"{path}: cannot write the report: {e.strerror}") from None
    try:
        if st is not None and not stat.S_ISREG(st.st_mode):
            with open(path, "wb") as f:
                for part in parts:
                    f.write(part)
            return
        target = os.path.realpath(path)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=f".{os.path.basename(target)}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                for part in parts:
                    f.write(part)
                f.flush()
                os.fsync(f.fileno())
            mode = stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask()
            os.chmod(tmp, mode)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as e:
        raise ConfigurationError(f"{path}: cannot write the report: {e.strerror}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# --- standard input ---

STDIN = "-"
STDIN_NAME = "<stdin>"


def read_stdin(directory: str, *, input_format: str | None, limits: InputLimits) -> tuple[str, str]:
    from ..loaders import LOADERS, limit_hint, sniff_format

    """Standard input saved in *directory* (loaders read files): (path, format), the
    format from ``--input-format`` or sniffed from the first bytes; its size is checked
    while reading (``max_input_mb``)."""
    most = int(limits.max_input_mb * 1024 * 1024)
    data = sys.stdin.buffer.read(most + 1)
    if len(data) > most:
        raise InputError(f"{STDIN_NAME}: over the limit of {limits.max_input_mb:g} MB ({limit_hint('max_input_mb')})")
    fmt = input_format or sniff_format(data[:4096])
    path = os.path.join(directory, "stdin" + LOADERS[fmt].extensions[0])
    with open(path, "wb") as f:
        f.write(data)
    return path, fmt
