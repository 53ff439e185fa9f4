#!/usr/bin/env python3
"""The shipped calibration on the dev pairs and their hard-negative copies: chunk accuracy and the
false-pair rate per set (the "fitted" figures of bench/calibrate.py, without fitting anything).

    python bench/false_pairs.py [--jobs 2] [--standard across|within] [SET ...]

SET: a part of a set's name (argrewrite, jp_law, edits); every set without one. ``--standard``: the
background the foreign chunks of the copies stay under (bench/hard_negatives.py; ``across`` as
bench/calibrate.py makes them). ``--calibration FILE``: another calibration than the shipped one.
Needs ../shared/eval (the dev pairs); offline.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import calibrate  # noqa: E402
from evaldata import EDITS, SETS, load_set  # noqa: E402
from hard_negatives import substituted  # noqa: E402

SHIPPED = HERE.parent / "src" / "hikaku" / "align" / "calibration.json"


def _one(job: tuple[str, str, Any, str]) -> tuple[str, str, Any]:
    kind, name, item, cal = job
    pair = item.pair if kind == "copy" else item
    result = calibrate._run(pair, cal, calibrate._strict(name), None)[0]
    return kind, name, calibrate._false_pairs(item, result) if kind == "copy" else calibrate._counts(item, result)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sets", nargs="*")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--standard", choices=("across", "within"), default="across")
    ap.add_argument("--calibration", default=str(SHIPPED))
    args = ap.parse_args(argv)
    os.environ.setdefault("HIKAKU_HOME", tempfile.mkdtemp(prefix="hikaku-false-pairs-"))  # its own embedding cache
    names = [*SETS, EDITS[0]]
    chosen = [n for n in names if not args.sets or any(s in n for s in args.sets)]
    cal = str(Path(args.calibration).resolve())
    jobs: list[tuple[str, str, Any, str]] = []
    for name in chosen:
        pairs = load_set(*EDITS) if name == EDITS[0] else load_set(name)
        jobs += [("pair", name, p, cal) for p in pairs]
        jobs += [("copy", name, x, cal) for x in substituted(pairs, args.standard)]
    found: dict[tuple[str, str], list[Any]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for kind, name, counts in pool.map(_one, jobs, chunksize=2):
            found.setdefault((kind, name), []).append(counts)
    print("| set | chunk_acc | false_pair_rate |\n|---|---|---|")
    for name in chosen:
        acc = calibrate._summary(found.get(("pair", name), []))["chunk_acc"]
        rate = calibrate._false_rate(found.get(("copy", name), []))
        print(f"| {name} | {acc:.4f} | {rate['false_pair_rate']:.4f} ({rate['unrelated_paired']}/{rate['unrelated']}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
