"""Which reference of A's text is which of B's: the texts aligned with each reference as one mark."""

from __future__ import annotations

from hikaku.crossrefs.pairing import counterparts
from hikaku.document import citations


def _spans(text: str) -> list[tuple[int, int]]:
    return [(c.start, c.end) for c in citations(text)]


def test_references_in_words_kept_are_paired_whatever_their_numbers():
    a = "第五条の規定により、第七条第二項に定める期日までに提出する。"
    b = "第六条の規定により、第八条第二項に定める期日までに提出する。"
    assert counterparts(a, _spans(a), b, _spans(b)) == [0, 1]


def test_a_reference_in_new_words_has_no_counterpart():
    a = "第五条の規定により提出する。"
    b = "第五条の規定により、第九条の書面を添えて提出する。"
    assert counterparts(a, _spans(a), b, _spans(b)) == [0, None]
    assert counterparts("", [], b, _spans(b)) == [None, None]
