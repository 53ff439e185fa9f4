"""The report of a run as every front makes it: its :class:`RenderOptions` from the run's options,
and a report file written whole or not at all."""

from __future__ import annotations

import os
from collections.abc import Iterable

from .._exceptions import ConfigurationError
from ..renderers import RenderOptions
from ..settings import CompareOptions
from ..system import write_atomically

__all__ = ["render_options", "write_report"]


def render_options(options: CompareOptions, *, excel: bool = False, column_order: str | None = None) -> RenderOptions:
    """The report options of a run of *options* (its language, the unchanged rows, the Markdown
    highlights), with what only a report file has: CSV for Excel, the column order of xlsx/docx."""
    return RenderOptions(lang=options.lang, include_unchanged=options.include_unchanged,
                         diff_style=options.diff_style, excel=excel, column_order=column_order)


def write_report(path: str | os.PathLike[str], data: bytes | Iterable[bytes]) -> None:
    """Write a report to *path* whole or not at all (an existing file stays as it was when the write
    fails); a failure is one line naming the file."""
    try:
        write_atomically(path, data)
    except OSError as e:
        raise ConfigurationError(f"{os.fspath(path)}: cannot write the report: {e.strerror}") from None
