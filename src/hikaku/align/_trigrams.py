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

__all__ = ["shared_counts", "trigram_codes"]

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
