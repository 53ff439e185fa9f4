"""CSV: one row per change."""

from __future__ import annotations

import csv
import io

from .._models import ComparisonResult
from .labels import labels
from .markdown import type_label

__all__ = ["render_csv", "CSV_COLUMNS"]

CSV_COLUMNS = (
    "change_type", "label", "item", "a_ids", "b_ids", "a_text", "b_text",
    "summary", "similarity", "confidence", "moved", "cosmetic",
)


def render_csv(result: ComparisonResult, *, lang: str = "ja", include_unchanged: bool = False) -> str:
    labels(lang)  # validates lang
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for c in result.changes:
        if c.type == "unchanged" and not include_unchanged:
            continue
        w.writerow([
            c.type, type_label(c, lang), c.item, " ".join(c.a_ids), " ".join(c.b_ids), c.a_text, c.b_text,
            c.summary, "" if c.similarity is None else f"{c.similarity:.4f}", f"{c.confidence:.4f}",
            str(c.moved).lower(), str(c.cosmetic).lower(),
        ])
    return buf.getvalue()
