"""Where each provision of A went in B, and each of its paragraphs, items and sub-items: the
comparison's rows pair the provisions (a split or a merge pairs several); within a pair whose
texts differ, the parts are aligned here — parts with the same words (their numbers and the
numbers they cite set aside: a part whose references were updated is the same part) that
occur once on each side and keep their order are certain; between two of those, as many
parts on each side are the same parts rewritten in place (「第二項を次のように改める」), and
otherwise parts are paired by their likeness (at least half alike), in order. A part of A
left unpaired was deleted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from rapidfuzz.distance import Indel

from ..document import Document, Part, fold_width
from ..result import Change
from .outline import Outline
from .resolve import Path, Target, find_part

__all__ = ["Correspondence", "align_in_order", "words_key"]

_NUMERALS = re.compile(r"[0-9〇一二三四五六七八九十百千]+")
_SPACE = re.compile(r"\s+")
_MARK = re.compile(r"^(?:[0-9]+|[〇一二三四五六七八九十百千]+(?:の[〇一二三四五六七八九十百千]+)*|[(（][0-9a-zA-Z]+[)）]"
                   r"|[\u2460-\u2473]|[イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス])\s*")
_ALIKE = 0.5  # two parts at least half alike (Indel similarity) may be one part rewritten
_Unit = tuple[int, int]  # a part: (provision, index in its parts)
_SAME = 0.8  # a part of B this alike to one of A already paired is a copy of it (a split)


def words_key(text: str) -> str:
    """A part's words without its number, the numbers it cites or its spacing: two parts with
    the same key say the same but for numbers."""
    t = _MARK.sub("", fold_width(text).strip(), count=1)
    return _SPACE.sub("", _NUMERALS.sub("#", t))


def _chain(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest run of *pairs* (sorted by the first) whose second items increase."""
    best: list[list[tuple[int, int]]] = []
    for p in pairs:
        prev = max((c for c in best if c[-1][1] < p[1]), key=len, default=[])
        best.append([*prev, p])
    return max(best, key=len, default=[])


def align_in_order(ka: Sequence[str], kb: Sequence[str]) -> list[tuple[int, int]]:
    """Pairs (i, j) of the parts *ka* of A and *kb* of B (their keys), in order."""
    ca, cb = Counter(ka), Counter(kb)
    at_b = {k: j for j, k in enumerate(kb) if cb[k] == 1}
    anchors = _chain([(i, at_b[k]) for i, k in enumerate(ka) if ca[k] == 1 and k in at_b])
    pairs = list(anchors)
    bounds = [(-1, -1), *anchors, (len(ka), len(kb))]
    for (i0, j0), (i1, j1) in zip(bounds, bounds[1:]):
        ga, gb = list(range(i0 + 1, i1)), list(range(j0 + 1, j1))
        if not ga or not gb:
            continue
        if len(ga) == len(gb):
            pairs.extend(zip(ga, gb))  # rewritten in place
        else:
            pairs.extend(_alike(ka, kb, ga, gb))
    return sorted(pairs)


def _alike(ka: Sequence[str], kb: Sequence[str], ga: list[int], gb: list[int]) -> list[tuple[int, int]]:
    """The pairs in order with the most likeness in all, each at least :data:`_ALIKE`."""
    n, m = len(ga), len(gb)
    sim = [[Indel.normalized_similarity(ka[i], kb[j]) for j in gb] for i in ga]
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for x in range(n - 1, -1, -1):
        for y in range(m - 1, -1, -1):
            take = sim[x][y] + best[x + 1][y + 1] if sim[x][y] >= _ALIKE else -1.0
            best[x][y] = max(take, best[x + 1][y], best[x][y + 1])
    out, x, y = [], 0, 0
    while x < n and y < m:
        if sim[x][y] >= _ALIKE and best[x][y] == sim[x][y] + best[x + 1][y + 1]:
            out.append((ga[x], gb[y]))
            x, y = x + 1, y + 1
        elif best[x][y] == best[x + 1][y]:
            x += 1
        else:
            y += 1
    return out


