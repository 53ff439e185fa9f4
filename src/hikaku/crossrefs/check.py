"""The check: every reference of B against what the same reference pointed at in A.

For each row with text in B, each reference of B is matched with the same reference in the
row's A text — within the parts the comparison pairs, when the row pairs one provision with
one (:mod:`.pairing`, :mod:`.mapping`); both are resolved in their own document
(:mod:`.resolve`), and A's target is followed to B through the comparison's pairing of
provisions and parts. A reference that keeps A's numbers (written as in A, or naming the same
numbers otherwise) must point where A's target went:

- ``deleted_target`` when A's target was deleted (no counterpart, or 「第九条　削除」);
- ``relative_shift`` when a relative reference (前条, 前項, 次号) now points elsewhere — unless
  the drafter reworded the words around it (and so meant the paragraph before it now);
- ``stale`` when any other reference now points elsewhere, or at nothing: the suggestion is
  where A's target is now, written in the reference's own shape.

Not flagged: a reference that takes its higher steps from one the drafter rewrote (「及び第十一号」
after a rewritten 「第二条第二項第十号」, 「同項第八号」 after a retargeted antecedent); one that
reads from where it stands (前号, a bare 第三号) and was moved or copied with its words into
another paragraph, away from what it meant; and one whose meant target the same list cites
by its number already (no list cites a provision twice). A reference the drafter rewrote, or
one new in B, can only be checked against B: a number B does not have is ``missing_target``, a
provision B keeps only by its number (削除) is ``deleted_target``. A reference whose A
counterpart pointed at nothing either (a mistake older than the revision), a reference to
another instrument and one whose numbering cannot be told (:mod:`.outline`) are not flagged.
A new provision's references are checked against B only: compared with the provision of their
number in A, they were flagged where they cite the new numbering correctly (on the dev
statutes, every such reference did).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ..document import (
    Citation,
    ClauseRef,
    Document,
    NumberingSection,
    Part,
    citations,
    fold_width,
    numbering_sections,
)
from ..result import Change, ReferenceFlag, ReferenceKind
from .mapping import Correspondence, words_key
from .outline import Outline
from .pairing import counterparts
from .resolve import Resolved, Target, citing_target, resolve_chunk
from .stability import Stability
from .writing import suggestion, target_label

__all__ = ["check_references"]


@dataclass(frozen=True, slots=True)
class _Finding:
    """What the check found of one reference: a flag's kind, or ``new`` (nothing to say)."""

    kind: str
    a: _Ref | None
    expected: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class _Ref:
    """A resolved reference of a row, with its place in the row's text and the index of the
    reference it took steps from (in the row's list)."""

    resolved: Resolved
    chunk: int  # position in the document
    start: int  # in the row's text
    end: int
    base: int  # index in the row's list, or -1


def _row_refs(outline: Outline, doc: Document, chunks: Sequence[int], title: str,
              read: dict[str, list[Citation]]) -> list[_Ref]:
    """The references of a row's chunks, resolved, with their places in the row's text; *read*:
    the citations of each text read so far (B's twins of A's chunks are most of B)."""
    out: list[_Ref] = []
    at = 0
    for i in chunks:
        content = doc.chunks[i].content
        found = read.get(content)
        if found is None:
            found = read[content] = citations(content)
        first = len(out)
        for r in resolve_chunk(outline, i, found, title):
            base = first + r.base if r.base >= 0 else -1
            out.append(_Ref(r, i, at + r.citation.start, at + r.citation.end, base))
        at += len(content) + 1
    return out


def _written_same(rb: _Ref, ra: _Ref) -> bool:
    """Whether B's reference is written as A's (full- and half-width alike)."""
    return fold_width(rb.resolved.citation.text) == fold_width(ra.resolved.citation.text)


def _address(o: Outline, t: Target) -> tuple[object, ...]:
    """The numbers *t* is cited by: its provision's kind and number (附則 ones apart) and the
    numbers of its parts."""
    prov = o.provisions[t.provision]
    return prov.kind, prov.number, o.supplementary[prov.section] or prov.section == o.first_supplement, t.path


def _list_of(k: int, refs: list[_Ref]) -> set[int]:
    """The references of the list or range reference *k* is in (joined one to the next)."""
    link = {n: r.resolved.citation.joined for n, r in enumerate(refs)}
    chunk_first: dict[int, int] = {}
    for n, r in enumerate(refs):
        chunk_first.setdefault(r.chunk, n)
    def head(n: int) -> int:
        while link[n] >= 0:
            n = chunk_first[refs[n].chunk] + link[n]
        return n
    h = head(k)
    return {n for n, r in enumerate(refs) if r.chunk == refs[k].chunk and head(n) == h}


