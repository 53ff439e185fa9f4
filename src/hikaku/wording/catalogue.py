"""The wording catalogue: one TOML file per language (``ja.toml``, ``en.toml`` beside this
module), read once, each entry a key and a text with named placeholders.

A file's tables make the keys: ``added`` under ``[report]`` is ``report.added``. A text is a
:meth:`str.format` template: ``{n}`` is a value the caller gives, ``{sim:.2f}`` one with its
format, ``{{`` a brace. Both languages have the same keys and the same placeholders, but for
those a language leaves out on purpose, listed in its ``[omits]`` table (the English of a
third-party library that Japanese does not repeat): :func:`problems` says what breaks that
rule, and a test runs it over the whole catalogue. docs/wording.md says how to add a key.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Any

from .._exceptions import ConfigurationError, HikakuError

__all__ = ["LANGS", "Wording", "WordingError", "wording", "placeholders", "problems", "raw_catalogue"]

LANGS: tuple[str, ...] = ("ja", "en")  # ja first: the default of every front
_OMITS = "omits"
_FORMATTER = string.Formatter()


class WordingError(HikakuError, KeyError):
    """A key the catalogue does not hold, or a text given too few values: a mistake in hikaku
    (the catalogue's test finds those it can before they ship)."""

    def __str__(self) -> str:  # KeyError's would quote the message
        return str(self.args[0]) if self.args else ""


def placeholders(template: str) -> frozenset[str]:
    """The names a template's placeholders use (``{n}``, ``{sim:.2f}`` → n, sim)."""
    return frozenset(name.split(".")[0].split("[")[0]
                     for _, name, _, _ in _FORMATTER.parse(template) if name is not None)


def _flatten(table: Mapping[str, Any], prefix: str, out: dict[str, str], where: str) -> None:
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            _flatten(v, key + ".", out, where)
        elif isinstance(v, str):
            out[key] = v
        else:
            raise WordingError(f"{where}: {key} is a {type(v).__name__}, not a text")


@cache
def raw_catalogue(lang: str) -> tuple[Mapping[str, str], Mapping[str, frozenset[str]]]:
    """The entries of *lang*'s file (key → text) and its ``[omits]`` (key → placeholders left out)."""
    name = f"{lang}.toml"
    data = tomllib.loads(files("hikaku.wording").joinpath(name).read_text(encoding="utf-8"))
    omits = data.pop(_OMITS, {})
    entries: dict[str, str] = {}
    _flatten(data, "", entries, name)
    left_out: dict[str, frozenset[str]] = {}
    _flatten_omits(omits, "", left_out, name)
    return MappingProxyType(entries), MappingProxyType(left_out)


def _flatten_omits(table: Mapping[str, Any], prefix: str, out: dict[str, frozenset[str]], where: str) -> None:
    for k, v in table.items():
        key = f"{prefix}{k}"
        if isinstance(v, Mapping):
            _flatten_omits(v, key + ".", out, where)
        elif isinstance(v, list) and all(isinstance(x, str) for x in v):
            out[key] = frozenset(v)
        else:
            raise WordingError(f"{where}: [omits] {key} is not a list of placeholder names")


@dataclass(frozen=True)
class Wording:
    """The texts of one language. ``w("report.added")`` is a text, ``w("report.moved_to", a=…,
    b=…)`` one with its placeholders filled; :meth:`section` gives a part of the catalogue
    as it is (the web page's words)."""

    lang: str
    entries: Mapping[str, str]
    plain: frozenset[str]  # keys whose text has no placeholder and no brace: returned as it is

    def __call__(self, key: str, /, **values: Any) -> str:
        if key in self.plain:
            return self.entries[key]
        template = self.template(key)
        try:
            return template.format_map(values)
        except KeyError as e:
            raise WordingError(f"the text {key!r} needs a value for {e.args[0]!r}") from None

    def template(self, key: str) -> str:
        try:
            return self.entries[key]
        except KeyError:
            raise WordingError(f"no text {key!r} in the {self.lang} wording catalogue") from None

    def get(self, key: str, default: str | None = None, /, **values: Any) -> str | None:
        """The text of *key* (filled with *values*) if the catalogue has one, else *default*:
        for keys made from data (a note of a kind that may have no words of its own)."""
        return self(key, **values) if key in self.entries else default

    def __contains__(self, key: object) -> bool:
        return key in self.entries

    def section(self, prefix: str) -> dict[str, str]:
        """The texts under ``prefix.`` (templates, unfilled), keyed without the prefix."""
        start = prefix + "."
        return {k[len(start):]: v for k, v in self.entries.items() if k.startswith(start)}

    def keys(self) -> Iterator[str]:
        return iter(self.entries)


@cache
def wording(lang: str) -> Wording:
    """The wording of *lang* (``ja`` or ``en``), read once; ConfigurationError for another language."""
    if lang not in LANGS:
        raise ConfigurationError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    entries, _ = raw_catalogue(lang)
    plain = frozenset(k for k, v in entries.items() if "{" not in v and "}" not in v)
    return Wording(lang, entries, plain)


def problems(catalogues: Mapping[str, tuple[Mapping[str, str], Mapping[str, frozenset[str]]]] | None = None,
             ) -> list[str]:
    """What is wrong with the catalogue as a whole (empty when nothing is): a key one language
    has and another has not; placeholders that differ between languages (but those a
    language's ``[omits]`` lists for that key); a text :meth:`str.format` cannot read; an
    ``[omits]`` entry for a key or placeholder that is not there. *catalogues*: language →
    (entries, omits), by default the files shipped."""
    given = catalogues if catalogues is not None else {lang: raw_catalogue(lang) for lang in LANGS}
    langs = list(given)
    out: list[str] = []
    names: dict[str, dict[str, frozenset[str]]] = {lang: {} for lang in langs}
    for lang in langs:
        for key, text in given[lang][0].items():
            try:
                names[lang][key] = placeholders(text)
            except ValueError as e:
                out.append(f"{lang}: {key}: not a format string ({e})")
                names[lang][key] = frozenset()
    for key in sorted(set().union(*names.values())):
        missing = [lang for lang in langs if key not in names[lang]]
        if missing:
            out.append(f"{key}: missing in {', '.join(missing)}")
            continue
        union = frozenset().union(*(names[lang][key] for lang in langs))
        for lang in langs:
            expected = union - given[lang][1].get(key, frozenset())
            if names[lang][key] != expected:
                out.append(f"{lang}: {key}: placeholders {sorted(names[lang][key])}, expected {sorted(expected)}")
    for lang in langs:
        for key, left_out in given[lang][1].items():
            if key not in names[lang]:
                out.append(f"{lang}: [omits] names {key}, which is not in the catalogue")
                continue
            used = frozenset().union(*(names[x].get(key, frozenset()) for x in langs))
            if left_out & names[lang][key]:
                out.append(f"{lang}: [omits] {key}: {sorted(left_out & names[lang][key])} used all the same")
            if left_out - used:
                out.append(f"{lang}: [omits] {key}: {sorted(left_out - used)} used in no language")
    return out
