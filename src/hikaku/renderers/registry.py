"""The renderer registry: every output format, the extensions that select it and the module
that writes it (``render(result, options) -> str | bytes``), imported only when its format is
asked for (a format with an optional dependency costs nothing to the others).

Formats are the entry point group ``hikaku.renderers`` (``hikaku.system.plugins``): each entry
names a :class:`RendererInfo`; the built-ins are declared in ``formats.py`` (and, the same, in
pyproject.toml), a plugin declares its own (docs/plugins.md). An extension a built-in writes
stays the built-in's."""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from types import ModuleType

from .._exceptions import ConfigurationError
from ..system import Declared, PluginGroup, PluginNames, check_format
from .options import COLUMN_ORDERS, RenderOptions

__all__ = ["RENDERER_NAMES", "RENDERERS", "RendererInfo", "check", "format_for_path", "output_formats", "renderer",
           "renderer_module"]


@dataclass(frozen=True)
class RendererInfo:
    """An output format: what ``--format`` calls it, the module whose ``render(result,
    options)`` writes it, the extensions that select it."""

    name: str  # the --format value
    module: str  # the module that holds render(result, options), e.g. hikaku.renderers.markdown
    extensions: tuple[str, ...]  # output files chosen by extension (lower case, with the dot)
    binary: bool = False  # render() returns bytes
    description: str = ""
    column_orders: tuple[str, ...] = ()  # the --column-order values it takes (none: a fixed layout)
    excel: bool = False  # takes the excel option (a variant of the format for Excel)


def _checked(entry: Declared, obj: object) -> RendererInfo:
    obj = check_format(entry, obj, RendererInfo, "hikaku.renderers.RendererInfo")
    unknown = [c for c in obj.column_orders if c not in COLUMN_ORDERS]
    if unknown:
        raise ValueError(f"unknown column order(s) {', '.join(map(repr, unknown))}; hikaku has {', '.join(COLUMN_ORDERS)}")
    return obj


# the built-ins: the same entries as [project.entry-points."hikaku.renderers"] in pyproject.toml
RENDERER_NAMES = PluginNames("hikaku.renderers", {
    "md": "hikaku.renderers.formats:MARKDOWN",
    "json": "hikaku.renderers.formats:JSON",
    "csv": "hikaku.renderers.formats:CSV",
    "html": "hikaku.renderers.formats:HTML",
    "xlsx": "hikaku.renderers.formats:XLSX",
    "docx": "hikaku.renderers.formats:DOCX",
})
RENDERERS: PluginGroup[RendererInfo] = PluginGroup(RENDERER_NAMES, _checked)
_ALIASES = {"markdown": "md"}


def output_formats() -> tuple[str, ...]:
    """Every output format's name, the built-ins first (the plugins' are read)."""
    return tuple(RENDERERS)


def renderer(fmt: str) -> RendererInfo:
    info = RENDERERS.get(_ALIASES.get(fmt, fmt))
    if info is None:
        raise ConfigurationError(f"unknown output format {fmt!r}; choose one of {', '.join(output_formats())}")
    return info


def renderer_module(info: RendererInfo) -> ModuleType:
    """The module that writes *info*'s format; a plugin's that does not import is its
    PluginError."""
    with RENDERERS.entry(info.name).blame(f"importing {info.module}"):
        return importlib.import_module(info.module)


def format_for_path(path: str | os.PathLike[str]) -> str:
    """The format an output file's extension asks for; ConfigurationError for an unknown
    extension (never a silent default). A built-in's extension is answered without reading
    the plugins."""
    ext = os.path.splitext(os.fspath(path))[1].lower()
    for infos in (RENDERERS.builtins().values(), RENDERERS.values()):
        for info in infos:
            if ext and ext in info.extensions:
                return info.name
    known = ", ".join(e for info in RENDERERS.values() for e in info.extensions)
    raise ConfigurationError(
        f"{os.fspath(path)}: cannot tell the output format from the extension {ext or '(none)'!r}; "
        f"use one of {known}, or give --format {{{','.join(output_formats())}}}"
    )


def check(fmt: str, options: RenderOptions) -> RendererInfo:
    """What :func:`~hikaku.renderers.render` would refuse, found before a long comparison: an
    unknown format, a column order or the excel option the format does not take, a missing
    extra (MissingDependencyError), a plugin that cannot be used (PluginError)."""
    info = renderer(fmt)
    if options.excel and not info.excel:
        takes = ", ".join(r.name for r in RENDERERS.values() if r.excel)
        raise ConfigurationError(f"the excel option makes a {takes} file for Excel; the {info.name} format has none")
    if options.column_order is not None:
        if options.column_order not in COLUMN_ORDERS:
            raise ConfigurationError(f"unknown column order {options.column_order!r}; "
                                     f"choose one of {', '.join(COLUMN_ORDERS)}")
        if options.column_order not in info.column_orders:
            takes = ", ".join(r.name for r in RENDERERS.values() if options.column_order in r.column_orders)
            raise ConfigurationError(f"the {info.name} format has a fixed column layout; "
                                     f"a column order applies to {takes}")
    module = renderer_module(info)
    require = getattr(module, "require", None)
    if require is not None:
        with RENDERERS.entry(info.name).blame("checking its dependencies"):
            require()
    if not callable(getattr(module, "render", None)):
        raise RENDERERS.entry(info.name).error(f"{info.module} has no render(result, options)")
    return info
