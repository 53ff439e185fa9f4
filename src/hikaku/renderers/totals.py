"""The totals line every report ends with (Markdown, the 新旧対照表 of Excel and Word): the
same counts in every format."""

from __future__ import annotations

from ..result import ComparisonResult
from ..wording import wording

__all__ = ["TOTALS", "counted", "totals", "totals_line"]

TOTALS = ("added", "deleted", "modified", "unchanged", "renumbered", "repealed", "moved")  # what the totals count
_WHEN_ANY = frozenset({"renumbered", "repealed", "moved"})  # shown only when there are any


def counted(result: ComparisonResult) -> dict[str, int]:
    """The numbers of the totals, by key (:data:`TOTALS`, every key): the four types, then
    条番号のみ変更, 削除（番号存置） and 移動. A renumbered pair is counted on its own, not also
    as 一致 (or 変更 with ``--strict``), and so is a clause B keeps only by its number
    (「第9条　削除」), not also as 変更; moves are counted beside the types they also have."""
    counts = dict(result.stats.counts) or {t: result.count(t) for t in ("added", "deleted", "modified", "unchanged")}
    for c in result.changes:
        if c.renumbered or c.repealed:
            counts[c.type] = counts.get(c.type, 0) - 1
    out = {t: counts.get(t, 0) for t in ("added", "deleted", "modified", "unchanged")}
    out["renumbered"] = result.stats.renumbered or sum(1 for c in result.changes if c.renumbered)
    out["repealed"] = result.stats.repealed or sum(1 for c in result.changes if c.repealed)
    out["moved"] = result.stats.moved
    return out


def totals(result: ComparisonResult, lang: str) -> list[tuple[str, str, int]]:
    """The totals of a report, each (key, label, count): the four types always, then
    条番号のみ変更, 削除（番号存置） and 移動 when there are any (:func:`counted`)."""
    w = wording(lang)
    names = {"renumbered": w("report.renumbered"), "moved": w("report.moved_total"),
             "repealed": w("report.with_aspects", label=w("report.change.deleted"), aspects=w("report.aspect.number_kept"))}
    return [(key, names.get(key) or w(f"report.change.{key}"), n) for key, n in counted(result).items()
            if n or key not in _WHEN_ANY]


def totals_line(result: ComparisonResult, lang: str) -> str:
    """「追加 3 ／ 削除 1 ／ 変更 13 ／ 一致 15 ／ 条番号のみ変更 4 ／ 削除（番号存置） 1 ／ 移動 1」:
    :func:`totals` on one line."""
    return wording(lang)("report.totals_sep").join(f"{label} {n}" for _, label, n in totals(result, lang))
