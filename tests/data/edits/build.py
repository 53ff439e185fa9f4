#!/usr/bin/env python3
"""Write the English editing test set from its descriptions.

    python tests/data/edits/build.py            # write <pair>/{a,b,gold}.json, print the counts, update README.md
    python tests/data/edits/build.py --check    # exit 1 when a generated file or the README counts are stale

Each ``pairs/<pair_id>.py`` describes one document pair as the operations a copy editor applied to
the sentences of A (see ``edit_ops.py``). The output is deterministic: same descriptions, same bytes.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from edit_ops import (  # noqa: E402
    JOIN_B,
    Add,
    Delete,
    Edit,
    Marker,
    Merge,
    MoveFrom,
    MoveTo,
    Same,
    Split,
)

PAIRS = HERE / "pairs"
README = HERE / "README.md"
SHORT_FIRST_HALF = 8  # words: a split whose first sentence is at most this long counts as "short first half"
LIGHT, HEAVY = 0.75, 0.45  # word-level similarity of a 1:1 rewording: >= LIGHT light, < HEAVY heavy


@dataclass
class Pair:
    pair_id: str
    meta: dict[str, str]
    a: list[dict] = field(default_factory=list)
    b: list[dict] = field(default_factory=list)
    aligned: list[dict] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    groups: list[tuple[str, list[str], list[str]]] = field(default_factory=list)  # (op, a ids, b ids)

    def text(self, cid: str) -> str:
        side = self.a if cid.startswith("a") else self.b
        return side[int(cid[1:]) - 1]["content"]

    def gold(self) -> dict:
        return {
            "pair_id": self.pair_id,
            "title": self.meta["TITLE"],
            "source": self.meta["SOURCE"],
            "license": self.meta["LICENCE"],
            "editing": self.meta["EDITING"],
            "granularity": "sentence; paragraph number in metadata",
            "aligned": sorted(self.aligned, key=lambda x: (int(x["a_id"][1:]), int(x["b_id"][1:]))),
            "deleted": self.deleted,
            "added": self.added,
        }


class Builder:
    """Walks a description in A order and numbers the sentences of A and B."""

    def __init__(self, pair: Pair) -> None:
        self.pair = pair
        self.new_a = self.new_b = True
        self.para_a = self.para_b = 0
        self.moved_from: dict[str, str] = {}
        self.moved_to: dict[str, tuple[str, str | None]] = {}

    def emit(self, side: str, text: str | None) -> str:
        chunks = self.pair.a if side == "a" else self.pair.b
        if side == "a":
            if self.new_a:
                self.para_a, self.new_a = self.para_a + 1, False
            para = self.para_a
        else:
            if self.new_b:
                self.para_b, self.new_b = self.para_b + 1, False
            para = self.para_b
        cid = f"{side}{len(chunks) + 1}"
        chunks.append({"id": cid, "content": text, "metadata": {"sentence_index": len(chunks) + 1, "paragraph": para}})
        return cid

    def link(self, a: str, b: str, op: str) -> None:
        label = "unchanged" if self.pair.text(a) == self.pair.text(b) else "modified"
        self.pair.aligned.append({"a_id": a, "b_id": b, "label": label, "op": op})

    def run(self, paragraphs: list) -> None:
        for i, paragraph in enumerate(paragraphs):
            self.new_a = True
            self.new_b = i == 0 or not (paragraph and paragraph[0] == JOIN_B)
            for op in paragraph:
                self.apply(op)
        for key, (b_id, text) in self.moved_to.items():
            if key not in self.moved_from:
                raise ValueError(f"{self.pair.pair_id}: move_to({key!r}) without move_from")
            a_id = self.moved_from[key]
            chunk = self.pair.b[int(b_id[1:]) - 1]
            chunk["content"] = self.pair.text(a_id) if text is None else text
            self.link(a_id, b_id, "move")
            self.pair.groups.append(("move", [a_id], [b_id]))
        if set(self.moved_from) != set(self.moved_to):
            raise ValueError(f"{self.pair.pair_id}: unmatched moves {set(self.moved_from) ^ set(self.moved_to)}")

    def apply(self, op) -> None:
        p = self.pair
        if isinstance(op, Marker):
            if op.name == "break_b":
                self.new_b = True
            return
        if isinstance(op, Same):
            a, b = self.emit("a", op.text), self.emit("b", op.text)
            self.link(a, b, "1:1")
            p.groups.append(("same", [a], [b]))
        elif isinstance(op, Edit):
            if op.a == op.b:
                raise ValueError(f"{p.pair_id}: edit() with identical texts, use same(): {op.a[:60]}")
            a, b = self.emit("a", op.a), self.emit("b", op.b)
            self.link(a, b, "1:1")
            p.groups.append(("edit", [a], [b]))
        elif isinstance(op, Split):
            if len(op.b) not in (2, 3) or op.a in op.b:
                raise ValueError(f"{p.pair_id}: a split makes 2 or 3 new sentences: {op.a[:60]}")
            a = self.emit("a", op.a)
            bs = [self.emit("b", t) for t in op.b]
            for b in bs:
                self.link(a, b, "split")
            p.groups.append(("split", [a], bs))
        elif isinstance(op, Merge):
            if len(op.a) not in (2, 3) or op.b in op.a:
                raise ValueError(f"{p.pair_id}: a merge joins 2 or 3 sentences: {op.b[:60]}")
            as_ = [self.emit("a", t) for t in op.a]
            b = self.emit("b", op.b)
            for a in as_:
                self.link(a, b, "merge")
            p.groups.append(("merge", as_, [b]))
        elif isinstance(op, Delete):
            p.deleted.append(self.emit("a", op.a))
        elif isinstance(op, Add):
            p.added.append(self.emit("b", op.b))
        elif isinstance(op, MoveFrom):
            self.moved_from[op.key] = self.emit("a", op.a)
        elif isinstance(op, MoveTo):
            self.moved_to[op.key] = (self.emit("b", None), op.b)
        else:
            raise TypeError(f"unknown operation {op!r}")



def load_description(path: Path) -> tuple[dict[str, str], list]:
    spec = importlib.util.spec_from_file_location(f"edit_pair_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    meta = {k: getattr(module, k) for k in ("TITLE", "SOURCE", "LICENCE", "EDITING")}
    return meta, module.PARAGRAPHS


def build_pair(path: Path) -> Pair:
    meta, paragraphs = load_description(path)
    pair = Pair(path.stem, meta)
    Builder(pair).run(paragraphs)
    return pair


def build_all() -> list[Pair]:
    return [build_pair(p) for p in sorted(PAIRS.glob("*.py"))]


def dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def files_of(pair: Pair) -> dict[Path, str]:
    d = HERE / pair.pair_id
    return {d / "a.json": dumps(pair.a), d / "b.json": dumps(pair.b), d / "gold.json": dumps(pair.gold())}


# ---- counts -------------------------------------------------------------------------------------

def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


def similarity(x: str, y: str) -> float:
    return difflib.SequenceMatcher(None, words(x), words(y), autojunk=False).ratio()


def is_slice(part: list[str], whole: list[str]) -> bool:
    n = len(part)
    return any(whole[i : i + n] == part for i in range(len(whole) - n + 1))


def counts(pairs: list[Pair]) -> Counter:
    c: Counter = Counter()
    for p in pairs:
        c["pairs"] += 1
        c["A sentences"] += len(p.a)
        c["B sentences"] += len(p.b)
        c["paragraphs A"] += p.a[-1]["metadata"]["paragraph"]
        c["deleted"] += len(p.deleted)
        c["added"] += len(p.added)
        for op, a_ids, b_ids in p.groups:
            if op == "same":
                c["unchanged 1:1"] += 1
            elif op == "edit":
                s = similarity(p.text(a_ids[0]), p.text(b_ids[0]))
                c["reworded 1:1"] += 1
                c["reworded 1:1, " + ("light" if s >= LIGHT else "heavy" if s < HEAVY else "medium")] += 1
            elif op == "move":
                c["moved, " + ("unchanged" if p.text(a_ids[0]) == p.text(b_ids[0]) else "reworded")] += 1
            elif op == "split":
                c[f"splits 1:{len(b_ids)}"] += 1
                whole = words(p.text(a_ids[0]))
                verbatim = sum(is_slice(words(p.text(b)), whole) for b in b_ids)
                kind = "verbatim cut" if verbatim == len(b_ids) else "all parts reworded" if not verbatim else "some parts reworded"
                c["splits, " + kind] += 1
                c["splits, short first sentence"] += len(words(p.text(b_ids[0]))) <= SHORT_FIRST_HALF
            elif op == "merge":
                c[f"merges {len(a_ids)}:1"] += 1
                whole = words(p.text(b_ids[0]))
                verbatim = all(is_slice(words(p.text(a)), whole) for a in a_ids)
                c["merges, " + ("verbatim join" if verbatim else "reworded")] += 1
    return c


ORDER = [
    "pairs", "paragraphs A", "A sentences", "B sentences",
    "splits 1:2", "splits 1:3", "splits, verbatim cut", "splits, some parts reworded", "splits, all parts reworded",
    "splits, short first sentence",
    "merges 2:1", "merges 3:1", "merges, verbatim join", "merges, reworded",
    "reworded 1:1", "reworded 1:1, light", "reworded 1:1, medium", "reworded 1:1, heavy",
    "unchanged 1:1", "deleted", "added", "moved, unchanged", "moved, reworded",
]


def counts_markdown(pairs: list[Pair]) -> str:
    total = counts(pairs)
    lines = ["| count | value |", "|---|---|"] + [f"| {k} | {total[k]} |" for k in ORDER]
    lines += ["", "| pair | A | B | splits | merges | reworded | unchanged | deleted | added | moved |", "|---" * 10 + "|"]
    for p in pairs:
        c = counts([p])
        lines.append(
            f"| {p.pair_id} | {len(p.a)} | {len(p.b)} | {c['splits 1:2'] + c['splits 1:3']} | "
            f"{c['merges 2:1'] + c['merges 3:1']} | {c['reworded 1:1']} | {c['unchanged 1:1']} | {c['deleted']} | "
            f"{c['added']} | {c['moved, unchanged'] + c['moved, reworded']} |"
        )
    return "\n".join(lines)


def sources_markdown(pairs: list[Pair]) -> str:
    lines = ["| pair | text | source | licence | editing |", "|---|---|---|---|---|"]
    for p in pairs:
        m = p.meta
        lines.append(f"| {p.pair_id} | {m['TITLE']} | {m['SOURCE']} | {m['LICENCE']} | {m['EDITING']} |")
    return "\n".join(lines)


def readme_with(blocks: dict[str, str]) -> str:
    """README.md with each generated block (``<!-- name:start -->`` … ``<!-- name:end -->``) replaced."""
    text = README.read_text(encoding="utf-8")
    for name, body in blocks.items():
        start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
        if start not in text:
            raise SystemExit(f"{README} has no {start} … {end} block")
        block = f"{start}\n{body}\n{end}"
        text = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _, b=block: b, text, flags=re.S)
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="only check that the files are up to date")
    args = ap.parse_args()
    pairs = build_all()
    wanted = {path: text for p in pairs for path, text in files_of(p).items()}
    wanted[README] = readme_with({"sources": sources_markdown(pairs), "counts": counts_markdown(pairs)})
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(HERE)}")
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(exist_ok=True)
        path.write_text(wanted[path], encoding="utf-8")
    total = counts(pairs)
    for k in ORDER:
        print(f"{k:32} {total[k]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
