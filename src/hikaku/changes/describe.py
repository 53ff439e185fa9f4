"""Offline description of what changed between two versions of a chunk.

Changed numbers first (「20倍 → 25倍」, 「1,095日 → 1,825日」), then sentences added or
removed, then the main reworded span. Japanese is compared by character, English by
word.
"""

from __future__ import annotations

import difflib
import re

from rapidfuzz.distance import Levenshtein

from ..document import clause_refs, opening_ref, without_refs
from ..text import contains_cjk, nfkc, shorten, split_sentences
from ..wording import Wording, wording
from .inline import change_regions, inline_ops

__all__ = ["describe_change", "number_changes", "changed_spans", "label_change"]

_NUMBER = re.compile(
    r"(?<![第0-9,.])[0-9][0-9,]*(?:\.[0-9]+)?(?![0-9,.])(?!\s*[条項号])"
    r"\s*(?:%|倍|日|円|万円|千円|年|か月|ヶ月|カ月|月|週間|時間|分|歳|件|回|人|名|割"
    r"|(?:days?|weeks?|months?|years?|hours?|minutes?|times|percent|yen|dollars?|euros?)\b)?"
    r"|[〇一二三四五六七八九十百千万]+(?:倍|日|円|年|か月|ヶ月|カ月|週間|時間|歳|割)"
)
_TOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)
_WORDLIKE = re.compile(r"[\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaffー]")
MAX_SUMMARY = 160


def _numbers(text: str) -> list[str]:
    """The numbers-with-units of *text* (NFKC), but those of clause numbers: 第5条, Section 4.1
    and a heading's own 4.1 are a renumbering (:func:`label_change`), not an amount."""
    refs = clause_refs(text)
    found = list(_NUMBER.finditer(text))
    if refs:
        found = [m for m in found if not any(r.start < m.end() and m.start() < r.end for r in refs)]
    return [m.group().strip() for m in found]


