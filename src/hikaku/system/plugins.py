"""Plugins by entry point: the groups ``hikaku.loaders``, ``hikaku.renderers``, ``hikaku.tools``
and ``hikaku.vector_stores`` (docs/plugins.md).

An entry of a group is ``name = "module:attribute"``. hikaku's pyproject.toml declares the
built-ins exactly as a plugin's distribution declares its own, and each group's table in the
code holds the same entries (``tests/system/test_plugins.py`` keeps the two equal): a built-in
name is thus found without reading the installed distributions' metadata (importing
``importlib.metadata`` and reading every distribution's entry points takes about as long as
``hikaku compare --help`` itself), and a source checkout without installed metadata works. The
metadata is read once, on the first question the built-ins cannot answer: the whole list of a
group (the command line's choices, the web app's formats, the MCP server's tools) or a name
that is not built in. A plugin's module is imported when its entry is asked for, or when the
group is listed whole.

A plugin hikaku cannot use — its module does not import, its object is not what the group
takes, it takes a built-in's name, two distributions declare the same name — is left out with
one warning line naming it and its distribution; asked for by name, it is that line as a
:class:`~hikaku.PluginError`. It never breaks the built-ins or the other plugins.
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, TypeVar

from .._exceptions import HikakuError, PluginError

__all__ = ["Declared", "PluginGroup", "PluginNames", "check_format", "load_object", "refresh_plugins"]

T = TypeVar("T")

_VALUE = re.compile(r"^\s*(?P<module>[\w.]+)\s*(?::\s*(?P<attr>[\w.]+)\s*)?(?:\[[^\]]*\]\s*)?$")
_OWN_DISTRIBUTION = "hikaku"
_GROUPS = ("hikaku.loaders", "hikaku.renderers", "hikaku.tools", "hikaku.vector_stores")


@dataclass(frozen=True)
class Declared:
    """One entry of a group: its *name*, the object it names (*value*, ``module:attribute``) and
    the distribution that declares it (``hikaku-sample-plugin 0.1.0``; None for a built-in)."""

    group: str
    name: str
    value: str
    distribution: str | None = None

    @property
    def builtin(self) -> bool:
        return self.distribution is None

    def __str__(self) -> str:
        if self.distribution is None:
            return f"built-in {self.name!r} of {self.group}"
        return f"plugin {self.name!r} of {self.group} (distribution {self.distribution})"

    def error(self, problem: str) -> PluginError:
        return PluginError(f"{self}: {problem}")

    @contextmanager
    def blame(self, doing: str) -> Iterator[None]:
        """Run a plugin's code (*doing*: ``reading a.adoc``): what it raises becomes one
        :class:`~hikaku.PluginError` naming the plugin, but a :class:`~hikaku.HikakuError`, its
        message to the user. A built-in's errors pass as they are."""
        if self.builtin:
            yield
            return
        try:
            yield
        except HikakuError:
            raise
        except Exception as e:
            raise self.error(f"{doing} failed: {_one_line(e)}") from e


def load_object(value: str) -> object:
    """The object an entry names: ``package.module:attribute.path``, as entry points write it
    (extras in brackets are ignored)."""
    m = _VALUE.match(value)
    if m is None:
        raise ValueError(f"{value!r} is not 'module:attribute'")
    obj: object = importlib.import_module(m["module"])
    for part in (m["attr"] or "").split("."):
        if part:
            obj = getattr(obj, part)
    return obj


def _warn(line: str) -> None:
    import logging  # only when there is something to say: the command line starts without it

    logging.getLogger(__name__).warning("%s", line)


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    text = text if len(text) <= 300 else text[:299] + "…"
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _distribution_key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


