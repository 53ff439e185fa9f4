"""Sentences joined or cut in other words (align/repair.py): in a document that shows an
editor's habit, a lone chunk next to a pair joins it when the two together are closer in meaning
to the counterpart than the neighbour alone; not otherwise, and never a reviewer's pair."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import hikaku
from hikaku.align import ResolvedGroup, join_by_meaning
from hikaku.embeddings import HashingEmbedder

EDITS = Path(__file__).resolve().parents[1] / "data" / "edits"

A = ["Network errors are retried automatically.", "The agent makes up to five attempts.", "Logs are kept."]
B = ["Network errors are retried automatically, up to five times.", "Logs are kept."]


def embedding(table: dict[str, list[float]]):
    """A scripted embedding model: each text's unit vector from *table*."""
    def embed(texts: list[str]) -> np.ndarray:
        v = np.array([table[t] for t in texts], dtype=np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)
    return embed


def groups() -> list[ResolvedGroup]:
    return [ResolvedGroup((0,), (0,), 0.81, 0.9, "plan"), ResolvedGroup((1,), (), None, 0.8, "agent"),
            ResolvedGroup((2,), (1,), 1.0, 1.0, "anchor")]


def vectors(gain: float) -> dict[str, list[float]]:
    joined = "\n".join(A[:2])
    return {joined: [1.0, gain], A[0]: [1.0, 0.0], B[0]: [1.0, 1.0], A[1]: [0.0, 1.0], A[2]: [0.0, 1.0],
            "\n".join(A[1:]): [0.0, 1.0], B[1]: [1.0, -1.0]}


def test_a_lone_chunk_closer_in_meaning_together_joins_the_pair_as_a_merge():
    out = join_by_meaning(groups(), A, B, embedding(vectors(1.0)), lambda a, b: 0.81)
    assert [(g.a, g.b) for g in out] == [((0, 1), (0,)), ((2,), (1,))]
    merged = out[0]
    assert merged.decided_by == "resolver" and merged.confidence == 0.5 and merged.similarity == 0.81


def test_not_closer_together_nothing_changes():
    out = join_by_meaning(groups(), A, B, embedding(vectors(-0.5)), lambda a, b: 0.81)
    assert [(g.a, g.b) for g in out] == [(g.a, g.b) for g in groups()]


def test_a_reviewers_pair_or_a_moved_one_is_never_joined():
    fixed = groups()
    fixed[0] = ResolvedGroup((0,), (0,), 0.81, 1.0, "reviewer")
    assert [(g.a, g.b) for g in join_by_meaning(fixed, A, B, embedding(vectors(1.0)), lambda a, b: 0.8)] == \
        [(g.a, g.b) for g in fixed]
    moved = groups()
    moved[0] = ResolvedGroup((0,), (0,), 0.81, 0.9, "plan", moved=True)
    assert [(g.a, g.b) for g in join_by_meaning(moved, A, B, embedding(vectors(1.0)), lambda a, b: 0.8)] == \
        [(g.a, g.b) for g in moved]


def test_an_added_chunk_closer_in_meaning_together_makes_a_split():
    a = ["The agent retries network errors up to five times."]
    b = ["Network errors are retried automatically.", "The agent makes up to five attempts."]
    gs = [ResolvedGroup((0,), (0,), 0.6, 0.9, "plan"), ResolvedGroup((), (1,), None, 0.8, "resolver")]
    table = {"\n".join(b): [1.0, 1.0], b[0]: [1.0, 0.0], a[0]: [1.0, 1.0]}
    out = join_by_meaning(gs, a, b, embedding(table), lambda x, y: 0.7)
    assert [(g.a, g.b) for g in out] == [((0,), (0, 1))]


def test_the_editing_sets_merge_in_other_words_is_one_row():
    """tests/data/edits cc0_backup_manual (written for this project, CC0): "…The agent makes up to
    five attempts." joined as "…, up to five times." — 0.30 of its trigrams in the joined
    sentence, too few for the plan; the document shows the habit and the shipped embedding model
    finds the meaning."""
    d = EDITS / "cc0_backup_manual"
    result = hikaku.compare(d / "a.json", d / "b.json", llm="offline")
    rows = {(tuple(c.a_ids), tuple(c.b_ids)): c for c in result.changes}
    row = rows[(("a42", "a43"), ("b51",))]
    assert row.type == "modified" and row.decided_by == "resolver"
    gold = json.loads((d / "gold.json").read_text(encoding="utf-8"))
    added = {c.b_ids[0] for c in result.changes if c.type == "added"}
    assert set(gold["added"]) <= added  # no sentence the editor wrote anew was joined to a pair


def test_without_the_habit_the_same_sentences_stay_a_pair_and_a_deletion():
    keep = [f"Paragraph {n} of the manual is kept exactly as it was written before." for n in range(3)]
    a = [keep[0], A[0], A[1], keep[1]]
    b = [keep[0], B[0], keep[1]]
    result = hikaku.compare([{"id": f"a{k}", "content": t} for k, t in enumerate(a, 1)],
                            [{"id": f"b{k}", "content": t} for k, t in enumerate(b, 1)],
                            llm="offline", embedder=HashingEmbedder())
    rows = {(tuple(c.a_ids), tuple(c.b_ids)): c.type for c in result.changes}
    assert rows[(("a2",), ("b2",))] == "modified" and rows[(("a3",), ())] == "deleted"


def test_a_heading_alone_joins_nothing_and_nothing_joins_it():
    """A heading names what follows it (always close in meaning to it) and is no sentence of a
    clause: a deleted heading beside a pair stays deleted, a lone chunk beside a heading's pair
    stays alone."""
    a = ["Chapter 3 Claims", "Claims are paid within thirty days.", "The insurer may ask for documents."]
    b = ["Claims are paid within thirty days, and the insurer may ask for documents first."]
    gs = [ResolvedGroup((0,), (), None, 0.8, "agent"), ResolvedGroup((1,), (0,), 0.7, 0.9, "plan"),
          ResolvedGroup((2,), (), None, 0.8, "agent")]
    table = {"\n".join(a[:2]): [1.0, 1.0], "\n".join(a[1:]): [1.0, 1.0], a[1]: [1.0, 0.0], b[0]: [1.0, 1.0]}
    heads = ([True, False, False], [False])
    out = join_by_meaning(gs, a, b, embedding(table), lambda x, y: 0.7, headings=heads)
    assert [(g.a, g.b) for g in out] == [((0,), ()), ((1, 2), (0,))]  # the sentence joins, the heading does not
    heads = ([False, True, False], [False])  # the pair is a heading's: nothing joins it
    out = join_by_meaning(gs, a, b, embedding(table), lambda x, y: 0.7, headings=heads)
    assert [(g.a, g.b) for g in out] == [(g.a, g.b) for g in gs]
