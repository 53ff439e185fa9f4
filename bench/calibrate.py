#!/usr/bin/env python3
"""Choose hikaku's constants and fit its models by cross-validation over the dev pairs.

    python bench/calibrate.py [--folds 5] [--write]        # needs scikit-learn: pip install -e '.[bench]'
    python bench/calibrate.py --habit-only [--write]      # step 5 alone (see below)

Folds are made of whole documents (an ArgRewrite student, a statute), over both dev sets, so
that no document is in a training and a test fold. For every fold, on the OTHER folds only:

1. the alignment constants (τ, β, derivation) are chosen by grid search, maximising the mean of
   the two sets' chunk accuracy of the plan;
2. the pair model — P(a group the plan chose is right) — is fitted on the groups the plan chose;
3. the candidate model — P(a candidate the agent's tools surfaced is the counterpart) — is fitted
   on the evidence the offline agent gathered for every uncertain group;
4. ``certain`` (which groups the agent examines) is chosen from a short list by the whole
   pipeline's training accuracy;
5. the editor's habit (``habitual_splits``, ``habitual_share``, ``habitual_derivation``,
   ``habitual_bonus``: how many splits and merges the plan must find in a document, and what share
   of its changed chunks they must be, before the document's other candidates are offered from a
   lower derivation, worth a bonus in the objective) is chosen by grid search on the plan's chunk accuracy over the dev sets AND
   the English editing set (tests/data/edits), the only set whose gold marks every sentence an
   editor cut or joined (the dev gold marks most of them 1:1 + added, docs/alignment.md).

``--habit-only`` runs step 5 alone (its own cross-validation, plan only, over the three sets; the
other constants and models as shipped) and with --write ships the four constants it chooses.

The fold's calibration is then scored on the fold itself: these held-out figures are the
cross-validated ones. The same procedure on all folds gives the shipped calibration
(``src/hikaku/align/calibration.json``, with --write) and the fitted figures. Both are printed, and
with --write recorded in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from evaldata import EDITS, SETS, Pair, _scorer, load_set  # noqa: E402
from hard_negatives import MARK, Substituted, substituted  # noqa: E402

import hikaku  # noqa: E402
from hikaku.agent import OfflinePolicy, PolicyParams  # noqa: E402
from hikaku.align import (  # noqa: E402
    AlignmentParams,
    Calibration,
    Constant,
    LogisticModel,
    align_sections,
    load_calibration,
    plan_alignment,
)
from hikaku.align.calibration import CANDIDATE_FEATURES, HABIT, PAIR_FEATURES  # noqa: E402
from hikaku.changes.renumbering import own_numbers  # noqa: E402
from hikaku.text.normalization import match_key, without_label  # noqa: E402

ROOT = HERE.parent
SHIPPED = ROOT / "src" / "hikaku" / "align" / "calibration.json"
GRID = {"tau": (0.45, 0.5, 0.55), "continuity_bonus": (0.0, 0.05, 0.1), "derivation": (0.5, 0.6, 0.7)}
CERTAIN = (0.9, 0.97)
HABIT_GRID = {"habitual_splits": (3, 4, 6, 8, 12), "habitual_share": (0.02, 0.05, 0.1),
              "habitual_derivation": (0.3, 0.4, 0.5, 0.6), "habitual_bonus": (0.0, 0.03, 0.06, 0.1)}
REASONS = {
    "tau": "a group is worth taking when its texts are more similar than this (the objective's threshold)",
    "continuity_bonus": "the gap cost: a group that directly follows another is worth this much more",
    "derivation": "a split or merge is offered only when every part draws at least this share of its wording "
                  "(character trigrams) from the other side",
    "certain": "a planned group at least this probably right is settled without the agent",
    "habitual_splits": "a document in whose plan at least this many splits and merges pass `derivation` was "
                       "revised by someone who cuts and joins sentences: its gaps are aligned again with "
                       "`habitual_derivation`",
    "habitual_share": "... and they are at least this share of the chunks of A the plan had to align (not anchors): "
                      "a long document shows a few splits by its length alone",
    "habitual_derivation": "in such a document, a split or merge is offered when every part draws at least this "
                           "share of its wording from the other side",
    "habitual_bonus": "in such a document, a split or merge is worth this much more in the objective (its prior "
                      "odds are higher): a concatenation about as close as one part alone is taken",
}
SCORER = _scorer()
METRICS = ("chunk_acc", "align_f1", "deleted_f1", "added_f1")


# -- plan-only scoring ---------------------------------------------------------------------
def _plan(pair: Pair, cal: Calibration) -> tuple[Any, Any]:
    """The plan exactly as a comparison makes it (workflow.setup.build_runtime)."""
    docs = [hikaku.load_document(x) for x in (pair.a, pair.b)]
    keys = [[match_key(c.content) for c in d.chunks] for d in docs]
    free = [[without_label(k, c.structure.structural_label) for k, c in zip(ks, d.chunks)] for ks, d in zip(keys, docs)]
    params = AlignmentParams(calibration=cal)
    return plan_alignment(keys[0], keys[1], keys[0], keys[1], params, normalized=True,
                          number_free_keys=(free[0], free[1]), sections=align_sections(docs[0], docs[1], params.dp),
                          labels=tuple([c.structure.structural_label for c in d.chunks] for d in docs),  # type: ignore[arg-type]
                          numbers=own_numbers(*docs))


def _plan_result(pair: Pair, plan: Any) -> dict[str, Any]:
    changes = []
    claimed: set[int] = set()
    for g in plan.groups:
        a_ids = [pair.a[i]["id"] for i in g.a]
        if g.b:
            same = len(g.a) == len(g.b) == 1 and pair.a[g.a[0]]["content"] == pair.b[g.b[0]]["content"]
            changes.append({"type": "unchanged" if same else "modified", "a_ids": a_ids,
                            "b_ids": [pair.b[j]["id"] for j in g.b]})
            claimed.update(g.b)
        else:
            changes.append({"type": "deleted", "a_ids": a_ids, "b_ids": []})
    changes += [{"type": "added", "a_ids": [], "b_ids": [c["id"]]} for j, c in enumerate(pair.b) if j not in claimed]
    return {"changes": changes}


def _counts(pair: Pair, result: dict[str, Any]) -> Counter[str]:
    c = SCORER.score_pair(pair.gold, SCORER.prediction_of(result))
    c["pairs"] = 1
    return c


def _summary(counts: list[Counter[str]]) -> dict[str, float]:
    total: Counter[str] = Counter()
    for c in counts:
        total.update(c)
    return dict(SCORER.summary(total))


def _mean_acc(by_set: dict[str, list[Counter[str]]]) -> float:
    return float(np.mean([_summary(v)["chunk_acc"] for v in by_set.values() if v]))


def _with(cal: Calibration, **values: float) -> Calibration:
    return replace(cal, **{k: Constant(v, REASONS[k]) for k, v in values.items()})


# -- the pair model: groups the plan chose ---------------------------------------------------
def _gold_partners(pair: Pair) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    pa: dict[str, set[str]] = {}
    pb: dict[str, set[str]] = {}
    for a, b, _ in pair.gold[0]:
        pa.setdefault(a, set()).add(b)
        pb.setdefault(b, set()).add(a)
    return pa, pb


def _pair_rows(pair: Pair, plan: Any, sim: Any, only: set[str] | None = None) -> list[tuple[list[float], bool]]:
    """The plan's groups as the pair model's rows; *only*: the groups holding one of these chunk ids
    that are more similar than their background (the others are never settled: align.neighbours)."""
    pa, pb = _gold_partners(pair)
    rows = []
    for g in plan.groups:
        if not g.b or g.anchored:
            continue
        a_ids = {pair.a[i]["id"] for i in g.a}
        b_ids = {pair.b[j]["id"] for j in g.b}
        if only is not None and (not (a_ids | b_ids) & only or not g.distinct):
            continue
        right = all(pa.get(a) == b_ids for a in a_ids) and all(pb.get(b) == a_ids for b in b_ids)
        feats = {"similarity": g.similarity, "margin": g.margin, "length_ratio": sim.length_ratio(g.a, g.b),
                 "group": 0.0 if g.kind == "match" else 1.0}
        rows.append(([feats[f] for f in PAIR_FEATURES], right))
    return rows


def _fit(rows: list[tuple[list[float], bool]], features: tuple[str, ...],
         negatives: list[tuple[list[float], bool]] = ()) -> LogisticModel:  # type: ignore[assignment]
    """A logistic model fitted on *rows* (what the dev pairs gave) and *negatives* (what their copies
    with clauses replaced gave about those clauses: hard_negatives.py). The negatives are added
    samples, not a sample of documents: they teach the weights what the dev pairs do not show (a
    chunk in the expected place that is no counterpart), and the intercept is fitted again on
    *rows* alone with the weights kept — the prior correction of case-control samples (King and
    Zeng 2001) — so that the probabilities are those of the dev pairs' mix."""
    both = [*rows, *negatives]
    x = np.array([r[0] for r in both], dtype=float)
    y = np.array([r[1] for r in both], dtype=bool)
    if len(set(y.tolist())) < 2:  # one class only: a constant model
        return LogisticModel(features, tuple(0.0 for _ in features), 6.0 if y.all() else -6.0)
    from sklearn.linear_model import LogisticRegression  # scikit-learn: only the models' fits need it

    m = LogisticRegression(C=1.0, max_iter=5000).fit(x, y)
    weights, bias = m.coef_[0].astype(float), float(m.intercept_[0])
    if negatives and rows:
        bias = _intercept([r[0] for r in rows], [r[1] for r in rows], weights, bias)
    return LogisticModel(features, tuple(float(w) for w in weights), bias)


