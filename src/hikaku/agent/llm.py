"""The LLM agent policy: a ReAct agent built with ``langchain.agents.create_agent`` over
the same five tools as the offline policy.

For one chunk (group) of A it fills the seeds' system prompt with the chunk and what the
comparison knows so far (the plan's candidate, where the neighbours went), lets the model
call the tools, and takes its structured final answer (:class:`ComparisonAnswer`). An
answer that cannot be used is retried once with the problem spelled out; a second bad
answer, a model that keeps failing after its retries, or a spent token budget hands the
chunk to the offline policy, and the fallback is recorded.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import (
    ModelCallLimitMiddleware,
    ModelRetryMiddleware,
    ToolCallLimitMiddleware,
)
from langchain.agents.structured_output import StructuredOutputValidationError, ToolStrategy
from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.errors import GraphRecursionError

from .._text import shorten
from ..align.constraints import Constraints
from ..align.decision import Fallback
from ..document import Document
from ..llm.errors import describe_error, is_retryable
from ..settings import CompareOptions
from ..tools import ToolRegistry
from .answer import ComparisonAnswer, check_answer
from .base import AgentPolicy, AgentTask, AgentView, Decision
from .budget import RunBudget
from .prompts import render, tool_descriptions
from .recording import ChunkRecorder, ModelUsageCallback, TraceWriter, current_recorder, llm_turn

__all__ = ["LLMPolicy"]

log = logging.getLogger(__name__)

ANSWER_TOOL = ComparisonAnswer.__name__
_MAX_CHUNK_CHARS = 4000


class LLMPolicy:
    """Decides with a chat model; see the module docstring. Thread-safe: chunks may be
    examined concurrently (tool calls and the offline fallback are serialised by *lock*)."""

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
        self.trace = trace
        self.model_name = model_name or getattr(model, "model_name", "") or type(model).__name__
        self.concurrency: int | None = options.concurrency
        self.tool_names = registry.names
        o = options
        middleware: list[Any] = [
            ModelRetryMiddleware(
                max_retries=o.llm_max_retries, retry_on=is_retryable, on_failure="error", backoff_factor=2.0,
                initial_delay=o.llm_retry_initial_delay_s, max_delay=o.llm_retry_max_delay_s, jitter=True,
            ),
            ModelCallLimitMiddleware(run_limit=o.llm_max_model_calls, exit_behavior="end"),
        ]
        if o.llm_max_tool_calls > 0:
            middleware.append(ToolCallLimitMiddleware(run_limit=o.llm_max_tool_calls, exit_behavior="continue"))
        tools = registry.as_langchain_tools() if o.llm_max_tool_calls > 0 else []
        self.agent = create_agent(
            model,
            tools=tools,
            response_format=ToolStrategy(ComparisonAnswer, handle_errors=False),
            middleware=middleware,
            name="hikaku_react_agent",
        )
        # a model call, a tool step and the middleware hooks per round, with room to spare
        self.recursion_limit = 6 * o.llm_max_model_calls + 10

    # -- the decision --------------------------------------------------------------------
    def decide(self, task: AgentTask, view: AgentView) -> Decision:
        rec = current_recorder.get() or ChunkRecorder(task.a_ids, self.trace)
        closed = self.budget.closed_reason()
        if closed is not None:
            return self._fallback(task, view, rec, *closed)
        spent_before = rec.tokens
        answer: ComparisonAnswer | None = None
        problem: str | None = None
        try:
            answer, problem = self._ask(task, view, rec, None)
            if problem is not None:
                rec.event("retry", problem=problem)
                answer, problem = self._ask(task, view, rec, problem)
        except GraphRecursionError:
            problem = "the agent did not finish within its step limit"
        except Exception as e:  # the model failed after its retries (or the provider rejected the call)
            detail = describe_error(e)
            log.info("chunk %s: model failed: %s", task.a_ids[0], detail)
            self.budget.failed(detail)
            return self._fallback(task, view, rec, "error", detail)
        finally:
            self.budget.spend(rec.tokens - spent_before)
        self.budget.succeeded()
        if problem is not None or answer is None:
            return self._fallback(task, view, rec, "invalid", problem or "no answer")
        return self._decision(answer, task, view, rec)

    def _ask(self, task: AgentTask, view: AgentView, rec: ChunkRecorder,
             correction: str | None) -> tuple[ComparisonAnswer | None, str | None]:
        lang = self.options.lang
        messages: list[Any] = [
            SystemMessage(self._system_prompt(task, view)),
            HumanMessage(render("agent_task", lang, chunk_id=task.a_ids[0], answer_tool=ANSWER_TOOL)),
        ]
        if correction is not None:
            messages.append(HumanMessage(render("agent_retry", lang, problem=correction, answer_tool=ANSWER_TOOL)))
        token = llm_turn.set(True)
        try:
            out = self.agent.invoke(
                {"messages": messages},
                config={"callbacks": [ModelUsageCallback(rec)], "recursion_limit": self.recursion_limit},
            )
        except StructuredOutputValidationError as e:
            return None, f"the answer does not fit the {ANSWER_TOOL} schema: {shorten(str(e.source), 300)}"
        finally:
            llm_turn.reset(token)
        answer = out.get("structured_response")
        if not isinstance(answer, ComparisonAnswer):
            return None, f"no final answer with {ANSWER_TOOL} (model or tool call limit reached?)"
        rec.event("answer", answer=answer.model_dump())
        problem = check_answer(answer, self.b, self.a, a_ids=task.a_ids, constraints=self.constraints)
        apart = [i for i in answer.counterpart_ids if problem is None and not view.compatible(task.a_ids, i)]
        if apart:  # the structure is strong evidence: a clause of another rider is never the counterpart
            problem = (f"counterpart_ids {', '.join(apart)} belong to another section of document B (another rider "
                       "or part), not the one that corresponds to this chunk's section")
        return answer, problem

    def _decision(self, answer: ComparisonAnswer, task: AgentTask, view: AgentView, rec: ChunkRecorder) -> Decision:
        ids = tuple(sorted(dict.fromkeys(answer.counterpart_ids), key=lambda i: self.b.position(i) or 0))
        desc = answer.description.strip()
        if answer.change_type == "deleted":
            return Decision(task.a_ids, (), "agent", "delete", None, answer.confidence, answer.confidence,
                            desc or "no counterpart in B (LLM)", description=desc, policy="llm")
        with self.lock:
            sim = view.group_similarity(task.a_ids, ids)
            alternatives: tuple[tuple[tuple[str, ...], float], ...] = ()
            if task.proposal_b_ids and task.proposal_b_ids != ids and task.proposal_probability > 0.5:
                alternatives = ((task.proposal_b_ids, task.proposal_probability),)
        score = 0.5 * sim + 0.5 * answer.confidence
        return Decision(task.a_ids, ids, "agent", "llm", sim, score, answer.confidence,
                        desc or "counterpart chosen by the LLM", alternatives=alternatives, description=desc,
                        policy="llm")

    def _fallback(self, task: AgentTask, view: AgentView, rec: ChunkRecorder, kind: str, detail: str) -> Decision:
        rec.event("fallback", kind=kind, detail=detail)
        if task.certain:  # the plan had settled it: keep the plan's pair
            sim = task.proposal_similarity
            d = Decision(task.a_ids, task.proposal_b_ids, "agent", "confirm", sim, sim, 0.9,
                         "the plan's certain match")
        else:
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
            tools=tool_descriptions(self.tool_names, lang),
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
            proposal = "なし" if lang == "ja" else "none"
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
