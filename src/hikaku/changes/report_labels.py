"""Report labels in Japanese (default) and English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._exceptions import ConfigurationError

if TYPE_CHECKING:
    from ..result import Change

__all__ = ["labels", "type_label", "LANGS"]

LANGS = ("ja", "en")

_LABELS = {
    "ja": {
        "item": "項目",
        "doc_a": "ドキュメントA",
        "doc_b": "ドキュメントB",
        "type": "変更タイプ",
        "added": "追加",
        "deleted": "削除",
        "modified": "変更",
        "unchanged": "一致",
        "moved": "移動",
        "split": "分割",
        "merged": "統合",
        "cosmetic": "表記のみ",
        "title": "比較結果",
        "totals": "集計",
        "moved_total": "移動",
        "none": "—",
        "no_changes": "変更はありません。",
        "sep": "、",
        "quote_open": "「",
        "quote_close": "」",
        "added_text": "追加",
        "deleted_text": "削除",
        "cosmetic_summary": "表記の違いのみ（全角・半角や空白）",
        "cosmetic_whitespace": "空白・改行の違いのみ",
        "cosmetic_width": "全角・半角など表記の違いのみ",
        "cosmetic_list_marker": "番号・記号の付け替えのみ",
        "cosmetic_page_artefact": "ページ番号・ヘッダーの違いのみ",
        "moved_summary": "位置を移動",
        "renumbered": "条番号のみ変更",
        "renumbered_folded": "条番号のみ変更（{n}件）",
        "moved_to": "{a} → {b}へ移動",
        "number_kept": "番号存置",
        "repealed_summary": "条文を削除（{label}は番号のみ存置）",
        "notes": "注記",
        "sections": "見出し",
        "chart_title": "見出しごとの変更",
        "filter": "表示する変更",
        "filter_changes": "変更のあった項目",
        "filter_all": "すべて",
        "no_rows": "該当する項目はありません。",
        "policy": "判定",
        "note_budget": "トークン予算に達したため、{n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_unavailable": "LLM の利用を打ち切ったため、残りの {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_error": "LLM の呼び出しに失敗した {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_invalid": "LLM の回答が使えなかった {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_wrong_document": "LLM が別のドキュメントのIDを使い続けた {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_evidence_deleted": "LLM が確実な対応先のあるチャンクを削除と回答した {n} 件は、証拠に反するためオフラインの判定を採りました（{detail}）。",
        "note_evidence_weaker": "LLM が有力な対応先（確率 ½ 以上）をおいて可能性の低い対応先（確率 ½ 未満）を選んだ {n} 件は、証拠に反するためオフラインの判定を採りました（{detail}）。",
        "note_loop": "LLM が同じツール呼び出しを繰り返した {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_plain_text": "LLM が回答ツールを使わず文章で答えた {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_other": "LLM の判定を使わなかった {n} 件のチャンク（{kind}）はオフラインの判定で比較しました（{detail}）。",
        "note_document": "{doc}（{source}）: {note}",  # a loader's note on an input (Document.notes)
        "doc_note_reading_order": "{pages}: 段組みが重なるなどして本文の読み順が誤っている可能性があります。この部分の変更は原本で確認してください",
        "page_one": "{pages}ページ",
        "page_many": "{pages}ページ",
        "pages_more": "ほか（計{n}ページ）",
        # review mode (docs/review.md)
        "review": "要確認",
        "review_title": "要確認の行（誤りの可能性が高い順）",
        "reviewed": "レビュー済",
        "ignored": "対象外",
        "doubt": "誤りの確率",
        "reason_low_confidence": "確信度が低い",
        "reason_close_competitor": "拮抗する候補がある",
        "reason_llm_offline_disagree": "LLM とオフラインの判断が異なる",
        # cross-references after the revision (issue 38)
        "references_title": "引用条項の確認",
        "references_count": "引用条項の確認（{n}件）",
        "references_none": "引用条項の確認: 確認が必要な引用はありません。",
        "reference": "引用",
        "reference_check": "確認事項",
        "reference_kind": "種類",
        "ref_kind_stale": "番号の更新漏れ",
        "ref_kind_deleted_target": "削除された規定の引用",
        "ref_kind_missing_target": "存在しない規定の引用",
        "ref_kind_relative_shift": "相対引用のずれ",
        "ref_stale": "「{text}」が指していた{a_target}は{suggestion}になっています（{now}）。「{suggestion}」の誤りの可能性があります",
        "ref_now": "「{text}」は現在{b_target}を指しています",
        "ref_now_none": "「{text}」に当たる規定は現在ありません",
        "ref_deleted_target": "「{text}」が指していた{a_target}は削除されています",
        "ref_deleted_new": "「{text}」が指す{b_target}は削除されています",
        "ref_missing_target": "「{text}」に当たる規定がありません",
        "ref_relative_shift": "「{text}」が指していた{a_target}は{suggestion}ですが、「{text}」は現在{b_target}を指しています。「{suggestion}」の誤りの可能性があります",
    },
    "en": {
        "item": "Item",
        "doc_a": "Document A",
        "doc_b": "Document B",
        "type": "Change",
        "added": "Added",
        "deleted": "Deleted",
        "modified": "Modified",
        "unchanged": "Unchanged",
        "moved": "moved",
        "split": "split",
        "merged": "merged",
        "cosmetic": "cosmetic",
        "title": "Comparison",
        "totals": "Totals",
        "moved_total": "Moved",
        "none": "—",
        "no_changes": "No changes.",
        "sep": "; ",
        "quote_open": "\"",
        "quote_close": "\"",
        "added_text": "added",
        "deleted_text": "removed",
        "cosmetic_summary": "only width or spacing differs",
        "cosmetic_whitespace": "only whitespace differs",
        "cosmetic_width": "only character width or form differs",
        "cosmetic_list_marker": "only list numbering differs",
        "cosmetic_page_artefact": "only page numbers or headers differ",
        "moved_summary": "moved",
        "renumbered": "Renumbered only",
        "renumbered_folded": "Renumbered only ({n})",
        "moved_to": "moved: {a} → {b}",
        "number_kept": "number kept",
        "repealed_summary": "text deleted ({label} kept as a placeholder)",
        "notes": "Notes",
        "sections": "Sections",
        "chart_title": "Changes per section",
        "filter": "Changes to show",
        "filter_changes": "All changes",
        "filter_all": "Everything",
        "no_rows": "Nothing to show.",
        "policy": "decided by",
        "note_budget": "The token budget was reached: {n} chunk(s) were compared by the offline policy ({detail}).",
        "note_unavailable": "The LLM was given up: the remaining {n} chunk(s) were compared by the offline policy ({detail}).",
        "note_error": "The LLM call failed for {n} chunk(s), compared by the offline policy instead ({detail}).",
        "note_invalid": "The LLM gave no usable answer for {n} chunk(s), compared by the offline policy instead ({detail}).",
        "note_wrong_document": "The LLM kept using ids of the other document for {n} chunk(s), compared by the offline policy instead ({detail}).",
        "note_evidence_deleted": "The LLM called {n} chunk(s) deleted although they have a certain counterpart: against the evidence, the offline decision stands ({detail}).",
        "note_evidence_weaker": "The LLM chose an unlikely counterpart (probability below ½) over a probable one (½ or more) for {n} chunk(s): against the evidence, the offline decision stands ({detail}).",
        "note_loop": "The LLM repeated the same tool call for {n} chunk(s), compared by the offline policy instead ({detail}).",
        "note_plain_text": "The LLM answered in plain text instead of with its answer tool for {n} chunk(s), compared by the offline policy instead ({detail}).",
        "note_other": "The LLM's decision was not used for {n} chunk(s) ({kind}), compared by the offline policy instead ({detail}).",
        "note_document": "{doc} ({source}): {note}",
        "doc_note_reading_order": "{pages}: {detail}; the reading order of the text may be wrong, check the changes there",
        "page_one": "page {pages}",
        "page_many": "pages {pages}",
        "pages_more": " … ({n} pages)",
        # review mode (docs/review.md)
        "review": "To review",
        "review_title": "Rows to review (most doubtful first)",
        "reviewed": "reviewed",
        "ignored": "out of scope",
        "doubt": "probability of being wrong",
        "reason_low_confidence": "low confidence",
        "reason_close_competitor": "a close competitor",
        "reason_llm_offline_disagree": "the LLM and the offline policy disagree",
        # cross-references after the revision (issue 38)
        "references_title": "Cross-references to check",
        "references_count": "Cross-references to check ({n})",
        "references_none": "Cross-references to check: none.",
        "reference": "Reference",
        "reference_check": "What to check",
        "reference_kind": "Kind",
        "ref_kind_stale": "number not updated",
        "ref_kind_deleted_target": "cites a deleted provision",
        "ref_kind_missing_target": "cites a missing number",
        "ref_kind_relative_shift": "relative reference shifted",
        "ref_stale": "\"{text}\" meant {a_target}, which is {suggestion} now ({now}); it probably should read \"{suggestion}\"",
        "ref_now": "\"{text}\" is {b_target} now",
        "ref_now_none": "nothing is numbered \"{text}\" now",
        "ref_deleted_target": "\"{text}\" meant {a_target}, which was deleted",
        "ref_deleted_new": "\"{text}\" cites {b_target}, which was deleted",
        "ref_missing_target": "no provision is numbered \"{text}\"",
        "ref_relative_shift": "\"{text}\" meant {a_target}, which is {suggestion}, but points at {b_target} now; it probably should read \"{suggestion}\"",
    },
}


def labels(lang: str) -> dict[str, str]:
    try:
        return _LABELS[lang]
    except KeyError:
        raise ConfigurationError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}") from None


def type_label(change: Change, lang: str) -> str:
    L = labels(lang)
    base = L["renumbered"] if change.renumbered else L["deleted"] if change.repealed else L[change.type]
    notes = [L["number_kept"]] if change.repealed else []
    if change.moved:
        notes.append(L["moved"])
    if change.type in ("modified", "unchanged") and len(change.a_ids) == 1 and len(change.b_ids) > 1:
        notes.append(L["split"])
    if change.type in ("modified", "unchanged") and len(change.a_ids) > 1 and len(change.b_ids) == 1:
        notes.append(L["merged"])
    if change.cosmetic:
        notes.append(L["cosmetic"])
    if notes:
        base += f"（{'・'.join(notes)}）" if lang == "ja" else f" ({', '.join(notes)})"
    return base