def _intercept(x: list[list[float]], y: list[bool], weights: np.ndarray, start: float) -> float:
    """The intercept of the most likely logistic model of *y* with these *weights* (Newton's method:
    the log-likelihood is concave in it)."""
    z = np.array(x, dtype=float) @ weights
    t = np.array(y, dtype=float)
    b = start
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(z + b)))
        step = float((t - p).sum()) / max(float((p * (1 - p)).sum()), 1e-12)
        b += step
        if abs(step) < 1e-10:
            break
    return b


# -- the whole pipeline, with the evidence the agent gathered ---------------------------------
class _Collector:
    """A policy factory that records the evidence of every decision of the offline policy."""

    def __init__(self, pair: Pair, only: set[str] | None = None) -> None:
        self.pair = pair
        self.rows: list[tuple[list[float], bool]] = []
        self.pa, _ = _gold_partners(pair)
        self.only = only  # the groups of these A chunks only

    def observe(self, task: Any, evidence: list[Any]) -> None:
        if self.only is not None and not set(task.a_ids) & self.only:
            return
        want = set().union(*(self.pa.get(a, set()) for a in task.a_ids))
        for e in evidence:
            self.rows.append(([e.features[f] for f in CANDIDATE_FEATURES], bool(want) and set(e.b_ids) == want))

    def __call__(self, inputs: Any) -> OfflinePolicy:
        o = inputs.options
        return OfflinePolicy(inputs.registry, inputs.document_a, inputs.document_b, inputs.stores.b.index,
                             inputs.calibration.candidate,
                             PolicyParams(vector_threshold=o.vector_threshold, vector_max_results=o.vector_max_results),
                             lang=o.lang, observer=self.observe)


