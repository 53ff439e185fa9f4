"""The agent's thoughts, in Japanese (default) and English."""

from __future__ import annotations

__all__ = ["Thoughts"]

_MESSAGES = {
    "ja": {
        "observe": "観察: {a}「{text}」。計画の候補: {proposal}",
        "proposal": "{b}（類似度 {sim:.2f}, {kind}）",
        "no_proposal": "なし（期待される位置 {region} に対応する候補なし）",
        "context": "文脈: 見出し {path}",
        "neighbours": "前後: 前={prev} 後={next}、B で期待される位置は {region}",
        "think_label": "思考: 見出し番号「{label}」で B を文字列検索します",
        "think_keywords": "思考: キーワード {keywords} で B を文字列検索します",
        "think_vector": "思考: 言い換えられた対応先もあり得るため、ベクトル類似度検索を行います",
        "act": "行動: {tool}({args}) → {summary}",
        "tool_failed": "行動: {tool} が失敗: {error}",
        "candidate": "候補 {b}: 類似度 {sim:.2f}{flags}、対応の確率 {prob:.2f}",
        "verify": "確認: 候補 {b} の見出し {path}、直前のチャンク {prev}",
        "confirm": "判断: 計画どおり {b} と対応（類似度 {sim:.2f}、確率 {prob:.2f}）",
        "relink": "判断: {b} の方が対応の確率が高い（{prob:.2f}、類似度 {score:.2f}、計画 {old:.2f}）ため付け替え",
        "move": "判断: 期待位置の外にある {b} と対応（類似度 {sim:.2f}、確率 {prob:.2f}、移動）",
        "label": "判断: 同じ見出し番号 {label} の {b} と対応（確率 {prob:.2f}）",
        "delete": "判断: B に対応するチャンクなし（最も確からしい候補でも確率 {best:.2f} ≤ 0.5）→ 削除",
        "taken": "（{b} は {owner} と確定済み）",
        "region": "{after} と {before} の間",
        "region_start": "先頭から {before} まで",
        "region_end": "{after} から末尾まで",
        "region_all": "文書全体",
    },
    "en": {
        "observe": "Observe: {a} \"{text}\". Plan proposes: {proposal}",
        "proposal": "{b} (similarity {sim:.2f}, {kind})",
        "no_proposal": "nothing (no match in the expected place: {region})",
        "context": "Context: headings {path}",
        "neighbours": "Neighbours: prev={prev} next={next}; expected place in B: {region}",
        "think_label": "Think: search B for the label \"{label}\"",
        "think_keywords": "Think: search B for the keywords {keywords}",
        "think_vector": "Think: the counterpart may be reworded; try vector similarity",
        "act": "Act: {tool}({args}) -> {summary}",
        "tool_failed": "Act: {tool} failed: {error}",
        "candidate": "Candidate {b}: similarity {sim:.2f}{flags}, probability {prob:.2f}",
        "verify": "Verify: candidate {b} has headings {path}, previous chunk {prev}",
        "confirm": "Decide: keep the plan, {b} (similarity {sim:.2f}, probability {prob:.2f})",
        "relink": "Decide: {b} is more probable ({prob:.2f}; similarity {score:.2f}, plan {old:.2f}); relink",
        "move": "Decide: {b}, outside the expected region (similarity {sim:.2f}, probability {prob:.2f}, moved)",
        "label": "Decide: {b} carries the same label {label} (probability {prob:.2f})",
        "delete": "Decide: no counterpart in B (the most probable candidate: {best:.2f} <= 0.5) -> deleted",
        "taken": " ({b} is settled with {owner})",
        "region": "between {after} and {before}",
        "region_start": "from the start to {before}",
        "region_end": "from {after} to the end",
        "region_all": "the whole document",
    },
}


class Thoughts:
    """Collects formatted thoughts for one task."""

    def __init__(self, lang: str = "ja", prefix: str = "") -> None:
        self.m = _MESSAGES.get(lang, _MESSAGES["ja"])
        self.prefix = prefix
        self.lines: list[str] = []

    def fmt(self, key: str, **kw) -> str:
        return self.m[key].format(**kw)

    def add(self, key: str, **kw) -> None:
        self.lines.append(f"{self.prefix}{self.fmt(key, **kw)}")
