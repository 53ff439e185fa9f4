"""Consistency of the English editing test set (tests/data/edits, see its README.md).

The gold of each pair must account for every sentence exactly once, label a pair unchanged exactly when
the texts are identical, keep the sentences of a split (merge) consecutive in B (A), and the set must hold
the kinds and numbers of edits that issue 13 asks for. The committed JSON must be what build.py writes.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict

import pytest

from .helpers import DATA

EDITS = DATA / "edits"
PAIRS = sorted(p.parent.name for p in EDITS.glob("*/gold.json"))


def load(pair: str) -> tuple[list[dict], list[dict], dict]:
    d = EDITS / pair
    return tuple(json.loads((d / f).read_text(encoding="utf-8")) for f in ("a.json", "b.json", "gold.json"))  # type: ignore[return-value]


def groups(gold: dict) -> list[tuple[list[str], list[str], set[str]]]:
    """Connected components of the aligned pairs: (a ids, b ids, ops), ids in document order."""
    a_of, b_of = defaultdict(set), defaultdict(set)
    for x in gold["aligned"]:
        b_of[x["a_id"]].add(x["b_id"])
        a_of[x["b_id"]].add(x["a_id"])
    seen, out = set(), []
    for start in sorted(b_of, key=lambda i: int(i[1:])):
        if start in seen:
            continue
        todo, comp = [start], set()
        while todo:
            n = todo.pop()
            if n in comp:
                continue
            comp.add(n)
            todo += list(b_of[n] if n.startswith("a") else a_of[n])
        seen |= comp
        a_ids = sorted((i for i in comp if i.startswith("a")), key=lambda i: int(i[1:]))
        b_ids = sorted((i for i in comp if i.startswith("b")), key=lambda i: int(i[1:]))
        ops = {x["op"] for x in gold["aligned"] if x["a_id"] in comp}
        out.append((a_ids, b_ids, ops))
    return out


def consecutive(ids: list[str]) -> bool:
    n = [int(i[1:]) for i in ids]
    return n == list(range(n[0], n[0] + len(n)))


def problems(a: list[dict], b: list[dict], gold: dict) -> list[str]:
    """Everything wrong with one pair; empty when it is consistent."""
    out = []
    for side, chunks in (("a", a), ("b", b)):
        for i, c in enumerate(chunks, 1):
            if c["id"] != f"{side}{i}" or c["metadata"].get("sentence_index") != i:
                out.append(f"{c['id']}: ids and sentence_index must be {side}1.. in document order")
            if not isinstance(c["content"], str) or not c["content"].strip():
                out.append(f"{c['id']}: empty content")
        paras = [c["metadata"].get("paragraph") for c in chunks]
        if not paras or paras[0] != 1 or any(q not in (p, p + 1) for p, q in zip(paras, paras[1:])):
            out.append(f"{side}: paragraph numbers must start at 1 and grow by steps of 1")
    text = {c["id"]: c["content"] for c in a + b}
    a_ids, b_ids = [c["id"] for c in a], [c["id"] for c in b]
    pairs = [(x["a_id"], x["b_id"]) for x in gold["aligned"]]
    if len(pairs) != len(set(pairs)):
        out.append("an aligned pair is listed twice")
    for x in gold["aligned"]:
        if x["a_id"] not in text or x["b_id"] not in text:
            out.append(f"unknown id in {x}")
            continue
        identical = text[x["a_id"]] == text[x["b_id"]]
        if x["label"] != ("unchanged" if identical else "modified"):
            out.append(f"{x['a_id']}-{x['b_id']}: label {x['label']} but texts {'are' if identical else 'differ'} identical")
    for side, ids, gone in (("a", a_ids, gold["deleted"]), ("b", b_ids, gold["added"])):
        linked = Counter(x[f"{side}_id"] for x in gold["aligned"])
        for i in ids:
            n = (i in linked) + gone.count(i)
            if n != 1 or gone.count(i) > 1:
                out.append(f"{i}: must be aligned or {'deleted' if side == 'a' else 'added'}, exactly once")
        out += [f"{i}: not a sentence of {side.upper()}" for i in set(gone) - set(ids)]
    for ga, gb, ops in groups(gold):
        if len(ga) > 1 and len(gb) > 1:
            out.append(f"{ga}-{gb}: many-to-many alignment")
        elif len(gb) > 1 and (ops != {"split"} or len(gb) > 3 or not consecutive(gb)):
            out.append(f"{ga}-{gb}: a split is op 'split', into 2 or 3 consecutive B sentences")
        elif len(ga) > 1 and (ops != {"merge"} or len(ga) > 3 or not consecutive(ga)):
            out.append(f"{ga}-{gb}: a merge is op 'merge', of 2 or 3 consecutive A sentences")
        elif len(ga) == len(gb) == 1 and ops not in ({"1:1"}, {"move"}):
            out.append(f"{ga}-{gb}: a 1:1 alignment has op '1:1' or 'move', not {ops}")
    # apart from moves, the alignment keeps the order of the document; a move crosses it
    spans = [(int(ga[0][1:]), int(ga[-1][1:]), int(gb[0][1:]), int(gb[-1][1:]), ops) for ga, gb, ops in groups(gold)]
    kept = sorted(s for s in spans if "move" not in s[4])
    for (*_, b_end, _), (a_start, _, b_start, _, _) in zip(kept, kept[1:]):
        if b_start <= b_end:
            out.append(f"a{a_start}: alignment out of order (a sentence that changed place is op 'move')")
    for a0, _, b0, _, ops in spans:
        if "move" in ops and not any((ka - a0) * (kb - b0) < 0 for ka, _, kb, _, _ in kept):
            out.append(f"a{a0}-b{b0}: a move must cross the order of the other alignments")
    return out


@pytest.mark.parametrize("pair", PAIRS)
def test_pair_is_consistent(pair):
    a, b, gold = load(pair)
    assert problems(a, b, gold) == []
    assert 25 <= len(a) <= 70
    assert re.search(r"public domain|CC0", gold["license"])


def _relabel_unchanged(a, b, g):
    next(x for x in g["aligned"] if x["label"] == "unchanged").update(label="modified")


def _touch_unchanged_text(a, b, g):
    b_id = next(x for x in g["aligned"] if x["label"] == "unchanged")["b_id"]
    b[int(b_id[1:]) - 1]["content"] += " "


def _split_not_consecutive(a, b, g):
    # the second sentence of a split becomes 'added' and an added sentence further on takes its place
    entry = [x for x in g["aligned"] if x["op"] == "split"][1]
    far = next(i for i in g["added"] if int(i[1:]) > int(entry["b_id"][1:]) + 1)
    g["added"] = [entry["b_id"] if i == far else i for i in g["added"]]
    entry["b_id"] = far


@pytest.mark.parametrize(
    "damage, expected",
    [
        (lambda a, b, g: g["deleted"].pop(), "must be aligned or deleted"),
        (lambda a, b, g: g["added"].append(g["aligned"][0]["b_id"]), "must be aligned or added"),
        (_relabel_unchanged, "label modified but texts are identical"),
        (_touch_unchanged_text, "label unchanged but texts differ"),
        (_split_not_consecutive, "into 2 or 3 consecutive B sentences"),
        (lambda a, b, g: next(x for x in g["aligned"] if x["op"] == "merge").update(op="1:1"), "a merge is"),
        (lambda a, b, g: a[3].update(id="a99"), "document order"),
        (lambda a, b, g: next(x for x in g["aligned"] if x["op"] == "move").update(op="1:1"), "out of order"),
        (lambda a, b, g: next(x for x in g["aligned"] if x["op"] == "1:1").update(op="move"), "a move must cross"),
        (lambda a, b, g: b[-1]["metadata"].update(paragraph=99), "paragraph numbers"),
    ],
)
def test_problems_are_found(damage, expected):
    # the validator itself must catch each kind of mistake, on a real pair damaged in one place
    a, b, gold = copy.deepcopy(load("declaration_of_independence"))
    assert problems(a, b, gold) == []
    damage(a, b, gold)
    assert any(expected in p for p in problems(a, b, gold)), problems(a, b, gold)


def test_counts_meet_the_issue():
    c: Counter = Counter()
    for pair in PAIRS:
        a, b, gold = load(pair)
        c["a"] += len(a)
        c["b"] += len(b)
        c["deleted"] += len(gold["deleted"])
        c["added"] += len(gold["added"])
        text = {x["id"]: x["content"] for x in a + b}
        for ga, gb, ops in groups(gold):
            if len(gb) > 1:
                c[f"split 1:{len(gb)}"] += 1
            elif len(ga) > 1:
                c[f"merge {len(ga)}:1"] += 1
            elif "move" in ops:
                c["moved"] += 1
            else:
                c["unchanged" if text[ga[0]] == text[gb[0]] else "reworded"] += 1
    assert len(PAIRS) >= 12 and 500 <= c["a"] <= 700
    assert c["split 1:2"] + c["split 1:3"] >= 110 and c["split 1:3"] >= 10
    assert c["merge 2:1"] + c["merge 3:1"] >= 25 and c["merge 3:1"] >= 3
    assert c["a"] / 3 <= c["unchanged"] <= c["a"] / 2
    assert c["reworded"] >= 60
    assert c["deleted"] >= 10 and c["added"] >= 15 and c["moved"] >= 5


def test_files_are_what_build_writes():
    # the descriptions in pairs/*.py are the source of truth; the JSON and the README counts follow them
    p = subprocess.run([sys.executable, str(EDITS / "build.py"), "--check"], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


def test_licences_are_noted():
    readme = (EDITS / "README.md").read_text(encoding="utf-8")
    assert "Licence of the set: CC0 1.0" in readme
    for pair in PAIRS:
        assert f"| {pair} |" in readme
