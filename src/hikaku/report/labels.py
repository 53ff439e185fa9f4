"""Report labels in Japanese (default) and English."""

from __future__ import annotations

from .._exceptions import ConfigurationError

__all__ = ["labels", "LANGS"]

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
        "moved_summary": "位置を移動",
        "notes": "注記",
        "note_budget": "トークン予算に達したため、{n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_unavailable": "LLM が応答しないため、{n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_error": "LLM の呼び出しに失敗した {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
        "note_invalid": "LLM の回答が使えなかった {n} 件のチャンクはオフラインの判定で比較しました（{detail}）。",
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
        "moved_summary": "moved",
        "notes": "Notes",
        "note_budget": "The token budget was reached: {n} chunk(s) were compared by the offline policy ({detail}).",
        "note_unavailable": "The LLM stopped answering: {n} chunk(s) were compared by the offline policy ({detail}).",
        "note_error": "The LLM call failed for {n} chunk(s), compared by the offline policy instead ({detail}).",
        "note_invalid": "The LLM gave no usable answer for {n} chunk(s), compared by the offline policy instead ({detail}).",
    },
}


def labels(lang: str) -> dict[str, str]:
    try:
        return _LABELS[lang]
    except KeyError:
        raise ConfigurationError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}") from None
