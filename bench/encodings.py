#!/usr/bin/env python3
"""How should hikaku tell a Japanese text file's encoding? hikaku's order (BOM → strict
UTF-8 → CP932 / EUC-JP, the more Japanese-looking decoding winning) against
charset-normalizer, on real text: the dev statutes and the bundled example, whole and in
random samples of 20, 50, 200 and 2,000 characters, each encoded in UTF-8, CP932 and
EUC-JP. A detection is right when the decoded text equals the original.

    python bench/encodings.py [--write]
"""

from __future__ import annotations

import argparse
import glob
import json
import random
import time
from collections import defaultdict
from pathlib import Path

from make_pairs import DEFAULT_EVAL
from run_eval import write

from hikaku.loaders.decode import decode_text

ROOT = Path(__file__).resolve().parent.parent
LENGTHS = (20, 50, 200, 2000, None)  # None: the whole text


def texts(eval_dir: Path) -> list[str]:
    out = ["\n".join(c["content"] for c in json.load(open(p, encoding="utf-8")))
           for p in sorted(glob.glob(str(eval_dir / "jp_law_egov/dev/*/a.json")))]
    out += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("shugyo_*.md"))]
    return out


def samples(all_texts: list[str], per_length: int = 5) -> list[str]:
    rng = random.Random(0)
    out = []
    for t in all_texts:
        for n in LENGTHS:
            if n is None:
                out.append(t)
                continue
            for _ in range(per_length):
                i = rng.randrange(0, max(1, len(t) - n))
                out.append(t[i:i + n])
    return out


def detectors():
    import charset_normalizer

    def ours(raw: bytes) -> str | None:
        return decode_text(raw, "sample")[0]

    def cn(raw: bytes) -> str | None:
        best = charset_normalizer.from_bytes(raw).best()
        return None if best is None else str(best)

    return {"hikaku (BOM, UTF-8, CP932/EUC-JP)": ours, f"charset-normalizer {charset_normalizer.__version__}": cn}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eval-dir", default=str(DEFAULT_EVAL))
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    found = samples(texts(Path(args.eval_dir)))
    right: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    seconds: dict[str, float] = defaultdict(float)
    for name, detect in detectors().items():
        for codec in ("utf-8", "cp932", "euc_jp"):
            for s in found:
                try:
                    raw = s.encode(codec)
                except UnicodeEncodeError:
                    continue
                bucket = "whole" if len(s) > 2000 else f"≤{min(n for n in LENGTHS[:-1] if len(s) <= n)}"
                t0 = time.perf_counter()
                try:
                    ok = detect(raw) == s
                except Exception:
                    ok = False
                seconds[name] += time.perf_counter() - t0
                right[name, codec, bucket][0] += ok
                right[name, codec, bucket][1] += 1
    buckets = ["≤20", "≤50", "≤200", "≤2000", "whole"]
    lines = [f"{len(found)} samples of the dev statutes and the bundled example, each encoded in UTF-8, CP932 and "
             "EUC-JP: decoded right / samples, by length in characters; total detection time.", "",
             "| detector | encoding | " + " | ".join(buckets) + " | time (s) |", "|---|---|" + "---|" * (len(buckets) + 1)]
    for name in detectors():
        for codec in ("utf-8", "cp932", "euc_jp"):
            cells = [f"{right[name, codec, b][0]}/{right[name, codec, b][1]}" for b in buckets]
            lines.append(f"| {name} | {codec} | " + " | ".join(cells) + f" | {seconds[name]:.2f} |")
    body = "\n".join(lines)
    print(body)
    if args.write:
        write("encodings", body)


if __name__ == "__main__":
    main()
