"""What every renderer is given besides the result."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COLUMN_ORDERS", "RenderOptions"]

COLUMN_ORDERS = ("new-old", "old-new")  # 新旧対照表: revised text first (new-old) or the current text first


@dataclass(frozen=True)
class RenderOptions:
    lang: str = "ja"  # labels: ja | en
    include_unchanged: bool = False  # 一致 rows too (the HTML report always holds them, filtered)
    diff_style: str = "md"  # Markdown highlights: md (~~old~~ **new**) | html (<del>/<ins>) | none
    excel: bool = False  # CSV for Excel: BOM, CRLF
    formula_safe: bool = True  # CSV: a cell a spreadsheet would run as a formula (=, +, -, @ …) gets a leading '

    max_cell_chars: int = 200  # Markdown cells are cut around the first change
    column_order: str | None = None  # new-old | old-new | None: the format's own (new-old for xlsx, docx)
