"""Generate large document pairs from the dev sets, for timing.

A pair of N chunks is the concatenation of real dev pairs (Japanese statutes and
English essays, alternating), so that its revisions (edits, insertions, deletions,
moves) are real ones and their density is that of the data. When the dev data runs
out, pairs are reused with a copy marker prefixed to every chunk of the copy, which
keeps texts unique without changing what differs between A and B. The markers are letters
(［写B］): the embedding model masks numbers, so digits (［写8］, as until stop 29) made every
copy of a sentence one text for it, and the embedding work of a 50,000-chunk pair that of
~1,600 distinct sentences — not that of a real document.

``--changed F`` makes a sparser pair from the same blocks (``make_sparse_pair``): B is
A with each real revision of the dev data (a chunk rewritten, deleted or added, as the
gold says) applied with one probability, drawn with a fixed seed, so that about a share F
of all chunks (of A and B) have no identical counterpart (the same letter markers).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
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
        marker = f"［写{_letters(copy)}］" if copy else ""  # letters: number masking would make copies one text
        for side, out in (("a", a_out), ("b", b_out)):
            for c in json.load(open(os.path.join(src, f"{side}.json"), encoding="utf-8")):
                out.append({"id": f"p{k}_{c['id']}", "content": marker + c["content"], "metadata": c.get("metadata", {})})
        k += 1
    return a_out[:n_chunks], b_out[: int(n_chunks * len(b_out) / len(a_out))]


def _letters(k: int) -> str:
    out = ""
    while k:
        k, r = divmod(k - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def _revisions(src: str) -> tuple[list[dict], dict[str, dict], list[tuple[dict, list[dict]]], set[str], dict[str, list[dict]]]:
    """One dev pair: A's chunks, B's chunks by id, the 1:1 rewrites and 1:n splits (A chunk,
    B chunks), the deleted A ids, and the added B chunks by the A chunk they follow ("" for
    the start)."""
    a = json.load(open(os.path.join(src, "a.json"), encoding="utf-8"))
    b = json.load(open(os.path.join(src, "b.json"), encoding="utf-8"))
    gold = json.load(open(os.path.join(src, "gold.json"), encoding="utf-8"))
    b_by_id = {c["id"]: c for c in b}
    of_a: dict[str, list[str]] = {}
    of_b: dict[str, list[str]] = {}
    for x in gold["aligned"]:
        of_a.setdefault(x["a_id"], []).append(x["b_id"])
        of_b.setdefault(x["b_id"], []).append(x["a_id"])
    rewrites = []
    for c in a:
        bs = of_a.get(c["id"], [])
        if bs and all(len(of_b[j]) == 1 for j in bs) and any(b_by_id[j]["content"] != c["content"] for j in bs):
            rewrites.append((c, [b_by_id[j] for j in bs]))
    added: dict[str, list[dict]] = {}
    after = ""
    for c in b:
        if c["id"] in of_b:
            after = of_b[c["id"]][-1]
        elif c["id"] in set(gold["added"]):
            added.setdefault(after, []).append(c)
    return a, b_by_id, rewrites, set(gold["deleted"]), added


def make_sparse_pair(n_chunks: int, changed: float = 0.10, seed: int = 16,
                     eval_dir: Path = DEFAULT_EVAL) -> tuple[list[dict], list[dict]]:
    """A of *n_chunks* chunks and B with about a share *changed* of them revised (see the
    module docstring)."""
    pairs = [_revisions(p) for p in dev_pairs(eval_dir)]
    if not pairs:
        raise SystemExit(f"no dev pairs under {eval_dir}")
    # a rewrite changes a chunk on each side, a deletion or an addition one: q makes the
    # expected share of changed chunks (of A and B together) *changed*
    touched = sum(2 * len(rw) + len(de) + sum(map(len, ad.values())) for _, _, rw, de, ad in pairs)
    q = min(1.0, changed * 2 * sum(len(a) for a, *_ in pairs) / touched)  # probability of applying a revision
    rng = random.Random(seed)
    a_out: list[dict] = []
    b_out: list[tuple[int, dict]] = []  # (position of the A chunk it follows, chunk)
    k = 0
    while len(a_out) < n_chunks:
        a, _, rewrites, deleted, added = pairs[k % len(pairs)]
        copy = k // len(pairs)
        marker = f"［写{_letters(copy)}］" if copy else ""
        rewritten = {c["id"]: bs for c, bs in rewrites}

        def chunk(c: dict, prefix: str, k: int = k, marker: str = marker) -> dict:
            return {"id": f"p{k}_{prefix}{c['id']}", "content": marker + c["content"], "metadata": c.get("metadata", {})}

        for x in added.get("", []):
            if rng.random() < q:
                b_out.append((len(a_out) - 1, chunk(x, "")))
        for c in a:
            pos = len(a_out)
            a_out.append(chunk(c, ""))
            if c["id"] in deleted and rng.random() < q:
                pass
            elif c["id"] in rewritten and rng.random() < q:
                b_out.extend((pos, chunk(x, "")) for x in rewritten[c["id"]])
            else:
                b_out.append((pos, chunk(c, "b")))
            b_out.extend((pos, chunk(x, "")) for x in added.get(c["id"], []) if rng.random() < q)
        k += 1
    return a_out[:n_chunks], [c for pos, c in b_out if pos < n_chunks]


def write_pair(a: list[dict], b: list[dict], directory: Path) -> tuple[Path, Path]:
    """The pair as chunk JSON: *directory*/a.json and b.json (the directory made if missing)."""
    directory.mkdir(parents=True, exist_ok=True)
    pa, pb = directory / "a.json", directory / "b.json"
    pa.write_text(json.dumps(a, ensure_ascii=False), encoding="utf-8")
    pb.write_text(json.dumps(b, ensure_ascii=False), encoding="utf-8")
    return pa, pb


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("n", type=int)
    ap.add_argument("out_dir")
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--changed", type=float, default=None, metavar="F",
                    help="a sparser pair: about this share of the chunks (of A and B) changed (e.g. 0.1)")
    args = ap.parse_args()
    if args.changed is None:
        a, b = make_pair(args.n, Path(args.eval_dir))
    else:
        a, b = make_sparse_pair(args.n, args.changed, eval_dir=Path(args.eval_dir))
    write_pair(a, b, Path(args.out_dir))
    print(f"{args.out_dir}: A {len(a)} chunks, B {len(b)} chunks")


if __name__ == "__main__":
    main()
