"""``hikaku.compare``: load two documents, build the run, run the workflow, return the result."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
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
from .settings import CompareOptions, resolve_options
from .tokenizers import Tokenizer
from .workflow import ComparisonState, PolicyFactory, ProgressCallback, build_graph, build_runtime
from .workflow.checkpoint import default_checkpoint_path, fingerprint, new_run_id, open_checkpointer

__all__ = ["acompare", "compare", "run_comparison", "DocumentSource"]

log = logging.getLogger(__name__)

DocumentSource = str | os.PathLike[str] | Document | Iterable[Any]


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
    """
    result, _ = run_comparison(
        a, b, options=options, embedder=embedder, tokenizer=tokenizer, policy_factory=policy_factory,
        chat_model=chat_model, progress=progress, checkpoint=checkpoint, run_id=run_id, resume=resume, trace=trace,
        **option_values,
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
    writer = _open_trace(trace, run_id or "-", append=resume, secrets=secrets_of(env)) if trace is not None else None
    build = dict(embedder=embedder, tokenizer=tokenizer, env=env, policy_factory=policy_factory,
                 chat_model=chat_model, model_name=str(model_name) if model_name else None,
                 fingerprint=fingerprint(doc_a, doc_b, opts), run_id=run_id, progress=progress, trace=writer)
    limit = 20 + 3 * (len(doc_a.chunks) + 1)
    try:
        if writer is not None:
            writer.write("run_start", document_a=doc_a.id, document_b=doc_b.id, model=build["model_name"],
                         resume=resume, options=opts.model_dump(mode="json"))
        if checkpoint is None:
            rt = build_runtime(doc_a, doc_b, opts, **build)
            try:
                state = build_graph().invoke({}, context=rt, config={"recursion_limit": limit})
            finally:
                rt.close()
        else:
            state = _run_durable(doc_a, doc_b, opts, build, Path(checkpoint), run_id or "", resume, limit)
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


def _run_durable(doc_a: Document, doc_b: Document, opts: CompareOptions, build: dict[str, Any], path: Path,
                 run_id: str, resume: bool, limit: int) -> Any:
    """Run (or resume) the graph with a SQLite checkpoint after every step."""
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
        try:
            return graph.invoke(None if exists else {}, config, context=rt, durability="sync")
        finally:
            rt.close()
