"""The facts of one sentence and its counterpart: the inline diff's changes, each widened to what
a reader names — a whole number with its unit (「三十日」→「六十日」 differs in one character), a
whole reference, a whole word (「七」→「五」 is 「七大疾病」→「五大疾病」) — and said as what it is: a
changed value, a changed reference, the items an enumeration lost or gained, a proviso, else a
term. Each change is said once: what the items or numbers say is no term besides."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from ..result import Fact, ItemFact, NumberFact, ProvisoFact, ReferenceFact, TermFact
from ..text import shorten
from .counted import number_subject
from .enumerations import Item, enumeration_items
from .folding import fold
from .inline import DiffCache, change_regions, inline_ops
from .lines import match_text, reference_spans
from .numbers import NumberToken, compare_values, number_tokens

__all__ = ["Found", "phrase_facts", "PROVISO", "QUOTE", "QUOTE_LONG", "widen"]

QUOTE = 40  # an item or a term is quoted up to this many characters
QUOTE_LONG = 60  # a sentence or a proviso
PROVISO = re.compile(
    r"ただし|但し|を除[くきいけ]|は除[くき]|除外|に限[るりら]|対象外|この限りでない|この限りではない|適用しない|適用しません"
    r"|\b(?:except|excluding|exclusive of|other than|unless|provided that|provided, however|only if|only where"
    r"|not apply|does not cover|do not cover|not covered|limited to)\b", re.I)
_TRIVIAL = re.compile(r"^(?:[\s\u3000、。，,.．・;；:：()（）「」『』\[\]【】□'\"’‘“”]|及び|および|並びに|ならびに|又は|または|若しくは"
                      r"|もしくは|\band\b|\bor\b)*$")
_CONJUNCTIONS = ("又は", "若しくは", "及び", "並びに")
# what a number or a reference may hold (a change that touches none changes neither)
_NUMBERISH = re.compile(r"[0-9０-９〇一二三四五六七八九十百千万億兆$€£¥%％第条項号章節款目編前次同本当該別表附則§]"
                        r"|(?i:\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
                        r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
                        r"eighty|ninety|hundred|thousand|million|billion|article|section|clause|part|chapter)\b)")
# what joins the items of an enumeration
_SEPARATORS = re.compile(r"[、・;；]|[，,](?![0-9０-９])|及|又|並|若|および|または|ならびに|もしくは|その他|\band\b|\bor\b")
_WORDLIKE = re.compile(r"[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaffー々]")
_HIRAGANA = re.compile(r"[\u3041-\u309f]")
_WORD = re.compile(r"[A-Za-z0-9]")


@dataclass(frozen=True, slots=True)
class Found:
    """A fact and the sentence (or the list's lead-in) it was found in: what an attention signal
    reads (a removed item of 「…を対象とします」, a number of 「保険料は…」)."""

    fact: Fact
    context: str


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # number | reference
    start: int  # in the original text
    end: int
    text: str  # folded
    number: NumberToken | None = None


_MARGIN = 32  # around a change, the text read for numbers and references (a token is shorter)


def _tokens(text: str, near: list[tuple[int, int]]) -> tuple[list[_Token], str]:
    """The numbers and references of *text* that lie within :data:`_MARGIN` characters of the
    spans *near* (the changes): those are all a change can take in; each window is read on its
    own, a token that touches its cut ends left out (the window beside it, or none, holds it
    whole)."""
    f = fold(text)
    windows = _windows(near, len(f.text)) if len(f.text) == len(text) else [(0, len(f.text))]
    out: list[_Token] = []
    seen: set[tuple[int, int]] = set()
    for w0, w1 in windows:
        piece = f.text[w0:w1]
        cut_start, cut_end = w0 > 0, w1 < len(f.text)

        def whole(s: int, e: int, cut_start: bool = cut_start, cut_end: bool = cut_end, n: int = len(piece)) -> bool:
            return (s > 0 or not cut_start) and (e < n or not cut_end)

        refs = [(s, e) for s, e in reference_spans(piece) if whole(s, e)]
        for s, e in refs:
            if (w0 + s, w0 + e) not in seen:
                seen.add((w0 + s, w0 + e))
                out.append(_Token("reference", *f.span(w0 + s, w0 + e), piece[s:e]))
        for n in number_tokens(piece):
            if not whole(n.start, n.end) or any(s < n.end and n.start < e for s, e in refs):
                continue
            n = NumberToken(n.text, n.unit, n.dimension, n.value, w0 + n.start, w0 + n.end)
            if (n.start, n.end) not in seen:
                seen.add((n.start, n.end))
                out.append(_Token("number", *f.span(n.start, n.end), n.text, n))
    out.sort(key=lambda t: t.start)
    return out, f.text


def _windows(spans: list[tuple[int, int]], length: int) -> list[tuple[int, int]]:
    """The spans grown by :data:`_MARGIN` on each side, merged when they meet."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        lo, hi = max(0, s - _MARGIN), min(length, e + _MARGIN)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def widen(text: str, x: int, y: int) -> str:
    """text[x:y] widened to whole words: a kanji or katakana word (七 → 七大疾病), a run of
    hiragana it cuts (る → による), a Latin word or number."""
    if y <= x:
        return ""
    for pattern in (_WORDLIKE, _WORD):
        while x > 0 and pattern.match(text[x - 1]) and pattern.match(text[x]):
            x -= 1
        while y < len(text) and pattern.match(text[y]) and pattern.match(text[y - 1]) \
                and not text.startswith(_CONJUNCTIONS, y):  # 「懲役若しくは」's 「懲役」
            y += 1
    k = 0
    while x > 0 and _HIRAGANA.match(text[x - 1]) and _HIRAGANA.match(text[x]) and k < 4:
        x, k = x - 1, k + 1
    k = 0
    while y < len(text) and _HIRAGANA.match(text[y]) and _HIRAGANA.match(text[y - 1]) and k < 4:
        y, k = y + 1, k + 1
    return text[x:y].strip()


def _expand(regions: list[tuple[int, int, int, int]], ta: list[_Token], tb: list[_Token],
            la: int, lb: int) -> list[list[int]]:
    """The diff's regions grown to cover whole tokens on both sides. The text between two regions
    is the same on both sides, so a region grows into it by as much on each; one that grows
    through it takes in the region beyond (「三十日」 → 「十四日」 is 「三」 removed and 「四」 inserted
    around 「十」: one region)."""
    regs = [list(r) for r in regions]
    k = 0
    while k < len(regs):
        changed = True
        while changed:
            changed = False
            for side, tokens in ((0, ta), (2, tb)):
                for t in tokens:
                    r = regs[k]
                    lo, hi = r[side], r[side + 1]
                    inside = t.start < hi and lo < t.end if hi > lo else t.start < lo < t.end
                    if inside and t.start < lo:
                        k = _grow_left(regs, k, side, t.start)
                        changed = True
                    r = regs[k]
                    if inside and t.end > r[side + 1]:
                        _grow_right(regs, k, side, t.end, (la, lb))
                        changed = True
        k += 1
    return regs


def _grow_left(regs: list[list[int]], k: int, side: int, to: int) -> int:
    """Move region *k*'s start on *side* (0: A, 2: B) back to *to* through the same text on
    both sides, taking in the regions it meets; the region's index after."""
    while regs[k][side] > to:
        r = regs[k]
        prev_end = regs[k - 1][side + 1] if k else 0
        gap = r[side] - prev_end  # the same text on both sides
        step = r[side] - to
        if step <= gap or k == 0:
            step = min(step, r[side] - prev_end) if k else min(step, r[side], r[2 - side])
            r[0], r[2] = r[0] - step, r[2] - step
            break
        p = regs.pop(k - 1)
        k -= 1
        regs[k] = [p[0], r[1], p[2], r[3]]
    return k


def _grow_right(regs: list[list[int]], k: int, side: int, to: int, lengths: tuple[int, int]) -> None:
    """Move region *k*'s end on *side* on to *to*, as :func:`_grow_left` does its start."""
    while regs[k][side + 1] < to:
        r = regs[k]
        last = k + 1 >= len(regs)
        next_start = lengths[side // 2] if last else regs[k + 1][side]
        gap = next_start - r[side + 1]
        step = to - r[side + 1]
        if step <= gap or last:
            step = min(step, gap, lengths[0] - r[1], lengths[1] - r[3])
            r[1], r[3] = r[1] + step, r[3] + step
            break
        n = regs.pop(k + 1)
        regs[k] = [r[0], n[1], r[2], n[3]]


def _one_word(regions: list[list[int]], s: str, t: str) -> list[list[int]]:
    """Two changes inside one word are one (「被保険者」 → 「保険対象者」 is 「被」 removed and 「対象」
    inserted around 「保険」): regions merged across a short stretch of kanji or katakana that
    both touch with a character of a word."""
    out: list[list[int]] = []
    for r in regions:
        if out:
            p = out[-1]
            gap = s[p[1]:r[0]]
            ends = s[p[1] - 1:p[1]] + t[p[3] - 1:p[3]] if p[1] > p[0] or p[3] > p[2] else ""
            starts = s[r[0]:r[0] + 1] + t[r[2]:r[2] + 1]
            if 0 < len(gap) <= 4 and all(_WORDLIKE.match(ch) for ch in gap) \
                    and any(_WORDLIKE.match(ch) for ch in ends) and any(_WORDLIKE.match(ch) for ch in starts):
                out[-1] = [p[0], r[1], p[2], r[3]]
                continue
        out.append(r)
    return out


def _present(item: Item, items: list[Item], key: str) -> bool:
    """Whether an item of one sentence is in the other: among its items, or in its text (an item of
    three characters or more: がん would be found in がん保険)."""
    k = match_text(item.text).lower()
    return any(match_text(i.text).lower() == k for i in items) or (len(k) >= 3 and k in key)


def _items(s: str, t: str, cjk: bool) -> tuple[list[Item], list[Item], list[Item], list[Item]]:
    """The items of *s* that *t* lost and those it gained. An item that reads like one of the other
    side's that is not there as it is (half their characters or more alike: 「千万円以下」 and 「二千万円
    以下」) is one item changed, which the diff says (a number, a term); an item that is a number
    alone is the number's."""
    ia, ib = enumeration_items(s, cjk=cjk), enumeration_items(t, cjk=cjk)
    if not ia and not ib:
        return [], [], [], []
    ka, kb = match_text(s).lower(), match_text(t).lower()
    keys_a = {match_text(i.text).lower() for i in ia}
    keys_b = {match_text(i.text).lower() for i in ib}
    removed = [i for i in ia if not _present(i, ib, kb)]
    added = [i for i in ib if not _present(i, ia, ka)]
    changed_a = [i for i in ia if match_text(i.text).lower() not in keys_b]  # not in t as an item of its own
    changed_b = [j for j in ib if match_text(j.text).lower() not in keys_a]

    def alike(x: Item, others: list[Item]) -> bool:  # (numbers aside: 「１週40時間」 is 「１週37時間30分」 changed)
        return any(Levenshtein.normalized_similarity(match_text(x.text), match_text(o.text)) >= 0.5
                   or _numbers_masked(x.text) == _numbers_masked(o.text) for o in others)

    def number(x: Item) -> bool:
        tokens = number_tokens(fold(x.text).text)
        return len(tokens) == 1 and tokens[0].text == fold(x.text).text.strip()

    return ([i for i in removed if not alike(i, changed_b) and not number(i)],
            [j for j in added if not alike(j, changed_a) and not number(j)],
            [i for i in ia if match_text(i.text).lower() in keys_b], [j for j in ib if match_text(j.text).lower() in keys_a])


def _numbers_masked(text: str) -> str:
    if not _NUMBERISH.search(text):
        return match_text(text)
    folded = fold(text).text
    for n in reversed(number_tokens(folded)):
        folded = folded[:n.start] + "#" + folded[n.end:]
    return match_text(folded)


def _left(text: str, lo: int, hi: int, spans: list[tuple[int, int]]) -> str:
    """text[lo:hi] with what *spans* cover blanked."""
    chars = list(text[lo:hi])
    for s, e in spans:
        for k in range(max(s, lo), min(e, hi)):
            chars[k - lo] = " "
    return "".join(chars)


def _residual(text: str, lo: int, hi: int, spans: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The part of text[lo:hi] that no fact covers yet (its first and last such character), or
    None when what is left says nothing (spaces, punctuation, conjunctions)."""
    chars = list(text[lo:hi])
    for s, e in spans:
        for k in range(max(s, lo), min(e, hi)):
            chars[k - lo] = " "
    left = "".join(chars)
    if _TRIVIAL.match(left):
        return None
    stripped = left.strip(" \u3000、。，,.．・;；:：")
    first = left.find(stripped)
    return lo + first, lo + first + len(stripped)


def _core(text: str) -> str:
    """*text* without what says nothing between items: spaces, punctuation, conjunctions."""
    return _SAYS_NOTHING.sub("", text).lower()


_SAYS_NOTHING = re.compile(r"[\s\u3000、。，,.．・;；:：()（）「」『』\[\]【】□'\"’‘“”]|及び|および|並びに|ならびに|又は|または|若しくは|もしくは"
                           r"|\band\b|\bor\b")


def _bracketed(text: str, lo: int, hi: int) -> str:
    """text[lo:hi], or the whole bracket it lies in (「（…を除く。）」 read whole)."""
    x = text.rfind("（", 0, lo + 1)
    x = max(x, text.rfind("(", 0, lo + 1))
    y = min((k for k in (text.find("）", hi - 1), text.find(")", hi - 1)) if k >= 0), default=-1)
    if 0 <= x <= lo and y >= hi - 1 and y - x < 200:
        return text[x + 1:y].strip()
    return text[lo:hi].strip()


def _pair_numbers(na: list[_Token], nb: list[_Token]) -> list[tuple[_Token, _Token]]:
    if len(na) == len(nb):
        return list(zip(na, nb))
    out = []
    used: set[int] = set()
    for x in na:
        for k, y in enumerate(nb):
            if k not in used and x.number and y.number and x.number.dimension == y.number.dimension:
                out.append((x, y))
                used.add(k)
                break
    return out


def phrase_facts(s: str, t: str, *, cjk: bool, diffs: DiffCache | None = None) -> list[Found]:
    """The facts that tell sentence *t* from sentence *s* (as written), in the order of *s*. Numbers
    and references are read only when a change touches a character of one, enumerations only when
    one touches a separator: most changes do neither (a third of the time of a large comparison's
    rows went to reading them)."""
    raw = change_regions(inline_ops(s, t, cache=diffs))
    near = "".join(s[max(0, a0 - 2):a1 + 2] + t[max(0, b0 - 2):b1 + 2] for a0, a1, b0, b1 in raw)
    if _NUMBERISH.search(near):
        ta, fa = _tokens(s, [(a0, a1) for a0, a1, _, _ in raw])
        tb, fb = _tokens(t, [(b0, b1) for _, _, b0, b1 in raw])
    else:
        ta, fa, tb, fb = [], s, [], t
    regions = _one_word(_expand(raw, ta, tb, len(s), len(t)), s, t)
    touching = "\n".join(s[max(0, a0 - 1):a1 + 1] + "\n" + t[max(0, b0 - 1):b1 + 1] for a0, a1, b0, b1 in regions)
    removed, added, kept_a, kept_b = _items(s, t, cjk) if _SEPARATORS.search(touching) else ([], [], [], [])
    out: list[Found] = []
    for it in removed:
        out.append(Found(ItemFact(kind="item_removed", text=shorten(it.text, QUOTE)), s))
    for it in added:
        out.append(Found(ItemFact(kind="item_added", text=shorten(it.text, QUOTE)), t))
    for a0, a1, b0, b1 in regions:
        out.extend(_region(s, t, fa, fb, (a0, a1, b0, b1), ta, tb, removed + kept_a, added + kept_b, cjk))
    return out


def _region(s: str, t: str, fa: str, fb: str, r: tuple[int, int, int, int], ta: list[_Token], tb: list[_Token],
            removed: list[Item], added: list[Item], cjk: bool) -> list[Found]:
    """The facts of one region; *removed* and *added*: the items a fact says already, and those both
    sides have (what the region holds of them is no change)."""
    a0, a1, b0, b1 = r
    xa = [k for k in ta if a0 <= k.start and k.end <= a1]
    xb = [k for k in tb if b0 <= k.start and k.end <= b1]
    out: list[Found] = []
    covered_a = [(i.start, i.end) for i in removed if i.start < a1 and a0 < i.end]
    covered_b = [(i.start, i.end) for i in added if i.start < b1 and b0 < i.end]
    na = [k for k in xa if k.kind == "number"]
    nb = [k for k in xb if k.kind == "number"]
    for x, y in _pair_numbers(na, nb):
        covered_a.append((x.start, x.end))
        covered_b.append((y.start, y.end))
        if x.text != y.text and x.number is not None and y.number is not None:
            subject, context = number_subject(fa, x.number.start, x.number.end, cjk=cjk)
            if not subject:
                subject, context = number_subject(fb, y.number.start, y.number.end, cjk=cjk)
            out.append(Found(NumberFact(old=x.text, new=y.text, unit=y.number.unit, subject=subject, context=context,
                                        change=compare_values(x.number, y.number)), t))  # type: ignore[arg-type]
    ra = [k for k in xa if k.kind == "reference"]
    rb = [k for k in xb if k.kind == "reference"]
    if len(ra) == len(rb):
        for x, y in zip(ra, rb):
            covered_a.append((x.start, x.end))
            covered_b.append((y.start, y.end))
            if x.text != y.text:
                out.append(Found(ReferenceFact(old=x.text, new=y.text), t))
    if len(nb) == 1 and not na and nb[0].number is not None and 0 < a1 - a0 <= 12 \
            and _residual(t, b0, b1, [(nb[0].start, nb[0].end)]) is None:  # 「__円」 → 「1,500円」: a value where there was none
        return [*out, Found(NumberFact(old=s[a0:a1].strip(), new=nb[0].text, unit=nb[0].number.unit), t)]
    left_a = _residual(s, a0, a1, covered_a)
    left_b = _residual(t, b0, b1, covered_b)
    if left_a is None and left_b is None:
        return out
    old = "" if left_a is None else s[left_a[0]:left_a[1]]
    new = "" if left_b is None else t[left_b[0]:left_b[1]]
    if _core(_left(s, a0, a1, covered_a)) == _core(_left(t, b0, b1, covered_b)):
        return out  # the same words around the items said ("stroke, and" / "and stroke")
    pa, pb = PROVISO.search(old) is not None, PROVISO.search(new) is not None
    if pb and not pa:
        return [*out, Found(ProvisoFact(kind="proviso_added", text=shorten(_bracketed(t, *left_b), QUOTE_LONG)), t)]  # type: ignore[misc]
    if pa and not pb:
        return [*out, Found(ProvisoFact(kind="proviso_removed", text=shorten(_bracketed(s, *left_a), QUOTE_LONG)), s)]  # type: ignore[misc]
    wa = widen(s, *left_a) if left_a else ""
    wb = widen(t, *left_b) if left_b else ""
    if match_text(wa) != match_text(wb):  # (a width or spacing difference beside the change is none)
        out.append(Found(TermFact(old=shorten(wa, QUOTE), new=shorten(wb, QUOTE)), t or s))
    return out

