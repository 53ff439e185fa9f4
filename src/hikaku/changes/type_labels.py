"""A row's label in a report: its change type and what else is true of it (「変更（移動・分割）」),
in the report's language (the words: hikaku.wording, ``report.*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..wording import wording

if TYPE_CHECKING:
    from ..result import Change

__all__ = ["type_label"]


def type_label(change: Change, lang: str) -> str:
    """「条番号のみ変更」 for a renumbered clause, 「削除（番号存置）」 for one B keeps only by its
    number, else the type, with the aspects (移動, 分割, 統合, 表記のみ) in brackets."""
    w = wording(lang)
    base = (w("report.renumbered") if change.renumbered else w("report.change.deleted") if change.repealed
            else w(f"report.change.{change.type}"))
    aspects = [w("report.aspect.number_kept")] if change.repealed else []
    if change.moved:
        aspects.append(w("report.aspect.moved"))
    if change.type in ("modified", "unchanged") and len(change.a_ids) == 1 and len(change.b_ids) > 1:
        aspects.append(w("report.aspect.split"))
    if change.type in ("modified", "unchanged") and len(change.a_ids) > 1 and len(change.b_ids) == 1:
        aspects.append(w("report.aspect.merged"))
    if change.cosmetic:
        aspects.append(w("report.aspect.cosmetic"))
    if aspects:
        return w("report.with_aspects", label=base, aspects=w("report.aspects_sep").join(aspects))
    return base