def _run(pair: Pair, cal_path: str, strict: bool, embedder: Any,
         only: set[str] | None = None) -> tuple[dict[str, Any], list[Any]]:
    collector = _Collector(pair, only)
    result = hikaku.compare(pair.a, pair.b, llm="offline", strict=strict, calibration=cal_path, embedder=embedder,
                            policy_factory=collector)
    return result.to_dict(), collector.rows


def _strict(set_name: str) -> bool:
    return set_name.startswith("jp_law")  # the statutes' gold counts width and spacing as changes (eval README)


# -- the procedure -------------------------------------------------------------------------
_PLANS: dict[tuple[str, tuple[Any, ...]], Counter[str]] = {}


_SHOWN: dict[tuple[str, tuple[float, ...]], tuple[int, int]] = {}


def _plan_counts(p: Pair, cal: Calibration) -> Counter[str]:
    """The plan's scores for one pair (the plan depends on the constants only: cached). The habit's
    count and share only decide whether it applies: the plan is cached by what applies."""
    base = (cal.tau.value, cal.continuity_bonus.value, cal.derivation.value)
    if all(getattr(cal, k) is not None for k in HABIT):
        if (p.id, base) not in _SHOWN:  # what the first pass finds: splits and merges, changed chunks of A
            plan = _plan(p, replace(cal, **dict.fromkeys(HABIT)))[0]
            _SHOWN[(p.id, base)] = (sum(1 for g in plan.groups if g.kind in ("split", "merge")),
                                    sum(len(g.a) for g in plan.groups if not g.anchored))
        habit = cal.habit(*_SHOWN[(p.id, base)])
    else:
        habit = None
    key = (p.id, (*base, habit))
    if key not in _PLANS:
        _PLANS[key] = _counts(p, _plan_result(p, _plan(p, cal)[0]))
    return _PLANS[key]


