"""The 項目 (item) column (changes/items.py): a clause by its label and title, written as the
label's language writes them."""

from __future__ import annotations

from hikaku.changes import item_label
from tests.helpers import doc


def _item(content: str, **metadata) -> str:
    return item_label(doc("A", content, **metadata).chunks, [])


def test_a_label_and_its_title_in_the_brackets_of_the_label_language():
    assert _item("Article 3 Data\nEach party complies.", label="Article 3", title="Data", kind="section") == (
        "Article 3 (Data)")
    assert _item("第4条（手術給付金）\n当会社は…", label="第4条", title="手術給付金", kind="section") == "第4条（手術給付金）"
    # from the text itself when the metadata names neither
    assert _item("Section 2.1 Fees.\nThe fees are…") == "Section 2.1 (Fees)"
    assert _item("（目的）\n第1条　この規則は…") == "第1条（目的）"