class Correspondence:
    """The comparison's pairing of A's provisions and parts with B's."""

    def __init__(self, oa: Outline, ob: Outline, rows: Sequence[Change], doc_a: Document, doc_b: Document) -> None:
        self.oa, self.ob = oa, ob
        self.to_b: dict[int, list[int]] = {}
        self.deleted: set[int] = set()
        for row in rows:
            ia = [i for i in (doc_a.position(x) for x in row.a_ids) if i is not None]
            jb = [j for j in (doc_b.position(x) for x in row.b_ids) if j is not None]
            opened = [p for i in ia if (p := oa.of_chunk[i]) >= 0 and oa.provisions[p].chunks[0] == i]
            if not opened:
                continue
            if not jb:
                self.deleted.update(opened)
                continue
            pb = list(dict.fromkeys(q for j in jb if (q := ob.of_chunk[j]) >= 0))
            for p in opened:
                self.to_b[p] = pb
        self._parts: dict[tuple[int, tuple[int, ...]], tuple[dict[_Unit, _Unit], dict[_Unit, list[_Unit]]]] = {}

    def provisions(self, p: int) -> tuple[str, list[int]]:
        """("deleted", []), ("same", B provisions) or ("unknown", [])."""
        if p in self.deleted:
            return "deleted", []
        pb = self.to_b.get(p)
        if not pb:
            return "unknown", []
        if all(self.ob.provisions[q].placeholder for q in pb) and not self.oa.provisions[p].placeholder:
            return "deleted", []  # 「第九条　削除」
        return "same", pb

    def expect(self, t: Target) -> tuple[str, tuple[Target, ...]]:
        """Where the A target *t* is in B: ("same", its targets there), ("deleted", ()) or
        ("unknown", ()) (nothing certain: not paired, or not a part A has)."""
        state, pb = self.provisions(t.provision)
        if state != "same":
            return state, ()
        if not t.path:
            return "same", tuple(Target(q) for q in pb)
        parts_a = self.oa.parts(t.provision)
        k = find_part(parts_a, t.path)
        if k is None:
            return "unknown", ()
        if len(pb) == 1 and self.oa.text(t.provision) == self.ob.text(pb[0]):
            return "same", (Target(pb[0], t.path),)  # the same text: the same parts
        pairs, spread = self._paired(t.provision, pb)
        found = spread.get((t.provision, k)) or ([pairs[(t.provision, k)]] if (t.provision, k) in pairs else [])
        if not found:
            return "deleted", ()
        return "same", tuple(Target(q, _path(self.ob.parts(q), kb)) for q, kb in found)

    def counterpart(self, t: Target) -> Target | None:
        """The one part of B the comparison pairs with *t* (a provision, or a part of one), or None."""
        state, pb = self.provisions(t.provision)
        if state != "same" or not pb:
            return None
        if not t.path:
            return Target(pb[0]) if len(pb) == 1 else None
        k = find_part(self.oa.parts(t.provision), t.path)
        if k is None:
            return None
        if len(pb) == 1 and self.oa.text(t.provision) == self.ob.text(pb[0]):
            return Target(pb[0], t.path)
        found = self._paired(t.provision, pb)[0].get((t.provision, k))
        return None if found is None else Target(found[0], _path(self.ob.parts(found[0]), found[1]))

    def parts_map(self, p: int, pb: Sequence[int]) -> dict[tuple[int, int], tuple[int, int]]:
        """The parts of A's provision *p* paired one to one with those of B's *pb*: (p, index) →
        (q, index)."""
        return self._paired(p, pb)[0]

    def _paired(self, p: int, pb: Sequence[int]) -> tuple[dict[_Unit, _Unit], dict[_Unit, list[_Unit]]]:
        """The parts paired one to one, and each top part of A (a paragraph) with every part of
        B it went to: a paragraph with items is where its items went (a paragraph split in two,
        its items shared out between two paragraphs of B, is in both), one without by its words.

        Paragraphs are paired by their own words (the words before their items); their items
        are paired across the whole provision, so that an item that moved to another paragraph
        is found there; the parts below an item within the pair."""
        key = (p, tuple(pb))
        if key not in self._parts:
            parts_a = self.oa.parts(p)
            top_a = [(p, k) for k, part in enumerate(parts_a) if part.parent < 0]
            top_b = [(q, k) for q in pb for k, part in enumerate(self.ob.parts(q)) if part.parent < 0]
            pairs: dict[_Unit, _Unit] = {}
            self._align(top_a, top_b, pairs, body=True)
            second_a = [(p, k) for k, part in enumerate(parts_a) if part.parent >= 0 and parts_a[part.parent].parent < 0]
            second_b = [(q, k) for q in pb for k, part in enumerate(self.ob.parts(q))
                        if part.parent >= 0 and self.ob.parts(q)[part.parent].parent < 0]
            self._align(second_a, second_b, pairs, deeper=True)
            spread: dict[_Unit, list[_Unit]] = {}
            self._copies(p, second_a, second_b, pairs, spread)
            for ua in top_a:
                went: list[_Unit] = []  # the B paragraphs its items went to
                for k, part in enumerate(parts_a):
                    ub = pairs.get((p, k))
                    if part.parent == ua[1] and ub is not None:
                        parent = (ub[0], self.ob.parts(ub[0])[ub[1]].parent)
                        if parent not in went:
                            went.append(parent)
                if went:  # a paragraph is where its items are (its words before them are a formula)
                    if pairs.get(ua) not in went:
                        pairs[ua] = went[0]
                    spread[ua] = went
                elif ua in pairs:
                    spread[ua] = [pairs[ua]]
            self._parts[key] = (pairs, spread)
        return self._parts[key]

    def _copies(self, p: int, units_a: list[_Unit], units_b: list[_Unit], pairs: dict[_Unit, _Unit],
                spread: dict[_Unit, list[_Unit]]) -> None:
        """An item of A split in two (its words in two items of B, as when a paragraph is divided
        by penalty): an item of B left unpaired whose nearest item of A, by its words, is at least
        :data:`_SAME` alike went there too."""
        paired_b = set(pairs.values())
        keys_a = [self._key(self.oa, u, False) for u in units_a]
        for ub in units_b:
            if ub in paired_b:
                continue
            kb = self._key(self.ob, ub, False)
            best, k = max(((Indel.normalized_similarity(ka, kb), k) for k, ka in enumerate(keys_a)), default=(0.0, -1))
            if best >= _SAME and units_a[k] in pairs:
                spread.setdefault(units_a[k], [pairs[units_a[k]]]).append(ub)

    def _align(self, units_a: list[_Unit], units_b: list[_Unit], out: dict[_Unit, _Unit], *,
               body: bool = False, deeper: bool = False) -> None:
        """Align parts of A (*units_a*: provision, index) with those of B, in order (by their
        own words when *body*, else by all their words), then, when *deeper*, the parts below
        each pair, pair by pair."""
        keys_a = [self._key(self.oa, u, body) for u in units_a]
        keys_b = [self._key(self.ob, u, body) for u in units_b]
        for i, j in align_in_order(keys_a, keys_b):
            ua, ub = units_a[i], units_b[j]
            if self.oa.parts(ua[0])[ua[1]].level != self.ob.parts(ub[0])[ub[1]].level:
                continue
            out[ua] = ub
            if deeper:
                below_a = [(ua[0], k) for k, part in enumerate(self.oa.parts(ua[0])) if part.parent == ua[1]]
                below_b = [(ub[0], k) for k, part in enumerate(self.ob.parts(ub[0])) if part.parent == ub[1]]
                if below_a and below_b:
                    self._align(below_a, below_b, out, deeper=True)

    @staticmethod
    def _key(o: Outline, u: _Unit, body: bool) -> str:
        part = o.parts(u[0])[u[1]]
        return words_key(o.text(u[0])[part.start:part.body_end if body else part.end])


def _path(parts: Sequence[Part], k: int) -> Path:
    out = []
    while k >= 0:
        out.append((parts[k].level, parts[k].number))
        k = parts[k].parent
    return tuple(reversed(out))
