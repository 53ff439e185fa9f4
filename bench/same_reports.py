"""Behaviour check for work on the wording: every report, in both languages, byte for byte.

    python bench/same_reports.py --write /tmp/reports-before   # on the old code
    python bench/same_reports.py --check /tmp/reports-before   # on the new code: identical or the differences

What it writes, for ``ja`` and ``en``:

- the example pair and a few dev pairs (statutes: renumbered and repealed clauses, moves;
  an essay in English) rendered in every format (md, json, csv, html, xlsx, docx), the
  Office tables in both column orders and with the unchanged rows, on a fixed date;
- the example with a scripted LLM whose calls fail (the notes on the offline fallback), with
  reviewer decisions that do not apply (the review notes) and its agent trace (the thoughts);
- the interactive review's questions in the terminal (``hikaku compare --interactive``);
- a batch's ``index.html`` (done, failed and not-run pairs; running and interrupted);
- the cross-references to check (引用条項の確認): the work rules of tests/crossrefs (two stale
  references), the 不正競争防止法 excerpt with one of B's updates reverted, a result holding
  every kind of flag and wording, and the MCP tool check_references' text.

Needs ../shared/eval for the dev pairs (the example alone without it); runs in-process.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import io
import json
import re
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import hikaku
from hikaku.renderers import RenderOptions, render_bytes

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests.fakes, tests.review.ambiguous
EVAL = ROOT.parent / "shared" / "eval"
EXAMPLE = (ROOT / "examples" / "shugyo_kisoku_v1.md", ROOT / "examples" / "shugyo_kisoku_v2.md")
DEV = (
    "jp_law_egov/dev/334AC0000000121_20160401_426AC0000000069_to_20160401_427AC0000000055",
    "jp_law_egov/dev/334AC0000000125_20160401_427AC0000000055_to_20170530_428AC0000000051",
    "argrewrite_v2/dev/argrewrite_s100_draft1-draft2",
)
TODAY = dt.date(2026, 4, 1)


class _FixedDate(dt.date):
    @classmethod
    def today(cls) -> _FixedDate:
        return cls(TODAY.year, TODAY.month, TODAY.day)


def _fix_date() -> None:
    """The 新旧対照表's date: the same on every run."""
    import types

    from hikaku.renderers import taisho

    taisho._dt = types.SimpleNamespace(date=_FixedDate)  # type: ignore[attr-defined]