def number_changes(a: str, b: str) -> list[tuple[str, str]]:
    """Pairs (old, new) of numbers-with-units that changed, in order."""
    na = _numbers(nfkc(a))  # (the row's renumbering normalised both already)
    nb = _numbers(nfkc(b))
    out = []
    sm = difflib.SequenceMatcher(a=na, b=nb, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "replace":
            for x, y in zip(na[i1:i2], nb[j1:j2]):
                if x != y:
                    out.append((x, y))
    return out


def _tokens(text: str) -> tuple[list[tuple[int, int]] | None, list[str]]:
    """Token spans and tokens: characters for CJK text (no spans: the i-th is ``(i, i + 1)``),
    words and punctuation otherwise."""
    if contains_cjk(text):
        return None, list(text)
    spans = [m.span() for m in _TOKEN.finditer(text)]
    return spans, [text[x:y] for x, y in spans]


def _widen(text: str, x: int, y: int) -> str:
    """text[x:y] widened to the whole kanji/katakana word: 七 -> 七大疾病."""
    if y <= x:
        return ""
    while x > 0 and _WORDLIKE.match(text[x - 1]) and _WORDLIKE.match(text[x]):
        x -= 1
    while y < len(text) and _WORDLIKE.match(text[y]) and _WORDLIKE.match(text[y - 1]):
        y += 1
    return text[x:y].strip()


def changed_spans(a: str, b: str, *, max_spans: int = 2) -> list[tuple[str, str]]:
    """The main (old, new) spans that differ, neighbouring edits merged; each span is
    cut from the original text, so spacing and punctuation stay as written."""
    (sa, ta), (sb, tb) = _tokens(a), _tokens(b)
    merged: list[list[int]] = []
    for code in Levenshtein.opcodes(ta, tb):
        if code.tag == "equal":
            continue
        i1, i2, j1, j2 = code.src_start, code.src_end, code.dest_start, code.dest_end
        if merged and i1 - merged[-1][1] <= 2 and j1 - merged[-1][3] <= 2:
            merged[-1][1], merged[-1][3] = i2, j2
        else:
            merged.append([i1, i2, j1, j2])
    merged.sort(key=lambda m: -((m[1] - m[0]) + (m[3] - m[2])))

    def cut(text: str, spans: list[tuple[int, int]] | None, lo: int, hi: int) -> str:
        if hi <= lo:
            return ""
        return _widen(text, lo, hi) if spans is None else _widen(text, spans[lo][0], spans[hi - 1][1])

    return [(cut(a, sa, i1, i2), cut(b, sb, j1, j2)) for i1, i2, j1, j2 in merged[:max_spans]]


def label_change(a: str, b: str) -> tuple[str, str] | None:
    """(old, new) when the leading label (第N条, Article N, Section N.M, a heading's N.M) was
    renumbered."""
    la, lb = opening_ref(a), opening_ref(b)
    return (la.text, lb.text) if la and lb and la.text != lb.text else None


_DIGIT = re.compile(r"[0-9０-９]")
_LETTER = re.compile(r"[^\W\d_]")


def _number_edit(old: str, new: str) -> bool:
    """A region that is (part of) a changed number, which :func:`number_changes` reports: a
    replacement with digits on both sides, or digits added or removed with no word around
    them (「.5」, 「0%」); a sentence added with a number in it (``… set out in Schedule 2.``)
    is a change of wording."""
    if old and new:
        return bool(_DIGIT.search(old) or _DIGIT.search(new))
    text = old or new
    return bool(_DIGIT.search(text)) and not _LETTER.search(_DIGIT.sub("", text))


def _wording_change(a: str, b: str, w: Wording, ops: list[tuple[int, str]] | None) -> str | None:
    """The first change of wording that is not a number (next to changed numbers)."""
    q, qc = w("text.quote_open"), w("text.quote_close")
    for a0, ia, b0, ib in change_regions(inline_ops(a, b) if ops is None else ops):
        if _number_edit(a[a0:ia], b[b0:ib]) or not (a[a0:ia].strip() or b[b0:ib].strip()):
            continue
        old, new = _widen(a, a0, ia), _widen(b, b0, ib)
        if not old:
            return f"{w('report.added_text')}: {q}{shorten(new, 30)}{qc}"
        if not new:
            return f"{w('report.deleted_text')}: {q}{shorten(old, 30)}{qc}"
        return f"{q}{shorten(old, 30)}{qc} → {q}{shorten(new, 30)}{qc}"
    return None


def _unnumbered(sentence: str) -> str:
    return without_refs(nfkc(sentence))


def describe_change(a: str, b: str, lang: str = "ja", *, renumbering: bool = True,
                    ops: list[tuple[int, str]] | None = None) -> str:
    """A one-line description of how *b* differs from *a*. With ``renumbering=False``
    a changed 第N条 label is left out (the caller reports it, e.g. as a move); *ops* are
    the pair's :func:`~hikaku.report.inline.inline_ops` when the caller has them."""
    w = wording(lang)
    q, qc = w("text.quote_open"), w("text.quote_close")
    added, deleted = w("report.added_text"), w("report.deleted_text")
    parts: list[str] = []
    renumbered = label_change(a, b)
    if renumbered and renumbering:
        parts.append(f"{renumbered[0]} → {renumbered[1]}")
    numbers = number_changes(a, b)[:3]
    parts.extend(f"{old} → {new}" for old, new in numbers)
    if numbers and len(parts) < 3:
        reworded = _wording_change(a, b, w, ops)
        if reworded:
            parts.append(reworded)
    if not numbers:
        sa, sb = split_sentences(a), split_sentences(b)
        # a renumbered clause's sentences are matched with their clause numbers set aside: a
        # sentence whose only change is a reference that shifted with the clause is no change
        ka, kb = (sa, sb) if not renumbered else ([_unnumbered(s) for s in sa], [_unnumbered(s) for s in sb])
        sm = difflib.SequenceMatcher(a=ka, b=kb, autojunk=False)
        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op == "insert":
                parts.extend(f"{added}: {q}{shorten(s, 40)}{qc}" for s in sb[j1:j2])
            elif op == "delete":
                parts.extend(f"{deleted}: {q}{shorten(s, 40)}{qc}" for s in sa[i1:i2])
            elif op == "replace":
                old_s, new_s = " ".join(sa[i1:i2]), " ".join(sb[j1:j2])
                if renumbered and _unnumbered(old_s) == _unnumbered(new_s):
                    continue  # only its clause numbers differ: the renumbering said first
                for x, y in changed_spans(old_s, new_s, max_spans=1):
                    if not x:
                        parts.append(f"{added}: {q}{shorten(y, 30)}{qc}")
                    elif not y:
                        parts.append(f"{deleted}: {q}{shorten(x, 30)}{qc}")
                    else:
                        parts.append(f"{q}{shorten(x, 30)}{qc} → {q}{shorten(y, 30)}{qc}")
            if len(parts) >= 3:
                break
    return shorten(w("text.clause_sep").join(parts[:3]), MAX_SUMMARY)
