"""Texts stored once: the chunks of B that are twins of chunks of A share A's objects.

A new version of a document keeps most of its clauses word for word (in a 50,000-chunk pair,
nine chunks of B in ten are an A chunk's exact text). Loaded separately, each twin is a
second copy of the same string and metadata, and everything derived from the text alone —
the chunk's :class:`~hikaku.document.ChunkStructure`, the match key, the clause number it is
cited by — would be computed a second time for the same input. :func:`share_twins` makes
each such B chunk hold A's very objects, so that the copies are freed once loading is done
and the readers that compute per text (``match_key``, ``own_ref``) can remember a value per
distinct text cheaply: a dict lookup on a string that *is* a key already compares by
identity before it compares characters.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from .model import Chunk, Document

__all__ = ["per_text", "share_twins"]

log = logging.getLogger(__name__)

T = TypeVar("T")


def share_twins(doc_a: Document, doc_b: Document) -> int:
    """Make every chunk of *doc_b* whose content equals an A chunk's content hold that A
    chunk's content string; when their metadata are equal too, also A's metadata dict and
    A's structure (parsed now if it was not yet: it depends on content and metadata alone).
    Returns how many B chunks share A's text.

    Nothing a reader can see changes: the values are equal (metadata of the same types and key
    order, :func:`same_value`), the ids are the chunks' own and equality (pydantic compares the
    fields' values) is the same. *doc_b*'s chunks are changed in place: give only documents
    made for the comparison (a caller's own chunks would share A's metadata dict). When a text
    occurs several times in A, its first chunk is the one shared; a twin whose metadata differ
    from that chunk's keeps its own metadata and parses its own structure.
    """
    first: dict[str, Chunk] = {}
    for c in doc_a.chunks:
        first.setdefault(c.content, c)
    shared = 0
    for c in doc_b.chunks:
        twin = first.get(c.content)
        if twin is None or twin is c:
            continue
        # Chunk is a frozen pydantic model: assigning an attribute raises. Its field values
        # live in the instance __dict__ (where functools.cached_property stores ``structure``
        # too), so an equal value is put there directly: no validation is skipped (the value
        # is A's, validated when A was loaded), and the field set and the id are unchanged.
        fields = c.__dict__
        fields["content"] = twin.content
        if same_value(c.metadata, twin.metadata):
            fields["metadata"] = twin.metadata
            fields["structure"] = twin.structure
        shared += 1
    log.debug("%d of %d chunks of %s share the text of a chunk of %s", shared, len(doc_b.chunks), doc_b.id, doc_a.id)
    return shared


def same_value(x: object, y: object) -> bool:
    """Equal and of the same types throughout, dicts in the same key order: what the structure
    reads from metadata cannot tell them apart (``1 == 1.0 == True`` and two key orders are equal
    to Python, not to ``parse_structure`` or to a JSON dump)."""
    if type(x) is not type(y):
        return False
    if isinstance(x, dict):
        assert isinstance(y, dict)
        return len(x) == len(y) and all(
            kx == ky and type(kx) is type(ky) and same_value(vx, vy)
            for (kx, vx), (ky, vy) in zip(x.items(), y.items()))
    if isinstance(x, (list, tuple)):
        assert isinstance(y, (list, tuple))
        return len(x) == len(y) and all(same_value(u, v) for u, v in zip(x, y))
    return x == y


def per_text(read: Callable[[str], T], *documents: Document) -> list[list[T]]:
    """``read(chunk.content)`` for each chunk of each document, computed once per distinct text
    across them (a twin's value is its A chunk's). *read* must depend on the text alone and
    return a value nobody changes (a str, a frozen dataclass, None): twins get the same object.
    The memory is this call's: no cache outlives it."""
    seen: dict[str, T] = {}
    out: list[list[T]] = []
    for doc in documents:
        values: list[T] = []
        for c in doc.chunks:
            text = c.content
            if text in seen:
                values.append(seen[text])
            else:
                values.append(seen.setdefault(text, read(text)))
        out.append(values)
    return out
