"""A table of contents' row (changes/toc.py): navigation, said only where no heading row says it."""

from __future__ import annotations

import hikaku


def _doc(toc_rider: str, heading_rider: str, *, fee: str = "3千円") -> str:
    return (f"# 約款\n\n目次\n第1章　総則 .......... 1\n{toc_rider} .......... 2\n\n## 第1章　総則\n\n第1条（目的）\n"
            f"この約款は契約の内容を定めます。\n\n## {heading_rider}\n\n第1条（給付）\n通院1回につき{fee}を支払います。\n")


def _compare(tmp_path, a: str, b: str, **kw):
    (tmp_path / "a.md").write_text(a, encoding="utf-8")
    (tmp_path / "b.md").write_text(b, encoding="utf-8")
    return hikaku.compare(tmp_path / "a.md", tmp_path / "b.md", embedding="hashing", **kw)


def test_a_toc_that_changed_as_its_headings_did_says_nothing_new(tmp_path):
    result = _compare(tmp_path, _doc("通院特約", "通院特約"), _doc("通院保障特約", "通院保障特約"))
    (toc,) = [c for c in result.changes if c.item == "目次"]
    assert (toc.type, toc.cosmetic, toc.cosmetic_kind) == ("unchanged", True, "toc")
    assert toc.summary == "目次の変更は各見出しの行のとおり"
    assert [(c.type, c.summary) for c in result.of_type("modified")] == [("modified", "「通院特約」 → 「通院保障特約」")]
    strict = _compare(tmp_path, _doc("通院特約", "通院特約"), _doc("通院保障特約", "通院保障特約"), strict=True)
    (toc,) = [c for c in strict.changes if c.item == "目次"]
    assert (toc.type, toc.cosmetic_kind) == ("modified", "toc")  # the gold's convention: every difference


def test_a_toc_entry_no_heading_row_says_is_named(tmp_path):
    # the TOC was corrected, the heading it lists was not renamed
    result = _compare(tmp_path, _doc("通院特約", "通院保障特約"), _doc("通院保障特約", "通院保障特約"))
    (toc,) = [c for c in result.changes if c.item == "目次"]
    assert (toc.type, toc.cosmetic) == ("modified", False)
    assert toc.summary == "追加: 「通院保障特約」、削除: 「通院特約」"
    assert [c.item for c in result.changes if c.type != "unchanged"] == ["目次"]


def test_a_toc_whose_page_numbers_alone_changed_is_a_page_artefact(tmp_path):
    a = _doc("通院特約", "通院特約")
    result = _compare(tmp_path, a, a.replace(".......... 2", ".......... 3"))
    (toc,) = [c for c in result.changes if c.item == "目次"]
    assert (toc.type, toc.cosmetic_kind) == ("unchanged", "page_artefact")
