"""The revision summary's sections: rows right under a document's title are one section, whichever
version's title they hang from (a revision renames its title: 2024 edition → 2025 edition)."""

from __future__ import annotations

from pathlib import Path

import hikaku

A = """# Service Terms (2024 edition)

## 1. Fees

You pay within 30 days.

## 2. Publicity

We may name you in our marketing.

## 3. Support

We answer within two business days.
"""

B = """# Service Terms (2025 edition)

## 1. Fees

You pay within 60 days.

## 3. Support

We answer within two business days.

## 4. Data Protection

We process your data only on your instructions.
"""


def test_rows_under_either_title_are_one_section_named_by_the_new_title(tmp_path: Path):
    (tmp_path / "a.md").write_text(A, encoding="utf-8")
    (tmp_path / "b.md").write_text(B, encoding="utf-8")
    result = hikaku.compare(tmp_path / "a.md", tmp_path / "b.md", llm="offline", embedding="hashing")
    assert result.summary is not None
    sections = {s.section: [e.item for e in s.entries] for s in result.summary.sections}
    assert list(sections) == ["Service Terms (2025 edition)"], sections
    items = sections["Service Terms (2025 edition)"]
    assert "2. Publicity" in items and "4. Data Protection" in items and "1. Fees" in items


def test_the_html_report_groups_its_rows_and_sections_the_same_way(tmp_path: Path):
    (tmp_path / "a.md").write_text(A, encoding="utf-8")
    (tmp_path / "b.md").write_text(B, encoding="utf-8")
    result = hikaku.compare(tmp_path / "a.md", tmp_path / "b.md", llm="offline", embedding="hashing")
    html = hikaku.render(result, "html", lang="en")
    assert html.count('<tr class="section"') == 1 and "Service Terms (2024 edition)</th>" not in html
