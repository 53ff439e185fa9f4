"""Pairs settled by the order (align/order.py): a pair its neighbours' pairs keep in sequence has no
rival the order allows, and the pair model weighs it as a pair alone in its gap (issue 35: a premium
table whose every amount changed left every row to the agent)."""

from __future__ import annotations

from dataclasses import replace

from hikaku.align import AlignmentParams, Constant, PlannedGroup
from hikaku.align.order import in_sequence

from .test_large_gaps import _plan, table_pair


def test_a_table_whose_every_amount_changed_is_settled_by_its_order_but_where_it_breaks():
    for n in (600, 2400):
        a, b = table_pair(n)
        p = _plan(a, b)
        assert not any(g.certain for g in p.groups)  # every row has a neighbour nearly as like it
        left = [g for g in p.groups if not g.settled]
        assert len(left) <= 8, (n, len(left))  # the same few places at either size, not a share of the rows
        certain = AlignmentParams().calibration.certain.value
        settled = [g for g in p.groups if g.in_order]
        assert all(g.order >= certain for g in settled)
        # a run of rows shifted by one where an amount recurs in the next row is in sequence too (the
        # agent confirmed such runs as well): the few the plan made
        assert sum(1 for g in settled if g.a == g.b) >= 0.99 * len(settled)


def test_the_neighbours_of_a_row_left_out_are_left_to_the_agent():
    a, b = table_pair(300)
    del b[150]  # row 150 of A has no counterpart: rows 149 and 151 of A lose a neighbour in sequence
    p = _plan(a, b)
    assert p.group_of_a[150].b == () and not p.group_of_a[150].settled
    for i in (149, 151):
        g = p.group_of_a[i]
        assert g.b == ((i,) if i < 150 else (i - 1,)) and not g.in_order
    assert sum(1 for g in p.groups if not g.settled) <= 8


def test_the_calibration_decides_what_the_order_settles():
    """The order only says which rivals compete; the pair model and ``certain`` decide as for any pair."""
    a, b = table_pair(300)
    calibration = AlignmentParams().calibration
    strict = replace(calibration, certain=Constant(0.999, "a level no row reaches alone"))
    p = _plan(a, b, calibration=strict)
    assert not any(g.settled for g in p.groups)
    assert max(g.similarity for g in p.groups) < 1.0


def _group(i: int, j: int) -> PlannedGroup:
    return PlannedGroup((i,), (j,), 0.9, "match", False, 0.0, (j - 1, j + 1))


def test_in_sequence_at_the_ends_of_the_documents():
    groups = {k: _group(k, k) for k in range(3)}
    assert all(in_sequence(groups[k], groups, 3, 3) for k in range(3))
    assert not in_sequence(groups[2], groups, 3, 4)  # B goes on after the last pair: it does not end both
    added = {0: _group(0, 0), 1: _group(1, 2), 2: _group(2, 3)}  # B's chunk 1 is new: it breaks the sequence
    assert not in_sequence(added[0], added, 3, 4) and not in_sequence(added[1], added, 3, 4)
    assert in_sequence(added[2], added, 3, 4)
