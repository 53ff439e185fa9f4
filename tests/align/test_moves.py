"""Clauses moved across sections (align/moves.py): the clauses the sections kept apart, left
deleted and added, are matched document-wide by the pair model."""

from __future__ import annotations

from hikaku import Document
from hikaku.align import (
    Constraints,
    LogisticModel,
    ResolvedGroup,
    align_sections,
    load_calibration,
    moves_across,
    plan_alignment,
    with_moves,
)
from hikaku.loaders import chunk_text
from hikaku.text.normalization import match_key
from tests.policy_docs import policy_markdown, split_rider_policy


def _doc(doc_id: str, version: int) -> Document:
    return Document(id=doc_id, chunks=chunk_text(policy_markdown(split_rider_policy(version)), source=doc_id,
                                                  markdown=True, id_prefix=doc_id))


A, B = _doc("a", 1), _doc("b", 2)
SURGERY_A = next(i for i, c in enumerate(A.chunks) if "手術給付金" in c.content)
SURGERY_B = next(j for j, c in enumerate(B.chunks) if "手術給付金" in c.content)


def _setup():
    keys_a = [match_key(c.content) for c in A.chunks]
    keys_b = [match_key(c.content) for c in B.chunks]
    sections = align_sections(A, B)
    plan, sim = plan_alignment(keys_a, keys_b, keys_a, keys_b, normalized=True, sections=sections)
    return sections, plan, sim, keys_a, keys_b


def test_the_sections_keep_the_moved_clause_from_its_counterpart():
    sections, plan, *_ = _setup()
    assert ("入院保障特約", "入院保障特約") in sections.titles()
    assert not sections.compatible(SURGERY_A, SURGERY_B)  # another rider's clause: the plan cannot pair them
    assert SURGERY_B in plan.unmatched_b


def test_the_clause_left_deleted_is_matched_with_the_one_left_added_in_another_rider():
    sections, plan, sim, *_ = _setup()
    added = [j for j in plan.unmatched_b if B.chunks[j].structure.kind != "heading"]
    pair = load_calibration().pair
    near = plan.neighbours
    (move,) = moves_across(sim, sections, pair, near, [SURGERY_A], added)
    assert (move.a, move.b) == (SURGERY_A, SURGERY_B) and move.probability > 0.5
    # a reviewer who ruled the pair out is obeyed
    ruled = Constraints(forbidden=frozenset({(SURGERY_A, SURGERY_B)}))
    assert moves_across(sim, sections, pair, near, [SURGERY_A], added, ruled) == []
    # a pair model that distrusts it (every pair below ½) makes no move
    never = LogisticModel(pair.features, tuple(0.0 for _ in pair.features), -5.0)
    assert moves_across(sim, sections, never, near, [SURGERY_A], added) == []
    # an unrelated clause of the new rider (its boilerplate) is no move for the deleted one
    boiler = [j for j in added if j != SURGERY_B]
    assert moves_across(sim, sections, pair, near, [SURGERY_A], boiler) == []


def test_a_move_replaces_the_deletion_and_the_addition_by_one_moved_pair():
    groups = [ResolvedGroup((0,), (0,), 1.0, 1.0, "anchor"), ResolvedGroup((1,), (), None, 0.9, "agent"),
              ResolvedGroup((), (1,), None, 1.0, "resolver"), ResolvedGroup((), (2,), None, 1.0, "resolver")]
    from hikaku.align import Move

    out = with_moves(groups, [Move(1, 2, 0.8, 0.93)])
    assert [(g.a, g.b, g.moved, g.confidence, g.decided_by) for g in out] == [
        ((0,), (0,), False, 1.0, "anchor"), ((), (1,), False, 1.0, "resolver"), ((1,), (2,), True, 0.93, "resolver")]


def test_the_pairs_are_weighed_a_block_of_rows_at_a_time_with_the_same_figures(monkeypatch):
    """Memory linear in the chunks: the scores of every deleted clause against every added one are
    never held at once; one row a block gives what one block for all gives."""
    from hikaku.align import Across, moves

    sections, plan, sim, *_ = _setup()
    ia = [i for i in range(len(A.chunks)) if A.chunks[i].structure.kind != "heading"]
    ib = [j for j in range(len(B.chunks)) if B.chunks[j].structure.kind != "heading"]
    across = Across(sim)
    near = plan.neighbours.scored_by(across)
    pair = load_calibration().pair
    whole = moves.weigh(across, near, pair, ia, ib)
    monkeypatch.setattr(moves, "BLOCK_CELLS", 1)
    assert moves.weigh(across, near, pair, ia, ib) == whole
    assert len(whole) > len(ia)  # several pairs a row weighed (TOP), each above its background
