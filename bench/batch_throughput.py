#!/usr/bin/env python3
"""Batch throughput: pairs per minute, and per core, of ``hikaku batch`` on this machine.

The pairs are real revisions from the dev sets (Japanese statutes of about 90–490
chunks and English essays of about 20–30, alternating), offline, with the default
models (USE embeddings, Sudachi) and no embedding cache (every run embeds what it
needs, as a first run does). Measured in the same run, on the same pairs:

- baseline: a shell loop of ``hikaku compare A B -o NAME.json``, one process per pair;
- ``hikaku batch --jobs 1`` (one core), ``--jobs 2`` (two worker processes);
- ``hikaku batch --ray local --jobs 2`` (a local Ray started for the batch, 2 CPUs).

Each run is timed as a whole, start-up included: wall time, and the CPU time of every
process it started (user + system, from the operating system's accounting of waited-for
children). On a machine shared with other work the wall time depends on the load; the
CPU time does not, so pairs per CPU-minute is the throughput of one core. With --write
the table goes to bench/RESULTS.md.

    python bench/batch_throughput.py [--pairs 16] [--modes loop jobs1 jobs2 ray] [--write]
"""

from __future__ import annotations

import argparse
import csv
import glob
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from make_pairs import DEFAULT_EVAL
from run_eval import HERE, write

EXAMPLES = HERE.parent / "examples"


def choose_pairs(eval_dir: Path, n: int) -> list[tuple[str, str, str]]:
    """*n* (name, a, b): statutes and essays alternating; the bundled example when the
    dev sets are not there."""
    law = sorted(glob.glob(str(eval_dir / "jp_law_egov/dev/*/a.json")))
    essays = sorted(glob.glob(str(eval_dir / "argrewrite_v2/dev/*/a.json")))
    picked: list[str] = []
    for k in range(max(len(law), len(essays))):
        for group in (law, essays):
            if k < len(group) and len(picked) < n:
                picked.append(os.path.dirname(group[k]))
    if not picked:
        a, b = str(EXAMPLES / "shugyo_kisoku_v1.md"), str(EXAMPLES / "shugyo_kisoku_v2.md")
        return [(f"example{k}", a, b) for k in range(n)]
    return [(f"p{k:02d}", os.path.join(d, "a.json"), os.path.join(d, "b.json")) for k, d in enumerate(picked)]


def cpu_model() -> str:
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu_of_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(argv: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    p = subprocess.run(argv, env=env, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if p.returncode:
        raise SystemExit(f"{' '.join(argv[:3])} … failed ({p.returncode}): {p.stderr[-800:]}")
    return dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=16)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--modes", nargs="+", default=["loop", "jobs1", "jobs2", "ray"],
                    choices=["loop", "jobs1", "jobs2", "ray"])
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    work = HERE / "out" / "batch"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    pairs = choose_pairs(Path(args.eval_dir), args.pairs)
    manifest = work / "pairs.csv"
    with open(manifest, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["name", "a", "b"])
        w.writerows(pairs)
    hikaku = str(Path(sys.executable).parent / "hikaku")
    env = {**os.environ, "HIKAKU_EMBEDDING_CACHE": "false", "HIKAKU_LLM": "offline", "HIKAKU_HOME": str(work / "home"),
           "RAY_USAGE_STATS_ENABLED": "0"}
    runs = {
        "loop": ("shell loop of `hikaku compare` (baseline)", 1, None),
        "jobs1": ("`hikaku batch --jobs 1`", 1, ["--jobs", "1"]),
        "jobs2": ("`hikaku batch --jobs 2`", 2, ["--jobs", "2"]),
        "ray": ("`hikaku batch --ray local --jobs 2`", 2, ["--ray", "local", "--jobs", "2"]),
    }
    # warm-up: the model's tokenizer is parsed once into HIKAKU_HOME; no run should pay for it
    run([hikaku, "compare", str(EXAMPLES / "shugyo_kisoku_v1.md"), str(EXAMPLES / "shugyo_kisoku_v2.md"),
         "-o", str(work / "warmup.json")], env)
    rows = []
    for mode in args.modes:
        label, cores, extra = runs[mode]
        out = work / mode
        out.mkdir()
        cpu0 = cpu_of_children()
        if extra is None:
            t0 = time.perf_counter()
            for name, a, b in pairs:
                run([hikaku, "compare", a, b, "-o", str(out / f"{name}.json")], env)
            seconds = time.perf_counter() - t0
        else:
            seconds = run([hikaku, "batch", str(manifest), "-o", str(out), "--no-progress", *extra], env)
        # Ray's workers are children of its raylet, which does not wait for them all: not counted
        cpu = None if mode == "ray" else cpu_of_children() - cpu0
        rows.append((label, cores, seconds, cpu))
        print(f"{label:40} {seconds:7.1f} s  {60 * len(pairs) / seconds:6.1f} pairs/min  cpu {cpu or 0:7.1f} s", flush=True)
    base = rows[0][2] if args.modes[0] == "loop" else None
    machine = (f"{cpu_model()}, {os.cpu_count()} cores (shared with other work), "
               f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB RAM, "
               f"Python {platform.python_version()}, {platform.system()} {platform.machine()}")
    load = os.getloadavg()[0]
    source = "statutes and essays of the dev sets" if pairs[0][0] == "p00" else "copies of the bundled example"
    lines = [
        f"Machine: {machine}; load average {load:.1f} at the end of the run. {len(pairs)} pairs ({source}), "
        "offline, default models, no embedding cache; each run timed as a whole, start-up included. CPU = user + "
        "system time of every process the run started (not measurable for Ray, whose workers its raylet starts); "
        "pairs per CPU-minute is what one core does.",
        "",
        "| run | processes | wall (s) | pairs/min (wall) | CPU (s) | pairs per CPU-minute | CPU / baseline |",
        "|---|---|---|---|---|---|---|",
    ]
    base_cpu = rows[0][3] if base else None
    for label, cores, seconds, cpu in rows:
        if cpu is None:
            lines.append(f"| {label} | {cores} | {seconds:.1f} | {60 * len(pairs) / seconds:.1f} | — | — | — |")
            continue
        ratio = f"{cpu / base_cpu:.2f}×" if base_cpu else "—"
        lines.append(f"| {label} | {cores} | {seconds:.1f} | {60 * len(pairs) / seconds:.1f} | {cpu:.1f} "
                     f"| {60 * len(pairs) / cpu:.1f} | {ratio} |")
    body = "\n".join(lines)
    print("\n" + body)
    if args.write:
        write("batch", body)


if __name__ == "__main__":
    main()
