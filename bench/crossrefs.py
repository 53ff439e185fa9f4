"""Cross-references after a revision (issue 38), measured on consecutive statute versions.

    python bench/crossrefs.py                   # the dev statutes (../shared/eval/jp_law_egov/dev)
    python bench/crossrefs.py --eval-dir DIR    # any set of pairs DIR/<pair>/{a,b,gold}.json
    python bench/crossrefs.py --write           # and the figures into bench/RESULTS.md

Two measures, each pair compared as `hikaku compare A B` compares it (offline, default settings):

- **precision**: the legislature updated the references of B when it renumbered; every flag hikaku
  raises in B is counted, per 1,000 chunks of B (and per 1,000 articles);
- **recall on reverted updates**: the same pairs with B's reference updates reverted to A's numbers.
  An update is a reference of a provision of B (paired with A's by the gold alignment) written
  otherwise than the same reference in A's text, whose target in A and target in B are the same
  provision by other numbers: the same article by the gold alignment, and below it a paragraph, item or sub-item of
  B whose nearest part of that article in A, by its words once numbers are set aside, is A's target,
  at least half alike (the legislature renumbered it: 「第十三号」 → 「第十六号」 because three items
  were inserted before it; it may have amended its words too). Relative references (前項 → 前二項) are no
  numbers and are left as they are (同項第八号 → 同項第九号 is a number). Each such reference of B is
  written back with A's numbers — as A wrote it where both write the same steps (「第十六号」 →
  「第十三号」), else A's target in full (「第二項第一号」 → 「第二十一条第一項第三号」 where A wrote 「又は第三号」
  after 「第一項」) — in B's JSON, the pair compared again, and
  counted when hikaku flags it ``stale`` at its place, and again when its suggestion is what the
  legislature wrote.

The updates are found with hikaku's reading of citations (hikaku.document.citation_reader and the
resolver of hikaku.crossrefs), the provisions paired by the gold, not by hikaku's comparison; a
reference the reading misses is neither reverted nor counted (the number of reference-like
strings that changed between the gold pairs, by a plain pattern, is printed beside it).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Indel

import hikaku
from hikaku.crossrefs.mapping import words_key
from hikaku.crossrefs.outline import Outline
from hikaku.crossrefs.pairing import counterparts
from hikaku.crossrefs.resolve import Resolved, find_part, resolve_chunk
from hikaku.crossrefs.writing import target_label
from hikaku.document import citations, fold_width, numbering_sections
from hikaku.loaders import load_document

ROOT = Path(__file__).resolve().parent.parent
EVAL = ROOT.parent / "shared" / "eval" / "jp_law_egov" / "dev"
_PLAIN = re.compile(r"第[〇一二三四五六七八九十百千0-9０-９]+[条項号](?:の[〇一二三四五六七八九十百千]+)*")


@dataclass
class Update:
    b_id: str
    start: int
    end: int
    b_text: str  # what the legislature wrote
    a_text: str  # A's numbers, written as B writes the reference (written back)


def _target(o: Outline, r: Resolved) -> tuple[int, int] | None:
    """The article a resolved reference points at and its part (-1: the article itself)."""
    if r.status != "ok" or len(r.targets) != 1:
        return None
    t = r.targets[0]
    k = find_part(o.parts(t.provision), t.path) if t.path else -1
    return None if k is None else (t.provision, k)


def _words(o: Outline, p: int, k: int) -> str:
    part = o.parts(p)[k]
    return words_key(o.text(p)[part.start:part.end])


def _same_provision(oa: Outline, ob: Outline, at: tuple[int, int], bt: tuple[int, int], paired: dict[int, int]) -> bool:
    """Whether A's target and B's are one provision: the same article by the gold and, below it,
    a part of B whose nearest part of that article in A (by its words, numbers aside) is A's
    target, at least half alike (a part amended as well as renumbered is still itself)."""
    if paired.get(at[0]) != bt[0] or (at[1] < 0) != (bt[1] < 0):
        return False
    if at[1] < 0:
        return True
    level = ob.parts(bt[0])[bt[1]].level
    words_b = _words(ob, *bt)
    alike = [(Indel.normalized_similarity(_words(oa, at[0], k), words_b), k)
             for k, part in enumerate(oa.parts(at[0])) if part.level == level]
    best, k = max(alike)
    return k == at[1] and best >= 0.5


def updates(pair: Path) -> tuple[list[Update], int]:
    """B's reference updates of *pair* (see the module's docstring), and how many
    reference-like strings changed between its gold pairs by a plain pattern."""
    da, db = load_document(pair / "a.json"), load_document(pair / "b.json")
    gold = json.loads((pair / "gold.json").read_text(encoding="utf-8"))
    oa, ob = Outline(da, numbering_sections(da.chunks)), Outline(db, numbering_sections(db.chunks))
    article_pair = {}  # A provision -> B provision, by the gold
    for g in gold["aligned"]:
        i, j = da.position(g["a_id"]), db.position(g["b_id"])
        if i is not None and j is not None and oa.of_chunk[i] >= 0 and ob.of_chunk[j] >= 0:
            article_pair[oa.of_chunk[i]] = ob.of_chunk[j]
    found: list[Update] = []
    plain = 0
    for g in gold["aligned"]:
        i, j = da.position(g["a_id"]), db.position(g["b_id"])
        if i is None or j is None:
            continue
        ta, tb = da.chunks[i].content, db.chunks[j].content
        if ta == tb:
            continue
        plain += sum(1 for x, y in zip(_PLAIN.findall(ta), _PLAIN.findall(tb)) if x != y)
        ca, cb = citations(ta), citations(tb)
        ra, rb = resolve_chunk(oa, i, ca, da.title), resolve_chunk(ob, j, cb, db.title)
        match = counterparts(ta, [(c.start, c.end) for c in ca], tb, [(c.start, c.end) for c in cb])
        for k, n in enumerate(match):
            if n is None:
                continue
            xa, xb = ra[n], rb[k]
            if fold_width(xa.citation.text) == fold_width(xb.citation.text) or xb.citation.quoted or \
                    xa.citation.steps[-1].relative or xb.citation.steps[-1].relative:
                continue  # (a relative reference, 前項, is no number; 同項第八号's 第八号 is)
            at, bt = _target(oa, xa), _target(ob, xb)
            if at is None or bt is None or not _same_provision(oa, ob, at, bt, article_pair):
                continue
            if target_label(oa, xa.targets, xb.citation) == target_label(ob, xb.targets, xb.citation):
                continue  # the same numbers written otherwise (前条第二項 → 第四十三条第二項): no update
            # A's numbers: A's text where both write the same steps, else A's target written in full
            # (「第二項第一号」 → 「第二十一条第一項第三号」, where A wrote 「又は第三号」 after 「第一項」): what it
            # reads had the legislature not updated it
            shape = [(st.level, st.relative) for st in xa.citation.steps] == [(st.level, st.relative) for st in xb.citation.steps]
            back = xa.citation.text if shape else target_label(oa, xa.targets, xb.citation)
            found.append(Update(db.chunks[j].id, xb.citation.start, xb.citation.end, xb.citation.text, back))
    return found, plain


def reverted(pair: Path, found: list[Update], out: Path) -> Path:
    """B of *pair* with the updates written back as A wrote them."""
    chunks = json.loads((pair / "b.json").read_text(encoding="utf-8"))
    by_id: dict[str, list[Update]] = {}
    for u in found:
        by_id.setdefault(u.b_id, []).append(u)
    for c in chunks:
        for u in sorted(by_id.get(c["id"], []), key=lambda u: -u.start):
            c["content"] = c["content"][:u.start] + u.a_text + c["content"][u.end:]
    path = out / f"{pair.name}.b_reverted.json"
    path.write_text(json.dumps(chunks, ensure_ascii=False), encoding="utf-8")
    return path


def _shifted(found: list[Update]) -> dict[tuple[str, int], Update]:
    """Where each written-back reference is in the reverted B: (chunk, start)."""
    out = {}
    by_id: dict[str, list[Update]] = {}
    for u in found:
        by_id.setdefault(u.b_id, []).append(u)
    for b_id, us in by_id.items():
        delta = 0
        for u in sorted(us, key=lambda u: u.start):
            out[(b_id, u.start + delta)] = u
            delta += len(u.a_text) - (u.end - u.start)
    return out


def measure(pair: Path, tmp: Path, misses: bool = False) -> dict[str, float]:
    a, b = pair / "a.json", pair / "b.json"
    result = hikaku.compare(str(a), str(b), llm="offline", embedding_cache=False)
    doc_b = load_document(b)
    articles = sum(1 for p in Outline(doc_b, numbering_sections(doc_b.chunks)).provisions if p.kind == "条")
    found, plain = updates(pair)
    row = {"chunks": result.document_b.chunk_count, "articles": articles, "flags": len(result.references),
           "updates": len(found), "plain": plain, "stale": 0, "suggested": 0, "other_flags": 0}
    if found:
        path = reverted(pair, found, tmp)
        back = hikaku.compare(str(a), str(path), llm="offline", embedding_cache=False)
        content = {c["id"]: c["content"] for c in json.loads(path.read_text(encoding="utf-8"))}
        where = _shifted(found)
        stale_at = set()
        for f in back.references:
            offset = 0  # the flag's start is in its row's text: where its chunk starts there
            for bid in back.changes[f.change].b_ids:
                if bid == f.b_id:
                    break
                offset += len(content[bid]) + 1
            u = where.get((f.b_id, f.start - offset))
            if u is None:
                row["other_flags"] += 1
                continue
            if f.kind == "stale":
                row["stale"] += 1
                row["suggested"] += fold_width(f.suggestion or "") == fold_width(u.b_text)
                stale_at.add(id(u))
                if misses and fold_width(f.suggestion or "") != fold_width(u.b_text):
                    print(f"  suggestion {f.suggestion!r}, the legislature wrote {u.b_text!r} ({u.b_id})", file=sys.stderr)
        for u in where.values():
            if misses and id(u) not in stale_at:
                text = content[u.b_id]
                print(f"  not flagged stale: {u.a_text!r} (the legislature wrote {u.b_text!r}) in {u.b_id}: "
                      f"…{text[max(0, u.start - 30):u.start + len(u.a_text)]}…".replace("\n", "/"), file=sys.stderr)
    return row


def table(rows: dict[str, dict[str, float]]) -> str:
    cols = ["chunks", "articles", "flags", "updates", "stale", "suggested", "other_flags", "plain"]
    lines = ["| pair | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    total = {c: sum(r[c] for r in rows.values()) for c in cols}
    for name, r in [*rows.items(), ("**total**", total)]:
        lines.append(f"| {name} | " + " | ".join(str(int(r[c])) for c in cols) + " |")
    t = total
    lines += ["", f"- flags in B: {int(t['flags'])} — {1000 * t['flags'] / max(1, t['chunks']):.2f} per 1,000 chunks of B, "
              f"{1000 * t['flags'] / max(1, t['articles']):.2f} per 1,000 articles (provisions) of B",
              f"- reverted updates flagged `stale`: {int(t['stale'])} / {int(t['updates'])} = "
              f"{t['stale'] / max(1, t['updates']):.1%}; with the legislature's number as the suggestion: "
              f"{int(t['suggested'])} / {int(t['updates'])} = {t['suggested'] / max(1, t['updates']):.1%}",
              f"- other flags in the reverted B: {int(t['other_flags'])}"]
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--eval-dir", default=str(EVAL), help=f"pairs DIR/<pair>/{{a,b,gold}}.json (default: {EVAL})")
    p.add_argument("--write", action="store_true", help="update bench/RESULTS.md")
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--misses", action="store_true", help="print each reverted update not flagged stale")
    args = p.parse_args()
    pairs = sorted(d for d in Path(args.eval_dir).iterdir() if (d / "gold.json").is_file())[: args.limit or None]
    if not pairs:
        print(f"no pairs under {args.eval_dir}", file=sys.stderr)
        return 2
    rows = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for pair in pairs:
            rows[pair.name] = measure(pair, Path(tmp), args.misses)
            print(pair.name, rows[pair.name], file=sys.stderr)
    body = table(rows)
    print(body)
    print(f"({len(pairs)} pairs in {time.perf_counter() - started:.0f} s)", file=sys.stderr)
    if args.write:
        sys.path.insert(0, str(Path(__file__).parent))
        from run_eval import write

        write("crossrefs", body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
