"""Text normalisation for matching. Reports always show the original text."""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

__all__ = [
    "LIST_MARKER",
    "INVISIBLE",
    "visible",
    "without_list_marker",
    "lowered",
    "nfkc",
    "recall",
    "remembering",
    "normalize",
    "match_key",
    "without_label",
    "is_cosmetic_change",
    "contains_cjk",
    "split_sentences",
    "shorten",
    "text_codec",
]

_WS = re.compile(r"\s+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]")
_SENTENCE_END = re.compile(r"(?<=[。．！？!?])|(?<=\.)(?=\s)|\n+")


# Characters that take no room on the page: zero-width space, non-joiner and joiner, the direction
# marks and embeddings, the word joiner and invisible operators, the byte order mark inside a text
# (ZWNBSP), the soft hyphen, the Mongolian vowel separator. NFKC keeps them all; a text that differs
# from another only by them reads the same.
INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


# a marker must be followed by a space or by non-ASCII text, so that "1.5倍" or "-5%" is no marker
LIST_MARKER = re.compile(
    r"^(?:[(（]?[0-9]+[)）.、]|[(（][一二三四五六七八九十]+[)）]|[①-⑳]|[ァ-ヶ][.．、)）]|"
    r"[(（][ァ-ヶ][)）]|[a-zA-Z][.)]|\([a-zA-Z]\)|[・•\-*])(?=\s|[^\x00-\x7f])\s*"
)


def without_list_marker(text: str) -> str:
    """*text* (NFKC) without the list marker it starts with (「1.」「(2)」「①」「ア.」「・」「- 」…): an
    item's place in its list, not its wording."""
    return LIST_MARKER.sub("", text.lstrip(), count=1)


def visible(text: str) -> str:
    """*text* without its invisible characters (:data:`INVISIBLE`); *text* itself when it has none."""
    return INVISIBLE.sub("", text) if INVISIBLE.search(text) else text


def normalize(text: str) -> str:
    """Unicode NFKC, invisible characters (zero-width spaces, joiners, BOMs, soft hyphens) dropped,
    every run of whitespace turned into one space, stripped.

    NFKC folds full-width ASCII, half-width katakana and the CJK radical look-alikes
    that PDF extraction produces (U+2F64 '⽤' becomes U+7528 '用').
    """
    return _same_or(text, " ".join(visible(_nfkc(text)).split()))


# NFKC maps the ideographic space U+3000 and the full-width forms of ASCII (U+FF01–FF5E) each to one
# character, its compatibility decomposition (U+0020, U+0021–007E). Replacing a character by its full
# decomposition leaves a text's NFKD as it was, so its NFKC too: when the text that results is NFKC
# already, it is the NFKC form. Japanese text is full of these characters (（）［］２　…), and replacing
# them costs a fifth of unicodedata.normalize, which is left the rest (half-width katakana, …).
_WIDE = re.compile("[\u3000\uff01-\uff5e]")


def _narrow(m: re.Match[str]) -> str:
    ch = m[0]
    return " " if ch == "\u3000" else chr(ord(ch) - 0xFEE0)


_T = TypeVar("_T")
_MEMO: ContextVar[dict[tuple[str, str], Any] | None] = ContextVar("hikaku_text_memo", default=None)


@contextmanager
def remembering() -> Iterator[dict[tuple[str, str], Any]]:
    """Within it, what :func:`recall` reads of a text (:func:`nfkc`, clause numbers) is
    remembered in the dict it gives, which the caller clears when those texts are done with:
    the rows of a comparison, where a pair's renumbering, its changed numbers and a repealed
    clause's label read the same texts one after another. Nothing is remembered elsewhere
    (nor in another thread), so nothing of a phase outlives it (a text kept in a cache keeps
    the allocator's arena it lies in)."""
    memo: dict[tuple[str, str], Any] = {}
    token = _MEMO.set(memo)
    try:
        yield memo
    finally:
        _MEMO.reset(token)


def recall(kind: str, text: str, read: Callable[[str], _T], copy: Callable[[_T], _T] | None = None) -> _T:
    """``read(text)``, remembered under *kind* within :func:`remembering`; *copy* makes what
    each caller gets of a remembered value that callers may change (a list)."""
    memo = _MEMO.get()
    if memo is None:
        return read(text)
    key = (kind, text)
    found: _T
    try:
        found = memo[key]
    except KeyError:
        memo[key] = found = read(text)
    return found if copy is None else copy(found)


def _nfkc(text: str) -> str:
    if unicodedata.is_normalized("NFKC", text):
        return text
    narrowed = _WIDE.sub(_narrow, text)
    return narrowed if unicodedata.is_normalized("NFKC", narrowed) else unicodedata.normalize("NFKC", narrowed)


def nfkc(text: str) -> str:
    """Unicode NFKC of *text*, remembered within :func:`remembering`."""
    return recall("nfkc", text, _nfkc)


def lowered(text: str) -> str:
    """*text* lower-cased; *text* itself when that changes nothing (Japanese)."""
    return _same_or(text, text.lower())


def _same_or(text: str, derived: str) -> str:
    """*text* itself when *derived* equals it: one copy of each text in memory, not two
    (a large comparison keeps the normalised and lower-cased forms of every chunk)."""
    return text if derived == text else derived


def match_key(text: str) -> str:
    """Key under which two chunks count as the same text (normalised, case kept).

    Chunks with equal keys are certain counterparts; whether the change is reported
    as ``unchanged`` still depends on the raw text being equal.
    """
    return normalize(text)


def without_label(key: str, label: str | None) -> str:
    """*key* (a :func:`match_key`) with the chunk's structural label (第12条, Article 4) taken
    out where it opens the chunk's first lines: the identity of a clause whatever its number.
    Empty when there is no label (the chunk has no number to ignore)."""
    if not label:
        return ""
    at = key.find(label, 0, len(label) + 60)
    return key[:at] + key[at + len(label):] if at >= 0 else ""


def is_cosmetic_change(a: str, b: str) -> bool:
    """True when *a* and *b* differ, but only in width, Unicode form or whitespace."""
    return a != b and normalize(a) == normalize(b)


def contains_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def split_sentences(text: str) -> list[str]:
    """Split on Japanese and Western sentence ends and on line breaks."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def shorten(text: str, limit: int, marker: str = "…") -> str:
    """Cut *text* to at most *limit* characters, ending with *marker* when cut."""
    if limit <= 0 or len(text) <= limit:
        return text
    return text[: max(0, limit - len(marker))] + marker


def text_codec(encoding: str) -> str:
    """The codec name of text encoding *encoding* (``Shift-JIS`` -> ``shift_jis``); LookupError
    when there is no such codec or it is not one of text (``rot13``, ``base64``, ``zlib`` …)."""
    name = codecs.lookup(encoding).name
    try:
        b"\x00\x00\x00\x00".decode(name)  # raises LookupError at once for a codec that is not of text
    except UnicodeError:
        pass
    return name
