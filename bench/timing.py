#!/usr/bin/env python3
"""Speed on large generated pairs (1,000 and 10,000 chunks built from the dev data).

Times the whole command, start-up included (`hikaku compare A B --format json`), as a
user runs it, next to the difflib baseline on the same pair in the same run; also the
10,000-chunk document compared with itself (nothing to search or embed). Figures go
to bench/RESULTS.md with --write, as seconds and as a ratio to the baseline.

    python bench/timing.py [--sizes 1000 10000] [--repeat 3] [--write]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from make_pairs import DEFAULT_EVAL, make_pair
from run_eval import HERE, write


def timed(argv: list[str], repeat: int, before=None) -> tuple[float, dict]:
    times, out = [], {}
    for _ in range(repeat):
        if before is not None:
            before()
        t0 = time.perf_counter()
        p = subprocess.run(argv, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if p.returncode:
            raise SystemExit(f"{argv[0]} failed: {p.stderr[-500:]}")
        out = json.loads(p.stdout)
    return statistics.median(times), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    out_dir = HERE / "out"
    out_dir.mkdir(exist_ok=True)
    hikaku = str(Path(sys.executable).parent / "hikaku")
    baseline = [sys.executable, str(HERE / "baselines" / "difflib_baseline.py")]
    rows = []
    durable_rows = []
    for n in args.sizes:
        a, b = make_pair(n, Path(args.eval_dir))
        pa, pb = out_dir / f"pair{n}_a.json", out_dir / f"pair{n}_b.json"
        pa.write_text(json.dumps(a, ensure_ascii=False), encoding="utf-8")
        pb.write_text(json.dumps(b, ensure_ascii=False), encoding="utf-8")
        cases = [(f"{n:,} vs {len(b):,} chunks", str(pa), str(pb))]
        if n == max(args.sizes):
            cases.append((f"{n:,} chunks, identical", str(pa), str(pa)))
        for label, x, y in cases:
            t_base, _ = timed([*baseline, x, y], args.repeat)
            t_h, res = timed([hikaku, "compare", x, y, "--format", "json", "--no-embedding-cache"], args.repeat)
            st = res["stats"]
            rows.append((label, t_h, t_base, st))
            print(f"{label:28} hikaku {t_h:6.2f} s   difflib {t_base:6.2f} s   ratio {t_h / t_base:5.1f}   "
                  f"agent-examined {st['chunks_examined_by_agent']}  embedded {st['embedded_texts']}", flush=True)
            if n == max(args.sizes) and x != y:  # the same run with a SQLite checkpoint after every step
                db = out_dir / "checkpoint.sqlite"

                def fresh(db=db):
                    for p in db.parent.glob(db.name + "*"):
                        p.unlink()

                t_c, res_c = timed([hikaku, "compare", x, y, "--format", "json", "--no-embedding-cache", "--checkpoint", str(db)],
                                   args.repeat, before=fresh)
                assert res_c["changes"] == res["changes"], "a checkpointed run must give the same result"
                size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*")) / 1e6
                durable_rows.append((label, t_h, t_c, size))
                print(f"{label:28} with --checkpoint {t_c:6.2f} s   ratio {t_c / t_h:4.2f}   {size:.0f} MB", flush=True)
    machine = f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}"
    lines = [
        f"Machine: {machine}. Median of {args.repeat} runs; wall time of the whole command, start-up included.",
        "",
        "| pair | hikaku (s) | difflib baseline (s) | hikaku / baseline | chunks examined by the agent | texts embedded | tool calls |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, t_h, t_base, st in rows:
        lines.append(f"| {label} | {t_h:.2f} | {t_base:.2f} | {t_h / t_base:.1f}× | {st['chunks_examined_by_agent']} "
                     f"| {st['embedded_texts']} | {st['tool_calls_total']} |")
    if durable_rows:
        lines += [
            "",
            "Checkpointing (`--checkpoint FILE`: a SQLite checkpoint after every graph step, durability `sync`), "
            "same pair, same run:",
            "",
            "| pair | without (s) | with checkpoint (s) | with / without | checkpoint file |",
            "|---|---|---|---|---|",
        ]
        for label, t_h, t_c, size in durable_rows:
            lines.append(f"| {label} | {t_h:.2f} | {t_c:.2f} | {t_c / t_h:.2f}× | {size:.0f} MB |")
    body = "\n".join(lines)
    print("\n" + body)
    if args.write:
        write("timing", body)


if __name__ == "__main__":
    main()
