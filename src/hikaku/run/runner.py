"""``run(request) -> RunOutcome``: check the request's outputs, read the sides, choose the chat
model, apply a reviewer's decisions, build the runtime and run the workflow (in memory, with
questions, or durable in a SQLite checkpoint)."""

from __future__ import annotations

import dataclasses
import logging
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .._exceptions import CheckpointError, ConfigurationError
from ..agent import TraceWriter
from ..document import Document
from ..llm import build_chat_model, llm_environment, secrets_of
from ..review import Answer, Question, apply_decisions, load_decisions
from ..settings import CompareOptions
from ..system import blas_threads, is_damaged, objects_kept, objects_set_aside
from ..workflow import (
    ComparisonRuntime,
    RuntimeInputs,
    build_graph,
    build_runtime,
    damaged_checkpoint,
    default_checkpoint_path,
    fingerprint,
    is_default_checkpoint,
    new_run_id,
    open_checkpointer,
    serializer,
)
from .files import check_outputs, request_inputs
from .model_plan import embedding_notice, plan_model
from .request import AskCallback, RunOutcome, RunRequest
from .sides import load_sides

__all__ = ["run"]

log = logging.getLogger(__name__)


def run(request: RunRequest) -> RunOutcome:
    """Run the comparison *request* asks for (see :class:`RunRequest`). Before any work, its trace
    and checkpoint are checked against every file the run reads (:func:`check_outputs`)."""
    # the objects made to last (documents, plan, indexes, rows) are set aside from the cyclic
    # collector as each phase that makes them ends, until the run's end (system/memory.py)
    with objects_set_aside():
        opts = request.options
        checkpoint, run_id, resume = request.durability.checkpoint, request.durability.run_id, request.durability.resume
        if resume and not run_id:
            raise CheckpointError("resume needs the run id (--resume RUN_ID)")
        if resume and checkpoint is None:
            checkpoint = default_checkpoint_path()
        inputs = request_inputs(request)
        check_outputs(inputs, [("trace", request.trace), ("checkpoint", checkpoint)], made=("checkpoint",))
        doc_a, doc_b = load_sides(request.a, request.b, opts, served=request.served)
        env = llm_environment()
        components = request.components
        chat_model, model_name = components.chat_model, None
        if chat_model is None and components.policy_factory is None:
            plan = plan_model(opts, env)
            if plan.choice is not None:
                chat_model = build_chat_model(plan.choice, opts, env)
                model_name = plan.choice.spec
                log.warning("%s", plan.notice)
            elif plan.implicit:
                log.warning("%s", plan.offline)
            elif plan.offline:
                log.info("%s", plan.offline)
        elif chat_model is not None:
            model_name = (getattr(chat_model, "model_name", None) or getattr(chat_model, "model", None)
                          or type(chat_model).__name__)
        if components.embedder is None and (notice := embedding_notice(opts, env)):
            log.warning("%s", notice)
        if checkpoint is not None and not run_id:
            run_id = new_run_id()
        reviewer = load_decisions(request.review.decisions)
        if resume and run_id:  # the answers this run recorded are in its checkpoint already
            reviewer = reviewer.without_run(run_id)
        applied = apply_decisions(reviewer, doc_a, doc_b)
        secrets = secrets_of(env, opts.llm_base_url, opts.embedding_base_url)  # never written to the trace
        writer = (_open_trace(request.trace, run_id or "-", append=resume, secrets=secrets)
                  if request.trace is not None else None)
        ask = request.review.ask
        build = RuntimeInputs(
            embedder=components.embedder, tokenizer=components.tokenizer, env=env,
            policy_factory=components.policy_factory, chat_model=chat_model,
            model_name=str(model_name) if model_name else None,
            fingerprint=fingerprint(doc_a, doc_b, opts, applied.digest), run_id=run_id, progress=request.progress,
            trace=writer, decisions=applied, ask=ask is not None, thoughts=request.thoughts,
        )
        limit = 20 + 4 * (len(doc_a.chunks) + 1)
        try:
            with blas_threads(1):  # the products are small: one BLAS thread each (hikaku/system/threads.py)
                state = _run(doc_a, doc_b, opts, build, writer, resume,
                             Path(checkpoint) if checkpoint is not None else None, run_id, limit, ask)
            result = state["result"]
        finally:
            if writer is not None:
                writer.close()
    log.info("compared %s with %s: %s", doc_a.id, doc_b.id, result.stats.counts)
    return RunOutcome(result, state, (doc_a, doc_b), tuple(f for f in inputs if os.path.exists(f.path)))


@contextmanager
def _runtime(doc_a: Document, doc_b: Document, opts: CompareOptions, build: RuntimeInputs) -> Iterator[ComparisonRuntime]:
    """The run's runtime (:func:`build_runtime`), built with the cyclic collector paused (the plan,
    the indexes and the tools are many objects that live on, and no garbage in cycles); closed at the end."""
    with objects_kept():
        rt = build_runtime(doc_a, doc_b, opts, build)
    try:
        yield rt
    finally:
        rt.close()


