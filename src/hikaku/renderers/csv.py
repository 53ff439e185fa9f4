"""CSV: one row per change."""

from __future__ import annotations

import csv
import io

from ..changes.labels import labels, type_label
from ..result import ComparisonResult
from ._options import RenderOptions

__all__ = ["render", "render_csv", "CSV_COLUMNS"]

CSV_COLUMNS = (
    "change_type", "label", "item", "path", "a_ids", "b_ids", "a_text", "b_text",
    "summary", "similarity", "confidence", "moved", "cosmetic",
)
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _excel_safe(value: str) -> str:
    """A cell Excel would run as a formula (=, +, -, @ first) gets a leading apostrophe."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def render_csv(result: ComparisonResult, *, lang: str = "ja", include_unchanged: bool = False,
               excel: bool = False) -> str:
    """One row per change (RFC 4180 quoting). With *excel*: a UTF-8 byte order mark, CRLF
    line ends and formula-safe cells, so that Excel opens Japanese text correctly."""
    labels(lang)  # validates lang
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
        ]
        w.writerow([_excel_safe(v) for v in row] if excel else row)
    return ("\ufeff" if excel else "") + buf.getvalue()


def render(result: ComparisonResult, options: RenderOptions) -> str:
    return render_csv(result, lang=options.lang, include_unchanged=options.include_unchanged, excel=options.excel)
