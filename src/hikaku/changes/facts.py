"""The facts of a change, computed from the two texts (``Change.facts``; the records are
:mod:`hikaku.result.facts`): lines are matched first, without their list markers, paragraph
numbers or the clause's own number, so that a renumbered list says nothing; a line only one side
has is an item (a list's line, a table row), a caption or sentences; a line both sides have is
matched sentence by sentence, and a sentence both have says what changed in it
(:mod:`.phrases`: numbers, references, enumeration items, provisos, terms). Each fact once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from typing import TypeVar

from rapidfuzz.distance import LCSseq

from ..result import HeadingFact, ItemFact, NumberFact, ProvisoFact, ReferenceFact, SentenceFact, TermFact
from ..text import contains_cjk, nfkc, shorten
from .inline import DiffCache
from .lines import Line, lines_of, match_text, sentences
from .phrases import PROVISO, QUOTE, QUOTE_LONG, Found, phrase_facts

__all__ = ["extract_facts", "Found"]

PAIRED = 0.5  # two lines (or sentences) are one changed when half their characters or more read alike,
CONTAINED = 0.8  # or when most of the shorter one is in the longer (a sentence that grew a proviso)
_BLOCK = 40_000  # beyond this many line pairs in one block, lines are paired in order, not by the best total
T = TypeVar("T")


def extract_facts(a: str, b: str, *, title: bool = False, diffs: DiffCache | None = None,
                  shifted: Callable[[str, str], bool] | None = None) -> list[Found]:
    """The facts that tell *b* from *a*, each with the words it was found in. *title*: the texts
    are a heading, said whole when more than its numbers changed; *shifted(old, new)*: whether a
    changed reference follows the document's renumbering."""
    cjk = contains_cjk(a) or contains_cjk(b)
    if title:
        found = _title(a, b, cjk, diffs)
    else:
        found = _lines(lines_of(a), lines_of(b), cjk, diffs)
    out: list[Found] = []
    seen: set[object] = set()
    for f in found:
        fact = f.fact
        if isinstance(fact, ReferenceFact) and shifted is not None and shifted(fact.old, fact.new):
            fact = ReferenceFact(old=fact.old, new=fact.new, shifted=True)
        if fact not in seen:
            seen.add(fact)
            out.append(Found(fact, f.context))
    return out


def _title(a: str, b: str, cjk: bool, diffs: DiffCache | None) -> list[Found]:
    """A heading: its changed numbers (就業規則（2023年…施行） → （2025年…）), else the whole line."""
    old, new = " ".join(a.split()), " ".join(b.split())
    found = phrase_facts(old, new, cjk=cjk, diffs=diffs)
    if found and all(isinstance(f.fact, NumberFact | ReferenceFact) for f in found):
        return found
    return [Found(HeadingFact(old=old, new=new), new)]


def _lead_ins(lines: Sequence[Line]) -> list[str]:
    """For each line, the text line before it: what a list's items are (「次の疾病を対象とします。」)."""
    out, last = [], ""
    for line in lines:
        out.append(last)
        if line.kind == "text":
            last = line.text
    return out