def _run(doc_a: Document, doc_b: Document, opts: CompareOptions, build: RuntimeInputs, writer: TraceWriter | None,
         resume: bool, checkpoint: Path | None, run_id: str | None, limit: int, ask: AskCallback | None) -> Any:
    if writer is not None:
        writer.write("run_start", document_a=doc_a.id, document_b=doc_b.id, model=build.model_name,
                     resume=resume, options=opts.model_dump(mode="json"))
    if checkpoint is None and ask is None:
        with _runtime(doc_a, doc_b, opts, build) as rt:
            state = build_graph().invoke({}, context=rt, config={"recursion_limit": limit})
    elif checkpoint is None:  # questions need a checkpointer: this run's, in memory
        from langgraph.checkpoint.memory import InMemorySaver

        config: dict[str, Any] = {"configurable": {"thread_id": run_id or "run"}, "recursion_limit": limit}
        with _runtime(doc_a, doc_b, opts, build) as rt:
            state = _answering(build_graph(InMemorySaver(serde=serializer())), {}, config, rt, ask)
    else:
        state = _run_durable(doc_a, doc_b, opts, build, checkpoint, run_id or "", resume, limit, ask)
    result = state["result"]
    if writer is not None:
        writer.write("run_end", counts=result.stats.counts, llm_calls=result.stats.llm_calls,
                     input_tokens=result.stats.llm_input_tokens, output_tokens=result.stats.llm_output_tokens,
                     notes=result.notes)
    return state


def _open_trace(path: str | os.PathLike[str], run_id: str, *, append: bool, secrets: list[str]) -> TraceWriter:
    try:
        return TraceWriter(path, run_id=run_id, append=append, secrets=secrets)
    except OSError as e:
        raise ConfigurationError(f"{os.fspath(path)}: cannot write the trace: {e.strerror}") from None


def _answering(graph: Any, payload: Any, config: dict[str, Any], rt: Any, ask: AskCallback | None, **kw: Any) -> Any:
    """Run the graph; each time it pauses on a question, ask it (no *ask*: skip it, the
    chunk goes to the review queue) and resume with the answer. An exception of *ask*
    leaves the run paused in its checkpoint (a front that answers later resumes it)."""
    from langgraph.types import Command

    while True:
        state = graph.invoke(payload, config, context=rt, **kw)
        pending = state.get("__interrupt__") if isinstance(state, dict) else None
        if not pending:
            return state
        answers = {}
        for intr in pending:
            question = Question.from_dict(intr.value)
            answer = ask(question) if ask is not None else Answer("skip")
            answers[intr.id] = answer.to_dict()
        payload = Command(resume=answers)


def _run_durable(doc_a: Document, doc_b: Document, opts: CompareOptions, build: RuntimeInputs, path: Path,
                 run_id: str, resume: bool, limit: int, ask: AskCallback | None = None) -> Any:
    """Run (or resume) the graph with a SQLite checkpoint after every step (and on a pending
    question, ask it again). A damaged checkpoint file is one clear error (or, the default
    file of a new run, set aside)."""
    with open_checkpointer(path, set_aside_damaged=not resume and is_default_checkpoint(path)) as saver:
        try:
            return _invoke_durable(saver, doc_a, doc_b, opts, build, path, run_id, resume, limit, ask)
        except sqlite3.DatabaseError as e:
            if is_damaged(e):
                raise damaged_checkpoint(path, e) from None
            raise


def _invoke_durable(saver: Any, doc_a: Document, doc_b: Document, opts: CompareOptions, build: RuntimeInputs,
                    path: Path, run_id: str, resume: bool, limit: int, ask: AskCallback | None) -> Any:
    graph = build_graph(saver)
    config: dict[str, Any] = {"configurable": {"thread_id": run_id}, "recursion_limit": limit}
    try:
        snapshot = graph.get_state(config)
    except sqlite3.DatabaseError:
        raise
    except Exception as e:  # a row the serializer cannot read: the file was overwritten
        raise CheckpointError(f"{path}: run {run_id!r} cannot be read from the checkpoint database "
                              f"({type(e).__name__}: {e}); the file is damaged") from None
    values = snapshot.values
    exists = bool(values)
    if resume and not exists:
        raise CheckpointError(f"no run {run_id!r} in {path}")
    if not resume and exists:
        raise CheckpointError(f"run {run_id!r} already exists in {path}; resume it with --resume {run_id}")
    if exists and values.get("fingerprint") != build.fingerprint:
        raise CheckpointError(
            f"run {run_id!r} was started on other documents or options; give the same A, B and options to resume it"
        )
    if exists and not snapshot.next:
        log.info("run %s had already finished", run_id)
        return dict(values)
    spent = sum(d.usage.tokens for d in values.get("comparison_results", [])) if exists else 0
    with _runtime(doc_a, doc_b, opts, dataclasses.replace(build, spent_tokens=spent)) as rt:
        log.info("%s run %s (checkpoint %s)", "resuming" if exists else "starting", run_id, path)
        return _answering(graph, None if exists else {}, config, rt, ask, durability="sync")