def calibrate(train: dict[str, list[Pair]], base: Calibration, embedder: Any, tmp: Path, tag: str,
              log: Any, negatives: dict[str, list[Substituted]] | None = None, *,
              plan_as_shipped: bool = False) -> Calibration:
    """Constants and models chosen on *train* only (the editing set, when in it, for step 5 only);
    the models are fitted on the copies of the training pairs with clauses replaced by unrelated
    ones (*negatives*: hard_negatives.py) too. The constants are chosen on the dev pairs alone."""
    habit_train = train
    train = {s: ps for s, ps in train.items() if s != EDITS[0]}
    copies = {s: xs for s, xs in (negatives or {}).items() if s in train}
    shipped = base
    base = replace(base, **dict.fromkeys(HABIT))  # chosen below, after the plan's
    best, best_acc = None, -1.0
    grid = GRID if not plan_as_shipped else {k: (getattr(shipped, k).value,) for k in GRID}
    for tau, beta, kappa in itertools.product(grid["tau"], grid["continuity_bonus"], grid["derivation"]):
        cal = _with(base, tau=tau, continuity_bonus=beta, derivation=kappa)
        by_set = {s: [_plan_counts(p, cal) for p in ps] for s, ps in train.items()}
        acc = _mean_acc(by_set)
        if acc > best_acc:
            best, best_acc = (tau, beta, kappa), acc
    assert best is not None
    cal = _with(base, tau=best[0], continuity_bonus=best[1], derivation=best[2])
    if plan_as_shipped:
        cal = replace(cal, **{k: getattr(shipped, k) for k in HABIT})
    elif EDITS[0] in habit_train:
        cal = choose_habit(habit_train, cal, tag, log)
    rows, negative_rows = [], []
    for ps in train.values():
        for p in ps:
            plan, sim = _plan(p, cal)
            rows += _pair_rows(p, plan, sim)
    for xs in copies.values():  # what the plan made of the replaced clauses
        for x in xs:
            plan, sim = _plan(x.pair, cal)
            negative_rows += _pair_rows(x.pair, plan, sim, x.replaced())
    cal = replace(cal, pair=_fit(rows, PAIR_FEATURES, negative_rows))
    log(f"[{tag}] plan: tau={best[0]} beta={best[1]} derivation={best[2]} (train plan acc {best_acc:.4f}); "
        f"pair model on {len(rows)} groups and {len(negative_rows)} of replaced clauses")
    chosen, chosen_acc = cal, -1.0
    for certain in CERTAIN:
        trial = _with(cal, certain=certain)
        path = tmp / f"{tag}-{certain}.json"
        trial.write(path)
        rows, negative_rows, by_set = [], [], {}
        for s, ps in train.items():  # evidence gathered with the current candidate model
            out = [_run(p, str(path), _strict(s), embedder) for p in ps]
            rows += [r for _, rr in out for r in rr]
        for s, xs in copies.items():  # and about the replaced clauses
            negative_rows += [r for x in xs for r in _run(x.pair, str(path), _strict(s), embedder, x.replaced())[1]]
        trial = replace(trial, candidate=_fit(rows, CANDIDATE_FEATURES, negative_rows))
        trial.write(path)
        for s, ps in train.items():
            by_set[s] = [_counts(p, _run(p, str(path), _strict(s), embedder)[0]) for p in ps]
        acc = _mean_acc(by_set)
        log(f"[{tag}] certain={certain}: candidate model on {len(rows)} candidates and {len(negative_rows)} of "
            f"replaced clauses, train acc {acc:.4f}")
        if acc > chosen_acc:
            chosen, chosen_acc = trial, acc
    return chosen