_TIMINGS = re.compile(rb'"timings_ms": \{[^}]*\}')
_STAMPS = re.compile(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*")


def _steady(fmt: str, data: bytes) -> bytes:
    """What a report says, without what changes from run to run: the JSON's timings; the Office
    files' zip dates and creation times (their parts, in order, are compared)."""
    if fmt == "json":
        return _TIMINGS.sub(b'"timings_ms": {}', data)
    if fmt in ("xlsx", "docx"):
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return b"".join(b"== " + n.encode() + b"\n" + _STAMPS.sub(rb"\1", z.read(n)) + b"\n"
                            for n in z.namelist())
    return data


def _renders(result: Any, lang: str) -> dict[str, bytes]:
    options = {fmt: RenderOptions(lang=lang) for fmt in ("md", "json", "csv", "html", "xlsx", "docx")}
    options["unchanged.md"] = RenderOptions(lang=lang, include_unchanged=True)
    options["excel.csv"] = RenderOptions(lang=lang, excel=True, include_unchanged=True)
    for fmt in ("xlsx", "docx"):
        options[f"old-new.unchanged.{fmt}"] = RenderOptions(lang=lang, column_order="old-new", include_unchanged=True)
    out = {}
    for name, o in options.items():
        fmt = name.rsplit(".", 1)[-1]
        out[name] = _steady(fmt, render_bytes(result, fmt, o))
    return out


def _failing_model() -> Any:
    from tests.fakes import ScriptedChatModel

    def script(messages: Any) -> Any:
        raise RuntimeError("the model is down")

    return ScriptedChatModel(script=script)


def _reviewed(lang: str, tmp: Path) -> dict[str, bytes]:
    """The example with a failing LLM, decisions that do not apply, and the trace."""
    from hikaku.loaders import load_document
    from hikaku.review import DecisionSet, ReviewerDecision, text_sha256

    a_text = load_document(EXAMPLE[0]).chunks[3].content
    b_text = load_document(EXAMPLE[1]).chunks[5].content
    at = "2026-04-01T00:00:00Z"
    decisions = DecisionSet()  # one text in the documents, the other gone: not applied, said in the notes
    decisions.add(ReviewerDecision(a_sha256=text_sha256(a_text), b_sha256=text_sha256("gone"), verdict="match",
                                   by="bench", at=at, a_excerpt=a_text[:20], b_excerpt="gone"))
    decisions.add(ReviewerDecision(a_sha256=text_sha256("gone too"), b_sha256=text_sha256(b_text), verdict="no_match",
                                   by="bench", at=at, a_excerpt="gone too", b_excerpt=b_text[:20]))
    path = tmp / f"decisions-{lang}.json"
    decisions.save(path)
    trace = tmp / f"trace-{lang}.jsonl"
    result = hikaku.compare(str(EXAMPLE[0]), str(EXAMPLE[1]), lang=lang, llm="openai:scripted",
                            chat_model=_failing_model(), decisions=path, trace=trace, embedding_cache=False)
    out = {f"llm-failed.{k}": v for k, v in _renders(result, lang).items() if k in ("md", "json", "html", "xlsx")}
    lines = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    thoughts = [t for x in lines for t in (x.get("thoughts") or [x.get("thought")]) if t]  # chunks in any order
    out["trace.thoughts"] = "\n".join(sorted(thoughts)).encode("utf-8")
    return out


def _interactive(lang: str, tmp: Path) -> dict[str, bytes]:
    """The terminal's questions and prompts (tests/review/ambiguous.py: two chunks the agent
    cannot decide): the first question answered with junk, then 1; end of input at the second.
    Then the result's review queue and notes as Markdown and HTML."""
    from tests.review import ambiguous

    from hikaku.cli.questions import TerminalReviewer
    from hikaku.review import DecisionSet

    a, b = ambiguous.write(tmp / f"ambiguous-{lang}")
    from hikaku.review import ReviewerDecision, text_sha256

    given = DecisionSet()  # B holds this text twice: which copy is meant is ambiguous (not applied)
    given.add(ReviewerDecision(a_sha256=text_sha256(ambiguous.A[0]), b_sha256=text_sha256(ambiguous.X),
                               verdict="match", by="bench", at="2026-04-01T00:00:00Z"))
    given.save(tmp / f"given-{lang}.json")
    out = io.StringIO()
    reviewer = TerminalReviewer(DecisionSet(), tmp / f"asked-{lang}.json", lang=lang, by="bench",
                                stdin=io.StringIO("x\n1\n"), out=out)
    result = hikaku.compare(str(a), str(b), lang=lang, llm="offline", embedding="hashing", ask=reviewer,
                            decisions=tmp / f"given-{lang}.json", calibration=ambiguous.calibration(tmp / f"cal-{lang}"), embedding_cache=False)
    return {"interactive.txt": out.getvalue().encode("utf-8"),
            **{f"asked.{k}": v for k, v in _renders(result, lang).items() if k in ("md", "html", "json", "xlsx")}}


def _batch(lang: str) -> dict[str, bytes]:
    from hikaku.batch.summary import PairEntry, index_html

    entries = [PairEntry("a", "old/a.md", "new/a.md", "done", {"added": 1, "modified": 2}, 1, {"html": "a.html", "md": "a.md"}),
               PairEntry("b", "old/b.md", "new/b.md", "failed", error="b.md: the document has no text"),
               PairEntry("c", "old/c.md", "new/c.md", "not_run")]
    return {f"batch-{state}.html": index_html(entries, lang=lang, old_only=["x.md"], new_only=["y.md"], state=state)
            for state in ("finished", "running", "interrupted")}


def _every_flag() -> Any:
    """A result holding every kind of flag, each wording of its message (tests/renderers)."""
    from tests.renderers.test_references import _result

    from hikaku.result import ReferenceFlag

    result = _result()
    flag, missing = result.references
    more = [flag.model_copy(update={"change": 1, "b_id": "b10", "start": 0, "end": 0, "b_target": None,
                                    "b_target_ids": []}),  # stale, B has no such number
            ReferenceFlag(kind="deleted_target", change=2, b_id="b9", text="第8条", start=0, end=0, a_target="第8条",
                          a_target_ids=["a8"]),
            ReferenceFlag(kind="deleted_target", change=2, b_id="b9", text="第9条", start=0, end=0, b_target="第9条",
                          b_target_ids=["b9"]),
            ReferenceFlag(kind="relative_shift", change=1, b_id="b10", text="前条", start=0, end=0, a_target="第8条",
                          a_target_ids=["a8"], b_target="第9条", b_target_ids=["b9"], suggestion="第8条")]
    return result.model_copy(update={"references": [flag, missing, *more]})


def _references(lang: str, tmp: Path) -> dict[str, bytes]:
    """The cross-references to check in every format, and as the MCP tool says them."""
    from tests.crossrefs.test_check import RULES_A, RULES_B, STATUTE

    from hikaku.mcp import HikakuService, Roots

    out: dict[str, bytes] = {}
    (tmp / "rules_a.md").write_text(RULES_A, encoding="utf-8")
    (tmp / "rules_b.md").write_text(RULES_B, encoding="utf-8")
    rules = hikaku.compare(str(tmp / "rules_a.md"), str(tmp / "rules_b.md"), lang=lang, llm="offline",
                           embedding_cache=False)
    chunks = json.loads((STATUTE / "b.json").read_text(encoding="utf-8"))
    for c in chunks:  # one of the legislature's updates reverted to A's numbers
        c["content"] = c["content"].replace("八　第二条第一項第十一号及び第十二号に掲げる", "八　第二条第一項第十号及び第十一号に掲げる")
    (tmp / "statute_b.json").write_text(json.dumps(chunks, ensure_ascii=False), encoding="utf-8")
    statute = hikaku.compare(str(STATUTE / "a.json"), str(tmp / "statute_b.json"), lang=lang, llm="offline",
                             embedding_cache=False)
    for name, result in (("rules", rules), ("statute-reverted", statute), ("every-flag", _every_flag())):
        out.update({f"refs-{name}.{k}": v for k, v in _renders(result, lang).items()})
    service = HikakuService(Roots([tmp]), env={})  # the server's defaults, not this shell's HIKAKU_*
    for name, a, b in (("rules", RULES_A, RULES_B), ("none", "第1条\nA。", "第1条\nA。")):
        data, text = service.check_references(a_text=a, b_text=b, options={"lang": lang, "embedding": "hashing"})
        out[f"refs-mcp-{name}.txt"] = (text + "\n" + json.dumps(data["references"], ensure_ascii=False)).encode("utf-8")
    return out


def collect(tmp: Path, eval_dir: Path) -> dict[str, bytes]:
    _fix_date()
    out: dict[str, bytes] = {}
    pairs = [("example", *EXAMPLE)] + [(name.rsplit("/", 1)[-1][:40], eval_dir / name / "a.json", eval_dir / name / "b.json")
                                       for name in DEV if (eval_dir / name / "a.json").is_file()]
    for lang in ("ja", "en"):
        for name, a, b in pairs:
            result = hikaku.compare(str(a), str(b), lang=lang, llm="offline", embedding_cache=False)
            out.update({f"{lang}/{name}.{k}": v for k, v in _renders(result, lang).items()})
        out.update({f"{lang}/example.{k}": v for k, v in _reviewed(lang, tmp).items()})
        out.update({f"{lang}/ambiguous.{k}": v for k, v in _interactive(lang, tmp).items()})
        out.update({f"{lang}/{k}": v for k, v in _batch(lang).items()})
        out.update({f"{lang}/{k}": v for k, v in _references(lang, tmp).items()})
    # the files' paths: the temporary directory, and the checkout (a dump of main written in another worktree)
    return {k: v.replace(str(tmp).encode(), b"TMP").replace(str(ROOT).encode(), b"ROOT") for k, v in out.items()}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="DIR")
    g.add_argument("--check", metavar="DIR")
    p.add_argument("--eval-dir", default=str(EVAL), help=f"the dev pairs (default: {EVAL})")
    args = p.parse_args()
    target = Path(args.write or args.check)
    start = time.perf_counter()
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        got = collect(Path(tmp), Path(args.eval_dir))
    if args.write:
        for name, data in got.items():
            f = target / name
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_bytes(data)
        print(f"{len(got)} files written to {target} in {time.perf_counter() - start:.0f} s")
        return 0
    want = {str(f.relative_to(target)): f.read_bytes() for f in sorted(target.rglob("*")) if f.is_file()}
    differ = sorted(k for k in set(got) | set(want) if got.get(k) != want.get(k))
    for k in differ:
        state = "missing" if k not in got else "new" if k not in want else "different"
        digest = hashlib.sha256(got.get(k, b"")).hexdigest()[:12]
        print(f"{state}: {k} (now {digest})")
    print(f"{len(got)} files, {len(differ)} different, in {time.perf_counter() - start:.0f} s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
