"""Sections first: which section of A is which section of B, and so which chunks may
pair at all.

A policy's riders (特約) repeat the same boilerplate clauses (第1条（特約の締結）,
（特約の保険期間）, （特約の解約）…) word for word. Matched by wording alone, the clauses
of a rider added in B pair with the identical clauses of another rider of A, and the
addition vanishes from the report. Here the documents' numbering sections (the main part
and each rider: :func:`hikaku.document.numbering_sections`) are aligned first, in order, by
their titles and by what is *their own* (the lines no other section of the same document
has: boilerplate tells riders apart by nothing). A chunk of A may then pair only with a
chunk of the B section aligned with its own (the same rider, possibly renamed); a section
left unaligned (a rider added or deleted) pairs with nothing.

Only what a reader could name is held to its section: the clauses (and title) of a
titled section. Untitled numberings (a statute's supplementary provisions, a 附則 without
articles, a 別表 / 様式 / Schedule / Annex after the last rider: sections of their own, not
the rider's) and chunks between clauses (tables) pair freely, as without sections.

This is the one place the relation is made. :class:`SectionMap` is what the rest uses:
the plan (anchors and the similarity every gap is aligned by: :class:`ScopedSimilarity`)
and the agent's view (``compatible``). A document with one numbering (a statute, an essay;
a 附則 without articles numbers nothing) has one numbered section, and then nothing is
constrained.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
from rapidfuzz.distance import Indel

from ..document import Chunk, Document, NumberingSection, is_clause_label, numbering_sections, numbers_several
from .dp import DPParams, align_gap
from .large_gaps import cut_large
from .similarity import SimilarityParams, TextSimilarity

__all__ = ["FREE", "SectionMap", "ScopedSimilarity", "align_sections"]

MAX_SECTION_CHARS = 20_000  # of a section's own text, for its similarity
MAX_SECTION_CELLS = 40_000  # pairs of sections aligned in one programme, as the plan's gaps (more: cut)


FREE = -1  # a chunk no section claims: it may pair with any chunk


@dataclass(frozen=True)
class SectionMap:
    """Sections of A and B (by chunk position) and which of them correspond.

    A chunk is held to its section when it is one of the section's clauses (or the
    heading that titles it) and the section has a title: a numbering section without
    headings (a statute's supplementary provisions, a 別表 after the last rider) is nothing
    a reader could name, and a chunk between clauses (a table) belongs to none. Such chunks
    are ``FREE``."""

    of_a: tuple[int, ...]  # section that holds each A chunk, or FREE
    of_b: tuple[int, ...]
    sections_a: tuple[NumberingSection, ...]
    sections_b: tuple[NumberingSection, ...]
    pairs: tuple[tuple[int, int], ...]  # (section of A, section of B), in order

    @cached_property
    def constrained(self) -> bool:
        """False when no chunk is held to a section (one numbering, or no titles):
        every pair is allowed."""
        return any(s != FREE for s in self.of_a) or any(s != FREE for s in self.of_b)

    def compatible(self, i: int, j: int) -> bool:
        """May A chunk *i* pair with B chunk *j*?"""
        sa, sb = self.of_a[i], self.of_b[j]
        return sa == FREE or sb == FREE or self._partner_of_a.get(sa) == sb

    def mask(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """``compatible(ia[r], ib[c])`` for every r, c, as a boolean matrix."""
        return self.group_mask([(i,) for i in ia], [(j,) for j in ib])

    def group_mask(self, groups_a: Sequence[Sequence[int]], groups_b: Sequence[Sequence[int]]) -> np.ndarray:
        """Groups (splits, merges) are compatible when all their members are: a group
        spread over two sections pairs with nothing but free chunks."""
        if not self.constrained:
            return np.ones((len(groups_a), len(groups_b)), dtype=bool)
        partner = self._partner_of_a

        def section(of: tuple[int, ...], group: Sequence[int], apart: int) -> int:
            found = {of[i] for i in group} - {FREE}
            if not found:
                return FREE
            return found.pop() if len(found) == 1 else apart

        # sentinels that match nothing: -2 (A group over two sections), -3 (A section unaligned), -4 (B)
        sa = np.array([s if s < 0 else partner.get(s, -3) for s in (section(self.of_a, g, -2) for g in groups_a)],
                      dtype=np.int64)
        sb = np.array([section(self.of_b, g, -4) for g in groups_b], dtype=np.int64)
        return (sa[:, None] == FREE) | (sb[None, :] == FREE) | (sa[:, None] == sb[None, :])

    def qualified_keys(self, keys_a: Sequence[str], keys_b: Sequence[str]) -> tuple[list[str], list[str]]:
        """Identity keys that are equal only within corresponding sections: identical
        text in two riders is no anchor."""
        if not self.constrained:
            return list(keys_a), list(keys_b)
        pair_of_a = {x: n for n, (x, _) in enumerate(self.pairs)}
        pair_of_b = {y: n for n, (_, y) in enumerate(self.pairs)}

        def tag(side: str, section: int, pair_of: dict[int, int]) -> str:
            if section == FREE:
                return ""
            n = pair_of.get(section)
            return f"{n}\x1f" if n is not None else f"{side}{section}\x1f"

        return ([f"{tag('a', self.of_a[i], pair_of_a)}{k}" if k else k for i, k in enumerate(keys_a)],
                [f"{tag('b', self.of_b[j], pair_of_b)}{k}" if k else k for j, k in enumerate(keys_b)])

    @cached_property
    def _partner_of_a(self) -> dict[int, int]:
        return dict(self.pairs)

    def titles(self) -> list[tuple[str, str]]:
        """The aligned sections' titles (A, B): for the record and the tests."""
        return [(self.sections_a[x].title, self.sections_b[y].title) for x, y in self.pairs]


def _held(chunks: Sequence[Chunk], sections: Sequence[NumberingSection]) -> tuple[int, ...]:
    """The section that holds each chunk (its clauses and the heading that titles it,
    in a titled section), else FREE."""
    out = [FREE] * len(chunks)
    if not numbers_several(sections):
        return tuple(out)
    for k, s in enumerate(sections):
        if not s.title:
            continue
        for i in range(s.start, s.end):
            st = chunks[i].structure
            if is_clause_label(st.structural_label) or st.section_path == s.key:
                out[i] = k
    return tuple(out)


def _line_key(line: str) -> str:
    return "".join(unicodedata.normalize("NFKC", line).split())


def _own_texts(chunks: Sequence[Chunk], sections: Sequence[NumberingSection]) -> list[str]:
    """Each section's lines that no other section of the document has (all its lines
    when it has none of its own)."""
    lines = [[_line_key(ln) for c in chunks[s.start:s.end] for ln in c.content.split("\n") if ln.strip()]
             for s in sections]
    spread = Counter(k for ls in lines for k in set(ls))
    out = []
    for ls in lines:
        own = [k for k in ls if spread[k] == 1] or ls
        out.append("\n".join(own)[:MAX_SECTION_CHARS])
    return out


def _title_similarity(a: str, b: str) -> float | None:
    if not a or not b:
        return None
    return float(Indel.normalized_similarity(unicodedata.normalize("NFKC", a), unicodedata.normalize("NFKC", b)))


def align_sections(doc_a: Document, doc_b: Document, dp: DPParams | None = None) -> SectionMap:
    """Align the numbering sections of A and B (order-preserving dynamic programme over
    ½ title similarity + ½ similarity of their own text; the text alone when a section
    has no title), with the alignment objective of the chunks (*dp*: the calibration's)."""
    sa = tuple(numbering_sections(doc_a.chunks))
    sb = tuple(numbering_sections(doc_b.chunks))
    of_a, of_b = _held(doc_a.chunks, sa), _held(doc_b.chunks, sb)
    if all(s == FREE for s in of_a) and all(s == FREE for s in of_b):
        return SectionMap(of_a, of_b, sa, sb, ())
    texts_a, texts_b = _own_texts(doc_a.chunks, sa), _own_texts(doc_b.chunks, sb)
    sim = TextSimilarity(texts_a, texts_b, params=SimilarityParams())
    everything = list(range(len(sa))), list(range(len(sb)))
    # many sections (a document of thousands of riders): cut as the plan cuts a huge gap, along a
    # chain of candidates by their own text (:mod:`.large_gaps`), never all n × m similarities
    pieces = ([(0, 0, len(sa), len(sb), (0, len(sb)))] if len(sa) * len(sb) <= MAX_SECTION_CELLS
              else cut_large(sim, *everything, MAX_SECTION_CELLS))
    pairs: list[tuple[int, int]] = []
    for r0, c0, r1, c1, _ in pieces:
        content = sim.cosine_matrix(everything[0][r0:r1], everything[1][c0:c1])
        s = np.zeros((r1 - r0, c1 - c0), dtype=np.float32)
        for x, a in enumerate(sa[r0:r1]):
            for y, b in enumerate(sb[c0:c1]):
                title = _title_similarity(a.title, b.title)
                s[x, y] = content[x, y] if title is None else 0.5 * title + 0.5 * content[x, y]
        pairs.extend((la[0] + r0, lb[0] + c0) for la, lb, _ in align_gap({(1, 1): s.astype(np.float64)}, dp or DPParams()))
    return SectionMap(of_a, of_b, sa, sb, tuple(pairs))


class ScopedSimilarity(TextSimilarity):
    """The plan's and the agent's similarity, zero between chunks whose sections do not
    correspond: no wording makes a clause of one rider the counterpart of another's."""

    def __init__(self, *args: Any, sections: SectionMap, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sections = sections

    def matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        return super().matrix(ia, ib) * self.sections.mask(ia, ib)

    def matrices(self, gaps: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[np.ndarray]:
        return [s * self.sections.mask(ia, ib) for s, (ia, ib) in zip(super().matrices(gaps), gaps)]

    def cosine_matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        return super().cosine_matrix(ia, ib) * self.sections.mask(ia, ib)

    def cosine_blocks(self, blocks: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[np.ndarray]:
        return [s * self.sections.mask(ia, ib) for s, (ia, ib) in zip(super().cosine_blocks(blocks), blocks)]

    def cosine_pairs(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        scores = super().cosine_pairs(ia, ib)
        if not self.sections.constrained:
            return scores
        return scores * np.array([self.sections.compatible(i, j) for i, j in zip(ia, ib)], dtype=np.float32)

    def group_matrix(self, groups_a: Sequence[Sequence[int]], groups_b: Sequence[Sequence[int]]) -> np.ndarray:
        return super().group_matrix(groups_a, groups_b) * self.sections.group_mask(groups_a, groups_b)

    def group_matrices(self, requests: Sequence[tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]]
                       ) -> list[np.ndarray]:
        return [s * self.sections.group_mask(ga, gb) for s, (ga, gb) in zip(super().group_matrices(requests), requests)]

    def pairwise(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        scores = super().pairwise(ia, ib)
        return scores * np.array([self.sections.compatible(i, j) for i, j in zip(ia, ib)], dtype=np.float32)
