"""What a comparison says about a reviewer's decisions in its notes, in the report's language
(the words: hikaku.wording, ``review.not_applied.*``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..wording import wording
from .apply import NotApplied

__all__ = ["not_applied_notes", "MAX_LISTED"]

MAX_LISTED = 10  # decisions named one by one in the notes; the rest are counted


def not_applied_notes(items: Sequence[NotApplied], lang: str) -> list[str]:
    w = wording(lang)
    quotes = (w("text.quote_open"), w("text.quote_close"))
    out = []
    for n in items[:MAX_LISTED]:
        why = w(f"review.not_applied.{n.reason}", n=n.occurrences)
        out.append(w("review.not_applied.line", verdict=w(f"review.verdict.{n.decision.verdict}"),
                     label=n.decision.label(quotes), why=why))
    if len(items) > MAX_LISTED:
        out.append(w("review.not_applied.more", n=len(items) - MAX_LISTED))
    return out
