"""The Python API of a comparison: ``hikaku.compare``, ``run_comparison`` and ``acompare``, thin
wrappers over :func:`~hikaku.run.run` with one signature, that of :func:`comparison_request`."""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ParamSpec, TypeVar

from .._exceptions import InvalidArgumentError
from ..embeddings import Embedder
from ..result import ComparisonResult
from ..settings import CompareOptions, resolve_options
from ..tokenizers import Tokenizer
from ..workflow import ComparisonState, PolicyFactory, ProgressCallback
from .request import (
    AskCallback,
    Components,
    DecisionsSource,
    DocumentSource,
    Durability,
    Review,
    RunRequest,
    Side,
)
from .runner import run

__all__ = ["acompare", "compare", "comparison_request", "run_comparison"]

P = ParamSpec("P")
T = TypeVar("T")


def comparison_request(
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
) -> RunRequest:
    """The :class:`RunRequest` of a comparison of document *a* (old) with document *b* (new).

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
    if isinstance(tokenizer, str):  # the option of that name, which this argument hides
        option_values["tokenizer"], tokenizer = tokenizer, None
    sides = (Side(a, argument="a"), Side(b, argument="b"))
    for letter, side in zip("ab", sides):
        side.check(letter)
    if options is None:
        options = resolve_options(option_values)
    elif option_values and isinstance(options, CompareOptions):
        raise InvalidArgumentError(f"give either options or option keywords, not both (got "
                                   f"{', '.join(sorted(option_values))})")
    return RunRequest(*sides, options, components=Components(embedder, tokenizer, policy_factory, chat_model),
                      durability=Durability(checkpoint, run_id, resume), review=Review(decisions, ask), trace=trace,
                      progress=progress)


def _with_the_signature_of(make: Callable[P, RunRequest]) -> Callable[[Callable[[RunRequest], T]], Callable[P, T]]:
    """A function of a :class:`RunRequest` called with the arguments of *make* (which builds the
    request): one signature for the API's functions, shown by ``help()`` and ``inspect``."""
    def decorate(f: Callable[[RunRequest], T]) -> Callable[P, T]:
        if inspect.iscoroutinefunction(f):
            async def call_async(*args: P.args, **kwargs: P.kwargs) -> Any:
                return await f(make(*args, **kwargs))

            call: Callable[P, Any] = call_async
        else:
            def call_sync(*args: P.args, **kwargs: P.kwargs) -> T:
                return f(make(*args, **kwargs))

            call = call_sync
        functools.update_wrapper(call, f)
        del call.__wrapped__  # type: ignore[attr-defined]
        returns = inspect.signature(f).return_annotation
        call.__signature__ = inspect.signature(make).replace(return_annotation=returns)  # type: ignore[attr-defined]
        return call

    return decorate


@_with_the_signature_of(comparison_request)
def compare(request: RunRequest) -> ComparisonResult:
    """Compare document *a* (old) with document *b* (new); the arguments are those of
    :func:`comparison_request`."""
    return run(request).result


@_with_the_signature_of(comparison_request)
def run_comparison(request: RunRequest) -> tuple[ComparisonResult, ComparisonState]:
    """Like :func:`compare`, also returning the final graph state (agent thoughts, per-group
    decisions)."""
    outcome = run(replace(request, thoughts=True))
    return outcome.result, outcome.state  # type: ignore[return-value]


@_with_the_signature_of(comparison_request)
async def acompare(request: RunRequest) -> ComparisonResult:
    """:func:`compare` for asyncio applications: the comparison runs in a worker thread,
    so the event loop keeps serving while the agent's model calls (themselves concurrent,
    ``concurrency``) are under way. Takes the same arguments."""
    import asyncio

    return (await asyncio.to_thread(run, request)).result
