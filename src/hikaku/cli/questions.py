"""``hikaku compare --interactive``: the agent's questions in the terminal (on stderr, the
answer read from stdin) and the answers recorded in the decisions file at once (the words:
hikaku.wording, ``review.terminal.*``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO, Any

from ..review import Answer, DecisionSet, Question, excerpt
from ..text import shorten
from ..wording import LANGS, wording

__all__ = ["TerminalReviewer"]

class TerminalReviewer:
    """The ``ask`` callback of :func:`hikaku.compare` for a terminal. Every answer (but a
    skip) is added to *decisions* and the file *path* is written at once, so nothing the
    reviewer said is lost if the run stops."""

    def __init__(self, decisions: DecisionSet, path: str | Path, *, lang: str = "ja", by: str = "",
                 run_id: str | None = None, before: Any = None, stdin: IO[str] | None = None,
                 out: IO[str] | None = None) -> None:
        self.decisions = decisions
        self.path = Path(path)
        self.w = wording(lang if lang in LANGS else "ja")
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
        w = self.w
        self._say("")
        self._say("hikaku: " + w("review.terminal.question", n=q.number or self.asked, a=",".join(q.a_ids),
                                 text=excerpt(q.a_text, 80)))
        if q.path:
            self._say(w("review.terminal.path", path=" > ".join(q.path)))
        reasons = w("text.list_sep").join(w.get(f"review.reason.{r}", r) or r for r in q.reasons)
        self._say(w("review.terminal.agent", choice=",".join(q.agent_choice) or w("review.no_counterpart"),
                    doubt=q.doubt, reasons=reasons))
        self._say(w("review.terminal.candidates"))
        for k, c in enumerate(q.candidates, 1):
            scores = []
            if c.chosen:
                scores.append(w("review.terminal.chosen"))
            if c.probability is not None:
                scores.append(w("review.score.probability", value=f"{c.probability:.2f}"))
            if c.vector_score is not None:
                scores.append(w("review.score.vector", value=f"{c.vector_score:.2f}"))
            if c.similarity is not None:
                scores.append(w("review.score.similarity", value=f"{c.similarity:.2f}"))
            if c.string_matches:
                scores.append(w("review.score.string", value=c.string_matches))
            if c.held_by and c.held_by != q.a_ids:
                scores.append(w("review.score.held", a=",".join(c.held_by)))
            head = " > ".join(c.path)
            self._say(w("review.terminal.candidate", k=k, b=",".join(c.b_ids), text=excerpt(c.text, 60),
                        scores=(" — " + " · ".join(scores)) if scores else "")
                      + (f"\n       [{shorten(head, 80)}]" if head else ""))
        self._say(w("review.terminal.other", none=w("review.no_counterpart"), skip=w("review.skip")))

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
            print(self.w("review.terminal.prompt", choices=choices).replace("[/", "["), end="", file=self.out, flush=True)
            line = self.stdin.readline()
            if not line:
                self._eof = True
                self._say("\nhikaku: " + self.w("review.terminal.eof"))
                return Answer("skip", by=self.by)
            reply = line.strip().lower()
            if reply in ("s", ""):
                return Answer("skip", by=self.by)
            if reply == "d":
                return self._record(q, Answer("no_match", by=self.by))
            if reply.isdigit() and 1 <= int(reply) <= n:
                return self._record(q, Answer("match", q.candidates[int(reply) - 1].b_ids, by=self.by))
            self._say(self.w("review.terminal.again", n=n))

    def _record(self, q: Question, answer: Answer) -> Answer:
        for record in answer.records(q, run=self.run_id):
            self.decisions.add(record)
            self.recorded += 1
        self.decisions.save(self.path)
        return answer
