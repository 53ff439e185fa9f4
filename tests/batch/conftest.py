"""Pairs for the batch tests: four that compare (the bundled example both ways, an
amended copy, two chunk-JSON policies) and one whose A file does not exist."""

import json

import pytest

from ..helpers import EXAMPLES


def _chunks(path, items):
    path.write_text(json.dumps([{"id": i, "content": c} for i, c in items], ensure_ascii=False), encoding="utf-8")


@pytest.fixture
def pair_files(tmp_path):
    d = tmp_path / "docs"
    d.mkdir()
    v1 = (EXAMPLES / "shugyo_kisoku_v1.md").read_text(encoding="utf-8")
    v2 = (EXAMPLES / "shugyo_kisoku_v2.md").read_text(encoding="utf-8")
    (d / "v1.md").write_text(v1, encoding="utf-8")
    (d / "v2.md").write_text(v2, encoding="utf-8")
    assert "３か月" in v1
    (d / "v1_amended.md").write_text(v1.replace("３か月", "４か月"), encoding="utf-8")
    _chunks(d / "policy_2023.json", [("a1", "第1条（目的）この約款は保険契約の内容を定める。"),
                                     ("a2", "第2条（保険金）当社は手術給付金として日額の20倍を支払う。"),
                                     ("a3", "第3条（請求）保険金の請求は書面で行う。")])
    _chunks(d / "policy_2024.json", [("b1", "第1条（目的）この約款は保険契約の内容を定める。"),
                                     ("b2", "第2条（保険金）当社は手術給付金として日額の25倍を支払う。"),
                                     ("b3", "第3条（請求）保険金の請求は書面又は電子的方法で行う。"),
                                     ("b4", "第4条（保険料）保険料は毎月払い込む。")])
    return d


@pytest.fixture
def manifest(tmp_path, pair_files):
    m = tmp_path / "pairs.csv"
    m.write_text(
        "name,a,b,lang\n"
        "example,docs/v1.md,docs/v2.md,\n"
        "reverse,docs/v2.md,docs/v1.md,en\n"
        "amended,docs/v1.md,docs/v1_amended.md,\n"
        "約款 A&B,docs/policy_2023.json,docs/policy_2024.json,\n"
        "broken,docs/<missing>.md,docs/v2.md,\n",
        encoding="utf-8",
    )
    return m
