"""The files a run reads, and the one check that no output is one of them.

Every file named on the command line or in the settings is an input: the two sides, a
reviewer's decisions, a calibration, the configuration file (``config.toml``), the ``.env``
file of the keys. No output (``-o``, ``--trace``, ``--checkpoint``, a batch's reports) may be
one of them — by name, through a symbolic or a hard link, as ``./a.md`` — nor another output:
refused before any work with one line (:func:`check_outputs`), the file left byte-identical.
Every front runs this check; :func:`~hikaku.run.run` runs it for the trace and the checkpoint
of every request.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from .._exceptions import ConfigurationError
from .request import InputFile, RunRequest, Side

if TYPE_CHECKING:
    from ..settings import CompareOptions

__all__ = ["InputFile", "check_outputs", "input_files", "request_inputs", "settings_files"]


def _side_file(side: Side) -> InputFile | None:
    path = side.path
    if path is None:
        return None
    shown = f"{side.argument} ({path})" if side.argument else side.name or path
    return InputFile("input", path, shown)


def settings_files() -> list[InputFile]:
    """The files the settings were read from: the configuration file and the ``.env`` file, those
    that exist."""
    from ..llm import dotenv_file
    from ..settings import config_file

    out = []
    config = str(config_file())
    if os.path.isfile(config):
        out.append(InputFile("configuration file", config))
    dotenv = dotenv_file()
    if dotenv and os.path.isfile(dotenv):
        out.append(InputFile("key file", dotenv))
    return out


def input_files(options: CompareOptions | None, *, sides: Iterable[Side] = (),
                decisions: str | os.PathLike[str] | None = None, settings: bool = True) -> list[InputFile]:
    """Every file a run of *options* on *sides* with *decisions* reads (see the module docstring);
    *settings*: with the files the settings were read from (:func:`settings_files`)."""
    out = [f for f in map(_side_file, sides) if f is not None]
    if decisions is not None:
        out.append(InputFile("decisions file", os.fspath(decisions)))
    if options is not None and options.calibration:
        out.append(InputFile("calibration file", options.calibration))
    return out + settings_files() if settings else out


def request_inputs(request: RunRequest) -> list[InputFile]:
    """The files the run of *request* reads."""
    return input_files(request.options, sides=(request.a, request.b), decisions=request.review.decisions_path)


def _identity(path: str) -> tuple[object, ...]:
    """What makes two paths the same file, through symlinks, hard links, ``./a.md`` vs
    ``a.md``: the device and inode of an existing file, else the resolved path."""
    if "\0" in path:  # no file has such a name (reading it is refused with the reason)
        return ("path", path)
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return ("path", os.path.realpath(path))
    return ("inode", st.st_dev, st.st_ino)


def check_outputs(inputs: Sequence[InputFile], outputs: Sequence[tuple[str, str | os.PathLike[str] | None]], *,
                  advice: str = "give another file", made: Collection[str] = ()) -> None:
    """Refuse, before any work, an output (``(option, path)``; a None path is skipped) that is one
    of the *inputs* or another output, that is a directory, or whose directory is missing (unless
    its option is one of *made*: the checkpoint's directory is made) or not writable. Linear in the
    number of paths (a batch checks thousands); *advice* ends the message of an output that is an
    input."""
    sources: dict[tuple[object, ...], InputFile] = {}
    for source in inputs:
        sources.setdefault(_identity(source.path), source)
    seen: dict[tuple[object, ...], tuple[str, str]] = {}
    for opt, named in outputs:
        if not named:
            continue
        path = os.fspath(named)
        key = _identity(path)
        if key in sources:
            raise ConfigurationError(f"{opt} {path}: this is {sources[key].describe()}; writing there would destroy "
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
        if opt in made and not os.path.lexists(directory):
            continue
        if not os.path.isdir(directory):
            raise ConfigurationError(f"{opt} {path}: cannot write there: the directory {directory} does not exist")
        if not os.access(directory, os.W_OK | os.X_OK):
            raise ConfigurationError(f"{opt} {path}: cannot write there: the directory {directory} is not writable")
        longest = _name_max(directory)
        if len(os.fsencode(os.path.basename(path))) > longest:
            raise ConfigurationError(f"{opt} {path}: cannot write there: the file name is longer than the "
                                     f"system allows ({longest} bytes)")


def _name_max(directory: str) -> int:
    """The longest file name *directory*'s file system takes, in bytes (255 where it cannot tell)."""
    try:
        return os.pathconf(directory, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no pathconf (Windows), or the name unknown here
        return 255
