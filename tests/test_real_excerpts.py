"""Accuracy floors on small excerpts of the real evaluation data (see data/README.md)."""

import json
from collections import defaultdict

import pytest

import hikaku

from .helpers import DATA


def verdicts(aligned, deleted, added):
    part, lab = defaultdict(set), defaultdict(set)
    for a, b, label in aligned:
        part[("A", a)].add(b)
        part[("B", b)].add(a)
        lab[("A", a)].add(label)
        lab[("B", b)].add(label)
    v = {k: (frozenset(p), "modified" if "modified" in lab[k] else "unchanged") for k, p in part.items()}
    v.update({("A", a): (frozenset(), "deleted") for a in deleted if ("A", a) not in v})
    v.update({("B", b): (frozenset(), "added") for b in added if ("B", b) not in v})
    return v


def chunk_accuracy(result, gold):
    pred_aligned, deleted, added = [], [], []
    for c in result.changes:
        if c.type in ("unchanged", "modified"):
            pred_aligned += [(a, b, c.type) for a in c.a_ids for b in c.b_ids]
        elif c.type == "deleted":
            deleted += c.a_ids
        else:
            added += c.b_ids
    gv = verdicts([(x["a_id"], x["b_id"], x["label"]) for x in gold["aligned"]], gold["deleted"], gold["added"])
    pv = verdicts(pred_aligned, deleted, added)
    return sum(1 for k, v in gv.items() if pv.get(k) == v) / len(gv)


@pytest.mark.parametrize(
    "folder, floor",
    [("jp_law_utility_model_excerpt", 1.0), ("argrewrite_s100_draft1-draft2", 0.9), ("argrewrite_s27_draft1-draft2", 0.9)],
)
def test_accuracy_floor(folder, floor, use_embedder, sudachi):
    # the gold labels any textual difference as modified, full-/half-width included: --strict
    d = DATA / folder
    gold = json.loads((d / "gold.json").read_text(encoding="utf-8"))
    result = hikaku.compare(d / "a.json", d / "b.json", embedder=use_embedder, tokenizer=sudachi, strict=True)
    assert chunk_accuracy(result, gold) >= floor


def test_width_only_amendments_are_cosmetic_by_default(use_embedder, sudachi):
    d = DATA / "jp_law_utility_model_excerpt"
    default = hikaku.compare(d / "a.json", d / "b.json", embedder=use_embedder, tokenizer=sudachi)
    strict = hikaku.compare(d / "a.json", d / "b.json", embedder=use_embedder, tokenizer=sudachi, strict=True)
    width = [c for c in default.changes if c.cosmetic_kind == "width"]
    assert len(width) == 4 and all(c.type == "unchanged" and c.cosmetic for c in width)
    assert "（１）" in width[0].b_text and "（1）" in width[0].a_text
    by_ids = {tuple(c.a_ids): c for c in strict.changes}
    assert all(by_ids[tuple(c.a_ids)].type == "modified" and by_ids[tuple(c.a_ids)].cosmetic for c in width)
    assert strict.count("modified") == default.count("modified") + 4


def test_repealed_article_is_linked_by_its_number(use_embedder, sudachi):
    d = DATA / "jp_law_utility_model_excerpt"
    result = hikaku.compare(d / "a.json", d / "b.json", embedder=use_embedder, tokenizer=sudachi)
    change = next(c for c in result.changes if c.a_ids == ["a75"])
    assert change.type == "modified" and change.b_ids == ["b75"] and change.decided_by == "agent"
    assert change.b_text.endswith("削除")
