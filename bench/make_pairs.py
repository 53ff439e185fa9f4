"""Generate large document pairs from the dev sets, for timing.

A pair of N chunks is the concatenation of real dev pairs (Japanese statutes and
English essays, alternating), so that its revisions (edits, insertions, deletions,
moves) are real ones and their density is that of the data. When the dev data runs
out, pairs are reused with a copy marker prefixed to every chunk of the copy, which
keeps texts unique without changing what differs between A and B.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
from pathlib import Path

DEFAULT_EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"


def dev_pairs(eval_dir: Path) -> list[str]:
    """One version pair per statute and per student, so that no text occurs in two
    pairs (consecutive versions share most of their text)."""
    law, seen = [], set()
    for p in sorted(glob.glob(str(eval_dir / "jp_law_egov/dev/*/a.json"))):
        law_id = os.path.basename(os.path.dirname(p)).split("_")[0]
        if law_id not in seen:
            seen.add(law_id)
            law.append(os.path.dirname(p))
    essays = sorted(os.path.dirname(p) for p in glob.glob(str(eval_dir / "argrewrite_v2/dev/*draft1-draft2/a.json")))
    out, i, j = [], 0, 0
    while i < len(law) or j < len(essays):  # one statute pair, then essays of about the same size
        if i < len(law):
            out.append(law[i])
            i += 1
        for _ in range(8):
            if j < len(essays):
                out.append(essays[j])
                j += 1
    return out


def make_pair(n_chunks: int, eval_dir: Path = DEFAULT_EVAL) -> tuple[list[dict], list[dict]]:
    pairs = dev_pairs(eval_dir)
    if not pairs:
        raise SystemExit(f"no dev pairs under {eval_dir}")
    a_out: list[dict] = []
    b_out: list[dict] = []
    k = 0
    while len(a_out) < n_chunks:
        src = pairs[k % len(pairs)]
        copy = k // len(pairs)
        marker = f"［写{copy}］" if copy else ""
        for side, out in (("a", a_out), ("b", b_out)):
            for c in json.load(open(os.path.join(src, f"{side}.json"), encoding="utf-8")):
                out.append({"id": f"p{k}_{c['id']}", "content": marker + c["content"], "metadata": c.get("metadata", {})})
        k += 1
    return a_out[:n_chunks], b_out[: int(n_chunks * len(b_out) / len(a_out))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("n", type=int)
    ap.add_argument("out_dir")
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    args = ap.parse_args()
    a, b = make_pair(args.n, Path(args.eval_dir))
    os.makedirs(args.out_dir, exist_ok=True)
    for name, data in (("a.json", a), ("b.json", b)):
        with open(os.path.join(args.out_dir, name), "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False)
    print(f"{args.out_dir}: A {len(a)} chunks, B {len(b)} chunks")


if __name__ == "__main__":
    main()