def _lines(la: list[Line], lb: list[Line], cjk: bool, diffs: DiffCache | None) -> list[Found]:
    intro_a, intro_b = _lead_ins(la), _lead_ins(lb)
    out: list[Found] = []
    sm = SequenceMatcher(a=[x.key for x in la], b=[y.key for y in lb], autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        for i, j in pair(list(range(i1, i2)), list(range(j1, j2)), lambda i: la[i].key, lambda j: lb[j].key,
                         lambda i, j: (la[i].kind == "caption") == (lb[j].kind == "caption"),
                         floor=lambda i, j: la[i].kind == "caption"):
            if i is not None and j is not None:
                found = _line_pair(la[i], lb[j], intro_a[i], intro_b[j], cjk, diffs)
                out.extend(_in_table(found, lb[j], _header(lb)) if lb[j].kind == "row" else found)
            elif i is not None:
                out.extend(_one_side(la[i], intro_a[i], added=False))
            elif j is not None:
                out.extend(_one_side(lb[j], intro_b[j], added=True))
    return out


def pair(xs: list[T], ys: list[T], key_x: Callable[[T], str], key_y: Callable[[T], str],
         allowed: Callable[[T, T], bool] = lambda x, y: True,
         floor: Callable[[T, T], bool] = lambda x, y: False) -> list[tuple[T | None, T | None]]:
    """*xs* and *ys* (a block the two sides replace) paired in order, by the most similarity in
    total (pairs below :data:`PAIRED` are none, unless *floor* says they pair whatever their
    words: two captions in one place), with the unpaired ones in their places."""
    n, m = len(xs), len(ys)
    if not n or not m:
        return [(x, None) for x in xs] + [(None, y) for y in ys]
    kx, ky = [key_x(x) for x in xs], [key_y(y) for y in ys]

    def sim(i: int, j: int) -> float:
        if not allowed(xs[i], ys[j]):
            return 0.0
        return similarity(kx[i], ky[j]) or (0.01 if floor(xs[i], ys[j]) else 0.0)

    links: list[tuple[int, int]] = []
    if n * m > _BLOCK:
        j = 0
        for i in range(n):
            if j < m and sim(i, j):
                links.append((i, j))
                j += 1
    else:
        best = [[0.0] * (m + 1) for _ in range(n + 1)]
        for i in range(n):
            for j in range(m):
                best[i + 1][j + 1] = max(best[i][j + 1], best[i + 1][j], best[i][j] + sim(i, j))
        i, j = n, m
        while i and j:
            if best[i][j] == best[i - 1][j]:
                i -= 1
            elif best[i][j] == best[i][j - 1]:
                j -= 1
            else:
                links.append((i - 1, j - 1))
                i, j = i - 1, j - 1
        links.reverse()
    out: list[tuple[T | None, T | None]] = []
    pi = pj = 0
    for i, j in links:
        out += [(xs[k], None) for k in range(pi, i)] + [(None, ys[k]) for k in range(pj, j)]
        out.append((xs[i], ys[j]))
        pi, pj = i + 1, j + 1
    out += [(xs[k], None) for k in range(pi, n)] + [(None, ys[k]) for k in range(pj, m)]
    return out


def similarity(x: str, y: str) -> float:
    """How alike two keys are for pairing: the share of the longer one they have in common (in
    order), or :data:`PAIRED` when most of the shorter one is in the longer; 0 below that."""
    if not x or not y:
        return 0.0
    common = LCSseq.similarity(x, y)
    share = common / max(len(x), len(y))
    if share >= PAIRED:
        return share
    return PAIRED if min(len(x), len(y)) >= 4 and common / min(len(x), len(y)) >= CONTAINED else 0.0


def _header(lines: Sequence[Line]) -> list[str]:
    """The cells of a table's first row (its header), when the text holds a table."""
    first = next((x for x in lines if x.kind == "row"), None)
    return [c.strip() for c in first.text.split("|")] if first is not None else []


def _in_table(found: list[Found], row: Line, header: list[str]) -> list[Found]:
    """A table's numbers say what they count by their row and column (「手術 給付倍率：20倍 → 25倍」)
    when their words do not."""
    cells = [c.strip() for c in row.text.split("|")]
    out = []
    for f in found:
        fact = f.fact
        if isinstance(fact, NumberFact) and not fact.subject and len(cells) == len(header) and len(cells) > 1:
            column = next((k for k, c in enumerate(cells) if fact.new in nfkc(c)), -1)
            if column > 0 and header[column] and header[column] != row.text.split("|")[0].strip():
                subject = f"{cells[0]} {header[column]}".strip()
                fact = NumberFact(old=fact.old, new=fact.new, unit=fact.unit, subject=subject, context=fact.context,
                                  change=fact.change)
        out.append(Found(fact, f.context))
    return out


def _line_pair(x: Line, y: Line, intro_x: str, intro_y: str, cjk: bool, diffs: DiffCache | None) -> list[Found]:
    if x.kind == "caption":  # a title renamed; by a word replaced in it alone, that word (「被保険者の同意」)
        terms = phrase_facts(x.text, y.text, cjk=cjk, diffs=diffs)
        if terms and all(isinstance(f.fact, TermFact) and f.fact.old and f.fact.new for f in terms):
            return terms
        return [Found(HeadingFact(old=x.text, new=y.text), y.text)]
    out: list[Found] = []
    sx, sy = sentences(x.text), sentences(y.text)
    lead = (intro_x + " " if x.kind in ("item", "row") else "")
    sm = SequenceMatcher(a=[match_text(s) for s in sx], b=[match_text(s) for s in sy], autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        for s, t in pair(sx[i1:i2], sy[j1:j2], match_text, match_text):
            if s is not None and t is not None:  # (in the words of the whole line: 「…特別休暇を与える。…５日」)
                out.extend(Found(f.fact, lead + (y.text if f.context == t else x.text))
                           for f in phrase_facts(s, t, cjk=cjk, diffs=diffs))
            elif s is not None:  # (the line around it: what a proviso limits)
                out.append(_sentence(s, added=False, context=lead + x.text))
            elif t is not None:
                out.append(_sentence(t, added=True, context=(intro_y + " " if y.kind in ("item", "row") else "") + y.text))
    return out


def _sentence(text: str, *, added: bool, context: str = "") -> Found:
    if PROVISO.search(text):
        return Found(ProvisoFact(kind="proviso_added" if added else "proviso_removed",
                                 text=shorten(text, QUOTE_LONG)), context or text)
    return Found(SentenceFact(kind="sentence_added" if added else "sentence_removed", text=shorten(text, QUOTE_LONG)),
                 context or text)


def _one_side(line: Line, intro: str, *, added: bool) -> list[Found]:
    """A line only one side has: a list's item or a table row, a caption, else its sentences."""
    if line.kind in ("item", "row"):
        return [Found(ItemFact(kind="item_added" if added else "item_removed", text=shorten(line.text, QUOTE)),
                      f"{intro} {line.text}".strip())]
    if line.kind == "caption":
        return [Found(HeadingFact(old="" if added else line.text, new=line.text if added else ""), line.text)]
    return [_sentence(s, added=added) for s in sentences(line.text)]
