"""diff-match-patch with its middle-snake search (Myers 1986, ``diff_bisect``) run on numpy
arrays once the edit distance grows: the same diff, found faster.

``diff_bisect`` walks, for each edit distance ``d``, every diagonal ``k`` in pure Python:
O(D²) interpreted steps, half a second for two clauses of 2,000 characters that differ
in many places. Within one ``d`` the diagonals do not depend on one another (a step reads
the diagonals of the other parity, written at ``d - 1``), so each ``d`` is one vector
operation over all its diagonals. The first :data:`SWITCH` values of ``d`` stay in Python
(cheaper while the diagonals are few); after that the walk goes on, from the same state, on
arrays. Every step is the original's — the same diagonals, the same order of the overlap
test (the first diagonal that overlaps wins), the same deadline test once per ``d`` — so
the result, and the steps a :class:`~hikaku.changes.inline` step budget counts, are those
of diff-match-patch itself (``tests/changes/test_inline.py`` checks both on random and real
texts).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from diff_match_patch import diff_match_patch

__all__ = ["BisectDiff", "SWITCH", "MiddleCache"]

SWITCH = 32  # edit distance from which a step of the walk is vectorised

_Diffs = list[tuple[int, str]]


def _codes(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)


def _extend(x: np.ndarray, y: np.ndarray, a: np.ndarray, b: np.ndarray, s1: str, s2: str) -> None:
    """Follow the snakes: ``while x < n and y < m and s1[x] == s2[y]: x, y += 1`` for every
    diagonal at once, in place (*a*, *b*: the code points of *s1*, *s2*; negative indices
    wrap as they do in Python). Most snakes are empty and the first comparison ends them;
    the few that go on are followed in Python, where a step costs less than an array
    operation."""
    n, m = len(a), len(b)
    inside = (x < n) & (y < m)
    if inside.all():
        idx = (a[x] == b[y]).nonzero()[0]
    else:
        idx = inside.nonzero()[0]
        idx = idx[a[x[idx]] == b[y[idx]]]
    while True:
        if idx.size <= _FEW:
            for i in idx.tolist():
                xi, yi = int(x[i]) + 1, int(y[i]) + 1
                while xi < n and yi < m and s1[xi] == s2[yi]:
                    xi += 1
                    yi += 1
                x[i], y[i] = xi, yi
            return
        x[idx] += 1
        y[idx] += 1
        idx = idx[(x[idx] < n) & (y[idx] < m)]
        idx = idx[a[x[idx]] == b[y[idx]]]


_FEW = 16  # snakes still running that are followed one by one


MiddleCache = dict[tuple[str, str, int], _Diffs]


class BisectDiff(diff_match_patch):
    """:class:`diff_match_patch` whose ``diff_bisect`` vectorises the walk after :data:`SWITCH`.

    With a *cache* (and the step budget it was made with, *steps*), the first ``diff_compute``
    — the diff of what lies between the common prefix and suffix, which ``diff_main`` trims
    before anything else and before any step is spent — is looked up, then kept, by the shape
    of its texts: each character renamed by the order it first occurs in (*text1* + *text2*).
    Every test the diff makes of two characters is ``==`` (``find``, the common prefix and
    suffix, the middle snake), so two pairs of the same shape have the same diff, renamed
    (``tests/changes/test_bisect.py``). A comparison holds many rows whose edit is the same
    (a clause copied with a marker, a term replaced everywhere in the same wording)."""

    def __init__(self, cache: MiddleCache | None = None, steps: int = 0) -> None:
        super().__init__()
        self._cache, self._steps = cache, steps

    def diff_compute(self, text1: str, text2: str, checklines: bool, deadline: Any) -> _Diffs:
        cache, self._cache = self._cache, None  # the top-level call only: the calls within are diffs of parts
        if cache is None:
            return super().diff_compute(text1, text2, checklines, deadline)
        order = dict.fromkeys(text1 + text2)
        rename = {ord(c): k for k, c in enumerate(order)}
        key = (text1.translate(rename), text2.translate(rename), self._steps)
        shaped = cache.get(key)
        if shaped is None:
            diffs = super().diff_compute(text1, text2, checklines, deadline)
            cache[key] = [(op, t.translate(rename)) for op, t in diffs]
            return diffs
        back = dict(enumerate(order))
        return [(op, t.translate(back)) for op, t in shaped]

    def diff_bisect(self, text1: str, text2: str, deadline: Any) -> _Diffs:
        text1_length = len(text1)
        text2_length = len(text2)
        max_d = (text1_length + text2_length + 1) // 2
        v_offset = max_d
        v_length = 2 * max_d
        v1 = [-1] * v_length
        v1[v_offset + 1] = 0
        v2 = v1[:]
        delta = text1_length - text2_length
        front = delta % 2 != 0
        k1start = k1end = k2start = k2end = 0
        # the original walk, verbatim, for the first SWITCH steps
        for d in range(min(max_d, SWITCH)):
            if time.time() > deadline:
                return [(self.DIFF_DELETE, text1), (self.DIFF_INSERT, text2)]
            for k1 in range(-d + k1start, d + 1 - k1end, 2):
                k1_offset = v_offset + k1
                if k1 == -d or (k1 != d and v1[k1_offset - 1] < v1[k1_offset + 1]):
                    x1 = v1[k1_offset + 1]
                else:
                    x1 = v1[k1_offset - 1] + 1
                y1 = x1 - k1
                while x1 < text1_length and y1 < text2_length and text1[x1] == text2[y1]:
                    x1 += 1
                    y1 += 1
                v1[k1_offset] = x1
                if x1 > text1_length:
                    k1end += 2
                elif y1 > text2_length:
                    k1start += 2
                elif front:
                    k2_offset = v_offset + delta - k1
                    if k2_offset >= 0 and k2_offset < v_length and v2[k2_offset] != -1:
                        x2 = text1_length - v2[k2_offset]
                        if x1 >= x2:
                            return self.diff_bisectSplit(text1, text2, x1, y1, deadline)
            for k2 in range(-d + k2start, d + 1 - k2end, 2):
                k2_offset = v_offset + k2
                if k2 == -d or (k2 != d and v2[k2_offset - 1] < v2[k2_offset + 1]):
                    x2 = v2[k2_offset + 1]
                else:
                    x2 = v2[k2_offset - 1] + 1
                y2 = x2 - k2
                while x2 < text1_length and y2 < text2_length and text1[-x2 - 1] == text2[-y2 - 1]:
                    x2 += 1
                    y2 += 1
                v2[k2_offset] = x2
                if x2 > text1_length:
                    k2end += 2
                elif y2 > text2_length:
                    k2start += 2
                elif not front:
                    k1_offset = v_offset + delta - k2
                    if k1_offset >= 0 and k1_offset < v_length and v1[k1_offset] != -1:
                        x1 = v1[k1_offset]
                        y1 = v_offset + x1 - k1_offset
                        x2 = text1_length - x2
                        if x1 >= x2:
                            return self.diff_bisectSplit(text1, text2, x1, y1, deadline)
        if max_d <= SWITCH:
            return [(self.DIFF_DELETE, text1), (self.DIFF_INSERT, text2)]
        return self._walk_arrays(text1, text2, deadline, v1, v2, (k1start, k1end, k2start, k2end))

    def _walk_arrays(self, text1: str, text2: str, deadline: Any, v1_list: list[int], v2_list: list[int],
                     bounds: tuple[int, int, int, int]) -> _Diffs:
        """The walk from ``d = SWITCH`` on, one vector step per ``d`` and direction. The
        diagonals of one step are every other one of a range: slices of the arrays."""
        n, m = len(text1), len(text2)
        max_d = (n + m + 1) // 2
        v_offset, v_length = max_d, 2 * max_d
        delta = n - m
        front = delta % 2 != 0
        k1start, k1end, k2start, k2end = bounds
        a, b = _codes(text1), _codes(text2)
        ra, rb = a[::-1].copy(), b[::-1].copy()  # the reverse path reads text[-x - 1]: ra[x]
        r1, r2 = text1[::-1], text2[::-1]
        # one more cell: the value right of k == d is read (and not used) by the vector step
        v1 = np.array([*v1_list, -1], dtype=np.int64)
        v2 = np.array([*v2_list, -1], dtype=np.int64)
        diagonal = np.arange(-v_offset, v_length + 1 - v_offset, dtype=np.int64)  # k of each offset
        for d in range(SWITCH, max_d):
            if time.time() > deadline:
                break
            for forward in (True, False):
                v, other = (v1, v2) if forward else (v2, v1)
                lo, hi = (-d + k1start, d + 1 - k1end) if forward else (-d + k2start, d + 1 - k2end)
                if lo >= hi:
                    continue
                s, e = v_offset + lo, v_offset + hi
                left, right = v[s - 1:e - 1:2], v[s + 1:e + 1:2]
                take = left < right
                if lo == -d:
                    take[0] = True
                if hi - 1 == d:
                    take[-1] = False
                x = np.where(take, right, left + 1)
                ks = diagonal[s:e:2]
                y = x - ks
                if forward:
                    _extend(x, y, a, b, text1, text2)
                else:
                    _extend(x, y, ra, rb, r1, r2)
                v[s:e:2] = x
                beyond_x = x > n  # ran off the right (forward) or the left (reverse) of the graph
                beyond_y = y > m  # off the bottom / the top (tested after beyond_x)
                if front == forward:
                    # the other path's diagonal of each: c - 2i for the i-th diagonal of this step
                    c = v_offset + delta - lo
                    i0, i1 = max(0, (c - v_length) // 2 + 1), min(len(x), c // 2 + 1)
                    if i0 < i1:
                        seen = other[c - 2 * i0:(c - 2 * i1 if c - 2 * i1 >= 0 else None):-2]
                        xs = x[i0:i1]
                        hit = ((seen >= n - xs) & (seen != -1) & ~beyond_x[i0:i1] & ~beyond_y[i0:i1]).nonzero()[0]
                        if hit.size:
                            i = i0 + int(hit[0])
                            if forward:
                                x1, y1 = int(x[i]), int(y[i])
                            else:
                                x1 = int(seen[i - i0])
                                y1 = x1 - (delta - int(ks[i]))
                            return self.diff_bisectSplit(text1, text2, x1, y1, deadline)
                off_x = int(np.count_nonzero(beyond_x))
                off_y = int(np.count_nonzero(beyond_y & ~beyond_x)) if off_x else int(np.count_nonzero(beyond_y))
                if forward:
                    k1end += 2 * off_x
                    k1start += 2 * off_y
                else:
                    k2end += 2 * off_x
                    k2start += 2 * off_y
        return [(self.DIFF_DELETE, text1), (self.DIFF_INSERT, text2)]
