import csv
import io

import pytest

from hikaku import Change, ComparisonResult, ConfigurationError, DocumentInfo, Stats, render
from hikaku.renderers.markdown import escape_cell


def result() -> ComparisonResult:
    return ComparisonResult(
        document_a=DocumentInfo(id="a", title="旧|版", chunk_count=3),
        document_b=DocumentInfo(id="b", title="新版", chunk_count=3),
        changes=[
            Change(type="unchanged", a_ids=["a1"], b_ids=["b1"], item="第1条", a_text="同じ", b_text="同じ"),
            Change(type="modified", a_ids=["a2"], b_ids=["b2"], item="第2条", a_text="A | B\n二行目",
                   b_text='<script>alert("x")</script>', summary="20倍 → 25倍", similarity=0.9),
            Change(type="deleted", a_ids=["a3"], item="第3条", a_text="消えた"),
            Change(type="added", b_ids=["b3"], item="第4条", b_text="増えた, \"引用\""),
            Change(type="modified", a_ids=["a4"], b_ids=["b4", "b5"], item="第5条", a_text="x", b_text="y",
                   moved=True),
        ],
        stats=Stats(counts={"unchanged": 1, "modified": 2, "deleted": 1, "added": 1}, moved=1),
    )


def test_markdown_table_seeds_columns_and_escaping():
    md = render(result(), "md")
    lines = md.splitlines()
    assert "| 項目 | ドキュメントA | ドキュメントB | 変更タイプ |" in lines
    row = next(line for line in lines if line.startswith("| 第2条"))
    assert "A \\| B<br>二行目" in row  # pipe escaped, newline as <br>
    assert "&lt;script&gt;" in row and "<script>" not in md
    assert "変更<br>20倍 → 25倍" in row
    assert len(row.split(" | ")) == 4  # still four cells
    assert "第1条" not in md  # unchanged rows only on request
    assert "| 第3条 | 消えた | — | 削除 |" in lines
    assert "変更（移動・分割）" in md
    assert "**集計**: 追加 1 ／ 削除 1 ／ 変更 2 ／ 一致 1 ／ 移動 1" in md
    assert "## 比較結果: 旧\\|版 → 新版" in md


def test_markdown_unchanged_and_english():
    md = render(result(), "md", include_unchanged=True)
    assert "| 第1条 | 同じ | 同じ | 一致 |" in md
    en = render(result(), "md", lang="en")
    assert "| Item | Document A | Document B | Change |" in en
    assert "Modified (moved, split)" in en and "**Totals**: Added 1 / Deleted 1" in en
    assert "変更" not in en and "追加" not in en


def test_long_cells_are_cut_with_a_marker():
    r = result()
    r.changes[2].a_text = "長" * 500
    md = render(r, "md", max_cell_chars=50)
    row = next(line for line in md.splitlines() if line.startswith("| 第3条"))
    assert "長" * 49 + "…" in row and "長" * 51 not in row


def test_no_changes_message():
    r = result()
    r.changes = r.changes[:1]
    assert "変更はありません。" in render(r, "md")


def test_csv_quotes_and_columns():
    text = render(result(), "csv")
    assert text.startswith("change_type,label,item,path,")
    rows = list(csv.DictReader(io.StringIO(text)))
    added = next(r for r in rows if r["change_type"] == "added")
    assert added["b_text"] == '増えた, "引用"'
    assert '"増えた, ""引用"""' in text  # RFC 4180 quoting
    mod = next(r for r in rows if r["item"] == "第2条")
    assert mod["a_text"] == "A | B\n二行目" and mod["similarity"] == "0.9000"
    assert not any(r["change_type"] == "unchanged" for r in rows)
    with_unchanged = csv.DictReader(io.StringIO(render(result(), "csv", include_unchanged=True)))
    assert any(r["change_type"] == "unchanged" for r in with_unchanged)


def test_csv_is_formula_safe_and_excel_adds_bom_and_crlf():
    r = result()
    r.changes[3].b_text = "=HYPERLINK(\"http://example.com\")"
    r.changes[2].a_text = "-5%の減額"
    text = render(r, "csv", excel=True)
    assert text.startswith("\ufeffchange_type,") and "\r\n" in text
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert next(x for x in rows if x["change_type"] == "added")["b_text"] == "'=HYPERLINK(\"http://example.com\")"
    assert next(x for x in rows if x["change_type"] == "deleted")["a_text"] == "'-5%の減額"
    plain_text = render(r, "csv")
    assert not plain_text.startswith("\ufeff") and "\r\n" not in plain_text
    plain = list(csv.DictReader(io.StringIO(plain_text)))  # safe by default too
    assert next(x for x in plain if x["change_type"] == "added")["b_text"] == "'=HYPERLINK(\"http://example.com\")"
    assert next(x for x in plain if x["change_type"] == "deleted")["a_text"] == "'-5%の減額"
    for cell in ("+1", "@SUM(A1)", "\t=1", "＝1+1", "＠x"):
        r.changes[3].b_text = cell
        row = next(x for x in csv.DictReader(io.StringIO(render(r, "csv"))) if x["change_type"] == "added")
        assert row["b_text"] == "'" + cell
    raw = list(csv.DictReader(io.StringIO(render(r, "csv", formula_safe=False))))  # the API can ask for raw cells
    assert next(x for x in raw if x["change_type"] == "added")["b_text"] == "＠x"
    r.changes[3].b_text = "第1条 本文 = 原文"  # an = inside a cell is text
    row = next(x for x in csv.DictReader(io.StringIO(render(r, "csv"))) if x["change_type"] == "added")
    assert row["b_text"] == "第1条 本文 = 原文"


def test_json_and_errors():
    assert render(result(), "json").startswith('{\n  "schema": "hikaku.comparison/v1"')
    with pytest.raises(ConfigurationError, match="unknown output format"):
        render(result(), "xml")
    with pytest.raises(ConfigurationError, match="unknown language"):
        render(result(), "md", lang="fr")


def test_escape_cell():
    assert escape_cell("a|b") == "a\\|b"
    assert escape_cell("x\r\ny") == "x<br>y"
    assert escape_cell("附則\n\nこの規則は") == "附則<br>この規則は"
    assert escape_cell("back\\slash") == "back\\\\slash"


@pytest.mark.parametrize("fmt", ["md", "json", "html", "xlsx", "docx"])
def test_the_excel_option_is_refused_by_a_format_without_an_excel_variant(fmt):
    from hikaku.renderers import RenderOptions, check

    with pytest.raises(ConfigurationError, match=f"the excel option makes a csv file for Excel; the {fmt} format"):
        check(fmt, RenderOptions(excel=True))
    assert check("csv", RenderOptions(excel=True)).name == "csv"
