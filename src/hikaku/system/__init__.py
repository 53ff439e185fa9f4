"""What a run asks of the process: memory and the cyclic collector (``memory``), BLAS threads and
the cores it may use (``threads``), hikaku's own SQLite files (``sqlite``), files written whole or
not at all (``files``), the *k* best of many values (``ranking``), the packages' lazy re-exports
(``lazy``: ``load_lazy``) and plugins by entry point (``plugins``: each group's built-ins and the
installed distributions').

The bottom of the house beside ``text``: every room may use it; it imports nothing of hikaku's
but the exceptions. Names are imported on first use (numpy, sqlite3: a fast start)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .lazy import load as load_lazy

if TYPE_CHECKING:
    from .files import TEMP_SUFFIX, write_atomically
    from .memory import give_back, objects_kept, objects_set_aside, one_heap
    from .plugins import Declared, PluginGroup, PluginNames, check_format, load_object, refresh_plugins
    from .ranking import best
    from .sqlite import DamagedFile, SqliteCache, is_damaged, set_aside
    from .threads import available_cores, blas_threads

__all__ = [
    "load_lazy",
    "DamagedFile",
    "Declared",
    "PluginGroup",
    "PluginNames",
    "SqliteCache",
    "available_cores",
    "best",
    "blas_threads",
    "check_format",
    "give_back",
    "is_damaged",
    "load_object",
    "objects_kept",
    "objects_set_aside",
    "one_heap",
    "refresh_plugins",
    "set_aside",
    "TEMP_SUFFIX",
    "write_atomically",
]

_LAZY = {
    **{name: ".memory" for name in ("give_back", "objects_kept", "objects_set_aside", "one_heap")},
    "best": ".ranking",
    **{name: ".files" for name in ("TEMP_SUFFIX", "write_atomically")},
    **{name: ".plugins" for name in ("Declared", "PluginGroup", "PluginNames", "check_format", "load_object", "refresh_plugins")},
    **{name: ".sqlite" for name in ("DamagedFile", "SqliteCache", "is_damaged", "set_aside")},
    **{name: ".threads" for name in ("available_cores", "blas_threads")},
}


def __getattr__(name: str) -> Any:
    return load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
