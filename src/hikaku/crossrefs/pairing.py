"""Which reference of A's text is which reference of B's, in a pair of texts: each reference
set aside as one mark (whatever its numbers), the two texts are aligned, and a mark of B in
a stretch both texts share is the mark of A at the same place there. A reference in words
that changed around it has no counterpart: it is new in B.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from rapidfuzz.distance import Indel

from ..document import fold_width

__all__ = ["counterparts"]

_MARK = "\ue000"


def _masked(text: str, spans: Sequence[tuple[int, int]]) -> tuple[str, list[int]]:
    """*text* with each span as one mark, and where each mark is in it."""
    out, marks, last, length = [], [], 0, 0
    for start, end in spans:
        out.append(text[last:start])
        length += start - last
        marks.append(length)
        out.append(_MARK)
        length += 1
        last = end
    out.append(text[last:])
    return "".join(out), marks


def counterparts(text_a: str, spans_a: Sequence[tuple[int, int]], text_b: str,
                 spans_b: Sequence[tuple[int, int]]) -> list[int | None]:
    """For each reference of B (its span in *text_b*), the index of the reference of A it
    is (its span in *text_a*), or None."""
    if not spans_b:
        return []
    if not spans_a:
        return [None] * len(spans_b)
    ma, at_a = _masked(fold_width(text_a), spans_a)
    mb, at_b = _masked(fold_width(text_b), spans_b)
    if ma == mb:
        return list(range(len(spans_b)))
    index_b = {pos: k for k, pos in enumerate(at_b)}
    blocks = [(op.src_start, op.src_end, op.dest_start) for op in Indel.opcodes(ma, mb) if op.tag == "equal"]
    starts = [b[0] for b in blocks]
    out: list[int | None] = [None] * len(spans_b)
    for k, pos in enumerate(at_a):
        n = bisect.bisect_right(starts, pos) - 1
        if n >= 0 and pos < blocks[n][1]:
            out[index_b[blocks[n][2] + pos - blocks[n][0]]] = k
    return out
