"""``hikaku.compare``: load two documents, build the run, run the workflow, return the result."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ._exceptions import CheckpointError, ConfigurationError
from .agent.recording import TraceWriter
from .document import Document
from .embeddings import Embedder
from .llm import build_chat_model, choose_model, llm_environment
from .llm.providers import secrets_of
from .loaders import load_document
from .result import ComparisonResult
from .review import Answer, DecisionSet, Question, apply_decisions, load_decisions
from .settings import CompareOptions, resolve_options
from .tokenizers import Tokenizer
from .workflow import ComparisonState, PolicyFactory, ProgressCallback, build_graph, build_runtime
from .workflow.checkpoint import (
    default_checkpoint_path,
    fingerprint,
    new_run_id,
    open_checkpointer,
    serializer,
)

__all__ = ["acompare", "compare", "run_comparison", "DocumentSource", "DecisionsSource", "AskCallback"]

log = logging.getLogger(__name__)

DocumentSource = str | os.PathLike[str] | Document | Iterable[Any]
DecisionsSource = DecisionSet | str | os.PathLike[str] | Sequence[Any]
AskCallback = Callable[[Question], Answer]


def compare(
    a: DocumentSource,
    b: DocumentSource,
    *,
    options: CompareOptions | None = None,
    embedder: Embedder | None = None,
    tokenizer: Tokenizer | None = None,
    policy_factory: PolicyFactory | None = None,
    chat_model: Any = None,
    progress: ProgressCallback | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    run_id: str | None = None,
    resume: bool = False,
    trace: str | os.PathLike[str] | None = None,
    decisions: DecisionsSource | None = None,
    ask: AskCallback | None = None,
    **option_values: Any,
) -> ComparisonResult:
    """Compare document *a* (old) with document *b* (new).

    *a* and *b* are paths (chunk JSON/JSONL, Markdown, text, PDF, Word, HTML),
    :class:`Document` objects or lists of ``{"id", "content", "metadata"}`` records. The
    options are a resolved :class:`CompareOptions` (*options*) or its fields as keywords
    (e.g. ``lang="en"``, ``llm="openai:gpt-4.1-mini"``), resolved here with the environment
    and the user's configuration.

    *embedder*, *tokenizer*, *policy_factory* (``f(PolicyInputs) -> policy``) and
    *chat_model* (a LangChain chat model) replace the configured components; tests pass
    doubles here. *progress* is called as ``progress(stage, done, total)``. With
    *checkpoint* (a SQLite file) the run is durable under *run_id*; ``resume=True``
    continues that run. *trace* writes every agent step as JSON lines.

    *decisions* are a reviewer's (a ``hikaku.decisions/v1`` file, a :class:`DecisionSet` or a
    list of decisions): applied before any agent runs (see docs/review.md). With *ask*
    (``ask(Question) -> Answer``) the agent asks about each chunk it cannot decide and
    continues with the answer (the caller records it, e.g. ``answer.records(question)``);
    without it, such chunks go to the result's review queue.
    """
    result, _ = run_comparison(
        a, b, options=options, embedder=embedder, tokenizer=tokenizer, policy_factory=policy_factory,
        chat_model=chat_model, progress=progress, checkpoint=checkpoint, run_id=run_id, resume=resume, trace=trace,
        decisions=decisions, ask=ask, **option_values,
    )
    return result


async def acompare(a: DocumentSource, b: DocumentSource, **kwargs: Any) -> ComparisonResult:
    """:func:`compare` for asyncio applications: the comparison runs in a worker thread,
    so the event loop keeps serving while the agent's model calls (themselves concurrent,
    ``concurrency``) are under way. Takes the same arguments."""
    import asyncio

    return await asyncio.to_thread(compare, a, b, **kwargs)


def _options(options: CompareOptions | None, values: dict[str, Any]) -> CompareOptions:
    if options is None:
        return resolve_options(values)
    if values:
        raise TypeError(f"give either options or option keywords, not both (got {', '.join(sorted(values))})")
    return options


def run_comparison(
    a: DocumentSource,
    b: DocumentSource,
    *,
    options: CompareOptions | None = None,
    embedder: Embedder | None = None,
    tokenizer: Tokenizer | None = None,
    policy_factory: PolicyFactory | None = None,
    chat_model: Any = None,
    progress: ProgressCallback | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    run_id: str | None = None,
    resume: bool = False,
    trace: str | os.PathLike[str] | None = None,
    decisions: DecisionsSource | None = None,
    ask: AskCallback | None = None,
    **option_values: Any,
) -> tuple[ComparisonResult, ComparisonState]:
    """Like :func:`compare`, also returning the final graph state (agent thoughts,
    per-group decisions)."""
    opts = _options(options, option_values)
    doc_a = load_document(a, input_format=opts.input_format, id_prefix="a", max_chunk_chars=opts.max_chunk_chars,
                          doc_id=None if not isinstance(a, (list, tuple)) else "A")
    doc_b = load_document(b, input_format=opts.input_format, id_prefix="b", max_chunk_chars=opts.max_chunk_chars,
                          doc_id=None if not isinstance(b, (list, tuple)) else "B")
    env = llm_environment()
    model_name = None
    if chat_model is None and policy_factory is None:
        choice, why = choose_model(opts, env)
        if choice is not None:
            chat_model = build_chat_model(choice, opts, env)
            model_name = choice.spec
        elif why:
            log.info("%s", why)
    elif chat_model is not None:
        model_name = getattr(chat_model, "model_name", None) or getattr(chat_model, "model", None) or type(chat_model).__name__
    if resume and not run_id:
        raise CheckpointError("resume needs the run id (--resume RUN_ID)")
    if resume and checkpoint is None:
        checkpoint = default_checkpoint_path()
    if checkpoint is not None and not run_id:
        run_id = new_run_id()
    reviewer = load_decisions(decisions)
    if resume and run_id:  # the answers this run recorded are in its checkpoint already
        reviewer = reviewer.without_run(run_id)
    applied = apply_decisions(reviewer, doc_a, doc_b)
    writer = _open_trace(trace, run_id or "-", append=resume, secrets=secrets_of(env)) if trace is not None else None
    build = dict(embedder=embedder, tokenizer=tokenizer, env=env, policy_factory=policy_factory,
                 chat_model=chat_model, model_name=str(model_name) if model_name else None,
                 fingerprint=fingerprint(doc_a, doc_b, opts, applied.digest), run_id=run_id, progress=progress,
                 trace=writer, decisions=applied, ask=ask is not None)
    limit = 20 + 4 * (len(doc_a.chunks) + 1)
    try:
        if writer is not None:
            writer.write("run_start", document_a=doc_a.id, document_b=doc_b.id, model=build["model_name"],
                         resume=resume, options=opts.model_dump(mode="json"))
        if checkpoint is None and ask is None:
            rt = build_runtime(doc_a, doc_b, opts, **build)
            state = build_graph().invoke({}, context=rt, config={"recursion_limit": limit})
        elif checkpoint is None:  # questions need a checkpointer: this run's, in memory
            from langgraph.checkpoint.memory import InMemorySaver

            rt = build_runtime(doc_a, doc_b, opts, **build)
            config: dict[str, Any] = {"configurable": {"thread_id": run_id or "run"}, "recursion_limit": limit}
            state = _answering(build_graph(InMemorySaver(serde=serializer())), {}, config, rt, ask)
        else:
            state = _run_durable(doc_a, doc_b, opts, build, Path(checkpoint), run_id or "", resume, limit, ask)
        result = state["result"]
        if writer is not None:
            writer.write("run_end", counts=result.stats.counts, llm_calls=result.stats.llm_calls,
                         input_tokens=result.stats.llm_input_tokens, output_tokens=result.stats.llm_output_tokens,
                         notes=result.notes)
    finally:
        if writer is not None:
            writer.close()
    log.info("compared %s with %s: %s", doc_a.id, doc_b.id, result.stats.counts)
    return result, state


def _open_trace(path: str | os.PathLike[str], run_id: str, *, append: bool, secrets: list[str]) -> TraceWriter:
    try:
        return TraceWriter(path, run_id=run_id, append=append, secrets=secrets)
    except OSError as e:
        raise ConfigurationError(f"{path}: cannot write the trace: {e.strerror}") from None


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


def _run_durable(doc_a: Document, doc_b: Document, opts: CompareOptions, build: dict[str, Any], path: Path,
                 run_id: str, resume: bool, limit: int, ask: AskCallback | None = None) -> Any:
    """Run (or resume) the graph with a SQLite checkpoint after every step (and on a
    pending question, ask it again)."""
    with open_checkpointer(path) as saver:
        graph = build_graph(saver)
        config: dict[str, Any] = {"configurable": {"thread_id": run_id}, "recursion_limit": limit}
        snapshot = graph.get_state(config)
        values = snapshot.values
        exists = bool(values)
        if resume and not exists:
            raise CheckpointError(f"no run {run_id!r} in {path}")
        if not resume and exists:
            raise CheckpointError(f"run {run_id!r} already exists in {path}; resume it with --resume {run_id}")
        if exists and values.get("fingerprint") != build["fingerprint"]:
            raise CheckpointError(
                f"run {run_id!r} was started on other documents or options; give the same A, B and options to resume it"
            )
        if exists and not snapshot.next:
            log.info("run %s had already finished", run_id)
            return dict(values)
        spent = sum(d.usage.tokens for d in values.get("comparison_results", [])) if exists else 0
        rt = build_runtime(doc_a, doc_b, opts, spent_tokens=spent, **build)
        log.info("%s run %s (checkpoint %s)", "resuming" if exists else "starting", run_id, path)
        return _answering(graph, None if exists else {}, config, rt, ask, durability="sync")
