"""Character trigrams as integers: how many two chunks share, for a whole gap at once.

:func:`hikaku.align.similarity.tokens` gives a text's trigrams as a set of strings, and
:func:`~hikaku.align.similarity.derivation` one share at a time: the planner asked for one
per cell of every split and merge operation of a gap — millions on a large revision, each a
set intersection in Python. Here a trigram is one 63-bit integer (three code points of 21
bits), a chunk's trigrams a sorted array, and the counts of trigrams every A chunk of a gap
shares with every B chunk one sparse product: the same integers, hence the same shares to
the last bit (an integer divided by an integer), at a fraction of the time and memory.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp

from .blocks import block_products

__all__ = ["shared_blocks", "shared_counts", "trigram_codes", "trigram_rows"]

_BITS = 21  # a code point fits in 21 bits


def trigram_codes(text: str) -> np.ndarray:
    """The distinct trigrams of *text*, exactly those of ``similarity.tokens(text)``, as
    sorted int64 codes. A text shorter than three characters (after collapsing whitespace)
    is its own single token, coded negative so that it never equals a trigram."""
    t = " ".join(text.split())
    c = np.frombuffer(t.encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int64)
    if len(c) < 3:
        head = [int(x) for x in c] + [0, 0]
        return np.array([-1 - ((len(c) << (2 * _BITS)) | (head[0] << _BITS) | head[1])], dtype=np.int64)
    return np.unique((c[:-2] << (2 * _BITS)) | (c[1:-1] << _BITS) | c[2:])


def shared_counts(codes_a: Sequence[np.ndarray], codes_b: Sequence[np.ndarray]) -> np.ndarray:
    """``out[i, j]``: how many trigrams chunk *i* of A shares with chunk *j* of B (each
    array distinct codes, as :func:`trigram_codes` gives them)."""
    n, m = len(codes_a), len(codes_b)
    if not n or not m:
        return np.zeros((n, m), dtype=np.int64)
    rows = list(codes_a) + list(codes_b)
    lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=n + m)
    _, cols = np.unique(np.concatenate(rows), return_inverse=True)
    indptr = np.concatenate([[0], np.cumsum(lengths)])
    width = int(cols.max()) + 1 if len(cols) else 0
    ones = np.ones(len(cols), dtype=np.int32)
    both = sp.csr_matrix((ones, cols.astype(np.int64), indptr), shape=(n + m, width))
    return (both[:n] @ both[n:].T).toarray().astype(np.int64)


def trigram_rows(texts: Sequence[str]) -> sp.csr_matrix:
    """The trigrams of many texts at once: row *k* holds ones at the columns of the codes of
    ``trigram_codes(texts[k])``, a column per distinct code among *texts*, in ascending order of
    code (so in each row too). The same sets, made with a few numpy passes over all the texts."""
    flat = [" ".join(t.split()) for t in texts]
    lengths = np.fromiter((len(t) for t in flat), dtype=np.int64, count=len(flat))
    c = np.frombuffer("".join(flat).encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int64)
    starts = np.zeros(len(flat), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    # every trigram of every text of three characters or more, the text's row with it
    count = np.maximum(lengths - 2, 0)
    total = int(count.sum())
    owner = np.repeat(np.arange(len(flat), dtype=np.int64), count)
    at = np.arange(total, dtype=np.int64) + np.repeat(starts - (np.cumsum(count) - count), count)
    codes = (c[at] << (2 * _BITS)) | (c[at + 1] << _BITS) | c[at + 2] if total else np.zeros(0, np.int64)
    # a shorter text: its one negative code (length, first two characters, 0 for none)
    short = np.flatnonzero(lengths < 3)
    n, padded = lengths[short], np.append(c, [0, 0])
    first = np.where(n > 0, padded[starts[short]], 0)
    second = np.where(n > 1, padded[starts[short] + 1], 0)
    codes = np.concatenate([codes, -1 - ((n << (2 * _BITS)) | (first << _BITS) | second)])
    owner = np.concatenate([owner, short])
    distinct, column = np.unique(codes, return_inverse=True)
    cells = np.sort(owner * max(len(distinct), 1) + column)  # each (row, code) once, by row then code
    if len(cells) > 1:
        cells = cells[np.concatenate(([True], cells[1:] != cells[:-1]))]
    rows, cols = np.divmod(cells, max(len(distinct), 1))
    indptr = np.zeros(len(flat) + 1, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=len(flat)), out=indptr[1:])
    return sp.csr_matrix((np.ones(len(cols), dtype=np.int32), cols, indptr), shape=(len(flat), len(distinct)))


def shared_blocks(texts_a: Sequence[str], texts_b: Sequence[str], sizes: Sequence[tuple[int, int]]
                  ) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """:func:`shared_counts` of many gaps at once (block *k*: the next ``sizes[k]`` texts of
    each side), and how many distinct trigrams each text of A and of B has."""
    rows = trigram_rows([*texts_a, *texts_b])
    lengths = np.diff(rows.indptr)
    a, b = rows[: len(texts_a)], rows[len(texts_a):]
    shared = [s.astype(np.int64) for s in block_products(a, b, sizes)]
    return shared, lengths[: len(texts_a)], lengths[len(texts_a):]
