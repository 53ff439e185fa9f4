#!/usr/bin/env python3
"""Baseline: the seeds' per-chunk rule (002_react-workflow.md, compare_chunks).

Each chunk of A, in isolation, takes its most similar chunk of B (cosine of the same
embedding model hikaku uses by default): similarity >= 0.7 → unchanged if the text is
identical, else modified; below → deleted. Chunks of B that no chunk of A took are
added. No document order, no competition, no splits.
"""

import json
import sys

import numpy as np

from hikaku.embeddings import USEEmbedder

THRESHOLD = 0.7


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def compare(a, b, embedder):
    ea = embedder.embed([c["content"] for c in a])
    eb = embedder.embed([c["content"] for c in b])
    sims = ea @ eb.T
    changes, taken = [], set()
    for i, c in enumerate(a):
        j = int(np.argmax(sims[i]))
        if sims[i, j] >= THRESHOLD or c["content"] == b[j]["content"]:
            kind = "unchanged" if c["content"] == b[j]["content"] else "modified"
            changes.append({"type": kind, "a_ids": [c["id"]], "b_ids": [b[j]["id"]]})
            taken.add(j)
        else:
            changes.append({"type": "deleted", "a_ids": [c["id"]], "b_ids": []})
    changes += [{"type": "added", "a_ids": [], "b_ids": [b[j]["id"]]} for j in range(len(b)) if j not in taken]
    return {"schema": "hikaku.comparison/v1", "changes": changes}


if __name__ == "__main__":
    json.dump(compare(load(sys.argv[1]), load(sys.argv[2]), USEEmbedder(denoise=False)), sys.stdout)
