#!/usr/bin/env python3
"""The keyword store's choices, measured: tokenizer (Sudachi mode A vs character
bigrams) and BM25 implementation (bm25s vs rank_bm25, if installed), on the dev sets'
texts. Reports tokenising throughput, index build time, query latency p50/p95 and the
installed size of each dependency; --write puts the table in bench/RESULTS.md.

    python bench/keyword_store.py [--n 20000] [--write]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from pathlib import Path

from make_pairs import DEFAULT_EVAL, make_pair
from run_eval import write

from hikaku.index import BM25Store
from hikaku.tokenizers import BigramTokenizer, SudachiTokenizer


def size_mb(*modules: str) -> float:
    total = 0
    for m in modules:
        spec = importlib.util.find_spec(m)
        if spec is None or not spec.submodule_search_locations:
            continue
        for root in spec.submodule_search_locations:
            total += sum(p.stat().st_size for p in Path(root).rglob("*") if p.is_file())
    return total / 1e6


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[int(0.95 * (len(values) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    a, b = make_pair(args.n, Path(args.eval_dir))
    texts = [r["content"] for r in (a + b)[: args.n]]
    ids = [str(k) for k in range(len(texts))]
    queries = [t[:30] for t in texts[:: max(1, len(texts) // args.queries)]][: args.queries]
    rows = []
    for name, tok, deps in (("Sudachi (mode A)", SudachiTokenizer(), ("sudachipy", "sudachidict_core")),
                            ("character bigrams", BigramTokenizer(), ())):
        t0 = time.perf_counter()
        tokens = [tok.tokenize(t) for t in texts]
        tok_s = time.perf_counter() - t0
        store = BM25Store(tok)
        t0 = time.perf_counter()
        store.add(ids, texts)
        store.search("warm-up", 10)
        build_s = time.perf_counter() - t0
        lat = []
        for q in queries:
            t = time.perf_counter()
            store.search(q, 10)
            lat.append((time.perf_counter() - t) * 1000)
        rows.append(("bm25s", name, len(texts) / tok_s, build_s, statistics.median(lat), p95(lat),
                     size_mb("bm25s") + size_mb(*deps), sum(map(len, tokens)) / len(tokens)))
        print(rows[-1], flush=True)
        if importlib.util.find_spec("rank_bm25") is not None and name.startswith("Sudachi"):
            from rank_bm25 import BM25Okapi

            t0 = time.perf_counter()
            bm = BM25Okapi(tokens)
            build = time.perf_counter() - t0 + tok_s
            lat = []
            for q in queries:
                t = time.perf_counter()
                scores = bm.get_scores(tok.tokenize(q))
                sorted(range(len(scores)), key=scores.__getitem__, reverse=True)[:10]
                lat.append((time.perf_counter() - t) * 1000)
            rows.append(("rank_bm25", name, len(texts) / tok_s, build, statistics.median(lat), p95(lat),
                         size_mb("rank_bm25") + size_mb(*deps), sum(map(len, tokens)) / len(tokens)))
            print(rows[-1], flush=True)
    lines = [f"{len(texts):,} dev-set texts, {len(queries)} queries (30-character openings of texts), top 10.", "",
             "| BM25 | tokenizer | tokenising (texts/s) | build incl. tokenising (s) | query p50 / p95 (ms) "
             "| installed size (MB) | tokens per text |",
             "|---|---|---|---|---|---|---|"]
    for impl, name, tps, build, p50, q95, size, avg in rows:
        lines.append(f"| {impl} | {name} | {tps:.0f} | {build:.1f} | {p50:.1f} / {q95:.1f} | {size:.0f} | {avg:.0f} |")
    body = "\n".join(lines)
    print("\n" + body)
    if args.write:
        write("keyword", body)


if __name__ == "__main__":
    main()
