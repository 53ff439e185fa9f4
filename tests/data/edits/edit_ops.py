"""The vocabulary of the edit descriptions in ``pairs/``.

A pair is described as a list of paragraphs of A, read in order; each paragraph is a list of the
operations a copy editor applied to its sentences:

    same(text)                     the sentence is kept as it is (1:1, unchanged)
    edit(a, b)                     the sentence is reworded, lightly or heavily (1:1, modified)
    split(a, b1, b2[, b3])         one sentence of A becomes consecutive sentences of B
    merge([a1, a2[, a3]], b)       consecutive sentences of A become one sentence of B
    delete(a)                      the sentence is dropped
    add(b)                         a new sentence is written (not part of any split)
    move_from(key, a)              a sentence leaves this place of A ...
    move_to(key[, b])              ... and reappears here in B (reworded if ``b`` is given)
    BREAK_B                        the editor starts a new paragraph of B here
    JOIN_B                         (first in a paragraph) B continues the previous paragraph

``build.py`` turns the descriptions into ``a.json``, ``b.json`` and ``gold.json``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Same:
    text: str


@dataclass(frozen=True)
class Edit:
    a: str
    b: str


@dataclass(frozen=True)
class Split:
    a: str
    b: tuple[str, ...]


@dataclass(frozen=True)
class Merge:
    a: tuple[str, ...]
    b: str


@dataclass(frozen=True)
class Delete:
    a: str


@dataclass(frozen=True)
class Add:
    b: str


@dataclass(frozen=True)
class MoveFrom:
    key: str
    a: str


@dataclass(frozen=True)
class MoveTo:
    key: str
    b: str | None


@dataclass(frozen=True)
class Marker:
    name: str


BREAK_B = Marker("break_b")
JOIN_B = Marker("join_b")

Op = Same | Edit | Split | Merge | Delete | Add | MoveFrom | MoveTo | Marker


def same(text: str) -> Same:
    return Same(text)


def edit(a: str, b: str) -> Edit:
    return Edit(a, b)


def split(a: str, *b: str) -> Split:
    return Split(a, tuple(b))


def merge(a: list[str], b: str) -> Merge:
    return Merge(tuple(a), b)


def delete(a: str) -> Delete:
    return Delete(a)


def add(b: str) -> Add:
    return Add(b)


def move_from(key: str, a: str) -> MoveFrom:
    return MoveFrom(key, a)


def move_to(key: str, b: str | None = None) -> MoveTo:
    return MoveTo(key, b)
