"""Where each chunk of a PDF is on its pages (``boxes``: loaders/pdf/boxes.py), against where
the test's PDF drew each line: a two-column 約款 whose clauses flow from one column into the
next and onto the next page. Every line of a clause is inside one of its boxes, no line of
another clause is, a clause that runs on into the next column has a box in each, and one that
runs onto the next page a box on each page."""

from __future__ import annotations

import pytest

import hikaku
from hikaku import load_document
from tests.loaders.make_layouts import ja_articles, make_columns_pdf


@pytest.fixture(scope="module")
def policy(tmp_path_factory):
    placed: list[tuple[int, int, float, float, float, float]] = []
    path = make_columns_pdf(tmp_path_factory.mktemp("boxes") / "policy.pdf", ja_articles(24), placed=placed)
    return load_document(path), placed


def _inside(line, box, slack: float = 0.004) -> bool:
    _, page, left, top, right, bottom = line
    cx, cy = (left + right) / 2, (top + bottom) / 2
    return (page == box.page and box.left - slack <= left and right <= box.right + slack
            and box.top - slack <= cy <= box.bottom + slack and box.left <= cx <= box.right)


def test_every_line_of_a_clause_is_inside_its_boxes_and_no_other(policy):
    doc, placed = policy
    articles = [c for c in doc.chunks if c.structure.structural_label and c.structure.structural_label.endswith("条")]
    assert len(articles) == 24
    for k, chunk in enumerate(articles):
        boxes = chunk.structure.boxes
        assert boxes, chunk.id
        own = [ln for ln in placed if ln[0] == k]
        assert all(any(_inside(ln, b) for b in boxes) for ln in own), (chunk.structure.structural_label, boxes)
        others = [ln for ln in placed if ln[0] != k]
        assert not any(_inside(ln, b, slack=-0.002) for ln in others for b in boxes), chunk.structure.structural_label
        assert {b.page for b in boxes} == set(range(chunk.metadata["page_start"], chunk.metadata["page_end"] + 1))


def test_a_clause_across_columns_or_pages_has_a_box_in_each(policy):
    doc, placed = policy
    articles = [c for c in doc.chunks if c.structure.structural_label and c.structure.structural_label.endswith("条")]
    spans = {k: {(ln[1], ln[2] > 0.5) for ln in placed if ln[0] == k} for k in range(len(articles))}  # (page, right column)
    across_columns = [k for k, s in spans.items() if len({p for p, _ in s}) == 1 and len(s) == 2]
    across_pages = [k for k, s in spans.items() if len({p for p, _ in s}) == 2]
    assert across_columns and across_pages  # the test's PDF has both
    for k in across_columns + across_pages:
        boxes = articles[k].structure.boxes
        assert len(boxes) == 2 and {(b.page, b.left > 0.5) for b in boxes} == spans[k]


def test_boxes_leave_the_comparison_as_it_was(policy, tmp_path):
    """The boxes are where a chunk is, nothing the comparison reads: the same rows without them."""
    doc, _ = policy
    bare = doc.model_copy(update={"chunks": [c.model_copy(update={"metadata": {
        k: v for k, v in c.metadata.items() if k != "boxes"}}) for c in doc.chunks]})
    with_boxes = hikaku.compare(doc, doc, embedding="hashing", llm="offline")
    without = hikaku.compare(bare, bare, embedding="hashing", llm="offline")
    assert [c.model_dump() for c in with_boxes.changes] == [c.model_dump() for c in without.changes]
