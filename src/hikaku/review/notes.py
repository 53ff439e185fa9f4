"""What a comparison says about a reviewer's decisions in its notes, in the report's language."""

from __future__ import annotations

from collections.abc import Sequence

from .apply import NotApplied

__all__ = ["not_applied_notes", "MAX_LISTED"]

MAX_LISTED = 10  # decisions named one by one in the notes; the rest are counted

_TEXT = {
    "ja": {
        "a_not_found": "A にこの文面のチャンクがありません",
        "b_not_found": "B にこの文面のチャンクがありません",
        "a_ambiguous": "A に同じ文面のチャンクが {n} 件あり、どれを指すか決まりません",
        "b_ambiguous": "B に同じ文面のチャンクが {n} 件あり、どれを指すか決まりません",
        "contradicted": "後の判断と矛盾します",
        "row_changed": "この組み合わせの行がありません",
        "verdict": {"match": "対応", "no_match": "対応なし", "ignore": "対象外"},
        "line": "レビュー判断（{verdict}）{label} は適用されませんでした: {why}",
        "more": "ほかに {n} 件のレビュー判断が適用されませんでした。",
        "quotes": ("「", "」"),
    },
    "en": {
        "a_not_found": "no chunk of A has this text",
        "b_not_found": "no chunk of B has this text",
        "a_ambiguous": "{n} chunks of A have this text; which one is meant is unclear",
        "b_ambiguous": "{n} chunks of B have this text; which one is meant is unclear",
        "contradicted": "a later decision contradicts it",
        "row_changed": "no row holds these chunks together",
        "verdict": {"match": "match", "no_match": "not a match", "ignore": "out of scope"},
        "line": "Reviewer decision ({verdict}) {label} was not applied: {why}",
        "more": "{n} more reviewer decisions were not applied.",
        "quotes": ('"', '"'),
    },
}


def not_applied_notes(items: Sequence[NotApplied], lang: str) -> list[str]:
    t = _TEXT.get(lang, _TEXT["ja"])
    out = []
    for n in items[:MAX_LISTED]:
        why = str(t[n.reason]).format(n=n.occurrences)
        out.append(str(t["line"]).format(verdict=t["verdict"][n.decision.verdict],  # type: ignore[index]
                                         label=n.decision.label(t["quotes"]), why=why))  # type: ignore[arg-type]
    if len(items) > MAX_LISTED:
        out.append(str(t["more"]).format(n=len(items) - MAX_LISTED))
    return out
