"""Inline differences inside a modified pair, at a granularity people read.

Japanese and Chinese have no spaces between words, so they are compared character by
character, except that a number (``1,095``) or a Latin word stays one unit; other text is
compared word by word. Each unit is mapped to one code point and the sequences are
diffed with diff-match-patch, whose semantic clean-up merges scattered one-character
coincidences into readable spans (Neil Fraser, *Diff Strategies*, 2006).
"""

from __future__ import annotations

import re
from typing import Any

from ..text import INVISIBLE, contains_cjk
from .middle_snake import BisectDiff, MiddleCache

__all__ = ["inline_ops", "diff_spans", "change_regions", "Span", "DiffCache"]

Span = tuple[int, int]
_CJK_UNITS = re.compile(r"[0-9０-９][0-9０-９,，.．]*[0-9０-９]|[0-9０-９]|[A-Za-zＡ-Ｚａ-ｚ]+|\s+|.", re.S)
_WORD_UNITS = re.compile(r"\w+|\s+|[^\w\s]", re.S)
_BASE = 0x100000  # supplementary private use plane: never in the units' own text


def _units(text: str, cjk: bool) -> list[str]:
    return (_CJK_UNITS if cjk else _WORD_UNITS).findall(text)


DIFF_STEPS = 5000  # about what the one second diff-match-patch allows itself did on a 2.8 GHz core


class _Steps:
    """A deadline for diff-match-patch counted in steps of its bisection instead of seconds,
    so that a diff is the same on any machine under any load (with a clock, a busy machine
    got coarser diffs). ``diff_bisect`` tests ``time.time() > deadline`` once per step: a
    float cannot compare itself with this object, so Python asks it (``__lt__``)."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def __lt__(self, now: float) -> bool:
        self.left -= 1
        return self.left < 0


class DiffCache:
    """What the inline diffs of a comparison's rows share, for the same results faster:

    - *middles*: each shape of edit diffed once (:class:`~hikaku.changes.middle_snake.BisectDiff`);
    - one code point for each unit (word, number, character) of all the rows, in the two
      supplementary private use planes, instead of a table of its own for each pair. Which
      code point a unit gets changes nothing: the diff tests code points for equality, and
      its semantic clean-up asks each whether it is a letter or digit, a space or a line
      break, none of which a private use code point is (``tests/changes/test_bisect.py``).
      When the planes are full (131,068 units), a pair has its own table, as without a cache.
    """

    __slots__ = ("middles", "codes", "units")

    def __init__(self) -> None:
        self.middles: MiddleCache = {}
        self.codes: dict[str, str] = {}  # unit -> code point
        self.units: dict[int, str] = {}  # code point -> unit, for str.translate

    def encode(self, ua: list[str], ub: list[str]) -> tuple[str, str] | None:
        """Both unit sequences in the shared code points; None when they would not fit."""
        code = self.codes.__getitem__
        try:
            return "".join(map(code, ua)), "".join(map(code, ub))
        except KeyError:
            pass
        new = [u for u in dict.fromkeys(ua + ub) if u not in self.codes]
        if len(self.codes) + len(new) > _PRIVATE:
            return None
        for u in new:
            k = len(self.codes)
            c = chr(0xF0000 + k if k < 0xFFFE else 0x100000 + k - 0xFFFE)
            self.codes[u] = c
            self.units[ord(c)] = u
        return "".join(map(code, ua)), "".join(map(code, ub))


_PRIVATE = 2 * 0xFFFE  # U+F0000–U+FFFFD and U+100000–U+10FFFD


def inline_ops(a: str, b: str, *, steps: int = DIFF_STEPS, cache: DiffCache | None = None) -> list[tuple[int, str]]:
    """``[(op, text)]`` with op -1 (only in *a*), 0 (both), 1 (only in *b*). *steps*
    bounds the work of one diff (then the rest of it is a replacement). *cache*: what the
    diffs of many pairs share (:class:`DiffCache`): the same result, faster."""
    cjk = contains_cjk(a) or contains_cjk(b)
    ua, ub = _units(a, cjk), _units(b, cjk)
    # Diff_Timeout stays positive: its half-match speed-up is kept
    dmp = BisectDiff(None if cache is None else cache.middles, steps)
    deadline: Any = _Steps(steps)
    coded = cache.encode(ua, ub) if cache is not None and len(ua) + len(ub) < 0xFFFE else None
    units: dict[int, str]
    if coded is not None and cache is not None:  # (fewer units than a pair's table holds: never by character)
        diffs = dmp.diff_main(coded[0], coded[1], False, deadline)
        units = cache.units
    else:
        vocab = list(dict.fromkeys(ua + ub))
        if len(vocab) >= 0xFFFE:  # more distinct units than code points to map them to: by character
            diffs = dmp.diff_main(a, b, False, deadline)
            units = {}
        else:
            code = {u: chr(_BASE + k) for k, u in enumerate(vocab)}
            diffs = dmp.diff_main("".join(map(code.__getitem__, ua)), "".join(map(code.__getitem__, ub)), False,
                                  deadline)
            units = {_BASE + k: u for k, u in enumerate(vocab)}  # code point -> unit, for str.translate
    dmp.diff_cleanupSemantic(diffs)
    ops: list[tuple[int, str]] = []
    for op, chunk in diffs:
        text = chunk.translate(units) if units else chunk
        if ops and ops[-1][0] == op:
            ops[-1] = (op, ops[-1][1] + text)
        elif text:
            ops.append((op, text))
    return ops


def change_regions(ops: list[tuple[int, str]]) -> list[tuple[int, int, int, int]]:
    """Each run of edits between two equal stretches as ``(a_start, a_end, b_start, b_end)``
    (one side may be empty: a pure insertion or deletion)."""
    regions: list[tuple[int, int, int, int]] = []
    ia = ib = 0
    k = 0
    while k < len(ops):
        if ops[k][0] == 0:
            ia += len(ops[k][1])
            ib += len(ops[k][1])
            k += 1
            continue
        a0, b0 = ia, ib
        while k < len(ops) and ops[k][0] != 0:
            if ops[k][0] < 0:
                ia += len(ops[k][1])
            else:
                ib += len(ops[k][1])
            k += 1
        regions.append((a0, ia, b0, ib))
    return regions


def diff_spans(a: str, b: str, ops: list[tuple[int, str]] | None = None) -> tuple[list[Span], list[Span]]:
    """Character offsets ``[start, end)`` of what was removed from *a* and inserted in *b*
    (*ops*: :func:`inline_ops` of the pair, when the caller has them already). A change of
    invisible characters alone (a zero-width space) is no highlight: nothing would show."""
    regions = [r for r in change_regions(inline_ops(a, b) if ops is None else ops)
               if not _invisible(a[r[0]:r[1]]) or not _invisible(b[r[2]:r[3]])]
    return [(a0, a1) for a0, a1, _, _ in regions if a1 > a0], [(b0, b1) for _, _, b0, b1 in regions if b1 > b0]


def _invisible(text: str) -> bool:
    """Nothing but invisible characters (an empty text too)."""
    return not INVISIBLE.sub("", text)
