"""The summary and attention sections every report opens with, laid out for a result of many
rows: listed up to MAX_ENTRIES, then 「ほかN件」 (the JSON holds them all); a result written before
the summary existed gets it computed from its rows."""

from __future__ import annotations

import hikaku
from hikaku.renderers.revision import MAX_ENTRIES
from hikaku.result import Attention, Change, ComparisonResult, DocumentInfo, NumberFact


def _result(n: int) -> ComparisonResult:
    changes = [Change(type="modified", a_ids=[f"a{k}"], b_ids=[f"b{k}"], item=f"{k}歳の保険料", a_text=f"{k}歳｜1,000円",
                      b_text=f"{k}歳｜1,030円", summary="1,000円 → 1,030円", path=["保険料表"],
                      facts=[NumberFact(old="1,000円", new="1,030円", unit="円", change="up")],
                      attention=[Attention(code="charge_increased", evidence="1,000円 → 1,030円")]) for k in range(n)]
    return ComparisonResult(document_a=DocumentInfo(id="a", title="保険料表", chunk_count=n),
                            document_b=DocumentInfo(id="b", title="保険料表", chunk_count=n), changes=changes)


def test_long_sections_are_cut_with_their_count():
    result = _result(MAX_ENTRIES + 2)  # (no summary in it: computed from the rows)
    md = hikaku.render(result, "md")
    assert f"### 要確認：不利になりうる変更（{MAX_ENTRIES + 2}）" in md and "| ほか2件 | | |" in md
    assert md.count("| 料金・保険料等の増加 |") == MAX_ENTRIES
    assert "- ほか2件" in md  # the rows by section
    page = hikaku.render(result, "html")
    assert f"({MAX_ENTRIES + 2})</h2>" in page and page.count('<p class="more">ほか2件</p>') == 2