def choose_habit(train: dict[str, list[Pair]], cal: Calibration, tag: str, log: Any) -> Calibration:
    """Step 5: the editor's habit, by the plan's mean chunk accuracy over the training sets (the
    editing set among them). Ties — the sets often cannot tell two counts or shares apart — go to
    the middle of the tied counts, then of the tied shares (as far as the data allow from either
    side; of two middles the higher), then to the most demanding (the higher derivation, the smaller
    bonus)."""
    scores: dict[tuple[float, ...], float] = {}
    for values in itertools.product(*(HABIT_GRID[k] for k in HABIT)):
        trial = _with(cal, **dict(zip(HABIT, values)))
        scores[values] = _mean_acc({s: [_plan_counts(p, trial) for p in ps] for s, ps in train.items()})
    best = max(scores.values())
    tied = sorted(k for k, v in scores.items() if v >= best - 1e-9)
    counts = sorted({t[0] for t in tied})
    count = counts[len(counts) // 2]  # the middle; of two, the higher
    shares = sorted({t[1] for t in tied if t[0] == count})
    share = shares[len(shares) // 2]
    chosen = max((t for t in tied if t[:2] == (count, share)), key=lambda t: (t[2], -t[3]))  # the most demanding
    log(f"[{tag}] habit: {dict(zip(HABIT, chosen))} (train plan acc {best:.4f}; {len(tied)} tied)")
    return _with(cal, **dict(zip(HABIT, chosen)))


def habit_only(folds: int, write: bool, log: Any) -> int:
    """Step 5 alone: its cross-validation (plan only) over the dev sets and the editing set."""
    sets = {s: load_set(s) for s in SETS}
    sets[EDITS[0]] = load_set(*EDITS)
    base = load_calibration()
    base = replace(base, **dict.fromkeys(HABIT))
    held: dict[str, list[Counter[str]]] = {s: [] for s in sets}
    before: dict[str, list[Counter[str]]] = {s: [] for s in sets}
    for k, test in enumerate(folds_across(sets, folds)):
        test_ids = {p.id for ps in test.values() for p in ps}
        train = {s: [p for p in ps if p.id not in test_ids] for s, ps in sets.items()}
        cal = choose_habit(train, base, f"fold{k}", log)
        for s, ps in test.items():
            held[s] += [_plan_counts(p, cal) for p in ps]
            before[s] += [_plan_counts(p, base) for p in ps]
    final = choose_habit(sets, base, "all", log)
    lines = ["| set | plan figures | " + " | ".join(METRICS) + " |", "|---|---|" + "---|" * len(METRICS)]
    for s in sets:
        fitted = _summary([_plan_counts(p, final) for p in sets[s]])
        for kind, v in (("without the habit", _summary(before[s])), ("fitted", fitted),
                        ("cross-validated", _summary(held[s]))):
            lines.append(f"| {s} | {kind} | " + " | ".join(f"{v[m]:.4f}" for m in METRICS) + " |")
    print("\n".join(lines))
    if write:
        shipped = load_calibration()
        note = f"; the editor's habit (bench/calibrate.py --habit-only) also on {EDITS[0]} ({len(sets[EDITS[0]])} pairs)"
        fitted_on = shipped.fitted_on.split("; the editor's habit")[0] + note
        replace(shipped, fitted_on=fitted_on, **{k: getattr(final, k) for k in HABIT}).write(SHIPPED)
        log(f"wrote {SHIPPED.relative_to(ROOT)}")
    return 0


def folds_across(sets: dict[str, list[Pair]], k: int) -> list[dict[str, list[Pair]]]:
    from evaldata import folds

    per_set = {s: folds(ps, k) for s, ps in sets.items()}
    return [{s: per_set[s][i] for s in sets} for i in range(k)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="ship the calibration and record the figures")
    ap.add_argument("--habit-only", action="store_true", help="step 5 alone (plan only; see above)")
    ap.add_argument("--plan-as-shipped", action="store_true",
                    help="skip steps 1 and 5: the plan's constants (τ, β, derivation, the habit) as shipped; the "
                         "models and `certain` fitted and chosen as always (for a change of the models' features, "
                         "which leaves the plan as it was)")
    args = ap.parse_args()
    os.environ["HIKAKU_HOME"] = tempfile.mkdtemp(prefix="hikaku-calibrate-")  # an embedding cache of its own
    from hikaku.embeddings import embedder_for
    from hikaku.settings import IndexSettings

    embedder = embedder_for(IndexSettings(embedding_cache=True))
    sets = {s: load_set(s) for s in SETS}
    sets[EDITS[0]] = load_set(*EDITS)
    base = load_calibration()
    tmp = Path(tempfile.mkdtemp(prefix="hikaku-cal-"))
    start = time.perf_counter()

    def log(msg: str) -> None:
        print(f"{time.perf_counter() - start:7.0f}s {msg}", file=sys.stderr, flush=True)

    if args.habit_only:
        return habit_only(args.folds, args.write, log)

    negatives = {s: substituted(ps) for s, ps in sets.items()}
    log("hard negatives: " + ", ".join(f"{s} {sum(len(x.foreign) for x in xs)} in {len(xs)} copies"
                                       for s, xs in negatives.items()))
    held: dict[str, list[Counter[str]]] = {s: [] for s in sets}
    held_false: dict[str, list[Counter[str]]] = {s: [] for s in sets}
    held_pairs: list[tuple[str, Pair, Counter[str]]] = []  # each pair's held-out counts, for the strata
    for k, test in enumerate(folds_across(sets, args.folds)):
        test_ids = {p.id for ps in test.values() for p in ps}
        train = {s: [p for p in ps if p.id not in test_ids] for s, ps in sets.items()}
        fold_negatives = {s: [x for x in xs if x.pair.id.removesuffix(MARK) not in test_ids]
                          for s, xs in negatives.items()}
        cal = calibrate(train, base, embedder, tmp, f"fold{k}", log, fold_negatives,
                        plan_as_shipped=args.plan_as_shipped)
        path = tmp / f"fold{k}.json"
        cal.write(path)
        for s, ps in test.items():
            for p in ps:
                held[s].append(_counts(p, _run(p, str(path), _strict(s), embedder)[0]))
                held_pairs.append((s, p, held[s][-1]))
            held_false[s] += [_false_pairs(x, _run(x.pair, str(path), _strict(s), embedder)[0])
                              for x in negatives[s] if x.pair.id.removesuffix(MARK) in test_ids]
    cv = {s: _summary(v) for s, v in held.items()}
    cv_false = {s: _false_rate(v) for s, v in held_false.items()}
    final = calibrate(sets, base, embedder, tmp, "all", log, negatives, plan_as_shipped=args.plan_as_shipped)
    final.write(tmp / "all.json")
    fitted = {s: _summary([_counts(p, _run(p, str(tmp / 'all.json'), _strict(s), embedder)[0]) for p in ps])
              for s, ps in sets.items()}
    fitted_false = {s: _false_rate([_false_pairs(x, _run(x.pair, str(tmp / 'all.json'), _strict(s), embedder)[0])
                                    for x in xs]) for s, xs in negatives.items()}
    figures = {"cross_validated": {s: {m: round(v[m], 4) for m in METRICS} | cv_false[s] for s, v in cv.items()},
               "fitted": {s: {m: round(v[m], 4) for m in METRICS} | fitted_false[s] for s, v in fitted.items()},
               "folds": args.folds}
    final = replace(final, figures=figures,
                    fitted_on=f"{', '.join(f'{s} ({len(ps)} pairs)' for s, ps in sets.items())}; bench/calibrate.py")
    figures["strata"] = _strata(held_pairs)
    table = _table(figures)
    print(table)
    if args.write:
        final.write(SHIPPED)
        _record(table)
        log(f"wrote {SHIPPED.relative_to(ROOT)} and bench/RESULTS.md")
    return 0


def _strata(held: list[tuple[str, Pair, Counter[str]]]) -> dict[str, dict[str, float]]:
    """The essays' held-out chunk accuracy by revision (first drafts revised, draft1→draft2, or
    second, draft2→draft3) and the spread a set of other students would see: the 2.5 and 97.5
    percentiles of the accuracy of as many students drawn with replacement (2,000 draws, a fixed
    seed) — a set of kept-aside essays is a sample of students, not of pairs."""
    essays = [(p, c) for s, p, c in held if s == SETS[0]]
    out: dict[str, dict[str, float]] = {}
    for step in ("draft1-draft2", "draft2-draft3"):
        chosen = [c for p, c in essays if p.id.endswith(step)]
        if chosen:
            out[step] = {"pairs": len(chosen), "chunk_acc": round(_summary(chosen)["chunk_acc"], 4)}
    by_student: dict[str, Counter[str]] = {}
    for p, c in essays:
        by_student.setdefault(p.group, Counter()).update(c)
    students = list(by_student.values())
    if students:
        rng = np.random.default_rng(0)
        draws = []
        for _ in range(2000):
            picked = [students[k] for k in rng.integers(0, len(students), len(students))]
            draws.append(sum(c["chunks_ok"] for c in picked) / sum(c["chunks"] for c in picked))
        out["students"] = {"students": len(students), "p2.5": round(float(np.percentile(draws, 2.5)), 4),
                           "p97.5": round(float(np.percentile(draws, 97.5)), 4)}
    return out


def _false_pairs(x: Substituted, result: dict[str, Any]) -> Counter[str]:
    """How many of the unrelated pairs a substituted pair holds were reported as one clause; and
    the copy's scores (its gold: deleted + added)."""
    aligned = {(a, b) for a, b, _ in SCORER.prediction_of(result)[0]}
    c = _counts(x.pair, result)
    c["unrelated"] = len(x.foreign)
    c["unrelated_paired"] = sum(1 for pair in x.foreign if pair in aligned)
    return c


def _false_rate(counts: list[Counter[str]]) -> dict[str, float]:
    total: Counter[str] = Counter()
    for c in counts:
        total.update(c)
    return {"unrelated": total["unrelated"], "unrelated_paired": total["unrelated_paired"],
            "false_pair_rate": round(total["unrelated_paired"] / total["unrelated"], 4) if total["unrelated"] else 0.0}


def _table(figures: dict[str, Any]) -> str:
    head = [*METRICS, "false_pair_rate"]
    lines = ["| set | figures | " + " | ".join(head) + " |", "|---|---|" + "---|" * len(head)]
    for s in figures["fitted"]:
        for kind in ("fitted", "cross_validated"):
            v = figures[kind][s]
            rate = (f"{v['false_pair_rate']:.4f} ({v['unrelated_paired']}/{v['unrelated']})" if "unrelated" in v
                    else "")
            lines.append(f"| {s} | {kind.replace('_', '-')} | " + " | ".join(f"{v[m]:.4f}" for m in METRICS)
                         + f" | {rate} |")
    strata = figures.get("strata") or {}
    if strata:
        parts = [f"{k} {v['chunk_acc']:.4f} ({v['pairs']} pairs)" for k, v in strata.items() if k != "students"]
        if "students" in strata:
            st = strata["students"]
            parts.append(f"another {st['students']} students: {st['p2.5']:.4f}–{st['p97.5']:.4f} (95 %)")
        lines += ["", f"Essays, cross-validated, by revision: {'; '.join(parts)}."]
    return "\n".join(lines)


def _record(table: str) -> None:
    path = HERE / "RESULTS.md"
    text = path.read_text(encoding="utf-8")
    start, end = "<!-- calibration:start -->", "<!-- calibration:end -->"
    block = f"{start}\n{table}\n{end}"
    if start in text:
        text = text[: text.index(start)] + block + text[text.index(end) + len(end):]
    else:
        text += f"\n## Calibration (cross-validated)\n\n{block}\n"
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
