"""Inline diff spans: units people read (numbers and words whole), offsets that point at
the right characters, and the highlighted Markdown cells."""

from __future__ import annotations

import hikaku
from hikaku.changes import diff_spans, inline_ops
from hikaku.renderers.markdown import highlighted_cell
from tests.helpers import doc


def cut(text, spans):
    return [text[s:e] for s, e in spans]


def test_japanese_is_compared_by_character_but_numbers_stay_whole():
    a = "疾病入院給付金の日額は入院給付金日額の20倍とします。七大疾病の場合も同様です。"
    b = "疾病入院給付金の日額は入院給付金日額の25倍とします。五大疾病の場合も同様です。"
    sa, sb = diff_spans(a, b)
    assert cut(a, sa) == ["20", "七"] and cut(b, sb) == ["25", "五"]
    a, b = "支払限度日数は1,095日とします。", "支払限度日数は1,825日とします。"
    sa, sb = diff_spans(a, b)
    assert cut(a, sa) == ["1,095"] and cut(b, sb) == ["1,825"]


def test_english_is_compared_by_word():
    a = "The insured must notify us within 30 days of the loss."
    b = "The policyholder must notify us in writing within 60 days of the loss."
    ops = inline_ops(a, b)
    assert (-1, "insured") in ops and (1, "policyholder") in ops and (1, "in writing ") in ops
    sa, sb = diff_spans(a, b)
    assert cut(a, sa) == ["insured", "30"] and cut(b, sb) == ["policyholder", "in writing ", "60"]


def test_semantic_cleanup_merges_scattered_coincidences():
    a = "保険料の払込みは月払いとします。"
    b = "保険料の支払方法は口座振替とします。"
    sa, sb = diff_spans(a, b)
    assert len(sa) == len(sb) == 1  # one readable replacement, not a salad of single characters
    assert cut(a, sa) == ["払込みは月払い"] and cut(b, sb) == ["支払方法は口座振替"]


def test_spans_reproduce_both_texts():
    a, b = "第3条 始業は9時、終業は18時。\n2 休憩は60分。", "第3条 始業は10時、終業は19時とする。\n2 休憩は45分とする。"
    ops = inline_ops(a, b)
    assert "".join(t for op, t in ops if op <= 0) == a and "".join(t for op, t in ops if op >= 0) == b


def test_result_json_carries_the_offsets(use_embedder):
    a = doc("A", "第1条 目的を定める。", "第2条 保険金は入院給付金日額の20倍とします。")
    b = doc("B", "第1条 目的を定める。", "第2条 保険金は入院給付金日額の25倍とします。")
    result = hikaku.compare(a, b, embedder=use_embedder)
    change = result.of_type("modified")[0]
    data = result.to_dict()["changes"][1]
    assert data["diff"] == {"a": [[16, 18]], "b": [[16, 18]]}
    assert change.a_text[16:18] == "20" and change.b_text[16:18] == "25"
    assert hikaku.ComparisonResult.from_json(result.to_json()).changes[1].diff == change.diff


def test_highlighted_markdown_cells():
    text = "月額*30,000円|まで"
    cell = highlighted_cell(text, [(3, 9)], side="a", style="md")
    assert cell == "月額\\*~~30,000~~円\\|まで"  # the text's own * and | escaped, the change struck
    assert highlighted_cell(text, [(3, 9)], side="b", style="md") == "月額\\***30,000**円\\|まで"
    assert highlighted_cell("<b>x</b>", [(3, 4)], side="b", style="html") == "&lt;b&gt;<ins>x</ins>&lt;/b&gt;"
    assert highlighted_cell("二行\n目です", [(0, 4)], side="a", style="md") == "~~二行~~<br>~~目~~です"
    assert highlighted_cell("abc", [(1, 2)], side="a", style="none") == "abc"


def test_a_long_cell_is_cut_around_the_first_change():
    text = "前" * 300 + "変更点" + "後" * 300
    cell = highlighted_cell(text, [(300, 303)], side="b", style="md", limit=100)
    assert cell.startswith("…") and cell.endswith("…") and "**変更点**" in cell
    assert len(cell.replace("**", "")) <= 102


def test_the_diff_is_bounded_by_steps_not_by_the_clock(monkeypatch):
    """A busy machine used to get a coarser diff (diff-match-patch stopped after a second of
    wall time); the bound is now a count of its steps, the same under any load."""
    import sys

    import diff_match_patch  # noqa: F401  (its module of the same name, not the class it exports)

    dmp_module = sys.modules["diff_match_patch.diff_match_patch"]

    a = "".join(f"第{k}項 保険金の支払額は日額の{k}倍とする。" for k in range(300))
    b = "".join(f"第{k}項 保険金の支払額は日額の{k + (k % 7 == 0)}倍とする。" for k in range(300))  # 43 edits
    calm = inline_ops(a, b)

    class Busy:  # every look at the clock finds ten more seconds gone
        now = 0.0

        @classmethod
        def time(cls):
            cls.now += 10.0
            return cls.now

    monkeypatch.setattr(dmp_module, "time", Busy)
    assert inline_ops(a, b) == calm
    few = inline_ops(a, b, steps=10)  # a small budget: a coarser diff, still both texts
    assert len(calm) > 80 and len(few) < 10
    for ops in (calm, few):
        assert "".join(t for op, t in ops if op <= 0) == a and "".join(t for op, t in ops if op >= 0) == b
