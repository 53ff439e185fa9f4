"""The n-gram windows a call's tokens repeat, told apart exactly (:mod:`.pieces`).

In the USE model a token's output of one n-gram branch (order *n*, left context *l*) — its
second layer ``c = relu(window(h) @ w2 + b2) + h`` — is a function of the ``2n - 1`` pieces
around it (positions ``t - 2l`` to ``t - 2l + 2n - 2``, a slot outside the text being a slot
outside the text), since each ``h`` of the window is a function of the *n* pieces around its own
slot. Where texts repeat their wording — a clause in every rider, a statute's set phrases, a
sentence a revision kept — they repeat these windows, and a window's row needs computing once.
A statute revision's 440 articles: 72 % of their nine-piece windows distinct, 48 % of the five,
25 % of the three; the second layer is about two thirds of the model's work.

Windows are compared by rank, not by hash (two different windows never share a row): the
texts' rows laid end to end with zero rows between them (:func:`stream`), the rank of every
two-piece window, then of every four from two ranks, and so on — the way suffix arrays are
built —, each step one sort. :func:`repeats` keeps the rows that save the most work, at most
``MAX_WINDOWS`` (1 KB each): windows met once are computed with their token as before. The
bookkeeping (the stream, three rank arrays, each token's slot) takes about 60 bytes a token
while the windows are found, for a group of at most ``MAX_TOKENS`` tokens (:mod:`.pieces`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

__all__ = ["MAX_WINDOWS", "Repeats", "repeats", "stream"]

PAD = 4  # zero rows before each text and after the last: the widest window reaches four slots out
MAX_WINDOWS = 65536  # rows kept for one group of batches (1 KB each: 64 MB)


class Repeats(NamedTuple):
    """The windows kept for a group's tokens, for each branch: *slot* — each token's row among
    the branch's kept windows, or -1 (computed with its token) — and *at*, each kept window's
    position in the stream (that of its first token)."""

    slot: tuple[np.ndarray, ...]
    at: tuple[np.ndarray, ...]


def stream(rows: np.ndarray, lens: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The table *rows* of texts of *lens* tokens laid end to end, ``PAD`` zero rows before
    each text and after the last, and each token's position in that stream."""
    before = np.zeros(len(lens), dtype=np.int64)  # tokens before each text
    np.cumsum(lens[:-1], out=before[1:])
    first = PAD * (np.arange(len(lens), dtype=np.int64) + 1) + before  # each text's first position
    positions = np.repeat(first - before, lens) + np.arange(len(rows), dtype=np.int64)
    out = np.zeros(len(rows) + PAD * (len(lens) + 1), dtype=np.int64)
    out[positions] = rows
    return out, positions


def _ranks(values: np.ndarray, length: int, memo: dict[int, np.ndarray]) -> np.ndarray:
    """For every position of the stream *values* (memo[1]), the rank of the *length* values
    from it: equal ranks for equal windows, different for different (positions whose window
    runs past the end meet a clipped one: never read for a token's window)."""
    got = memo.get(length)
    if got is not None:
        return got
    half = 1 << ((length - 1).bit_length() - 1)  # the largest power of two below length
    head, tail = _ranks(values, half, memo), _ranks(values, length - half, memo)
    shifted = tail[np.minimum(np.arange(len(values)) + half, len(values) - 1)]
    inverse = np.unique(head.astype(np.int64) * (int(tail.max(initial=0)) + 1) + shifted, return_inverse=True)[1]
    got = memo[length] = inverse.astype(np.int32 if len(values) < 2**31 else np.int64)
    return got


def repeats(rows: np.ndarray, positions: np.ndarray, orders: Sequence[tuple[int, int]],
            max_windows: int = MAX_WINDOWS) -> Repeats:
    """The windows of the tokens at *positions* of the stream *rows* (:func:`stream`) worth a
    row: met more than once, those saving the most first (an order-*n* window met *k* times
    saves ``(k - 1) * n`` blocks of the second layer), at most *max_windows* in all; ties in
    the order of the branches, then of the windows' first tokens."""
    memo = {1: rows}
    found = []  # per branch: the windows' first tokens, each token's window, the counts
    for n, left in orders:
        width = 2 * n - 1
        half = 1 << ((width - 1).bit_length() - 1)
        start = positions - 2 * left
        tail = _ranks(rows, width - half, memo)
        keys = _ranks(rows, half, memo)[start].astype(np.int64) * (int(tail.max(initial=0)) + 1) + tail[start + half]
        _, first, window, count = np.unique(keys, return_index=True, return_inverse=True, return_counts=True)
        found.append((first, window.reshape(-1), count))
    saving = np.concatenate([(c - 1) * n for (_, _, c), (n, _) in zip(found, orders, strict=True)])
    branch = np.concatenate([np.full(len(c), i) for i, (_, _, c) in enumerate(found)])
    first_token = np.concatenate([f for f, _, _ in found])
    kept = np.lexsort((first_token, branch, -saving))[:max_windows]
    kept = kept[saving[kept] > 0]
    offsets = np.concatenate([[0], np.cumsum([len(c) for _, _, c in found])])
    slots, at = [], []
    for i, (first, window, count) in enumerate(found):
        mine = kept[branch[kept] == i] - offsets[i]
        mine = mine[np.argsort(first[mine])]  # the branch's kept windows, in order of their first tokens
        slot_of = np.full(len(count), -1, dtype=np.int32)
        slot_of[mine] = np.arange(len(mine))
        slots.append(slot_of[window])
        at.append(positions[first[mine]])
    return Repeats(tuple(slots), tuple(at))
