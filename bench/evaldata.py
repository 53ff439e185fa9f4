"""The dev pairs of ../shared/eval, loaded once, and the project's scorer run in-process.

    from evaldata import load_set, score
    pairs = load_set("argrewrite_v2/dev")        # [Pair(id, group, a, b, gold)]
    print(score(pairs, {pair.id: result_dict}))   # the scorer's summary line as a dict

``group`` is the document a pair belongs to (the ArgRewrite student, the statute): folds of
a cross-validation never split a group, so that no document is seen in training and testing.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EVAL = Path(os.environ.get("HIKAKU_EVAL_DIR") or ROOT.parent / "shared" / "eval")  # the dev pairs
SETS = ("argrewrite_v2/dev", "jp_law_egov/dev")
# the English editing set made for the tests (tests/data/edits: splits and merges a reviewer must see)
EDITS = ("edits", ROOT / "tests" / "data")


def _scorer() -> Any:
    spec = importlib.util.spec_from_file_location("hikaku_eval_score", EVAL / "score.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Pair:
    id: str
    group: str
    dir: Path
    a: list[dict[str, Any]]
    b: list[dict[str, Any]]
    gold: tuple[list[tuple[str, str, str]], list[str], list[str]]  # aligned (a, b, label), deleted, added


def group_of(pair_id: str) -> str:
    m = re.match(r"argrewrite_(s\d+)_", pair_id)
    if m:
        return m.group(1)
    return pair_id.split("_", 1)[0]


def load_set(name: str, root: Path = EVAL) -> list[Pair]:
    scorer = _scorer()
    out = []
    for d in sorted((root / name).glob("*/")):
        if not (d / "gold.json").is_file():
            continue
        a = json.loads((d / "a.json").read_text(encoding="utf-8"))
        b = json.loads((d / "b.json").read_text(encoding="utf-8"))
        out.append(Pair(d.name, group_of(d.name), d, a, b, scorer.gold_of(str(d))))
    return out


def score(pairs: list[Pair], results: dict[str, dict[str, Any]]) -> dict[str, float]:
    """The scorer's summary (align_f1, deleted_f1, added_f1, chunk_acc …) over *pairs*;
    ``results[pair.id]`` is a comparison result as a JSON dict."""
    scorer = _scorer()
    total: Counter[str] = Counter()
    for p in pairs:
        c = scorer.score_pair(p.gold, scorer.prediction_of(results[p.id]))
        c["pairs"] = 1
        total.update(c)
    return dict(scorer.summary(total))


def folds(pairs: list[Pair], k: int) -> list[list[Pair]]:
    """*k* folds of whole groups, balanced by number of chunks (deterministic)."""
    sizes: Counter[str] = Counter()
    for p in pairs:
        sizes[p.group] += len(p.a) + len(p.b)
    bins: list[list[str]] = [[] for _ in range(k)]
    load = [0] * k
    for g, n in sorted(sizes.items(), key=lambda x: (-x[1], x[0])):
        i = load.index(min(load))
        bins[i].append(g)
        load[i] += n
    return [[p for p in pairs if p.group in set(b)] for b in bins]
