"""What a citation points at in its own document: a provision and, below it, a paragraph,
an item, a sub-item (:class:`Target`), from the citing provision's position for a relative
one.

前条 / 次条 are the articles before and after the citing one in its numbering section (前二条:
the two before); 前項 / 次項 the paragraphs around the citing paragraph, 前号 / 次号 the items
around the citing item; 本条 / 本項 / 本号 the citing ones; 同条 / 同項 / 同号 the article,
paragraph or item the latest citation before it that wrote one named (「民法第九十条…第一項…
同条第二項」: 同条 is 民法's 第九十条). A member of a list takes the steps above its first from the
member before it (「前条第一項、第三項又は第四項」: paragraphs of 前条); any other citation that starts
with a paragraph cites the citing article's, one that starts with an item the citing paragraph's. An item cited under an article without a paragraph is in its first paragraph
(第二条第三号). 前各項 / 前各号 (every one before) are positions by design and not resolved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..document import LEVELS, Citation, Part, Step
from .outline import Key, Outline

__all__ = ["Resolved", "Target", "citing_target", "find_part", "resolve_chunk"]

Path = tuple[tuple[str, tuple[int | str, ...]], ...]  # (("paragraph", (2,)), ("item", (3,)))


@dataclass(frozen=True, slots=True)
class Target:
    provision: int  # index into Outline.provisions
    path: Path = ()


@dataclass(frozen=True, slots=True)
class Resolved:
    """A citation of one chunk and what it points at: ``ok`` (*targets*, each existing),
    ``missing`` (a number the document does not have: *targets* says what it would be),
    ``external`` (another instrument), ``unread`` (it cannot be told: a plain number in
    supplementary provisions of another act, 前各号, 同条 with nothing before it), ``own``
    (the provision's own number, where it opens: no reference), ``quoted`` (within 「…」:
    words quoted, no reference)."""

    citation: Citation
    status: str
    targets: tuple[Target, ...] = ()
    base: int = -1  # the citation (index in the chunk's list) it took its higher steps from, or -1
    position: int = 0  # where it is in its provision's text
    provision: int = -1  # the provision that cites (-1: a chunk that is none)


_UNREAD = "unread"


def find_part(parts: Sequence[Part], path: Path) -> int | None:
    """The index of the part *path* names in *parts* (None when there is none; -1 for the
    provision itself)."""
    parent = -1
    for level, number in path:
        found = next((k for k, p in enumerate(parts) if p.parent == parent and p.level == level and p.number == number),
                     None)
        if found is None:
            return None
        parent = found
    return parent


def _citing_path(parts: Sequence[Part], at: int) -> Path:
    """The paragraph, item and sub-item the text at *at* is in."""
    out: list[tuple[str, tuple[int | str, ...]]] = []
    parent = -1
    while True:
        inner = next((k for k, p in enumerate(parts) if p.parent == parent and p.start <= at < p.end), None)
        if inner is None:
            return tuple(out)
        out.append((parts[inner].level, parts[inner].number))
        parent = inner


def _siblings(parts: Sequence[Part], path: Path, level: str) -> tuple[list[int], int | None]:
    """The parts of *level* beside the one of *path* at that level (in order), and the index
    of that one among them."""
    cut = next((k for k, (lv, _) in enumerate(path) if lv == level), None)
    if cut is None:
        return [], None
    parent = find_part(parts, path[:cut])
    if parent is None:
        return [], None
    same = [k for k, p in enumerate(parts) if p.parent == parent and p.level == level]
    me = find_part(parts, path[:cut + 1])
    return same, (same.index(me) if me in same else None)


class _Reader:
    """Resolves the citations of one chunk in order."""

    def __init__(self, outline: Outline, chunk: int, title: str) -> None:
        self.o = outline
        self.chunk = chunk
        self.title = title
        self.p = outline.of_chunk[chunk]
        self.section = outline.section_of[chunk]
        self.offset = outline.offset(self.p, chunk) if self.p >= 0 else 0
        self.out: list[Resolved] = []

    def read(self, found: Sequence[Citation]) -> list[Resolved]:
        own_end = -1  # the provision's own number (第五条, Section 4.2) is no reference
        if self.p >= 0 and self.o.provisions[self.p].chunks[0] == self.chunk:
            own_end = self.o.provisions[self.p].opening
        foreign = self.o.foreign(self.section)
        for c in found:
            if foreign:
                self.out.append(Resolved(c, _UNREAD, position=self.offset + c.start))
                continue
            if c.end <= own_end or c.quoted:  # its own number; words quoted (「前項」とあるのは)
                self.out.append(Resolved(c, "own" if c.end <= own_end else "quoted", position=self.offset + c.start))
                continue
            r = self._one(c)
            self.out.append(Resolved(r.citation, r.status, r.targets, r.base, r.position, self.p))
        return self.out

    def _one(self, c: Citation) -> Resolved:
        at = self.offset + c.start
        if c.external(self.title):
            return Resolved(c, "external", position=at)
        first = c.steps[0]
        if first.level == "structure":
            return Resolved(c, _UNREAD, position=at)
        base, start = -1, None
        if c.continues and first.level not in ("article", "appendix"):
            prior = self.out[c.joined]
            if prior.status not in ("ok", "missing") or not prior.targets:
                return Resolved(c, "external" if prior.status == "external" else _UNREAD, base=c.joined, position=at)
            t = prior.targets[0]
            keep = tuple(step for step in t.path if _rank(step[0]) < first.rank)
            start, base = Target(t.provision, keep), c.joined
        elif first.relative:
            return self._relative(c, at)
        elif first.level in ("article", "appendix"):  # the article looked up by its number
            return self._walk(c, None, c.steps[1:], c.joined if c.continues else -1, at)
        else:
            start = self._absolute_start(c)
            if start is None:
                return Resolved(c, _UNREAD, position=at)
        return self._walk(c, start, c.steps, base, at)

    def _absolute_start(self, c: Citation) -> Target | None:
        """Where a citation that starts with a paragraph or an item starts: the citing
        article (附則第二項: the supplementary provisions), or the citing paragraph."""
        first = c.steps[0]
        if self.p < 0:
            return None
        if first.level == "paragraph" and c.supplement:
            scope = self.o.scope(self.section, True)
            found = None if scope is None else self.o.find(scope, ("附則", ()))
            return None if found is None or found < 0 else Target(found)
        if first.level == "paragraph":
            return Target(self.p)
        here = _citing_path(self.o.parts(self.p), self.offset + c.start)
        return Target(self.p, tuple(s for s in here if s[0] == "paragraph")[:1] or (("paragraph", (1,)),))

    def _walk(self, c: Citation, start: Target | None, steps: Sequence[Step], base: int, at: int) -> Resolved:
        """From *start* (None: the article of the first step), down the written steps."""
        if start is None:
            first = c.steps[0]
            key: Key
            if first.level == "appendix":
                kind = "別表" if c.lang == "ja" else first.kind
                p = self.o.schedules.get((kind, first.number))
                if p is None:
                    return Resolved(c, "missing", base=base, position=at)
            else:
                scope = self.o.scope(self.section, c.supplement)
                if scope is None:
                    return Resolved(c, _UNREAD, base=base, position=at)
                key = (first.kind, first.number) if c.lang == "ja" else (first.kind, tuple(str(n).lower() for n in first.number))
                p = self.o.find(scope, key)
                if p is None and c.lang == "en" and "." in str(first.number[0]):
                    found = self._sub_clause(scope, first.kind, str(first.number[0]).lower())
                    if found is not None:
                        return self._walk(c, found, steps, base, at)
                if p is None:
                    return Resolved(c, "missing", base=base, position=at)
            if p < 0:
                return Resolved(c, _UNREAD, base=base, position=at)
            start = Target(p)
        path = list(start.path)
        for step in steps:
            if step.level == "item" and c.lang == "ja" and not any(lv == "paragraph" for lv, _ in path):
                path.append(("paragraph", (1,)))  # 第二条第三号: an item of its first paragraph
            if step.level == "subitem" and not any(lv == "item" for lv, _ in path):
                return Resolved(c, _UNREAD, base=base, position=at)
            path.append((step.level, step.number))
        target = Target(start.provision, tuple(path))
        exists = not path or find_part(self.o.parts(start.provision), target.path) is not None
        return Resolved(c, "ok" if exists else "missing", (target,), base, at)

    def _sub_clause(self, scope: int, kind: str, number: str) -> Target | None:
        """``Section 4.2`` where 4.2 is no section of its own but a numbered sub-clause of
        Section 4 (a line 「4.2 The Customer shall …」 in it)."""
        parent = self.o.find(scope, (kind, (number.rsplit(".", 1)[0],)))
        if parent is None or parent < 0:
            return None
        path = (("paragraph", (number,)),)
        return Target(parent, path) if find_part(self.o.parts(parent), path) is not None else None

    def _relative(self, c: Citation, at: int) -> Resolved:
        first = c.steps[0]
        if first.relative == "前各" or self.p < 0:
            return Resolved(c, _UNREAD, position=at)
        if first.relative == "同":
            return self._same(c, at)
        parts = self.o.parts(self.p)
        here = _citing_path(parts, at)
        if first.level == "article":
            if first.relative == "本":
                targets = [Target(self.p)]
            else:
                targets = [Target(q) for q in self._articles_around(first.relative, first.count)]
        else:
            if first.relative == "本":
                cut = next((k for k, (lv, _) in enumerate(here) if lv == first.level), None)
                targets = [] if cut is None else [Target(self.p, here[:cut + 1])]
            else:
                same, me = _siblings(parts, here, first.level)
                if me is None:
                    return Resolved(c, _UNREAD, position=at)
                picked = same[max(0, me - first.count):me] if first.relative == "前" else same[me + 1:me + 2]
                if len(picked) < first.count:
                    return Resolved(c, _UNREAD, position=at)
                cut = next(k for k, (lv, _) in enumerate(here) if lv == first.level)
                targets = [Target(self.p, (*here[:cut], (first.level, parts[k].number))) for k in picked]
        if not targets:
            return Resolved(c, _UNREAD, position=at)
        if len(c.steps) > 1:
            if len(targets) > 1:
                return Resolved(c, _UNREAD, position=at)
            return self._walk(c, targets[0], c.steps[1:], -1, at)
        return Resolved(c, "ok", tuple(targets), -1, at)

    def _articles_around(self, relative: str, count: int) -> list[int]:
        same = self.o.siblings(self.p)
        me = same.index(self.p)
        picked = same[max(0, me - count):me] if relative == "前" else same[me + 1:me + 2]
        return picked if len(picked) == count else []

    def _same(self, c: Citation, at: int) -> Resolved:
        """同条 / 同項 / 同号: the article, paragraph or item the latest citation before it that
        names one wrote (「民事訴訟法第九十一条第四項…第一項に規定する…同条第四項」: 同条 is 第九十一条)."""
        level = c.steps[0].level
        for k in range(len(self.out) - 1, -1, -1):
            prior = self.out[k]
            if prior.status in ("own", "quoted") or not any(s.level == level for s in prior.citation.steps):
                continue
            if prior.status == "external":
                return Resolved(c, "external", base=k, position=at)
            if prior.status not in ("ok", "missing") or len(prior.targets) != 1:
                return Resolved(c, _UNREAD, base=k, position=at)
            t = prior.targets[0]
            if level == "article":
                start = Target(t.provision)
            else:
                cut = next((n for n, (lv, _) in enumerate(t.path) if lv == level), None)
                if cut is None:
                    return Resolved(c, _UNREAD, base=k, position=at)
                start = Target(t.provision, t.path[:cut + 1])
            if len(c.steps) == 1:
                exists = find_part(self.o.parts(start.provision), start.path) is not None
                return Resolved(c, "ok" if exists else "missing", (start,), k, at)
            return self._walk(c, start, c.steps[1:], k, at)
        return Resolved(c, _UNREAD, position=at)


def _rank(level: str) -> int:
    return LEVELS[level]


def citing_target(outline: Outline, r: Resolved) -> Target | None:
    """Where *r* stands: its provision, and the paragraph and item it is in."""
    if r.provision < 0:
        return None
    return Target(r.provision, _citing_path(outline.parts(r.provision), r.position))


def resolve_chunk(outline: Outline, chunk: int, found: Sequence[Citation], title: str = "") -> list[Resolved]:
    """What each citation *found* in chunk *chunk* of the outline's document points at."""
    return _Reader(outline, chunk, title).read(found)
