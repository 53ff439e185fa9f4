"""Search patterns that cannot hang the process.

Patterns run on the ``regex`` module with a time limit (catastrophic backtracking such
as ``(a|aa)+$`` is cut off), a bounded pattern length, and text matched in its NFKC
form so that ``第5条`` finds ``第５条``. Spans are reported in the original text.
"""

from __future__ import annotations

import re
import time
import unicodedata

import regex

__all__ = ["PatternError", "PatternTimeout", "check_pattern", "compile_pattern", "find_spans", "normalize_with_offsets",
           "is_plain"]

MAX_PATTERN_CHARS = 2000
_META = set(".^$*+?{}[]\\|()")


class PatternError(ValueError):
    """The pattern is not a valid regular expression (or is too long)."""


class PatternTimeout(TimeoutError):
    """Matching took longer than the time limit."""


def check_pattern(pattern: str) -> None:
    """Reject an empty or oversized pattern (literal or regular expression)."""
    if not pattern:
        raise PatternError("the pattern is empty")
    if len(pattern) > MAX_PATTERN_CHARS:
        raise PatternError(f"the pattern is longer than {MAX_PATTERN_CHARS} characters")


def compile_pattern(pattern: str, *, use_regex: bool, case_sensitive: bool) -> regex.Pattern[str]:
    check_pattern(pattern)
    if use_regex:
        # full-width （ ） etc. are literal characters: keep them literal after NFKC
        src = "".join(
            "\\" + n if not ch.isascii() and (n := unicodedata.normalize("NFKC", ch)) in _META else ch
            for ch in pattern
        )
        src = unicodedata.normalize("NFKC", src)
    else:
        src = regex.escape(unicodedata.normalize("NFKC", pattern))
    flags = 0
    if not case_sensitive:
        flags |= regex.IGNORECASE
    try:
        return regex.compile(src, flags)
    except regex.error as e:
        raise PatternError(f"invalid regular expression: {e}") from None


def normalize_with_offsets(text: str) -> tuple[str, list[int] | None]:
    """NFKC form of *text* and, when it is not character-for-character, the index in
    *text* of each of its characters (plus one trailing entry for the end); ``None``
    means position *i* in the normalised text is position *i* in the original."""
    norm = unicodedata.normalize("NFKC", text)
    if len(norm) == len(text):
        return norm, None  # full-width forms, ideographic spaces: one character each
    out: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        n = unicodedata.normalize("NFKC", ch) if not ch.isascii() else ch
        out.append(n)
        offsets.extend([i] * len(n))
    offsets.append(len(text))
    return "".join(out), offsets


# Characters whose compatibility decomposition starts with a starter (combining class 0) that
# composes with nothing before it, every one of them assigned (their decompositions and classes
# never change: Unicode's normalisation stability), from the scripts and symbols of Japanese
# and English text (tests/tools/test_safe_regex.py checks every one against unicodedata).
_PLAIN_RANGES = (
    "\u0000-\u02ff\u2000-\u2064\u2066-\u2071\u2074-\u208e\u2090-\u209c\u20a0-\u20c0\u2100-\u218b"
    "\u2190-\u2426\u2440-\u244a\u2460-\u2b73\u2b76-\u2b95\u2b97-\u2bff\u3000-\u3029\u3030-\u303f"
    "\u3041-\u3096\u309b-\u30ff\u3220-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufa6d\ufa70-\ufad9"
    "\ufe30-\ufe4f\uff01-\uff9d\uffe0-\uffe6\uffe8-\uffee"
)
_NOT_PLAIN = re.compile(f"[^{_PLAIN_RANGES}]")


def is_plain(text: str) -> bool:
    """Whether *text*'s NFKC form is its characters' NFKC forms end to end (what
    :func:`normalize_with_offsets` makes of it either way): true when every character is one
    whose decomposition starts with a starter no earlier character composes with — then no
    composition nor reordering reaches across two characters (not so for ｶﾞ, e + U+0301 or
    Hangul jamo, whose second character joins the first). False means: not known."""
    return _NOT_PLAIN.search(text) is None


def find_spans(compiled: regex.Pattern[str], text: str, *, deadline: float | None) -> list[tuple[int, int]]:
    """Non-empty match spans of *compiled* in *text*. Raises PatternTimeout past
    *deadline* (a ``time.monotonic()`` value); None: no time limit (an escaped literal,
    which matches in linear time)."""
    if deadline is None:
        return [m.span() for m in compiled.finditer(text) if m.end() > m.start()]
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise PatternTimeout("the search ran out of time")
    try:
        return [m.span() for m in compiled.finditer(text, timeout=remaining) if m.end() > m.start()]
    except TimeoutError:
        raise PatternTimeout("the pattern took too long to match") from None
