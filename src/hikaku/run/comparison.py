"""``hikaku.compare``: load two documents, build the run, run the workflow, return the result."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .._exceptions import (
    CheckpointError,
    ConfigurationError,
    InputError,
    InvalidArgumentError,
)
from ..agent import TraceWriter
from ..document import Chunk, Document, share_twins
from ..embeddings import Embedder
from ..llm import build_chat_model, llm_environment, secrets_of
from ..loaders import InputLimits, load_document
from ..result import ComparisonResult
from ..review import Answer, DecisionSet, Question, apply_decisions, load_decisions
from ..settings import CompareOptions, resolve_options
from ..system import blas_threads, is_damaged, objects_kept, objects_set_aside
from ..tokenizers import Tokenizer
from ..workflow import (
    ComparisonRuntime,
    ComparisonState,
    PolicyFactory,
    ProgressCallback,
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
from .model_plan import ModelPlan, embedding_notice, plan_model

__all__ = ["acompare", "compare", "run_comparison", "DocumentSource", "ModelPlan", "plan_model", "DecisionsSource",
           "AskCallback"]

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
    tokenizer: Tokenizer | str | None = None,
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
    doubles here (a tokenizer's name, ``tokenizer="bigram"``, is the option of that name).
    A bad argument or input raises a :class:`hikaku.HikakuError` (``InvalidArgumentError``,
    ``InputError`` …), never another exception. *progress* is called as ``progress(stage, done, total)``. With
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
    if not isinstance(options, CompareOptions):
        raise InvalidArgumentError(
            f"options must be a hikaku.CompareOptions (build one with hikaku.resolve_options({{...}}), or give the "
            f"options as keywords), not {type(options).__name__}"
        )
    if values:
        raise InvalidArgumentError(f"give either options or option keywords, not both (got {', '.join(sorted(values))})")
    return options


_SOURCE = "a path (str or os.PathLike), a hikaku.Document or a list of chunk dicts {'id', 'content', 'metadata'}"


def _check_source(name: str, value: Any) -> None:
    """A clear error for a document argument hikaku cannot read, before any work."""
    if isinstance(value, Document):
        return
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        if not isinstance(path, str):
            raise InvalidArgumentError(f"argument {name}: give the path as str, not {type(path).__name__}")
        if not path.strip():
            raise InputError(f"argument {name}: the path is empty")
        if ("\n" in path or len(path) > 4096) and not os.path.lexists(path):  # a file's name may hold a line break
            raise InputError(f"argument {name}: this looks like document text, not a path; give {_SOURCE}")
        return
    if isinstance(value, (bytes, bytearray, memoryview)):
        raise InvalidArgumentError(f"argument {name}: bytes; give {_SOURCE} (write the bytes to a file)")
    if isinstance(value, Mapping):
        raise InvalidArgumentError(f"argument {name}: a dict; give {_SOURCE}")
    if not isinstance(value, Iterable):
        raise InvalidArgumentError(f"argument {name} must be {_SOURCE}, not {type(value).__name__}")


def _check_arguments(a: Any, b: Any, progress: Any, checkpoint: Any, run_id: Any, trace: Any,
                     parts: Mapping[str, Any]) -> None:
    _check_source("a", a)
    _check_source("b", b)
    _check_parts(**parts)
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(f"progress must be a callable progress(stage, done, total), not "
                                   f"{type(progress).__name__}")
    for name, value in (("checkpoint", checkpoint), ("trace", trace)):
        if value is not None and not isinstance(value, (str, os.PathLike)):
            raise InvalidArgumentError(f"{name} must be a path (str or os.PathLike), not {type(value).__name__}")
        if value is not None and "\0" in os.fspath(value):
            raise InvalidArgumentError(f"{name}: the path holds a NUL character")
    if run_id is not None and not isinstance(run_id, str):
        raise InvalidArgumentError(f"run_id must be a str, not {type(run_id).__name__}")
    for name, value in (("checkpoint", checkpoint), ("trace", trace)):
        if value is not None:
            directory = os.path.dirname(os.path.abspath(os.path.realpath(value)))
            if name == "trace" and not os.path.isdir(directory):
                raise ConfigurationError(f"trace {os.fspath(value)}: cannot write there: the directory {directory} "
                                         "does not exist")
        for side, source in (("a", a), ("b", b)):
            if value is not None and isinstance(source, (str, os.PathLike)) and _same_file(value, source):
                raise ConfigurationError(f"{name} {os.fspath(value)}: this is the input {side} ({os.fspath(source)}); "
                                         "writing there would destroy it — give another file")


def _check_parts(embedder: Any, tokenizer: Any, policy_factory: Any, chat_model: Any, ask: Any) -> None:
    """A clear error, before any work, for a component of the wrong kind (a model's name where
    the model object goes …), which would otherwise fail deep in the run or quietly weaken it."""
    if embedder is not None and not isinstance(embedder, Embedder):
        hint = f"; to choose one by name give embedding={embedder!r}" if isinstance(embedder, str) else ""
        raise InvalidArgumentError(f"embedder must be a hikaku Embedder (embed(texts) -> vectors), not "
                                   f"{type(embedder).__name__}{hint}")
    if tokenizer is not None and not isinstance(tokenizer, Tokenizer):
        raise InvalidArgumentError(f"tokenizer must be a hikaku Tokenizer (tokenize(text) -> terms) or the name of "
                                   f"one ('sudachi', 'bigram'), not {type(tokenizer).__name__}")
    for name, value, shape in (("policy_factory", policy_factory, "policy_factory(inputs) -> policy"),
                               ("ask", ask, "ask(question) -> Answer")):
        if value is not None and not callable(value):
            raise InvalidArgumentError(f"{name} must be a callable {shape}, not {type(value).__name__}")
    if chat_model is not None and not callable(getattr(chat_model, "invoke", None)):
        hint = f"; to choose one by name give llm={chat_model!r}" if isinstance(chat_model, str) else ""
        raise InvalidArgumentError(f"chat_model must be a LangChain chat model, not {type(chat_model).__name__}{hint}")


def _same_file(p: str | os.PathLike[str], q: str | os.PathLike[str]) -> bool:
    try:
        return os.path.samefile(p, q)
    except OSError:
        return os.path.realpath(p) == os.path.realpath(q)


def _made_here(source: DocumentSource) -> bool:
    """Whether the chunks of the document loaded from *source* are hikaku's own (read from a
    file or built from records), not a caller's Document or Chunk objects — which are not to be
    changed, even to equal values (``share_twins`` makes a chunk's metadata A's dict)."""
    if isinstance(source, (str, os.PathLike)):
        return True
    if isinstance(source, (list, tuple)):  # records make new chunks; Chunk objects are the caller's
        return not any(isinstance(x, Chunk) for x in source)
    return False  # a Document, or an iterable already consumed: not known, left alone


def _load(source: DocumentSource, side: str, opts: CompareOptions) -> Document:
    listed = not isinstance(source, (str, os.PathLike, Document))
    return load_document(source, input_format=opts.input_format, id_prefix=side.lower(),
                         max_chunk_chars=opts.max_chunk_chars, doc_id=side if listed else None,
                         encoding=opts.encoding, limits=InputLimits.from_options(opts),
                         name=f"argument {side.lower()}" if listed else None)


def run_comparison(
    a: DocumentSource,
    b: DocumentSource,
    *,
    options: CompareOptions | None = None,
    embedder: Embedder | None = None,
    tokenizer: Tokenizer | str | None = None,
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
    # the objects made to last (documents, plan, indexes, rows) are set aside from the cyclic
    # collector as each phase that makes them ends, until the run's end (system/memory.py)
    if isinstance(tokenizer, str):  # the option of that name, which this argument hides
        option_values["tokenizer"], tokenizer = tokenizer, None
    with objects_set_aside():
        _check_arguments(a, b, progress, checkpoint, run_id, trace, dict(
            embedder=embedder, tokenizer=tokenizer, policy_factory=policy_factory, chat_model=chat_model, ask=ask))
        opts = _options(options, option_values)
        with objects_kept():  # the documents: millions of objects that live on, no garbage in cycles
            doc_a = _load(a, "A", opts)
            doc_b = _load(b, "B", opts)
            if _made_here(b):  # B's unchanged texts stored once, their structure parsed once (document/twins.py)
                share_twins(doc_a, doc_b)
        env = llm_environment()
        model_name = None
        if chat_model is None and policy_factory is None:
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
            model_name = getattr(chat_model, "model_name", None) or getattr(chat_model, "model", None) or type(chat_model).__name__
        if embedder is None and (notice := embedding_notice(opts, env)):
            log.warning("%s", notice)
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
        secrets = secrets_of(env, opts.llm_base_url, opts.embedding_base_url)  # never written to the trace
        writer = _open_trace(trace, run_id or "-", append=resume, secrets=secrets) if trace is not None else None
        build = dict(embedder=embedder, tokenizer=tokenizer, env=env, policy_factory=policy_factory,
                     chat_model=chat_model, model_name=str(model_name) if model_name else None,
                     fingerprint=fingerprint(doc_a, doc_b, opts, applied.digest), run_id=run_id, progress=progress,
                     trace=writer, decisions=applied, ask=ask is not None)
        limit = 20 + 4 * (len(doc_a.chunks) + 1)
        try:
            with blas_threads(1):  # the products are small: one BLAS thread each (hikaku/system/threads.py)
                state = _run(doc_a, doc_b, opts, build, writer, resume, checkpoint, run_id, limit, ask)
            result = state["result"]
        finally:
            if writer is not None:
                writer.close()
    log.info("compared %s with %s: %s", doc_a.id, doc_b.id, result.stats.counts)
    return result, state


@contextmanager
def _runtime(doc_a: Document, doc_b: Document, opts: CompareOptions, **build: Any) -> Iterator[ComparisonRuntime]:
    """The run's runtime (:func:`build_runtime`), built with the cyclic collector paused (the plan,
    the indexes and the tools are many objects that live on, and no garbage in cycles); closed at the end."""
    with objects_kept():
        rt = build_runtime(doc_a, doc_b, opts, **build)
    try:
        yield rt
    finally:
        rt.close()


def _run(doc_a: Document, doc_b: Document, opts: CompareOptions, build: dict[str, Any], writer: TraceWriter | None,
         resume: bool, checkpoint: str | os.PathLike[str] | None, run_id: str | None, limit: int,
         ask: AskCallback | None) -> Any:
    if writer is not None:
        writer.write("run_start", document_a=doc_a.id, document_b=doc_b.id, model=build["model_name"],
                     resume=resume, options=opts.model_dump(mode="json"))
    if checkpoint is None and ask is None:
        with _runtime(doc_a, doc_b, opts, **build) as rt:
            state = build_graph().invoke({}, context=rt, config={"recursion_limit": limit})
    elif checkpoint is None:  # questions need a checkpointer: this run's, in memory
        from langgraph.checkpoint.memory import InMemorySaver

        config: dict[str, Any] = {"configurable": {"thread_id": run_id or "run"}, "recursion_limit": limit}
        with _runtime(doc_a, doc_b, opts, **build) as rt:
            state = _answering(build_graph(InMemorySaver(serde=serializer())), {}, config, rt, ask)
    else:
        state = _run_durable(doc_a, doc_b, opts, build, Path(checkpoint), run_id or "", resume, limit, ask)
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


def _invoke_durable(saver: Any, doc_a: Document, doc_b: Document, opts: CompareOptions, build: dict[str, Any],
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
    if exists and values.get("fingerprint") != build["fingerprint"]:
        raise CheckpointError(
            f"run {run_id!r} was started on other documents or options; give the same A, B and options to resume it"
        )
    if exists and not snapshot.next:
        log.info("run %s had already finished", run_id)
        return dict(values)
    spent = sum(d.usage.tokens for d in values.get("comparison_results", [])) if exists else 0
    with _runtime(doc_a, doc_b, opts, spent_tokens=spent, **build) as rt:
        log.info("%s run %s (checkpoint %s)", "resuming" if exists else "starting", run_id, path)
        return _answering(graph, None if exists else {}, config, rt, ask, durability="sync")
