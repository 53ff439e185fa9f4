"""A row's pages as a reviewer reads them: 「p.7」, 「p.7–8」, 「p.7, 9–10」 — the pages of the original
each side's text is on (``Change.a_pages`` / ``b_pages``: PDF and Word), to go from a row to the page."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["page_text"]


def page_text(pages: Sequence[int]) -> str:
    """「p.7」 for one page, runs of pages as ranges (「p.7–8, 10」); ``""`` without pages."""
    if not pages:
        return ""
    runs: list[list[int]] = []
    for p in sorted(set(pages)):
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return "p." + ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)
