"""The 新旧対照表 as it prints: the Excel and Word exports of a 約款 with clauses of 3,000 characters
converted to PDF by LibreOffice (scripts/install-test-tools.sh installs it; make test runs that), read
back column by column. Every character of every changed clause is on a printed page — no clause cut
off at the foot of a page or at Excel's tallest row — and the 項目 of a clause B numbers otherwise
gives the new number, the old one beside it."""

from __future__ import annotations

import pytest

import hikaku
from hikaku import render

from ..helpers import EXAMPLES
from .long_clauses import write_pair
from .printed import columns, flat, to_pdf

HEADERS = ("項目", "改正後", "改正前", "変更タイプ", "備考")


@pytest.fixture(scope="module")
def long_result(tmp_path_factory, hashing_embedder):
    a, b = write_pair(tmp_path_factory.mktemp("long"), clauses=6, length=3000)
    result = hikaku.compare(a, b, embedder=hashing_embedder, llm="offline", max_chunk_chars=4000)
    assert sum(len(c.b_text) >= 3000 for c in result.changes if c.type == "modified") == 6
    return result


@pytest.mark.parametrize("fmt", ["xlsx", "docx"])
def test_every_character_of_every_changed_clause_is_printed(long_result, fmt, tmp_path):
    path = tmp_path / f"taisho.{fmt}"
    path.write_bytes(render(long_result, fmt))
    (item, new, old, *_), pages = columns(to_pdf(path), HEADERS)
    assert pages > 6  # many pages: the clauses go on from page to page
    changed = [c for c in long_result.changes if c.type != "unchanged"]
    for c in changed:
        assert flat(c.b_text) in new, f"{c.item}: 改正後 not printed whole"
        assert flat(c.a_text) in old, f"{c.item}: 改正前 not printed whole"


def test_printed_items_give_the_new_numbers(tmp_path, hashing_embedder):
    result = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md",
                            embedder=hashing_embedder, llm="offline")
    path = tmp_path / "example.xlsx"
    path.write_bytes(render(result, "xlsx"))
    (item, new, *_), _ = columns(to_pdf(path), HEADERS)
    assert flat("第18条（産前産後の休業）（旧第16条）") in item  # beside 改正後 第18条
    assert "第16条（産前産後の休業）" not in item
