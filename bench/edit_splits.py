#!/usr/bin/env python3
"""How many gold splits and merges a comparison reports as one change holding all their ids.

    python bench/edit_splits.py tests/data/edits [--jobs 2] [--misses] [--score PATH] -- \\
        .venv/bin/hikaku compare {a} {b} --format json --llm offline

Runs COMMAND once per pair (``{a}``, ``{b}`` are the pair's chunk files, ``{out}`` an output path,
otherwise stdout is read; as ../shared/eval/score.py does) and expects a ``hikaku.comparison/v1`` result.
A gold split (one A sentence, several B sentences) is *found* when some unchanged/modified change has
exactly that one a_id and exactly those b_ids; a merge likewise the other way round. Prints the found
counts, then the line of the project's scorer on the same outputs (score.py --pred-dir, so the command
runs only once per pair). Splits are also counted by size and by kind (a *verbatim cut* when every new
sentence is a contiguous run of the original's words, else *reworded*), and the gold's added sentences by
whether they were reported as added (the hard negatives of split detection). --misses lists every missed
split or merge with the changes that hold its ids; --keep DIR keeps the outputs.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SCORE = ROOT.parent / "shared" / "eval" / "score.py"


def gold_groups(gold: dict) -> dict[str, list[tuple[frozenset[str], frozenset[str]]]]:
    """The gold's splits and merges as (a ids, b ids)."""
    b_of, a_of = defaultdict(set), defaultdict(set)
    for x in gold["aligned"]:
        b_of[x["a_id"]].add(x["b_id"])
        a_of[x["b_id"]].add(x["a_id"])
    splits = {(frozenset([a]), frozenset(bs)) for a, bs in b_of.items() if len(bs) > 1}
    merges = {(frozenset(as_), frozenset([b])) for b, as_ in a_of.items() if len(as_) > 1}
    return {"split": sorted(splits, key=str), "merge": sorted(merges, key=str)}


def words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


def is_slice(part: list[str], whole: list[str]) -> bool:
    return any(whole[i : i + len(part)] == part for i in range(len(whole) - len(part) + 1))


def kind_of(kind: str, a_ids: frozenset[str], b_ids: frozenset[str], text: dict[str, str]) -> str:
    """'split 1:2, verbatim cut', 'split 1:3, reworded', 'merge 2:1', ..."""
    if kind == "merge":
        return f"merge {len(a_ids)}:1"
    (a,) = a_ids
    verbatim = all(is_slice(words(text[b]), words(text[a])) for b in b_ids)
    return f"split 1:{len(b_ids)}, " + ("verbatim cut" if verbatim else "reworded")


def reported(result: dict) -> set[tuple[frozenset[str], frozenset[str]]]:
    return {
        (frozenset(c["a_ids"]), frozenset(c["b_ids"]))
        for c in result["changes"]
        if c["type"] in ("unchanged", "modified")
    }


def run(cmd: list[str], pair: Path, out_dir: Path) -> dict:
    a, b = pair / "a.json", pair / "b.json"
    out = out_dir / f"{pair.name}.json"
    argv = [w.replace("{a}", str(a)).replace("{b}", str(b)).replace("{out}", str(out)) for w in cmd]
    p = subprocess.run(argv, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{pair.name}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
    if not any("{out}" in w for w in cmd):
        out.write_text(p.stdout, encoding="utf-8")
    return json.loads(out.read_text(encoding="utf-8"))


def describe(ids: frozenset[str], result: dict) -> str:
    """How the result reports the ids of a missed group: 'type a_ids->b_ids' per change touching them."""
    parts = []
    for c in result["changes"]:
        if ids & set(c["a_ids"] + c["b_ids"]):
            parts.append(f"{c['type']} {','.join(c['a_ids']) or '-'}->{','.join(c['b_ids']) or '-'}")
    return "; ".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data_dir", type=Path)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--score", type=Path, default=DEFAULT_SCORE, help=f"the project's scorer (default {DEFAULT_SCORE})")
    ap.add_argument("--misses", action="store_true", help="list the missed splits and merges")
    ap.add_argument("--keep", type=Path, help="write the outputs into this folder (<pair_id>.json) and keep them")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args, cmd = ap.parse_args(argv[:cut]), argv[cut + 1 :]
    if not cmd:
        ap.error("give the comparison command after --")
    pairs = sorted(p.parent for p in args.data_dir.glob("**/gold.json"))
    if not pairs:
        ap.error(f"no gold.json under {args.data_dir}")
    found: Counter = Counter()
    total: Counter = Counter()
    misses: list[str] = []
    with tempfile.TemporaryDirectory() as tmp, cf.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        out_dir = args.keep or Path(tmp)
        out_dir.mkdir(parents=True, exist_ok=True)
        results = dict(zip(pairs, ex.map(lambda p: run(cmd, p, out_dir), pairs)))
        for pair, result in results.items():
            gold = json.loads((pair / "gold.json").read_text(encoding="utf-8"))
            text = {c["id"]: c["content"] for f in ("a.json", "b.json") for c in json.loads((pair / f).read_text(encoding="utf-8"))}
            got = reported(result)
            for kind, groups in gold_groups(gold).items():
                for a_ids, b_ids in groups:
                    sub = kind_of(kind, a_ids, b_ids, text)
                    total[kind] += 1
                    total[sub] += 1
                    if (a_ids, b_ids) in got:
                        found[kind] += 1
                        found[sub] += 1
                    else:
                        ids = ",".join(sorted(a_ids, key=lambda i: int(i[1:]))) + "->" + ",".join(sorted(b_ids, key=lambda i: int(i[1:])))
                        misses.append(f"{pair.name} {kind} {ids}: {describe(a_ids | b_ids, result)}")
            added = {b for c in result["changes"] if c["type"] == "added" for b in c["b_ids"]}
            total["added"] += len(gold["added"])
            found["added"] += len(set(gold["added"]) & added)
        print(f"splits found {found['split']}/{total['split']}  merges found {found['merge']}/{total['merge']}")
        print("  " + "  ".join(f"{k} {found[k]}/{total[k]}" for k in sorted(total) if k not in ("split", "merge", "added")))
        print(f"  gold added sentences reported as added {found['added']}/{total['added']}")
        if args.misses:
            print("\n".join(misses))
        if not args.score.exists():
            print(f"no scorer at {args.score}; pass --score", file=sys.stderr)
            return 1
        p = subprocess.run([sys.executable, str(args.score), str(args.data_dir), "--pred-dir", str(out_dir)], capture_output=True, text=True)
        print(p.stdout.strip() or p.stderr.strip())
        return p.returncode


if __name__ == "__main__":
    sys.exit(main())
