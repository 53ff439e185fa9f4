"""The items of the enumerations a sentence makes, by the grammar of Japanese drafting and of
English lists: 「A、B及びC」, 「A、B又はC若しくはD」 (a 、 joins items at the level of the conjunction
that follows it: 又は over 若しくは, 並びに over 及び), 「がん、急性心筋梗塞、脳卒中」 inside brackets,
「A、B、Cその他のD」; "A, B and C", "A, B, or C". Each bracket is a scope of its own: a 、 inside
（…） joins nothing outside it.

An item is a noun phrase: it ends in a kanji, katakana, a letter, a digit or a closing bracket,
not in a particle. The first item of a run starts after the last particle before it
(「特許権者は、専用実施権者…」), the last one ends at the first particle after it (「…通常実施権者が
あるときは」), so that 「従業員は、」 or 「…においても、」 never reads as an item."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Item", "enumeration_items"]

_OPEN, _CLOSE = "（(「『【［[〔", "）)」』】］]〕"
_JA_SEP = re.compile(r"、|，(?![0-9０-９])|,(?![0-9０-９])|・|及び|および|並びに|ならびに|又は|または|若しくは|もしくは|その他の|その他")
_LEVEL = {"並びに": 3, "ならびに": 3, "又は": 3, "または": 3, "その他の": 3, "その他": 3,
          "及び": 2, "および": 2, "若しくは": 2, "もしくは": 2, "・": 0}
_PARTICLES = frozenset("はがをにでもへとや")
_LONG_PARTICLES = ("から", "まで", "より")
_HIRAGANA = re.compile(r"[\u3041-\u309f]")
_EN_SEP = re.compile(r"\s*;\s*(?:and|or)?\s*|\s*,\s*(?:and/or|and|or)\s+|\s*,\s*|\s+(?:and/or|and|or)\s+")
_EN_OPENERS = frozenset(
    "of for to in on by with from cover covers covered include includes including includ such as are is be "
    "following namely except excluding means".split())
_EN_CLOSERS = frozenset(
    "is are was were will shall may must which that who whom if when where as in on at for to of by with under "
    "within during after before unless except".split())
# words that are no item alone ("whether marked as confidential or not")
_EN_NO_ITEM = frozenset("not no none otherwise both either neither all any each whether more less later earlier sooner "
                        "it them this that these those so such".split())
MAX_ITEM = 80


@dataclass(frozen=True, slots=True)
class Item:
    """An item of an enumeration: its text as written and where it is in the sentence."""

    text: str
    start: int
    end: int


def enumeration_items(sentence: str, *, cjk: bool) -> list[Item]:
    """The items of every enumeration of *sentence* (as written), in order."""
    out: list[Item] = []
    for lo, hi in _scopes(sentence):
        masked = _masked(sentence, lo, hi)
        out.extend(_ja_items(sentence, masked, lo) if cjk else _en_items(sentence, masked, lo))
    out.sort(key=lambda i: i.start)
    return out


def _scopes(text: str) -> list[tuple[int, int]]:
    """The sentence, and the inside of each of its brackets."""
    scopes = [(0, len(text))]
    stack: list[int] = []
    for k, ch in enumerate(text):
        if ch in _OPEN:
            stack.append(k)
        elif ch in _CLOSE and stack:
            scopes.append((stack.pop() + 1, k))
    return scopes


def _masked(text: str, lo: int, hi: int) -> str:
    """text[lo:hi] with what is inside its own brackets masked (kept as long, separators hidden)."""
    out = list(text[lo:hi])
    depth = 0
    for k, ch in enumerate(out):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
        elif depth:
            out[k] = "□"
    return "".join(out)


_PREDICATE_END = re.compile(r"(?:[うくすつぬむるいただ]|ない|ます|です)$")


def _is_item(text: str, cjk: bool) -> bool:
    """A noun phrase: it ends in a kanji, katakana, letter, digit or closing bracket, or it is a
    short word of hiragana with no particle in it that ends like no verb (がん, けが)."""
    text = text.strip()
    if not text or len(text) > MAX_ITEM or "。" in text:
        return False
    if cjk:
        if text[-1] in "、,，":
            return False
        if _HIRAGANA.match(text[-1]) is None:
            return True
        # a word of hiragana alone (がん, けが, やけど), not a verb's stem after its kanji (締め切り, 応じ)
        return len(text) <= 6 and all(_HIRAGANA.match(ch) for ch in text) and _PREDICATE_END.search(text) is None
    words = text.split()
    return (len(words) <= 6 and (text[-1].isalnum() or text[-1] in ")\"'”’")
            and not any(w.lower() in _EN_CLOSERS for w in words[1:])
            and not (len(words) == 1 and words[0].lower() in _EN_NO_ITEM))


def _adnominal(text: str, p: int) -> bool:
    """Whether what follows the particle at *p* is a clause that ends in a noun (「…による通常実施権者」,
    「政令で定める業種」, 「…を背景とした言動」): the item goes on."""
    q = p + 1
    seen_kana = False
    while q < len(text) and q - p <= 8:
        ch = text[q]
        if _HIRAGANA.match(ch):
            seen_kana = True
        elif seen_kana:
            return text[q - 1] in "るくうたすついだ" and ch not in "、。,，" and ch not in _CLOSE
        q += 1
    return False


def _cut_left(text: str) -> str:
    """What follows the last particle after a noun (「特許権者は、専用実施権者」's 「専用実施権者」)."""
    cut = 0
    for p in range(1, len(text) - 1):
        if text[p] in _PARTICLES and not _HIRAGANA.match(text[p - 1]) and not _HIRAGANA.match(text[p + 1]):
            cut = p + 1
    return text[cut:]


def _cut_right(text: str, peers: Sequence[str] = ()) -> str:
    """The last item of a run: what comes before the first particle after a noun that ends the
    phrase (「通常実施権者があるときは」's 「通常実施権者」), a clause that ends in a noun included
    (「第七十八条第一項の規定による通常実施権者」) when that noun is what the other items are (「専用実施
    権者、質権者又は…」: 者); else that clause, or a 「の」 phrase, is said of all the items and is no
    part of the last (「その営業秘密又は限定提供データを使用する行為」, 「書類又は電磁的記録の提出」)."""
    short: int | None = None
    long = len(text)
    for p in range(1, len(text)):
        if _HIRAGANA.match(text[p - 1]) or text[p - 1] in _OPEN:
            continue
        particle = text[p] in _PARTICLES or text.startswith(_LONG_PARTICLES, p)
        if short is None and (particle or text[p] == "の"):
            short = p
        if particle and not _adnominal(text, p):
            long = p
            break
    whole = text[:long].rstrip()
    if short is None or short >= long or not peers:
        return whole
    cut = text[:short].rstrip()
    if _is_item(cut, True) and not any(peer.strip()[-1:] == whole[-1:] for peer in peers):
        return cut
    return whole


def _ja_items(text: str, masked: str, lo: int) -> list[Item]:
    seps = list(_JA_SEP.finditer(masked))
    if not seps:
        return []
    bounds = [0, *(x for m in seps for x in m.span()), len(masked)]
    pieces = [(bounds[2 * k], bounds[2 * k + 1]) for k in range(len(seps) + 1)]  # text between separators
    out: list[Item] = []
    k = 0
    while k < len(pieces):
        run = _run(masked, pieces, seps, k)
        if run is None:
            k += 1
            continue
        first, last, spans = run
        out.extend(_split_run(text, masked, lo, spans, seps[first:last]))
        k = last + 1
    return out


def _run(masked: str, pieces: list[tuple[int, int]], seps: list[re.Match[str]],
         k: int) -> tuple[int, int, list[tuple[int, int]]] | None:
    """The run of items that starts at piece *k*: (first piece, last piece, the items' spans)."""
    s, e = pieces[k]
    head = masked[s:e]
    left = _cut_left(head)
    if not _is_item(left, True):
        return None
    spans = [(e - len(left), e)]
    j = k + 1
    while j < len(pieces):
        s, e = pieces[j]
        piece = masked[s:e]
        if _is_item(piece, True) and s != e and j < len(pieces) - 1:  # (the scope's last piece ends the run)
            spans.append((s, e))
            j += 1
            continue
        right = _cut_right(piece, [masked[a:b] for a, b in spans]).rstrip()
        if right and _is_item(right, True):
            spans.append((s, s + len(right)))
            j += 1
        break
    if len(spans) < 2:
        return None
    return k, j - 1, spans


def _split_run(text: str, masked: str, lo: int, spans: list[tuple[int, int]],
               seps: list[re.Match[str]]) -> list[Item]:
    """The items of a run, split at its top level: a 、 counts at the level of the conjunction
    after it (none after it: the level of a list written with 、 alone); ・ lowest. What follows
    「その他の」 is what the items are (「運輸業その他の業種」), no item."""
    levels: list[int] = []
    for k, m in enumerate(seps):
        word = m.group()
        if word in _LEVEL:
            levels.append(_LEVEL[word])
            continue
        after = next((_LEVEL[n.group()] for n in seps[k + 1:] if n.group() in _LEVEL and n.group() != "・"), 1)
        levels.append(after)
    top = max(levels)
    words = [m.group() for m, level in zip(seps, levels) if level == top and m.group() in _LEVEL]
    if len(set(words)) > 1:  # 又は inside 並びに's conjuncts (or the reverse): the last one joins the run
        levels = [level if level != top or m.group() in (words[-1], "、", "，", ",") else top - 1
                  for m, level in zip(seps, levels)]
    out: list[Item] = []
    start = spans[0][0]
    for k, level in enumerate(levels):
        if level == top:
            out.append(_item(text, lo, start, spans[k][1]))
            start = spans[k + 1][0]
    last = _item(text, lo, start, spans[-1][1])
    if not seps[-1].group().startswith("その他") or levels[-1] != top:
        out.append(last)
    return [i for i in out if i.text] if len(out) > 1 else []


def _item(text: str, lo: int, s: int, e: int) -> Item:
    piece = text[lo + s:lo + e]
    lead = len(piece) - len(piece.lstrip())
    return Item(piece.strip(), lo + s + lead, lo + s + lead + len(piece.strip()))


_WORD = re.compile(r"\S+")


def _en_left(masked: str, s: int, e: int) -> tuple[int, int] | None:
    """The first item of a run: the words of the piece after the last word that leads into a
    list ("covers", "of", "including", a colon)."""
    words = list(_WORD.finditer(masked, s, e))
    cut = max((n + 1 for n, w in enumerate(words)
               if w.group().lower().strip(":") in _EN_OPENERS or w.group().endswith(":")), default=0)
    kept = words[cut:]
    if not kept or len(kept) > 6 or not _is_item(masked[kept[0].start():kept[-1].end()], False):
        return None
    return kept[0].start(), kept[-1].end()


def _en_right(masked: str, s: int, e: int) -> tuple[tuple[int, int] | None, bool]:
    """An item after a separator, and whether the list ends with it: the words before the first
    that carries the sentence on ("are", "within", "which" …) or a stop."""
    words = list(_WORD.finditer(masked, s, e))
    kept = []
    closed = False
    for n, w in enumerate(words):
        if n and w.group().lower() in _EN_CLOSERS:
            closed = True
            break
        kept.append(w)
        if w.group()[-1] in ".;:!?":
            closed = True
            break
    if not kept or len(kept) > 6:
        return None, True
    end = kept[-1].end() - (1 if kept[-1].group()[-1] in ".;:!?" else 0)
    if not _is_item(masked[kept[0].start():end], False):
        return None, True
    return (kept[0].start(), end), closed or len(kept) < len(words)


def _en_items(text: str, masked: str, lo: int) -> list[Item]:
    seps = list(_EN_SEP.finditer(masked))
    if not seps:
        return []
    pieces: list[tuple[int, int]] = []
    at = 0
    for m in seps:
        pieces.append((at, m.start()))
        at = m.end()
    pieces.append((at, len(masked)))
    out: list[Item] = []
    k = 0
    while k < len(pieces):
        first = _en_left(masked, *pieces[k])
        if first is None:
            k += 1
            continue
        run = [first]
        conj = False
        j = k + 1
        while j < len(pieces):
            conj = conj or re.search(r"\b(?:and|or)\b", seps[j - 1].group()) is not None
            span, closed = _en_right(masked, *pieces[j])
            if span is None:
                break
            run.append(span)
            j += 1
            if closed:
                break
        if len(run) >= 3 or (len(run) == 2 and conj):
            out.extend(_item(text, lo, a, b) for a, b in run)
            k = j
        else:
            k += 1
    return out
