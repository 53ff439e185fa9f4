"""Sentences joined or cut in other words, in a document that shows an editor's habit.

The plan offers a split or merge only where every part draws a share of its wording from the
other side (``derivation``; in a document that shows the habit, ``habitual_derivation``:
:mod:`hikaku.align.planner`). An editor who joins two sentences sometimes says the second one
in other words ("Network errors are retried automatically." + "The agent makes up to five
attempts." → "Network errors are retried automatically, up to five times."): the second draws
too little of its wording from the joined one, and the comparison reports it deleted beside a
pair. In such a document, a chunk left alone — deleted from A, or added to B — next to a chunk
paired one to one joins that pair when the two together are closer *in meaning* to the
counterpart than the neighbour alone (the cosine of their embeddings): the meaning the lone
chunk carries is found in the counterpart. The repaired group is a merge or a split like any
other; it is given a confidence of ½, so that the review queue shows it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .decision import ResolvedGroup

__all__ = ["join_by_meaning"]

log = logging.getLogger(__name__)

REASON = "joined by meaning: the document shows an editor's habit of cutting and joining sentences"
# a gain no larger than this is none: the two texts read the same to the model (an encoder that reads
# a text's opening only sees no second sentence after a long first one) and differ by float noise
MIN_GAIN = 1e-4


@dataclass(frozen=True)
class _Option:
    lone: ResolvedGroup  # deleted or added
    pair: ResolvedGroup  # the 1:1 neighbour it would join
    joined: tuple[tuple[int, ...], tuple[int, ...]]  # (a, b) of the group they would make
    texts: tuple[str, str, str]  # the two together, the neighbour alone, the counterpart


def join_by_meaning(groups: Sequence[ResolvedGroup], texts_a: Sequence[str], texts_b: Sequence[str],
                    embed: Callable[[list[str]], np.ndarray],
                    similarity: Callable[[tuple[int, ...], tuple[int, ...]], float],
                    headings: tuple[Sequence[bool], Sequence[bool]] | None = None) -> list[ResolvedGroup]:
    """*groups* with each lone chunk joined to its paired neighbour where the two together are
    closer in meaning to the neighbour's counterpart than the neighbour alone (the closer of its
    two neighbours; a chunk joins at most one pair, a pair takes at most one chunk). *embed*
    gives unit vectors; *similarity* the lexical similarity of a group (its ``similarity``);
    *headings*: which chunks of A and B are a heading alone (``document.structure.is_heading_only``)
    — a heading names what follows it, so it is always closer in meaning to it, and is no sentence
    of a clause: it joins nothing and nothing joins it."""
    options = _options(groups, texts_a, texts_b, headings or ([False] * len(texts_a), [False] * len(texts_b)))
    if not options:
        return list(groups)
    texts = [t for o in options for t in o.texts]
    vectors = embed(texts)  # one batch, in the order of the groups (an embedding cache may already hold some)
    gains = []
    for k in range(len(options)):
        both, alone, other = vectors[3 * k], vectors[3 * k + 1], vectors[3 * k + 2]
        gains.append(float(np.dot(both, other)) - float(np.dot(alone, other)))
    taken: set[int] = set()
    replaced: dict[int, ResolvedGroup] = {}
    for k in sorted(range(len(options)), key=lambda k: -gains[k]):
        o = options[k]
        if gains[k] <= MIN_GAIN or id(o.lone) in taken or id(o.pair) in taken:
            continue
        a, b = o.joined
        score = similarity(a, b)
        if score <= 0:  # chunks of sections that do not correspond (align/sections.py): never one group
            continue
        taken.update((id(o.lone), id(o.pair)))
        replaced[id(o.pair)] = ResolvedGroup(a, b, score, 0.5, "resolver", REASON)
        log.info("joined %s and %s by meaning (cosine gain %.3f)", o.lone.a or o.lone.b, o.pair.a + o.pair.b, gains[k])
    out = [replaced.get(id(g), g) for g in groups if id(g) not in taken or id(g) in replaced]
    return out


def _options(groups: Sequence[ResolvedGroup], texts_a: Sequence[str], texts_b: Sequence[str],
             headings: tuple[Sequence[bool], Sequence[bool]]) -> list[_Option]:
    head_a, head_b = headings
    pairs = [g for g in groups if _joinable(g) and not head_a[g.a[0]] and not head_b[g.b[0]]]
    pair_of_a = {g.a[0]: g for g in pairs}
    pair_of_b = {g.b[0]: g for g in pairs}
    out = []
    for g in groups:
        if g.decided_by == "reviewer" or g.moved or any(head_a[i] for i in g.a) or any(head_b[j] for j in g.b):
            continue
        if g.a and not g.b and len(g.a) == 1:  # deleted: a merge with a neighbour of A
            i = g.a[0]
            for n in (i - 1, i + 1):
                p = pair_of_a.get(n)
                if p is not None:
                    a = tuple(sorted((i, n)))
                    out.append(_Option(g, p, (a, p.b), ("\n".join(texts_a[x] for x in a), texts_a[n],
                                                        texts_b[p.b[0]])))
        elif g.b and not g.a and len(g.b) == 1:  # added: a split of a neighbour's counterpart
            j = g.b[0]
            for n in (j - 1, j + 1):
                p = pair_of_b.get(n)
                if p is not None:
                    b = tuple(sorted((j, n)))
                    out.append(_Option(g, p, (p.a, b), ("\n".join(texts_b[y] for y in b), texts_b[n],
                                                        texts_a[p.a[0]])))
    return out


def _joinable(g: ResolvedGroup) -> bool:
    """A one-to-one pair in its place that no reviewer fixed."""
    return len(g.a) == len(g.b) == 1 and not g.moved and g.decided_by != "reviewer"
