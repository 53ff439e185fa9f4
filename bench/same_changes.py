"""Behaviour check for refactors: dump the ``changes`` of every dev pair and of the
example pair, or check them against an earlier dump.

    python bench/same_changes.py --write /tmp/before      # on the old code
    python bench/same_changes.py --check /tmp/before      # on the new code: identical or a list of differences
    python bench/same_changes.py --check /tmp/before --ignore-descriptions   # what the rows say aside: the
        # alignment, types, texts, highlights (summary, offline_summary, facts, attention, refused_summary
        # are left out on both sides, so a dump written before those fields existed compares too)
    python bench/same_changes.py --check /tmp/before --ignore confidence   # rows that changed in substance,
                                                          # each listed (a calibration changes every confidence)

Needs ../shared/eval (the dev pairs); runs in-process (the embedding model loads once).
Each pair is compared in the default mode and with --strict.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import hikaku

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT.parent / "shared" / "eval"


def pairs(eval_dir: Path = EVAL) -> list[tuple[str, Path, Path]]:
    out = [("example", ROOT / "examples" / "shugyo_kisoku_v1.md", ROOT / "examples" / "shugyo_kisoku_v2.md")]
    for d in sorted(eval_dir.glob("*/dev/*")):
        if (d / "a.json").is_file():
            out.append((f"{d.parent.parent.name}/{d.name}", d / "a.json", d / "b.json"))
    return out


def dump(a: Path, b: Path, strict: bool) -> list[dict]:
    result = hikaku.compare(str(a), str(b), strict=strict, llm="offline", embedding_cache=False)
    return [c.model_dump(mode="json") for c in result.changes]


def _as_before(row: dict, before: dict) -> dict:
    """*row* without the fields a dump written before they existed lacks, when they hold their
    default (empty): a field added since is no difference unless it says something."""
    return {k: v for k, v in row.items() if k in before or v not in ([], {}, None, False, "")}


DESCRIPTIONS = ("summary", "offline_summary", "facts", "attention", "refused_summary")


def _without(rows: list[dict], fields: list[str] | tuple[str, ...]) -> list[dict]:
    return [{k: v for k, v in row.items() if k not in fields} for row in rows]


def _list_rows(want: list[dict], got: list[dict]) -> None:
    """The rows only the earlier dump has (-), those only the new one has (+), and the pairs of the
    same chunks that differ (~, with the fields that do)."""
    def ids(row: dict) -> tuple:
        return tuple(row.get("a_ids") or ()), tuple(row.get("b_ids") or ())

    def line(row: dict) -> str:
        return (f"{row.get('type')}{' moved' if row.get('moved') else ''} {row.get('a_ids')}/{row.get('b_ids')}"
                f" {row.get('item')!r}: {(row.get('summary') or '')[:80]!r}")

    before, after = {ids(r): r for r in want}, {ids(r): r for r in got}
    for r in want:
        if ids(r) not in after:
            print(f"  - {line(r)}")
        elif after[ids(r)] != r:
            print(f"  ~ {line(r)} -> {[k for k in r if after[ids(r)].get(k) != r.get(k)]}")
    for r in got:
        if ids(r) not in before:
            print(f"  + {line(r)}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="DIR")
    g.add_argument("--check", metavar="DIR")
    p.add_argument("--limit", type=int, default=0, help="only the first N pairs")
    p.add_argument("--ignore", action="append", default=[], metavar="FIELD",
                   help="a field not compared (repeatable); the rows that differ otherwise are each listed")
    p.add_argument("--eval-dir", default=str(EVAL), help=f"the dev pairs (default: {EVAL})")
    p.add_argument("--ignore-descriptions", action="store_true",
                   help=f"compare the rows without what they say: {', '.join(DESCRIPTIONS)}")
    args = p.parse_args()
    todo = pairs(Path(args.eval_dir))[: args.limit or None]
    if len(todo) == 1 and not args.limit:
        print(f"warning: no dev pairs under {args.eval_dir}: only the example is compared", file=sys.stderr)
    target = Path(args.write or args.check)
    target.mkdir(parents=True, exist_ok=True)
    differ = 0
    start = time.perf_counter()
    for name, a, b in todo:
        for strict in (False, True):
            got = dump(a, b, strict)
            f = target / (name.replace("/", "__") + ("__strict" if strict else "") + ".json")
            if args.write:
                f.write_text(json.dumps(got, ensure_ascii=False, indent=1), encoding="utf-8")
                continue
            want = json.loads(f.read_text(encoding="utf-8"))
            got = [_as_before(x, y) for x, y in zip(got, want)] + got[len(want):]
            ignored = [*args.ignore, *(DESCRIPTIONS if args.ignore_descriptions else ())]
            if ignored:
                got, want = _without(got, ignored), _without(want, ignored)
            if got != want:
                differ += 1
                print(f"DIFFERENT {name} strict={strict}: {len(want)} -> {len(got)} rows")
                if args.ignore:
                        _list_rows(want, got)
                        continue
                for x, y in zip(want, got):
                    if x != y:
                        keys = [k for k in x if x.get(k) != y.get(k)]
                        print(f"  first difference in {x.get('a_ids')}/{x.get('b_ids')}: {keys}")
                        break
    secs = time.perf_counter() - start
    what = " (descriptions aside)" if args.ignore_descriptions else ""
    print(f"{len(todo)} pairs × 2 modes in {secs:.0f} s: " + ("written" if args.write else f"{differ} different{what}"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