class _Installed:
    """The installed distributions' entries of the ``hikaku.*`` groups but hikaku's own (the
    built-in tables), read once and again after :func:`refresh_plugins`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[Declared, ...]] | None = None
        self.generation = 0

    def group(self, group: str) -> tuple[Declared, ...]:
        with self._lock:
            if self._entries is None:
                self._entries = self._read()
            return self._entries.get(group, ())

    def refresh(self) -> None:
        with self._lock:
            self._entries = None
            self.generation += 1

    @staticmethod
    def _read() -> dict[str, tuple[Declared, ...]]:
        from importlib.metadata import entry_points  # only now: it reads every distribution

        everything = entry_points()  # one pass over the distributions (each once: the first on sys.path)
        names: dict[int, tuple[str, str | None]] = {}  # a distribution's name and version (its METADATA parsed once)
        found: dict[str, tuple[Declared, ...]] = {}
        for group in _GROUPS:
            entries = []
            for ep in everything.select(group=group):
                dist = ep.dist
                if dist is None:
                    name, version = "?", None
                else:
                    if id(dist) not in names:
                        names[id(dist)] = (dist.metadata["Name"] or "?", dist.version)
                    name, version = names[id(dist)]
                if _distribution_key(name) == _OWN_DISTRIBUTION:
                    continue  # the built-ins: the tables in the code say the same
                entries.append(Declared(group, ep.name, ep.value, f"{name} {version}" if version else name))
            found[group] = tuple(entries)
        return found


_INSTALLED = _Installed()


def refresh_plugins() -> None:
    """Read the installed plugins again on the next question (a plugin installed or removed
    while the process runs)."""
    importlib.invalidate_caches()
    _INSTALLED.refresh()


class PluginNames:
    """The names of a group: its built-ins (*builtins*: name → ``module:attribute``, the
    entries of pyproject.toml) and the installed plugins'. ``in`` answers a built-in name
    without reading any metadata; iterating lists every usable name (built-ins first), so that
    an argparse ``choices`` reads the plugins only when a value is not built in or the
    help is shown."""

    def __init__(self, group: str, builtins: Mapping[str, str]) -> None:
        self.group = group
        self._builtins = {name: Declared(group, name, value) for name, value in builtins.items()}
        self._lock = threading.Lock()
        self._generation = -1
        self._plugins: dict[str, Declared] = {}
        self._ambiguous: dict[str, PluginError] = {}
        self._problems: list[PluginError] = []

    @property
    def builtin(self) -> tuple[str, ...]:
        return tuple(self._builtins)

    def builtin_entries(self) -> tuple[Declared, ...]:
        return tuple(self._builtins.values())

    def _read(self) -> None:
        generation = _INSTALLED.generation
        with self._lock:
            if self._generation == generation:
                return
            by_name: dict[str, list[Declared]] = {}
            for entry in _INSTALLED.group(self.group):
                by_name.setdefault(entry.name, []).append(entry)
            plugins: dict[str, Declared] = {}
            ambiguous: dict[str, PluginError] = {}
            problems: list[PluginError] = []
            for name, entries in by_name.items():
                if name in self._builtins:
                    problems += [e.error("takes the name of a built-in of hikaku; it is left out")
                                 for e in entries]
                elif len(entries) > 1:
                    who = " and ".join(str(e.distribution) for e in entries)
                    ambiguous[name] = PluginError(f"{self.group} {name!r} is declared by {who}; "
                                                  f"uninstall one of them")
                    problems.append(ambiguous[name])
                else:
                    plugins[name] = entries[0]
            self._plugins, self._ambiguous, self._problems = plugins, ambiguous, problems
            self._generation = generation
        for problem in problems:
            _warn(str(problem))

    def entries(self) -> tuple[Declared, ...]:
        """Every usable entry, the built-ins first (reads the metadata)."""
        self._read()
        return (*self._builtins.values(), *self._plugins.values())

    def entry(self, name: str) -> Declared | None:
        """The entry called *name*; None if there is none; PluginError if two plugins
        declare it."""
        found = self._builtins.get(name)
        if found is not None:
            return found
        self._read()
        if name in self._ambiguous:
            raise self._ambiguous[name]
        return self._plugins.get(name)

    def problems(self) -> list[PluginError]:
        """The plugins left out for their names (reads the metadata)."""
        self._read()
        return list(self._problems)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if name in self._builtins:
            return True
        self._read()
        return name in self._plugins

    def __iter__(self) -> Iterator[str]:
        return iter([e.name for e in self.entries()])

    def __len__(self) -> int:
        return len(self.entries())

    def __repr__(self) -> str:
        return f"PluginNames({self.group!r}, built-in: {', '.join(self._builtins)})"


class PluginGroup(Mapping[str, T], Generic[T]):
    """The objects of a group by name, each loaded on first use and checked by *check*
    (``check(entry, obj)`` returns what the group holds, or raises with the problem: a
    plugin's becomes a :class:`~hikaku.PluginError` naming it). A built-in is loaded without
    reading any metadata; a built-in that cannot be loaded is a bug of hikaku and raised as it
    is. Iterating loads every entry and leaves out, with one warning each, the plugins that
    cannot be used; ``group[name]`` raises their PluginError."""

    def __init__(self, names: PluginNames, check: Callable[[Declared, object], T]) -> None:
        self.names = names
        self._check = check
        self._lock = threading.RLock()
        self._loaded: dict[Declared, T | PluginError] = {}
        self._warned: set[Declared] = set()

    @property
    def group(self) -> str:
        return self.names.group

    def _load(self, entry: Declared) -> T:
        with self._lock:
            got = self._loaded.get(entry)
            if got is None:
                got = self._loaded[entry] = self._checked(entry)
        if isinstance(got, PluginError):
            raise got
        return got

    def _checked(self, entry: Declared) -> T | PluginError:
        if entry.builtin:
            return self._check(entry, load_object(entry.value))
        try:
            obj = load_object(entry.value)
        except Exception as e:  # whatever the plugin's import raises: one line, not a traceback
            return entry.error(f"cannot be loaded ({entry.value}): {_one_line(e)}")
        try:
            return self._check(entry, obj)
        except Exception as e:
            return entry.error(str(e) if isinstance(e, (TypeError, ValueError, HikakuError)) else _one_line(e))

    def __getitem__(self, name: str) -> T:
        entry = self.names.entry(name)
        if entry is None:
            raise KeyError(name)
        return self._load(entry)

    def usable(self, entry: Declared) -> bool:
        """Whether *entry* loads; a plugin that does not is warned about once."""
        try:
            self._load(entry)
        except PluginError as e:
            with self._lock:
                first = entry not in self._warned
                self._warned.add(entry)
            if first:
                _warn(f"{e}; it is left out")
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter([e.name for e in self.names.entries() if self.usable(e)])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            entry = self.names.entry(name)
        except PluginError:
            return False
        return entry is not None and self.usable(entry)

    def entry(self, name: str) -> Declared:
        """The entry of *name* (KeyError if none), e.g. to :meth:`Declared.blame` its code."""
        entry = self.names.entry(name)
        if entry is None:
            raise KeyError(name)
        return entry

    def builtins(self) -> dict[str, T]:
        """The built-ins only (no metadata read)."""
        return {e.name: self._load(e) for e in self.names.builtin_entries()}

    def problems(self) -> list[PluginError]:
        """Every plugin of the group that cannot be used, and why (loads them all)."""
        out = self.names.problems()
        for entry in self.names.entries():
            try:
                self._load(entry)
            except PluginError as e:
                out.append(e)
        return out

    def __repr__(self) -> str:
        return f"PluginGroup({self.names.group!r})"


def check_format(entry: Declared, obj: object, kind: type[T], kind_name: str) -> T:
    """What a format plugin (an input or a report format) must be: a *kind* record declared under
    its own name, with lower-case suffixes of one dot (a file's last suffix selects its format):
    *obj* itself; TypeError or ValueError otherwise, which the group reports as the plugin's error."""
    if not isinstance(obj, kind):
        raise TypeError(f"names a {type(obj).__name__}, not a {kind_name}")
    name, extensions = getattr(obj, "name", None), getattr(obj, "extensions", None)
    if name != entry.name:
        raise ValueError(f"declares the format {name!r} under the name {entry.name!r}")
    if not (isinstance(extensions, tuple) and extensions and all(
            isinstance(e, str) and len(e) > 1 and e.startswith(".") and e.count(".") == 1 and e == e.lower()
            for e in extensions)):
        raise ValueError(f"extensions must be lower-case suffixes with one dot, such as ('.md',) (a file's last "
                         f"suffix selects its format); got {extensions!r}")
    return obj
