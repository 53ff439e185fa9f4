#!/usr/bin/env python3
"""DocumentIndex at scale: index 50,000 chunks (dev-set texts, see make_pairs.py) with the
default backend and embedding model, then time queries.

Records the indexing time (embedding + BM25 + the atomic save), the query latency p50/p95
per search mode over 200 queries (other chunks' opening words), the reopen time, and
the peak resident memory of the process. ``--backends`` adds FAISS and Qdrant local mode
on the same vectors (the embedding is measured once). Figures go to bench/RESULTS.md
with --write.

    python bench/index_scale.py [--n 50000] [--embedding use] [--backends embedded faiss qdrant] [--write]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from make_pairs import DEFAULT_EVAL, make_pair
from run_eval import write

from hikaku.embeddings import CachedEmbedder, get_embedder
from hikaku.index import DocumentIndex
from hikaku.tokenizers import get_tokenizer


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=50_000)
    ap.add_argument("--embedding", default="use")
    ap.add_argument("--backends", nargs="+", default=["embedded"])
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    a, b = make_pair(args.n, Path(args.eval_dir))
    records = (a + b)[: args.n]
    from langchain_core.documents import Document as LCDocument

    docs = [LCDocument(page_content=r["content"], id=r["id"]) for r in records]
    queries = [" ".join(r["content"].split()[:6])[:40] for r in records[:: max(1, len(records) // args.queries)]]
    queries = queries[: args.queries]
    work = Path(tempfile.mkdtemp(prefix="hikaku-index-"))
    tokenizer = get_tokenizer("sudachi")
    # the embedding is computed once (into a cache); every backend then indexes the same vectors
    cache = CachedEmbedder(get_embedder(args.embedding), work / "embeddings.sqlite")
    t0 = time.perf_counter()
    cache.embed([d.page_content[:1000] for d in docs])
    embed_s = time.perf_counter() - t0
    rows = []
    for backend in args.backends:
        directory = work / backend
        t0 = time.perf_counter()
        with DocumentIndex(persist_directory=str(directory), embedder=cache, tokenizer=tokenizer,
                           vector_store_provider=backend) as ix:
            for k in range(0, len(docs), 5000):
                ix.add_document(docs[k:k + 5000])
            ix.search("warm-up", search_mode="hybrid")
            index_s = time.perf_counter() - t0
            latency = {}
            for mode in ("hybrid", "vector", "keyword"):
                times = []
                for q in queries:
                    t = time.perf_counter()
                    ix.search(q, search_mode=mode, top_k=10)
                    times.append((time.perf_counter() - t) * 1000)
                latency[mode] = (statistics.median(times), percentile(times, 0.95))
        t0 = time.perf_counter()
        with DocumentIndex(persist_directory=str(directory), embedder=cache, tokenizer=tokenizer,
                           vector_store_provider=backend) as ix:
            ix.search("warm-up", search_mode="hybrid")
        reopen_s = time.perf_counter() - t0
        size = sum(p.stat().st_size for p in directory.rglob("*") if p.is_file()) / 1e6
        rows.append((backend, len(docs), index_s, latency, reopen_s, size, rss_mb()))
        print(f"{backend:9} {len(docs)} chunks: index {index_s:.1f} s, reopen {reopen_s:.1f} s, "
              + ", ".join(f"{m} p50 {p50:.1f} ms p95 {p95:.1f} ms" for m, (p50, p95) in latency.items())
              + f", {size:.0f} MB on disk, peak RSS {rss_mb():.0f} MB", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    lines = [
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()}. {len(docs):,} chunks of the dev sets' "
        f"texts; embedding with `{args.embedding}` once, {embed_s:.0f} s ({len(docs) / embed_s:.0f} texts/s), then "
        f"indexing the same vectors in each backend (tokenising for BM25, adding, saving). Latency over "
        f"{len(queries)} queries, top 10. Peak RSS is the whole process (models included), cumulative over rows.",
        "",
        "| backend | chunks | indexing (s) | reopen (s) | hybrid p50 / p95 (ms) | vector p50 / p95 (ms) "
        "| keyword p50 / p95 (ms) | on disk (MB) | peak RSS (MB) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for backend, n, index_s, lat, reopen_s, size, rss in rows:
        lines.append(f"| {backend} | {n:,} | {index_s:.1f} | {reopen_s:.1f} | "
                     + " | ".join(f"{lat[m][0]:.1f} / {lat[m][1]:.1f}" for m in ("hybrid", "vector", "keyword"))
                     + f" | {size:.0f} | {rss:.0f} |")
    body = "\n".join(lines)
    print("\n" + body)
    if args.write:
        write("index", body)


if __name__ == "__main__":
    main()
