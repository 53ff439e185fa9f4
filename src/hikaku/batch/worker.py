"""Comparing one pair of a batch, wherever it runs (this process, a worker process, a Ray
task): a run (:func:`hikaku.run.run`) with the pair's resolved options, rendered with
:func:`hikaku.render` into every output format. Nothing is written here: the outputs go
back to the process that owns the output directory, which writes them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from .._exceptions import ConfigurationError, HikakuError
from ..llm import choose_model
from ..renderers import RENDERERS, render
from ..run import Components, EmbedderCache, RunRequest, Side, render_options, run
from ..settings import CompareOptions
from ..wording import Message

__all__ = ["OUTPUT_FORMATS", "PairTask", "PairOutcome", "PairWorker", "compare_pair", "one_line"]

log = logging.getLogger(__name__)

OUTPUT_FORMATS = ("json", "md", "html")  # each pair gets NAME.json, NAME.md, NAME.html


def output_extension(fmt: str) -> str:
    return RENDERERS[fmt].extensions[0]


@dataclass(frozen=True)
class PairTask:
    """What a worker needs to compare one pair (picklable)."""

    name: str
    a: str
    b: str
    options: CompareOptions
    model: str | None  # the LLM the batch expects (provider:model), None for the offline policy
    fingerprint: str


@dataclass(frozen=True)
class PairOutcome:
    """A pair's result: its rendered outputs by format, or the error (one line)."""

    name: str
    ok: bool
    outputs: Mapping[str, bytes] = field(default_factory=dict)
    counts: Mapping[str, int] = field(default_factory=dict)
    moved: int = 0
    notes: tuple[str, ...] = ()
    seconds: float = 0.0
    error: str | None = None
    error_message: Message | None = None  # the error in words of hikaku's (said in the batch's language)


def one_line(error: BaseException) -> str:
    """An error as one line: hikaku's own messages as they are, others with their type."""
    text = str(error).strip()
    line = text.splitlines()[0] if text else ""
    if not isinstance(error, HikakuError):
        line = f"{type(error).__name__}: {line}" if line else type(error).__name__
    return line if len(line) <= 400 else line[:399] + "…"


class PairWorker:
    """Compares pairs one after another, keeping the embedding model it loaded (a
    model takes seconds to load; a pair often less to compare)."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        self._embedders = EmbedderCache(env)
        self.env = self._embedders.env

    def run(self, task: PairTask) -> PairOutcome:
        started = time.perf_counter()
        try:
            choice, _ = choose_model(task.options, self.env)
            model = choice.spec if choice is not None else None
            if model != task.model:
                raise ConfigurationError(
                    f"this worker would use {model or 'the offline policy'} where the batch expects "
                    f"{task.model or 'the offline policy'}: give every worker the same LLM settings and keys"
                )
            components = Components(embedder=self._embedders.get(task.options.index_settings()))
            result = run(RunRequest(Side(task.a), Side(task.b), task.options, components=components)).result
            ro = render_options(task.options)
            outputs = {}
            for fmt in OUTPUT_FORMATS:
                out = render(result, fmt, ro)
                outputs[fmt] = out.encode("utf-8") if isinstance(out, str) else out
        except Exception as e:  # a failing pair is recorded; the batch goes on
            log.debug("pair %s failed", task.name, exc_info=True)
            return PairOutcome(task.name, False, seconds=time.perf_counter() - started, error=one_line(e),
                               error_message=Message.of(e))
        return PairOutcome(task.name, True, outputs, counts=dict(result.stats.counts), moved=result.stats.moved,
                           notes=tuple(result.notes), seconds=time.perf_counter() - started)


def compare_pair(task: PairTask) -> PairOutcome:
    """One pair with a fresh :class:`PairWorker` (a Ray task; see ``ray_runner``)."""
    return PairWorker().run(task)
