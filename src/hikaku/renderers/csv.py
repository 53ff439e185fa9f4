"""CSV: one row per change, safe to open in a spreadsheet; ``summary`` is what changed (written
from the row's facts), ``attention`` the signals that it may disadvantage the customer.

Every cell that a spreadsheet would run as a formula — one starting with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return (OWASP "CSV injection"), or their full-width
forms, which Japanese spreadsheets convert — gets a leading apostrophe, in every CSV, not
only ``--excel`` (which adds a byte order mark and CRLF line ends). ``formula_safe=False``
(API) writes the cells as they are."""

from __future__ import annotations

import csv
import io

from ..changes import type_label
from ..result import ComparisonResult
from ..wording import wording
from .options import RenderOptions

__all__ = ["render", "render_csv", "CSV_COLUMNS"]

CSV_COLUMNS = (
    "change_type", "label", "item", "path", "a_ids", "b_ids", "a_text", "b_text",
    "summary", "similarity", "confidence", "moved", "cosmetic", "attention",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def _formula_safe(value: str) -> str:
    """A cell a spreadsheet would run as a formula gets a leading apostrophe."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def render_csv(result: ComparisonResult, *, lang: str = "ja", include_unchanged: bool = False,
               excel: bool = False, formula_safe: bool = True) -> str:
    """One row per change (RFC 4180 quoting), formula-safe cells. With *excel*: a UTF-8
    byte order mark and CRLF line ends, so that Excel opens Japanese text correctly."""
    t = wording(lang)  # (validates lang)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n" if excel else "\n")
    w.writerow(CSV_COLUMNS)
    for c in result.changes:
        if c.type == "unchanged" and not include_unchanged:
            continue
        row = [
            c.type, type_label(c, lang), c.item, " > ".join(c.path), " ".join(c.a_ids), " ".join(c.b_ids),
            c.a_text, c.b_text, c.summary, "" if c.similarity is None else f"{c.similarity:.4f}",
            f"{c.confidence:.4f}", str(c.moved).lower(), str(c.cosmetic).lower(),
            t("text.clause_sep").join(f"{t(f'report.attention.code.{a.code}')}: {a.evidence}" for a in c.attention),
        ]
        w.writerow([_formula_safe(v) for v in row] if formula_safe else row)
    return ("\ufeff" if excel else "") + buf.getvalue()


def render(result: ComparisonResult, options: RenderOptions) -> str:
    return render_csv(result, lang=options.lang, include_unchanged=options.include_unchanged, excel=options.excel,
                      formula_safe=options.formula_safe)
