"""``hikaku compare --interactive``: the agent's questions in the terminal (on stderr, the
answer read from stdin) and the answers recorded in the decisions file at once."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Any

from ..review import Answer, DecisionSet, Question, excerpt
from ..text import shorten

__all__ = ["TerminalReviewer"]

_TEXT: dict[str, dict[str, Any]] = {
    "ja": {
        "question": "質問 {n}: A の {a}「{text}」",
        "path": "  見出し: {path}",
        "agent": "  エージェントの判断: {choice}（誤りの確率 {doubt:.2f}: {reasons}）",
        "deleted": "対応なし（削除）",
        "reasons": {"low_confidence": "確信度が低い", "close_competitor": "拮抗する候補がある",
                    "llm_offline_disagree": "LLM とオフラインの判断が異なる"},
        "candidates": "  候補（エージェントのツールによる検索）:",
        "candidate": "    {k}) {b}「{text}」{scores}",
        "probability": "確率 {p:.2f}", "vector": "ベクトル {v:.2f}", "similarity": "類似度 {s:.2f}",
        "string": "文字列一致 {n}", "held": "現在 {a} と対応", "chosen": "エージェントの選択",
        "other": "    d) 対応なし（削除）   s) 保留（レビュー待ちに回す）",
        "prompt": "回答 [{choices}/d/s]: ",
        "again": "  1〜{n}、d、s のいずれかを入力してください。",
        "eof": "入力が終わったため、残りの質問は保留にします。",
        "sep": "、",
    },
    "en": {
        "question": "Question {n}: A chunk {a} \"{text}\"",
        "path": "  Headings: {path}",
        "agent": "  The agent would decide: {choice} (probability of being wrong {doubt:.2f}: {reasons})",
        "deleted": "no counterpart (deleted)",
        "reasons": {"low_confidence": "low confidence", "close_competitor": "a close competitor",
                    "llm_offline_disagree": "the LLM and the offline policy disagree"},
        "candidates": "  Candidates (found with the agent's tools):",
        "candidate": "    {k}) {b} \"{text}\"{scores}",
        "probability": "probability {p:.2f}", "vector": "vector {v:.2f}", "similarity": "similarity {s:.2f}",
        "string": "string matches {n}", "held": "now paired with {a}", "chosen": "the agent's choice",
        "other": "    d) no counterpart (deleted)   s) skip (leave it to the review queue)",
        "prompt": "Answer [{choices}/d/s]: ",
        "again": "  Type 1-{n}, d or s.",
        "eof": "no more input: the remaining questions are skipped.",
        "sep": ", ",
    },
}


class TerminalReviewer:
    """The ``ask`` callback of :func:`hikaku.compare` for a terminal. Every answer (but a
    skip) is added to *decisions* and the file *path* is written at once, so nothing the
    reviewer said is lost if the run stops."""

    def __init__(self, decisions: DecisionSet, path: str | Path, *, lang: str = "ja", by: str = "",
                 run_id: str | None = None, before: Any = None, stdin: IO[str] | None = None,
                 out: IO[str] | None = None) -> None:
        self.decisions = decisions
        self.path = Path(path)
        self.t = _TEXT.get(lang, _TEXT["ja"])
        self.by = by
        self.run_id = run_id
        self.before = before  # called before a question is shown (e.g. to clear a progress bar)
        self.stdin = stdin or sys.stdin
        self.out = out or sys.stderr
        self.asked = 0
        self.recorded = 0
        self._eof = False

    def _say(self, line: str) -> None:
        print(line, file=self.out)

    def show(self, q: Question) -> None:
        t = self.t
        self._say("")
        self._say("hikaku: " + t["question"].format(n=q.number or self.asked, a=",".join(q.a_ids),
                                                     text=excerpt(q.a_text, 80)))
        if q.path:
            self._say(t["path"].format(path=" > ".join(q.path)))
        reasons = t["sep"].join(t["reasons"].get(r, r) for r in q.reasons)
        self._say(t["agent"].format(choice=",".join(q.agent_choice) or t["deleted"], doubt=q.doubt, reasons=reasons))
        self._say(t["candidates"])
        for k, c in enumerate(q.candidates, 1):
            scores = []
            if c.chosen:
                scores.append(t["chosen"])
            if c.probability is not None:
                scores.append(t["probability"].format(p=c.probability))
            if c.vector_score is not None:
                scores.append(t["vector"].format(v=c.vector_score))
            if c.similarity is not None:
                scores.append(t["similarity"].format(s=c.similarity))
            if c.string_matches:
                scores.append(t["string"].format(n=c.string_matches))
            if c.held_by and c.held_by != q.a_ids:
                scores.append(t["held"].format(a=",".join(c.held_by)))
            head = " > ".join(c.path)
            self._say(t["candidate"].format(k=k, b=",".join(c.b_ids), text=excerpt(c.text, 60),
                                            scores=(" — " + " · ".join(scores)) if scores else "")
                      + (f"\n       [{shorten(head, 80)}]" if head else ""))
        self._say(t["other"])

    def __call__(self, q: Question) -> Answer:
        self.asked += 1
        if self.before is not None:
            self.before()
        if self._eof:
            return Answer("skip", by=self.by)
        self.show(q)
        n = len(q.candidates)
        choices = f"1-{n}" if n > 1 else ("1" if n else "")
        while True:
            print(self.t["prompt"].format(choices=choices).replace("[/", "["), end="", file=self.out, flush=True)
            line = self.stdin.readline()
            if not line:
                self._eof = True
                self._say("\nhikaku: " + self.t["eof"])
                return Answer("skip", by=self.by)
            reply = line.strip().lower()
            if reply in ("s", ""):
                return Answer("skip", by=self.by)
            if reply == "d":
                return self._record(q, Answer("no_match", by=self.by))
            if reply.isdigit() and 1 <= int(reply) <= n:
                return self._record(q, Answer("match", q.candidates[int(reply) - 1].b_ids, by=self.by))
            self._say(self.t["again"].format(n=n))

    def _record(self, q: Question, answer: Answer) -> Answer:
        for record in answer.records(q, run=self.run_id):
            self.decisions.add(record)
            self.recorded += 1
        self.decisions.save(self.path)
        return answer
