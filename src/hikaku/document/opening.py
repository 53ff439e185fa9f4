"""Matching a pattern anchored at the start of a text against the text's NFKC form, normalising
only its opening when that decides the match (a label opens a clause; its text may be long)."""

from __future__ import annotations

import functools
import re
from typing import Any

from ..text import nfkc

__all__ = ["MARGIN", "OPENING", "decided_by", "match_head", "match_opening"]

OPENING = 200  # characters of a long text normalised first to match a label at its start
MARGIN = 20  # characters at the end of that opening whose NFKC form may depend on what follows


@functools.cache
def _partial(pattern: str, flags: int) -> Any:
    import regex  # its partial matching tells whether a longer text could still match

    return regex.compile(pattern, flags & ~re.UNICODE)


def match_opening(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.match(NFKC(text))`` for a *pattern* anchored at the start, normalising only
    the opening of a long text when that decides it: the match ends well inside the opening,
    or no text that starts like the opening can match (``regex`` partial matching). Only
    the match's groups are meant to be used (its positions are those of the opening)."""
    if len(text) > OPENING:
        decided, m = decided_by(pattern, nfkc(text[:OPENING]))
        if decided:
            return m
    return pattern.match(nfkc(text))


def decided_by(pattern: re.Pattern[str], head: str) -> tuple[bool, re.Match[str] | None]:
    """Whether the opening *head* (NFKC) decides the match, and the match: it ends well
    inside the opening, or no text that starts like the opening can match."""
    m = pattern.match(head)
    if m is not None and m.end() < len(head) - MARGIN:
        return True, m
    if m is None and _partial(pattern.pattern, pattern.flags).match(head[: len(head) - MARGIN],
                                                                   partial=True) is None:
        return True, None
    return False, None


def match_head(pattern: re.Pattern[str], text: str, head: str) -> re.Match[str] | None:
    """:func:`match_opening` of *text*, given *head*, the NFKC of its opening."""
    decided, m = decided_by(pattern, head)
    return m if decided else match_opening(pattern, text)
