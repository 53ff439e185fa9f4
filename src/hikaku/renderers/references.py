"""The section 「引用条項の確認」 / "Cross-references to check" every report ends with: one line
per reference flagged (:attr:`~hikaku.result.ComparisonResult.references`), worded once for
the Markdown, HTML, Word and Excel reports."""

from __future__ import annotations

from dataclasses import dataclass

from ..document import label_of
from ..result import Change, ComparisonResult, ReferenceFlag
from ..wording import wording

__all__ = ["ReferenceLine", "reference_lines"]


@dataclass(frozen=True)
class ReferenceLine:
    """One flagged reference as a report shows it."""

    flag: ReferenceFlag
    kind: str  # 番号の更新漏れ, "number not updated" …
    item: str  # the citing row's 項目
    message: str  # what to check, in words


def _caption(item: str) -> str:
    """The caption of a row's 項目: 第9条（解雇） → （解雇）; "Section 4 (Fees)" → " (Fees)"."""
    for opening, closing in (("（", "）"), (" (", ")")):
        if item.endswith(closing) and opening in item:
            return item[item.rindex(opening):]
    return ""


def _titled(label: str | None, ids: list[str], rows: dict[str, Change]) -> str:
    """A target's label with the caption of the provision it is in (第9条（解雇）)."""
    if not label:
        return ""
    row = rows.get(ids[0]) if ids else None
    caption = _caption(row.item) if row is not None else ""
    return label if not caption or label.endswith(caption) else f"{label}{caption}"


def reference_lines(result: ComparisonResult, lang: str) -> list[ReferenceLine]:
    """The flagged references of *result*, in the order of the rows, worded in *lang*."""
    if not result.references:
        return []
    w = wording(lang)
    rows_a = {i: c for c in result.changes for i in c.a_ids}
    rows_b = {i: c for c in result.changes for i in c.b_ids}
    out = []
    for f in result.references:
        a_target = _titled(f.a_target, f.a_target_ids, rows_a)
        b_target = _titled(f.b_target, f.b_target_ids, rows_b)
        values = {"text": f.text, "a_target": a_target, "b_target": b_target, "suggestion": f.suggestion or ""}
        if f.kind == "stale":
            now = w("report.reference.now" if f.b_target else "report.reference.now_none", **values)
            message = w("report.reference.stale", **values, now=now)
        elif f.kind == "deleted_target" and not f.a_target:
            message = w("report.reference.deleted_new", **values)
        else:
            message = w(f"report.reference.{f.kind}", **values)
        item = _citing_item(result.changes[f.change]) if 0 <= f.change < len(result.changes) else ""
        out.append(ReferenceLine(f, w(f"report.reference.kind.{f.kind}"), item, message))
    return out


def _citing_item(row: Change) -> str:
    """The row's 項目 under B's number: the reference is B's (第6条（試用期間） is 第7条 in B)."""
    first = next((line for line in row.b_text.splitlines() if line.strip()), "")
    number = label_of(first) if row.b_ids else None
    if not number:
        return row.item
    caption = _caption(row.item)
    scope = row.item.split(" ")[0] + " " if " " in row.item and not row.item.startswith(number) and not \
        row.item[:1].isascii() else ""
    return f"{scope}{number}{caption}"