def _inside(part: Part, r: _Ref) -> bool:
    """Whether the reference is in the part's own words (not in a part below it)."""
    return part.start <= r.start < part.body_end


def _above(level: str) -> str:
    """The level above *level* (what a list member or 同項 takes from the reference before it)."""
    return {"paragraph": "article", "item": "paragraph", "subitem": "item"}.get(level, "article")


def _upto(t: Target, level: str) -> tuple[object, ...]:
    """*t* down to its step of *level* (the provision for an article)."""
    if level in ("article", "appendix"):
        return (t.provision,)
    cut = next((k for k, (lv, _) in enumerate(t.path) if lv == level), len(t.path) - 1)
    return (t.provision, *t.path[:cut + 1])


def _positional(c: Citation) -> bool:
    return len(c.steps) >= 1 and c.steps[0].relative in ("前", "次", "本")


class _Checker:
    def __init__(self, doc_a: Document, doc_b: Document, rows: Sequence[Change], oa: Outline, ob: Outline) -> None:
        self.doc_a, self.doc_b, self.rows = doc_a, doc_b, rows
        self.oa, self.ob = oa, ob
        self.corr = Correspondence(oa, ob, rows, doc_a, doc_b)
        self.stability = Stability(oa, ob, self.corr)
        self.flags: list[ReferenceFlag] = []
        self.read: dict[str, list[Citation]] = {}  # the citations of each text, read once

    def row(self, index: int, row: Change) -> None:
        jb = [j for j in (self.doc_b.position(x) for x in row.b_ids) if j is not None]
        if not jb:
            return
        ia = [i for i in (self.doc_a.position(x) for x in row.a_ids) if i is not None]
        if len(ia) == len(jb) == 1:
            text = self.doc_a.chunks[ia[0]].content
            if text == self.doc_b.chunks[jb[0]].content and self.stability.quiet(ia[0], text):
                return  # kept as it was, and nothing it may cite moved
        refs_b = _row_refs(self.ob, self.doc_b, jb, self.doc_b.title, self.read)
        if not refs_b:
            return
        refs_a = _row_refs(self.oa, self.doc_a, ia, self.doc_a.title, self.read) if ia else []
        match, reworded = self._match(ia, jb, refs_a, refs_b)
        found: list[_Finding | None] = []
        for k, rb in enumerate(refs_b):
            ka = match[k]
            if ka is not None and self._kept_number(rb, refs_a[ka]):
                found.append(self._kept(rb, refs_a[ka], reworded[k]))
            else:
                found.append(self._new(rb, refs_a[ka] if ka is not None else None))
        for k, f in enumerate(found):
            if f is None or f.kind == "new":
                continue
            expected = f.expected
            if f.kind in ("stale", "relative_shift"):
                expected = self._uncited(k, f, refs_b, found)
                if not expected:
                    continue
            self._flag(f.kind, index, refs_b[k], f.a, expected)

    def _kept_number(self, rb: _Ref, ra: _Ref) -> bool:
        """Whether B's reference keeps A's: written the same (前項 as 前項), or naming the same
        numbers however written (「又は第三号」 after 第一項 in A, 「第一項第三号」 in B)."""
        if _written_same(rb, ra):
            return True
        b, a = rb.resolved, ra.resolved
        if b.citation.relative or a.citation.relative or len(b.targets) != 1 or len(a.targets) != 1:
            return False
        if a.status != "ok" or b.status not in ("ok", "missing"):
            return False
        return _address(self.oa, a.targets[0]) == _address(self.ob, b.targets[0])

    def _uncited(self, k: int, f: _Finding, refs_b: list[_Ref], found: list[_Finding | None]) -> tuple[Target, ...]:
        """What A's reference meant that no sound reference of B in the same list cites — no list
        cites one provision twice: in 「前条第一項、第三項、第四項又は第六項」, where A's 第四項 is now
        第六項, the 第四項 beside it means what it says (nothing left: no flag); of an item split in
        two whose one half the list cites, the other half."""
        cited: set[Target] = set()
        for n in _list_of(k, refs_b):
            verdict = found[n]
            if n != k and (verdict is None or verdict.kind == "new") and refs_b[n].resolved.status == "ok":
                cited.update(refs_b[n].resolved.targets)
        return tuple(t for t in f.expected if t not in cited)

    def _match(self, ia: list[int], jb: list[int], refs_a: list[_Ref],
               refs_b: list[_Ref]) -> tuple[list[int | None], list[bool]]:
        """Which reference of A each of B's is, and whether the words around it were reworded
        (more than numbers changed in its part): within the parts the comparison pairs when the row pairs one provision with one (an
        item inserted before another that starts with the same words takes none of its
        references), else over the row's whole texts."""
        text_a = "\n".join(self.doc_a.chunks[i].content for i in ia)
        text_b = "\n".join(self.doc_b.chunks[j].content for j in jb)
        if text_a == text_b and len(refs_a) == len(refs_b):
            return list(range(len(refs_b))), [False] * len(refs_b)  # the same text: the same references
        whole = [(r.start, r.end) for r in refs_a], [(r.start, r.end) for r in refs_b]
        p = self.oa.of_chunk[ia[0]] if len(ia) == 1 else -1
        q = self.ob.of_chunk[jb[0]] if len(jb) == 1 else -1
        if text_a == text_b or p < 0 or q < 0 or self.oa.provisions[p].chunks != ia or self.ob.provisions[q].chunks != jb:
            reworded = text_a != text_b and words_key(text_a) != words_key(text_b)
            return counterparts(text_a, whole[0], text_b, whole[1]), [reworded] * len(refs_b)
        parts_a, parts_b = self.oa.parts(p), self.ob.parts(q)
        paired = {kb: ka for (_, ka), (_, kb) in self.corr.parts_map(p, [q]).items()}
        out: list[int | None] = [None] * len(refs_b)
        reworded_b = [True] * len(refs_b)
        # the words before the first part (an English section's own sentences): over the whole texts
        loose_a = [k for k, r in enumerate(refs_a) if not any(_inside(part, r) for part in parts_a)]
        loose_b = [k for k, r in enumerate(refs_b) if not any(_inside(part, r) for part in parts_b)]
        if loose_b:
            found = counterparts(text_a, [whole[0][k] for k in loose_a], text_b, [whole[1][k] for k in loose_b])
            for k, n in zip(loose_b, found):
                out[k] = None if n is None else loose_a[n]
                reworded_b[k] = words_key(text_a) != words_key(text_b)
        for kb, ka in paired.items():
            in_a = [k for k, r in enumerate(refs_a) if _inside(parts_a[ka], r)]
            in_b = [k for k, r in enumerate(refs_b) if _inside(parts_b[kb], r)]
            if not in_b:
                continue
            a0, b0 = parts_a[ka].start, parts_b[kb].start
            found = counterparts(text_a[a0:parts_a[ka].body_end], [(refs_a[k].start - a0, refs_a[k].end - a0) for k in in_a],
                                 text_b[b0:parts_b[kb].body_end], [(refs_b[k].start - b0, refs_b[k].end - b0) for k in in_b])
            same_words = words_key(text_a[a0:parts_a[ka].body_end]) == words_key(text_b[b0:parts_b[kb].body_end])
            for k, n in zip(in_b, found):
                out[k] = None if n is None else in_a[n]
                reworded_b[k] = not same_words
        return out, reworded_b

    def _kept(self, rb: _Ref, ra: _Ref, reworded: bool) -> _Finding | None:
        """A reference written as in A: it must point where A's target went — one that reads
        from where it stands (前項, 次号, a bare 第三号) only where its words were not reworded
        and were not moved elsewhere (a drafter who rewrote the paragraph around 「前項」 meant the
        paragraph before it now)."""
        b, a = rb.resolved, ra.resolved
        if a.status != "ok" or b.status not in ("ok", "missing") or not a.targets:
            return None
        c = b.citation
        if len(c.steps) == 1 and c.steps[0].relative == "同":
            return None  # 同条 follows the reference before it, which is checked itself
        expected: list[Target] = []
        for t in a.targets:
            state, there = self.corr.expect(t)
            if state == "unknown":
                return None
            if state == "deleted":
                return _Finding("deleted_target", ra) if len(a.targets) == 1 and not self._moved(rb, ra, []) else None
            expected.extend(there)
        if b.status == "ok" and (set(b.targets) == set(expected) or (len(b.targets) == 1 and b.targets[0] in expected)):
            return _Finding("new", ra)  # (sound)
        first = c.steps[0]
        if (rb.base >= 0 and first.level not in ("article", "appendix") or first.relative == "同") and b.targets and \
                _upto(b.targets[0], _above(first.level)) not in {_upto(t, _above(first.level)) for t in expected}:
            return None  # what it takes from the reference before it (「及び第十一号」, 「同項第八号」) was rewritten
        if self._moved(rb, ra, expected):
            return None
        # a relative reference whose relative step now points elsewhere shifted; one whose later
        # steps do (前条第五項, the fifth paragraph now the sixth) kept a stale number
        relative = _positional(c) and (not b.targets or _upto(b.targets[0], c.steps[0].level)
                                       != _upto(expected[0], c.steps[0].level))
        if relative and reworded:
            return None
        return _Finding("relative_shift" if relative else "stale", ra, tuple(expected))

    def _moved(self, rb: _Ref, ra: _Ref, expected: Sequence[Target]) -> bool:
        """Whether a reference that reads from where it stands (前号, 前項, a bare 第三号 or 第二項)
        stands elsewhere in B, away from what it meant: its paragraph (for an item) or provision
        (for a paragraph) is not the counterpart of the one it stood in in A — it was moved or
        copied with its words into another context, where it reads from there —, and what A's
        reference meant (*expected*) is not in that context either."""
        b, a = rb.resolved, ra.resolved
        first = b.citation.steps[0]
        bound = first.relative in ("前", "次", "本") or (not first.relative and not b.citation.continues
                                                        and first.level in ("paragraph", "item") and not b.citation.supplement)
        if not bound or first.level not in ("paragraph", "item", "subitem"):
            return False
        where_a, where_b = citing_target(self.oa, a), citing_target(self.ob, b)
        if where_a is None or where_b is None:
            return False
        keep = 0 if first.level == "paragraph" else 1 if first.level == "item" else 2
        here = Target(where_b.provision, where_b.path[:keep])
        if any(Target(t.provision, t.path[:keep]) == here for t in expected):
            return False  # it moved together with what it meant
        return self.corr.counterpart(Target(where_a.provision, where_a.path[:keep])) != here

    def _new(self, rb: _Ref, ra: _Ref | None) -> _Finding | None:
        """A reference the drafter wrote (or rewrote) for B: it must point at a provision B has."""
        b = rb.resolved
        if b.status == "missing":
            if ra is not None and ra.resolved.status == "missing" and \
                    fold_width(ra.resolved.citation.text) == fold_width(b.citation.text):
                return None  # pointed at nothing in A either
            return _Finding("missing_target", ra)
        if b.status == "ok" and len(b.targets) == 1 and not b.targets[0].path:
            if self.ob.provisions[b.targets[0].provision].placeholder:
                return _Finding("deleted_target", ra)
        return _Finding("new", ra)

    def _flag(self, kind: str, index: int, rb: _Ref, ra: _Ref | None, expected: tuple[Target, ...]) -> None:
        b = rb.resolved
        c = b.citation
        a = ra.resolved if ra is not None else None
        reference = b.targets[0] if b.status == "ok" and b.targets else self._citing(b)
        if _positional(c):
            reference = self._citing(b) or reference
        self.flags.append(ReferenceFlag(
            kind=cast(ReferenceKind, kind), change=index, b_id=self.doc_b.chunks[rb.chunk].id, text=c.text, start=rb.start, end=rb.end,
            a_text=a.citation.text if a is not None else None,
            a_target=target_label(self.oa, a.targets, a.citation) if a is not None and a.targets and a.status == "ok"
            else None,
            a_target_ids=self._ids(self.oa, self.doc_a, a.targets) if a is not None and a.status == "ok" else [],
            b_target=target_label(self.ob, b.targets, c) if b.status == "ok" and b.targets else None,
            b_target_ids=self._ids(self.ob, self.doc_b, b.targets) if b.status == "ok" else [],
            suggestion=suggestion(self.ob, expected, c, reference, b.targets[0] if b.targets else None)
            if expected else None,
            suggestion_ids=self._ids(self.ob, self.doc_b, expected),
        ))

    def _citing(self, b: Resolved) -> Target | None:
        """Where the reference stands: its provision and the paragraph and item it is in."""
        return citing_target(self.ob, b)

    @staticmethod
    def _ids(o: Outline, doc: Document, targets: Sequence[Target]) -> list[str]:
        return list(dict.fromkeys(doc.chunks[o.provisions[t.provision].chunks[0]].id for t in targets))


def check_references(doc_a: Document, doc_b: Document, rows: Sequence[Change], *,
                     sections: tuple[Sequence[NumberingSection], Sequence[NumberingSection]] | None = None,
                     numbers: tuple[Sequence[ClauseRef | None], Sequence[ClauseRef | None]] | None = None,
                     ) -> list[ReferenceFlag]:
    """The cross-references of B to check after the revision from A to B, in the order of
    the rows (*rows*: the comparison's ``changes``). *sections*: the documents' numbering
    sections, *numbers*: their chunks' own numbers, when the caller has them."""
    sa, sb = sections or (numbering_sections(doc_a.chunks), numbering_sections(doc_b.chunks))
    own_a, own_b = numbers or (None, None)
    oa, ob = Outline(doc_a, sa, own_a), Outline(doc_b, sb, own_b)
    checker = _Checker(doc_a, doc_b, rows, oa, ob)
    for index, row in enumerate(rows):
        checker.row(index, row)
    return checker.flags
