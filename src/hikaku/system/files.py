"""Writing a file whole or not at all: every file hikaku writes (reports, a batch's outputs and
records, a decisions file, a web job's result, an index on disk, caches) goes through
:func:`write_atomically`."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Iterable
from typing import BinaryIO

__all__ = ["TEMP_SUFFIX", "write_atomically"]

TEMP_SUFFIX = ".hikaku-tmp"  # what a crash may leave beside a file being written: .NAME.<random>.hikaku-tmp

Writer = Callable[[BinaryIO], object]


def write_atomically(path: str | os.PathLike[str], data: bytes | Iterable[bytes] | Writer) -> None:
    """Write *data* to *path* so that a reader sees the old file or the new one, never a part:
    a temporary file in the same directory (flushed to the disk), renamed over the name, and
    the directory flushed too (the rename survives a power cut). *data* is bytes, parts written
    one after another, or a function that writes to the open file (``np.save``).

    The name is followed through symbolic links (the link stays, its target is replaced); an
    existing file keeps its permissions, a new one gets those of any new file (0666 less the
    umask, as ``open`` gives it: the kernel applies the umask). A device or a pipe
    (``/dev/stdout``) is written directly. Errors are ``OSError``; the temporary file never
    stays behind."""
    try:
        st: os.stat_result | None = os.stat(path)  # through symbolic links
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(path, "wb") as f:
            _write(f, data)
        return
    target = os.path.realpath(path)
    directory, name = os.path.split(target)
    tmp, fd = _temporary(directory, name)
    try:
        with os.fdopen(fd, "wb") as f:
            if st is not None:
                os.fchmod(f.fileno(), stat.S_IMODE(st.st_mode))
            _write(f, data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_directory(directory)


def _temporary(directory: str, name: str) -> tuple[str, int]:
    """A new file beside *name*, created with mode 0666 (less the umask); its name holds at most
    the first 200 bytes of *name*, so that a name the system takes has a temporary file it takes."""
    short = os.fsencode(name)[:200].decode(errors="ignore") if len(os.fsencode(name)) > 200 else name
    while True:
        tmp = os.path.join(directory, f".{short}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
        try:
            return tmp, os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        except FileExistsError:
            continue


def _write(f: BinaryIO, data: bytes | Iterable[bytes] | Writer) -> None:
    if isinstance(data, (bytes, bytearray, memoryview)):
        f.write(data)
    elif callable(data):
        data(f)
    else:
        for part in data:
            f.write(part)


def _sync_directory(directory: str) -> None:
    """Flush the directory entry of a rename (best effort: not every system can open a directory)."""
    try:
        fd = os.open(directory or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
