#!/usr/bin/env python3
"""Accuracy on the dev sets: hikaku against two baselines, in the same run.

Runs ../shared/eval/score.py (the project's scorer) with each command on every pair
of argrewrite_v2/dev (English essays, human alignments) and jp_law_egov/dev (Japanese
statutes), and prints a Markdown table; --write puts it into bench/RESULTS.md.

    python bench/run_eval.py [--eval-dir DIR] [--jobs 2] [--write]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_EVAL = ROOT.parent / "shared" / "eval"
SETS = ("argrewrite_v2/dev", "jp_law_egov/dev")
METRICS = ("align_p", "align_r", "align_f1", "deleted_f1", "added_f1", "label_acc", "chunk_acc", "seconds")


def systems(python: str) -> dict[str, list[str]]:
    bin_dir = Path(python).parent
    hikaku = str(bin_dir / "hikaku")
    return {
        "hikaku (offline)": [hikaku, "compare", "{a}", "{b}", "--format", "json", "--llm", "offline",
                             "--no-embedding-cache"],
        # the gold labels every textual difference as modified, width and spacing included
        "hikaku (offline, --strict)": [hikaku, "compare", "{a}", "{b}", "--format", "json", "--llm", "offline",
                                       "--strict", "--no-embedding-cache"],
        "seeds' per-chunk rule": [python, str(HERE / "baselines" / "seeds_rule.py"), "{a}", "{b}"],
        "difflib over chunks": [python, str(HERE / "baselines" / "difflib_baseline.py"), "{a}", "{b}"],
    }


def score(eval_dir: Path, data: str, cmd: list[str], jobs: int) -> dict[str, str]:
    argv = [sys.executable, str(eval_dir / "score.py"), str(eval_dir / data), "--jobs", str(jobs), "--", *cmd]
    p = subprocess.run(argv, capture_output=True, text=True)
    line = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    values = dict(re.findall(r"(\w+)=([0-9.]+)", line))
    if not values:
        raise SystemExit(f"score.py printed nothing for {cmd[0]}: {p.stderr[-500:]}")
    if p.returncode:
        print(f"warning: some pairs failed for {cmd[0]} on {data}:\n{p.stderr[-800:]}", file=sys.stderr)
    return values


def table(results: dict[str, dict[str, dict[str, str]]]) -> str:
    lines = []
    for data in SETS:
        lines += [f"**{data}**", "", "| system | " + " | ".join(METRICS) + " |", "|---" * (len(METRICS) + 1) + "|"]
        for name, per_set in results.items():
            v = per_set[data]
            lines.append(f"| {name} | " + " | ".join(v.get(m, "") for m in METRICS) + " |")
        lines.append("")
    return "\n".join(lines)


def write(section: str, body: str) -> None:
    path = HERE / "RESULTS.md"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    start, end = f"<!-- {section}:start -->", f"<!-- {section}:end -->"
    block = f"{start}\n{body}\n{end}"
    if start in text:
        text = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    else:
        text += f"\n{block}\n"
    path.write_text(text, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="run only the system whose name starts with this")
    ap.add_argument("--write", action="store_true", help="update bench/RESULTS.md")
    args = ap.parse_args()
    eval_dir = Path(args.eval_dir)
    if not (eval_dir / "score.py").exists():
        raise SystemExit(f"no score.py in {eval_dir}; pass --eval-dir")
    results: dict[str, dict[str, dict[str, str]]] = {}
    for name, cmd in systems(sys.executable).items():
        if args.only and not name.startswith(args.only):
            continue
        results[name] = {}
        for data in SETS:
            results[name][data] = score(eval_dir, data, cmd, args.jobs)
            print(f"{name:24} {data:20} " + " ".join(f"{m}={results[name][data].get(m)}" for m in METRICS), flush=True)
    body = table(results)
    print("\n" + body)
    if args.write:
        write("accuracy", body)


if __name__ == "__main__":
    main()
