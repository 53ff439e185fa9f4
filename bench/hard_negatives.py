"""Hard negatives: the dev pairs with clauses replaced in place by unrelated ones.

The dev pairs hold few clauses replaced by an unrelated clause that shares the document's
boilerplate — the shape of list-heavy terms, where an item is replaced by another item written
on the same pattern and lies, alone, between unchanged siblings. A model of "same clause?"
fitted on them alone learns that a chunk in the expected place, proposed by the plan, under the
same headings and after the right predecessor is the counterpart whatever its wording.

``substituted(pairs)`` gives, for every dev pair, a copy in which some B chunks that the gold
pairs one to one are replaced by a *foreign* chunk: a chunk of another document of the same set
(another student's essay on the same prompt, another statute), the one most similar to the A
chunk among those no more similar to it than the ``REACH`` chunks on either side of its counterpart
are (its background, as ``hikaku.align.Neighbours`` measures it) — by the document's own standard,
an unrelated clause, as hard as one can be. The gold of the copy says the A chunk was deleted and the foreign chunk
added. Replaced chunks are more than ``2 × REACH`` chunks apart, so that the chunks around each are
the document's own. The foreign chunk takes the replaced chunk's place in the
structure (its metadata), keeps its own text (its own clause number: a statute's article replaced
by another law's keeps no label it did not have).

Used by bench/calibrate.py: the models are fitted on the dev pairs and their copies (folds by
document: a copy is in its original's fold), and the false-pair rate — how often such an
unrelated pair is reported as one clause — is measured on the held-out copies.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from evaldata import Pair

from hikaku.align import TextSimilarity
from hikaku.document import is_placeholder
from hikaku.text import match_key

__all__ = ["Substituted", "substituted"]

MARK = "~x"  # the id of a foreign chunk: the replaced chunk's id and this
REACH = 3  # replaced chunks are more than 2 × REACH apart; the background the foreign chunk stays under: REACH each side


@dataclass(frozen=True)
class Substituted:
    """A dev pair with clauses replaced: the copy (its gold says deleted + added) and the
    unrelated pairs (A id, foreign B id) it holds."""

    pair: Pair
    foreign: tuple[tuple[str, str], ...]

    def replaced(self) -> set[str]:
        """The ids of the A chunks whose counterpart was replaced, and of the foreign chunks."""
        return {x for pair in self.foreign for x in pair}


def _one_to_one(pair: Pair) -> list[tuple[int, int]]:
    """(A position, B position) of the gold's one-to-one pairs, in B order."""
    partners_a: Counter[str] = Counter(a for a, _, _ in pair.gold[0])
    partners_b: Counter[str] = Counter(b for _, b, _ in pair.gold[0])
    pos_a = {c["id"]: i for i, c in enumerate(pair.a)}
    pos_b = {c["id"]: j for j, c in enumerate(pair.b)}
    out = [(pos_a[a], pos_b[b]) for a, b, _ in pair.gold[0]
           if partners_a[a] == 1 and partners_b[b] == 1 and a in pos_a and b in pos_b]
    return sorted(out, key=lambda x: x[1])


def _usable(chunk: dict[str, Any]) -> bool:
    """A clause with wording of its own: not a heading alone, not a placeholder."""
    return (chunk.get("metadata") or {}).get("kind") != "heading" and not is_placeholder(chunk["content"])


def substituted(pairs: list[Pair], standard: str = "across") -> list[Substituted]:
    """A copy of every pair with clauses replaced by foreign ones (see above). *standard*: the
    background the foreign chunk stays under — ``across`` the versions (the A chunk with the B
    chunks around its counterpart) or ``within`` each (the A chunk with the A chunks around it, the
    foreign chunk with the B chunks around its place: how ``Neighbours`` measures it)."""
    out = []
    for p in pairs:
        pool = [c for q in pairs if q.group != p.group for c in (*q.a, *q.b) if _usable(c)]
        own = {match_key(c["content"]) for c in (*p.a, *p.b)}
        pool = list({match_key(c["content"]): c for c in pool if match_key(c["content"]) not in own}.values())
        copy = _substitute(p, pool, standard)
        if copy is not None:
            out.append(copy)
    return out


def _substitute(p: Pair, pool: list[dict[str, Any]], standard: str) -> Substituted | None:
    taken: list[tuple[int, int]] = []
    last = -(2 * REACH + 1)
    for i, j in _one_to_one(p):
        if j - last > 2 * REACH and _usable(p.a[i]) and _usable(p.b[j]):
            taken.append((i, j))
            last = j
    if not taken or not pool:
        return None
    texts_a = [c["content"] for c in p.a]
    texts_b = [c["content"] for c in p.b] + [c["content"] for c in pool]
    sim = TextSimilarity(texts_a, texts_b, focus_a=[i for i, _ in taken],
                         focus_b=list(range(len(p.b), len(texts_b))))
    foreign = list(range(len(p.b), len(texts_b)))
    b = [dict(c) for c in p.b]
    replaced: dict[str, str] = {}
    for i, j in taken:
        near = [k for k in range(max(0, j - REACH), min(len(p.b), j + REACH + 1)) if k != j]
        scores = sim.matrix([i], foreign)[0]
        if standard == "across":
            background = np.full(len(foreign), float(sim.matrix([i], near).max()) if near else 0.0)
        else:  # each version's own clauses: the A chunk with those around it, the foreign one with B's around j
            near_a = [k for k in range(max(0, i - REACH), min(len(p.a), i + REACH + 1)) if k != i]
            own_a = float(sim.within_pairwise("a", [i] * len(near_a), near_a).max()) if near_a else 0.0
            with_b = (sim.within_pairwise("b", [f for f in foreign for _ in near], near * len(foreign))
                      .reshape(len(foreign), len(near)).max(axis=1) if near else np.zeros(len(foreign)))
            background = np.maximum(own_a, with_b)
        fits = np.flatnonzero(scores <= background)
        if not len(fits):
            continue
        pick = int(fits[np.argmax(scores[fits])])
        source = pool[pick]
        new_id = p.b[j]["id"] + MARK
        b[j] = {"id": new_id, "content": source["content"], "metadata": dict(p.b[j].get("metadata") or {})}
        replaced[p.b[j]["id"]] = new_id
    if not replaced:
        return None
    aligned, deleted, added = p.gold
    kept = [(a, bb, label) for a, bb, label in aligned if bb not in replaced]
    lost = [a for a, bb, _ in aligned if bb in replaced]
    foreign = tuple((a, replaced[bb]) for a, bb, _ in aligned if bb in replaced)
    return Substituted(replace(p, id=p.id + MARK, b=b, gold=(kept, [*deleted, *lost], [*added, *replaced.values()])),
                       foreign)
