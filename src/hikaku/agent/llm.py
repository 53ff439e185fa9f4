"""The LLM agent policy: a ReAct agent built with ``langchain.agents.create_agent`` over
the same five tools as the offline policy.

For one chunk (group) of A it first has the offline policy examine the chunk with the
tools (no model): the evidence — candidates with their calibrated probabilities — and the
decision that stands if the LLM's is not used. It then fills the seeds' system prompt with
the chunk and what the comparison knows so far (the plan's candidate, where the neighbours
went: by the plan or a reviewer, never by another chunk's decision, which concurrent chunks
would see or not as their threads happen to run — ``workflow.runtime.PlanView``), lets the
model call the tools, and takes its structured final answer
(:class:`ComparisonAnswer`). An answer that cannot be used — ids that do not exist or are
of document A, a type that contradicts its ids, or a claim against strong evidence
(``hikaku.agent.evidence``) — is retried once with the problem (and the evidence) spelled
out. Tool use is kept on track by middleware (``hikaku.agent.middleware``): a repeated
call, ids of the wrong document and a plain-text reply are corrected once, then stopped.
Whenever the LLM's turn is not used — a second bad answer, a stop, a model that keeps
failing after its retries — the offline decision stands, the chunk counts as a failure
toward ``llm_max_failures``, and the fallback is recorded with its kind; a spent token
budget or a given-up model — after ``llm_max_failures`` chunks in a row, or at once when its
server cannot be reached or has answered no request in time — hands the remaining chunks to
the offline policy. Retries of a failed call: ``hikaku.agent.middleware.retry``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import ModelCallLimitMiddleware, ToolCallLimitMiddleware
from langchain.agents.structured_output import StructuredOutputValidationError, ToolStrategy
from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.errors import GraphRecursionError

from ..align import Constraints, Fallback
from ..document import Document
from ..llm import describe_error, is_timeout, is_unreachable, one_line
from ..settings import CompareOptions
from ..text import shorten
from ..tools import ToolRegistry
from ..wording import wording
from .answer import ComparisonAnswer, Problem, answer_problem, schema_problem
from .base import AgentPolicy, AgentTask, AgentView, Decision
from .budget import RunBudget
from .evidence import describe_evidence, evidence_prompt, guard_answer
from .examination import Examination
from .middleware import (
    DocumentIdsMiddleware,
    PlainTextMiddleware,
    RepeatedCallMiddleware,
    RetryMiddleware,
    ToolUseStopped,
    Turn,
    current_turn,
)
from .prompts import render, tool_descriptions
from .recording import ChunkRecorder, ModelUsageCallback, TraceWriter, current_recorder, llm_turn

__all__ = ["LLMPolicy"]

log = logging.getLogger(__name__)

ANSWER_TOOL = ComparisonAnswer.__name__
_MAX_CHUNK_CHARS = 4000


class LLMPolicy:
    """Decides with a chat model; see the module docstring. Thread-safe: chunks may be
    examined concurrently (tool calls and the offline examination are serialised by
    *lock*). *certain*: the calibration's level at which a candidate counts as certain
    (the evidence guard's threshold); the guard needs a *fallback* that can examine
    (the offline policy)."""

    name = "llm"

    def __init__(
        self,
        model: Any,
        registry: ToolRegistry,
        *,
        document_a: Document,
        document_b: Document,
        fallback: AgentPolicy,
        options: CompareOptions,
        budget: RunBudget,
        lock: threading.RLock,
        certain: float = 1.0,
        trace: TraceWriter | None = None,
        model_name: str = "",
        constraints: Constraints | None = None,
    ) -> None:
        self.a, self.b = document_a, document_b
        self.constraints = constraints  # a reviewer's decisions: pairs the answer may not make
        self.fallback = fallback
        self.options = options
        self.budget = budget
        self.lock = lock
        self.certain = certain
        self.trace = trace
        self.model_name = model_name or getattr(model, "model_name", "") or type(model).__name__
        self.concurrency: int | None = options.concurrency
        self.tool_names = registry.names
        # the prompt's list of tools, as they declare themselves (an entry missing: an error now, not a silent gap)
        self.tool_list = tool_descriptions(registry.declarations(), options.lang)
        o = options
        middleware: list[Any] = [
            PlainTextMiddleware(o.lang, ANSWER_TOOL),  # first: its after_model hook runs after the others'
            RetryMiddleware(budget, max_retries=o.llm_max_retries, initial_delay=o.llm_retry_initial_delay_s,
                            max_delay=o.llm_retry_max_delay_s),
            ModelCallLimitMiddleware(run_limit=o.llm_max_model_calls, exit_behavior="end"),
        ]
        if o.llm_max_tool_calls > 0:
            middleware += [
                ToolCallLimitMiddleware(run_limit=o.llm_max_tool_calls, exit_behavior="continue"),
                RepeatedCallMiddleware(o.lang, ANSWER_TOOL),
                DocumentIdsMiddleware(document_a, document_b, o.lang,
                                      {t.name: t.document for t in registry.declarations() if t.document}),
            ]
        tools = registry.as_langchain_tools() if o.llm_max_tool_calls > 0 else []
        self.agent = create_agent(
            model,
            tools=tools,
            response_format=ToolStrategy(ComparisonAnswer, handle_errors=False),
            middleware=middleware,
            name="hikaku_react_agent",
        )
        # a model call, a tool step and the middleware hooks per round, with room to spare
        self.recursion_limit = 8 * o.llm_max_model_calls + 10

    # -- the decision --------------------------------------------------------------------
    def decide(self, task: AgentTask, view: AgentView) -> Decision:
        rec = current_recorder.get() or ChunkRecorder(task.a_ids, self.trace)
        closed = self.budget.closed_reason()
        if closed is not None:
            return self._fallback(task, view, rec, *closed)
        exam = self._examine(task, view, rec)
        standing = self._standing(task, exam)
        turn = Turn()
        token = current_turn.set(turn)
        spent_before = rec.tokens
        answer: ComparisonAnswer | None = None
        problem: Problem | None = None
        try:
            answer, problem = self._turn(task, view, rec, exam, turn)
        except ToolUseStopped as e:  # counted as a rejected reply where it was raised
            problem = Problem(e.kind, e.detail)
        except GraphRecursionError:
            problem = Problem("invalid", "the agent did not finish within its step limit")
            rec.reject(problem.kind, problem.detail)
        except Exception as e:  # the model failed after its retries (or the provider rejected the call)
            detail = describe_error(e)
            log.info("chunk %s: model failed: %s", task.a_ids[0], detail)
            self._give_up_if_unreachable(e, detail, task.a_ids[0])
            self.budget.failed(f"error: {detail}", task.a_ids[0])
            return self._fallback(task, view, rec, "error", detail, standing)
        finally:
            current_turn.reset(token)
            self.budget.spend(rec.tokens - spent_before)
        if problem is not None or answer is None:
            problem = problem or Problem("invalid", "no answer")
            log.info("chunk %s: LLM answer not used: %s: %s", task.a_ids[0], problem.kind, problem.detail)
            self.budget.failed(f"{problem.kind}: {problem.detail}", task.a_ids[0])
            return self._fallback(task, view, rec, problem.kind, problem.detail, standing)
        self.budget.succeeded()
        return self._decision(answer, task, view, exam)

    def _give_up_if_unreachable(self, exc: BaseException, detail: str, chunk: str) -> None:
        """A server that cannot be reached, or that has not answered a single request of the
        run in time, is not asked about the other chunks: each would wait as long again. One
        that has answered before (a server restarting, a network blip) is not given up at once:
        its failures count towards ``llm_max_failures`` like any other."""
        if self.budget.answered:
            return
        if is_unreachable(exc):
            reason = f"given up at chunk {chunk}: {detail}"
        elif is_timeout(exc):
            reason = (f"given up at chunk {chunk}: {detail}, and it has answered no request yet "
                      f"(--llm-timeout-s {self.options.llm_timeout_s:g}: a slow local model may need more)")
        else:
            return
        if self.budget.give_up(reason):
            log.warning("the LLM is given up for this run; the offline policy compares the remaining chunks "
                        "(%s)", reason)

    def _turn(self, task: AgentTask, view: AgentView, rec: ChunkRecorder, exam: Examination | None,
              turn: Turn) -> tuple[ComparisonAnswer | None, Problem | None]:
        """The model's answer, asked again once with the problem (and the evidence) when
        it cannot be used; the problem that remains, if any."""
        answer, problem = self._ask(task, view, rec, None, turn)
        if problem is None and answer is not None:
            problem = self._guard(answer, task, view, exam)
        if problem is None:
            return answer, None
        rec.reject(problem.kind, problem.detail)
        if problem.kind == "wrong_document" and not turn.correct("wrong_document"):
            return None, Problem(problem.kind, problem.detail + " (again, after a correction)")
        lang = self.options.lang
        candidates = exam.candidates if exam is not None else ()
        if problem.kind.startswith("evidence_"):
            correction = evidence_prompt(problem, candidates, lang, ANSWER_TOOL)
        else:
            correction = render("agent_retry", lang, problem=problem.detail, answer_tool=ANSWER_TOOL,
                                evidence=describe_evidence(candidates, lang))
        rec.event("retry", kind=problem.kind, problem=problem.detail)
        answer, problem = self._ask(task, view, rec, correction, turn)
        if problem is None and answer is not None:
            problem = self._guard(answer, task, view, exam)
        if problem is not None:
            rec.reject(problem.kind, problem.detail)
        return answer, problem

    def _ask(self, task: AgentTask, view: AgentView, rec: ChunkRecorder, correction: str | None,
             turn: Turn) -> tuple[ComparisonAnswer | None, Problem | None]:
        lang = self.options.lang
        messages: list[Any] = [
            SystemMessage(self._system_prompt(task, view)),
            HumanMessage(render("agent_task", lang, chunk_id=task.a_ids[0], answer_tool=ANSWER_TOOL)),
        ]
        if correction is not None:
            messages.append(HumanMessage(correction))
        turn.new_attempt()
        token = llm_turn.set(True)
        try:
            out = self.agent.invoke(
                {"messages": messages},
                config={"callbacks": [ModelUsageCallback(rec)], "recursion_limit": self.recursion_limit},
            )
        except StructuredOutputValidationError as e:
            return None, Problem("invalid", f"the answer does not fit the {ANSWER_TOOL} schema: {schema_problem(e.source)}")
        finally:
            llm_turn.reset(token)
        answer = out.get("structured_response")
        if not isinstance(answer, ComparisonAnswer):
            return None, Problem("invalid", f"no final answer with {ANSWER_TOOL} (model or tool call limit reached?)")
        rec.event("answer", answer=answer.model_dump())
        problem = answer_problem(answer, self.b, self.a, a_ids=task.a_ids, constraints=self.constraints)
        apart = [i for i in answer.counterpart_ids if problem is None and not view.compatible(task.a_ids, i)]
        if apart:  # the structure is strong evidence: a clause of another rider is never the counterpart
            problem = Problem("invalid", f"counterpart_ids {', '.join(apart)} belong to another section of document B "
                              "(another rider or part), not the one that corresponds to this chunk's section")
        return answer, problem

    # -- the evidence --------------------------------------------------------------------
    def _examine(self, task: AgentTask, view: AgentView, rec: ChunkRecorder) -> Examination | None:
        """The offline policy's examination of the chunk (tool calls, no model call)."""
        examine = getattr(self.fallback, "examine", None)
        if examine is None:
            return None
        with self.lock:
            exam: Examination = examine(task, view)
        rec.event("evidence", certain=self.certain, offline=list(exam.decision.b_ids),
                  candidates=[{"b_ids": list(c.b_ids), "probability": round(c.probability, 4),
                               "claimed_by": list(c.claimed_by)} for c in exam.candidates[:5]])
        return exam

    def _probability(self, exam: Examination, task: AgentTask, view: AgentView, b_ids: tuple[str, ...]) -> float:
        """The candidate model's probability that *b_ids* is the counterpart."""
        weigh = getattr(self.fallback, "probability_of", None)
        if weigh is None:
            return next((c.probability for c in exam.candidates if c.b_ids == b_ids), 0.0)
        with self.lock:
            return float(weigh(exam, task, view, b_ids))

    def _guard(self, answer: ComparisonAnswer, task: AgentTask, view: AgentView,
               exam: Examination | None) -> Problem | None:
        if exam is None:
            return None
        ordered = answer.model_copy(update={"counterpart_ids": list(self._ordered(answer))})
        distinct = getattr(self.fallback, "distinct", None)
        return guard_answer(ordered, exam.candidates, self.certain,
                            lambda b_ids: self._probability(exam, task, view, b_ids),
                            None if distinct is None else lambda b_ids: self._distinct(distinct, task, view, b_ids))

    def _distinct(self, distinct: Callable[..., bool], task: AgentTask, view: AgentView,
                  b_ids: tuple[str, ...]) -> bool:
        with self.lock:
            return bool(distinct(task, view, b_ids))

    def _ordered(self, answer: ComparisonAnswer) -> tuple[str, ...]:
        """The answer's counterparts, each once, in document order."""
        return tuple(sorted(dict.fromkeys(answer.counterpart_ids), key=lambda i: self.b.position(i) or 0))

    def _standing(self, task: AgentTask, exam: Examination | None) -> Decision | None:
        """The decision that stands when the LLM's is not used."""
        if task.certain:  # the plan had settled it: keep the plan's pair, as convincing as the plan found it
            sim = task.proposal_similarity
            return Decision(task.a_ids, task.proposal_b_ids, "agent", "confirm", sim,
                            max(sim, task.proposal_probability), 0.9, "the plan's certain match")
        return exam.decision if exam is not None else None

    def _decision(self, answer: ComparisonAnswer, task: AgentTask, view: AgentView,
                  exam: Examination | None) -> Decision:
        """The LLM's decision. How convincing it is when it competes with other decisions
        for a chunk of B (``align.resolve``) is the calibrated probability of its
        counterpart, not the model's own confidence: a claim the evidence supports wins."""
        d = self._llm_decision(answer, task, view, exam)
        if exam is None:
            return d
        # the offline policy's judgement beside it, for a reviewer (hikaku.review; the same as
        # agent.second_opinion would find, which then has nothing to add)
        return replace(d, candidates=exam.decision.candidates, offline_choice=exam.decision.b_ids,
                       offline_probability=exam.decision.score)

    def _llm_decision(self, answer: ComparisonAnswer, task: AgentTask, view: AgentView,
                      exam: Examination | None) -> Decision:
        ids = self._ordered(answer)
        desc = answer.description.strip()
        if answer.change_type == "deleted":
            return Decision(task.a_ids, (), "agent", "delete", None, answer.confidence, answer.confidence,
                            desc or "no counterpart in B (LLM)", description=desc, policy="llm")
        with self.lock:
            sim = view.group_similarity(task.a_ids, ids)
            alternatives: tuple[tuple[tuple[str, ...], float], ...] = ()
            if task.proposal_b_ids and task.proposal_b_ids != ids and task.proposal_probability > 0.5:
                alternatives = ((task.proposal_b_ids, task.proposal_probability),)
        if exam is not None:
            score = self._probability(exam, task, view, ids)
        else:
            score = 0.5 * sim + 0.5 * answer.confidence
        return Decision(task.a_ids, ids, "agent", "llm", sim, score, answer.confidence,
                        desc or "counterpart chosen by the LLM", alternatives=alternatives, description=desc,
                        policy="llm")

    def _fallback(self, task: AgentTask, view: AgentView, rec: ChunkRecorder, kind: str, detail: str,
                  standing: Decision | None = None) -> Decision:
        detail = one_line(detail, 500)  # a note is one line
        rec.event("fallback", kind=kind, detail=detail)
        d = standing if standing is not None else self._standing(task, None)
        if d is None:
            with self.lock:
                d = self.fallback.decide(task, view)
        return replace(d, policy="offline", fallback=Fallback(kind, detail))

    # -- the prompt ----------------------------------------------------------------------
    def _system_prompt(self, task: AgentTask, view: AgentView) -> str:
        lang = self.options.lang
        chunks = [self.a.get(i) for i in task.a_ids]
        text = "\n".join(c.content for c in chunks if c is not None)
        path = chunks[0].structure.heading_path if chunks and chunks[0] is not None else ()
        return render(
            "agent_system", lang,
            tools=self.tool_list,
            answer_tool=ANSWER_TOOL,
            chunk_id=", ".join(task.a_ids),
            heading_path=" > ".join(path) or "-",
            chunk_text=shorten(text, _MAX_CHUNK_CHARS),
            results_so_far=self._results_so_far(task, view),
        )

    def _results_so_far(self, task: AgentTask, view: AgentView) -> str:
        lang = self.options.lang
        if task.proposal_b_ids:
            proposal = f"{', '.join(task.proposal_b_ids)} ({task.proposal_similarity:.2f})"
        else:
            proposal = wording(lang)("agent.prompt.no_proposal")
        first = self.a.position(task.a_ids[0]) or 0
        last = self.a.position(task.a_ids[-1]) or first
        lines = []
        for i in [*range(max(0, first - 2), first), *range(last + 1, min(len(self.a.chunks), last + 3))]:
            a_id = self.a.chunks[i].id
            with self.lock:
                cp = view.counterpart(a_id)
            lines.append(f"  - {a_id} → {', '.join(cp) if cp else '-'}")
        lo, hi = task.window
        lo_id = self.b.chunks[lo].id if 0 <= lo < len(self.b.chunks) else "^"
        hi_id = self.b.chunks[hi].id if 0 <= hi < len(self.b.chunks) else "$"
        return render("agent_results", lang, proposal=proposal, neighbours="\n".join(lines) or "  -",
                      window=f"{lo_id} … {hi_id}")
