"""The facts benchmark (issue 33): what hikaku says about a changed clause, against gold written
by hand (bench/facts_gold.toml: Japanese statutes from e-Gov and written 約款, 就業規則, statute-like
provisions and English terms of service).

    python bench/facts.py            # the table, and each miss
    python bench/facts.py --write    # … recorded in bench/RESULTS.md

Measures, over the clauses' rows (``hikaku.changes.row_facts``: what every modified row gets):
- changed values named with their unit: a gold [old, new] is found when a ``number`` fact holds
  both (the fact may say more: 「3か月間」 holds 「3か月」);
- removed/added list items: a gold item is found when an ``item_removed`` / ``item_added`` fact
  quotes it (in full, or its first 40 characters then …);
- attention: precision (signals raised that the gold has) and recall (the gold's signals raised);
- facts that are a list marker or numbering alone (must be none).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
import tomllib
from pathlib import Path

from run_eval import write

from hikaku.changes import row_facts
from hikaku.text import nfkc

HERE = Path(__file__).resolve().parent
GOLD = HERE / "facts_gold.toml"
HOLDOUT = HERE / "facts_gold_holdout.toml"  # written after the mechanisms were, run once as written
_MARKER = re.compile(r"^\s*(?:[(（]?[0-9０-９一二三四五六七八九十]+[)）.．、]?|[①-⑳]|[ア-ン]|[a-z][.)]|[・•\-*])\s*$")


def _key(text: str) -> str:
    return "".join(nfkc(text.rstrip("…")).split())


def _quoted(fact_text: str, gold: str) -> bool:
    f, g = _key(fact_text), _key(gold)
    return f == g or (fact_text.endswith("…") and g.startswith(f))


def evaluate(clauses: list[dict]) -> dict:
    totals = {"numbers": 0, "numbers_found": 0, "items": 0, "items_found": 0, "attention_raised": 0,
              "attention_right": 0, "attention_gold": 0, "attention_gold_raised": 0, "markers": 0,
              "extra_numbers": 0, "extra_items": 0}
    misses: list[str] = []
    for c in clauses:
        facts, attention = row_facts(c["a"], c["b"], c["lang"])
        numbers = [f for f in facts if f.kind == "number"]
        for old, new in c.get("numbers", []):
            totals["numbers"] += 1
            if any(_key(old) in _key(f.old) and _key(new) in _key(f.new) for f in numbers):
                totals["numbers_found"] += 1
            else:
                misses.append(f"{c['id']}: value {old} → {new} not named (numbers: {[(f.old, f.new) for f in numbers]})")
        used = {id(f) for f in numbers if any(_key(o) in _key(f.old) for o, _ in c.get("numbers", []))}
        totals["extra_numbers"] += sum(1 for f in numbers if id(f) not in used)
        for kind in ("removed", "added"):
            items = [f for f in facts if f.kind == f"item_{kind}"]
            for gold in c.get(kind, []):
                totals["items"] += 1
                if any(_quoted(f.text, gold) for f in items):
                    totals["items_found"] += 1
                else:
                    misses.append(f"{c['id']}: item {kind} {gold!r} not named (items: {[f.text for f in items]})")
            totals["extra_items"] += sum(1 for f in items if not any(_quoted(f.text, g) for g in c.get(kind, [])))
        gold_codes = set(c.get("attention", []))
        raised = {a.code for a in attention}
        totals["attention_raised"] += len(raised)
        totals["attention_right"] += len(raised & gold_codes)
        totals["attention_gold"] += len(gold_codes)
        totals["attention_gold_raised"] += len(raised & gold_codes)
        for code in sorted(raised - gold_codes):
            misses.append(f"{c['id']}: attention {code} raised, not in the gold ({[a.evidence for a in attention]})")
        for code in sorted(gold_codes - raised):
            misses.append(f"{c['id']}: attention {code} missed")
        for f in facts:
            if f.kind == "number":
                continue  # a number may be bare (「50」 of "50 GB"): the marker check is for what is quoted
            for value in (getattr(f, "text", ""), getattr(f, "old", ""), getattr(f, "new", "")):
                if value and _MARKER.match(value):
                    totals["markers"] += 1
                    misses.append(f"{c['id']}: a list marker as a fact: {f}")
    return {"totals": totals, "misses": misses}


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.1%} ({a}/{b})" if b else "—"


def table(result: dict, clauses: list[dict], seconds: float, gold: Path = GOLD) -> str:
    t = result["totals"]
    langs = {lang: sum(1 for c in clauses if c["lang"] == lang) for lang in ("ja", "en")}
    egov = sum(1 for c in clauses if c["source"].startswith("egov"))
    return "\n".join([
        f"{len(clauses)} changed clauses ({langs['ja']} Japanese, of them {egov} e-Gov statute excerpts; "
        f"{langs['en']} English), gold in bench/{gold.name}; {seconds:.2f} s in all.",
        "",
        "| measure | figure | required |",
        "|---|---|---|",
        f"| changed values named with their unit (recall) | {_ratio(t['numbers_found'], t['numbers'])} | ≥ 95% |",
        f"| removed/added list items named (recall) | {_ratio(t['items_found'], t['items'])} | ≥ 95% |",
        f"| attention precision | {_ratio(t['attention_right'], t['attention_raised'])} | ≥ 90% |",
        f"| attention recall | {_ratio(t['attention_gold_raised'], t['attention_gold'])} | |",
        f"| facts that are a list marker or numbering alone | {t['markers']} | 0 |",
        f"| number facts beyond the gold's values | {t['extra_numbers']} | |",
        f"| item facts beyond the gold's items | {t['extra_items']} | |",
    ])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gold", action="append", help=f"a gold file (default: {GOLD.name}, then {HOLDOUT.name})")
    ap.add_argument("--write", action="store_true", help="record the tables in bench/RESULTS.md")
    args = ap.parse_args()
    for gold in [Path(g) for g in args.gold] if args.gold else [GOLD, HOLDOUT]:
        clauses = tomllib.loads(gold.read_text(encoding="utf-8"))["clause"]
        start = time.perf_counter()
        result = evaluate(clauses)
        body = table(result, clauses, time.perf_counter() - start, gold)
        print(body)
        if result["misses"]:
            print("\n" + "\n".join(result["misses"]))
        print()
        if args.write:
            write("facts" if gold == GOLD else f"facts-{gold.stem.removeprefix('facts_gold_')}", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
