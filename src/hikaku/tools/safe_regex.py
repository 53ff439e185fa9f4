"""Search patterns that cannot hang the process.

Patterns run on the ``regex`` module with a time limit (catastrophic backtracking such
as ``(a|aa)+$`` is cut off), a bounded pattern length, and text matched in its NFKC
form so that ``第5条`` finds ``第５条``. Spans are reported in the original text.
"""

from __future__ import annotations

import time
import unicodedata

import regex

from ..text import nfkc

__all__ = ["PatternError", "PatternTimeout", "check_pattern", "compile_pattern", "find_spans", "normalize_with_offsets"]

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
    norm = nfkc(text)
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
