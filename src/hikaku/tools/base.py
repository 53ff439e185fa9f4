"""The tool pattern: ``BaseTool.execute`` returns a ``ToolResult`` and never raises.

Each tool declares itself (``spec.py``): its ``name``, its description (the class
docstring), its parameters as a Pydantic model (validated on every call; the field
descriptions and the class docstring are what an LLM reads) — and implements ``_run``, which
returns the output and the scores that feed the confidence factors. ``create`` makes it for a
run from the :class:`ToolContext` (the two documents' stores, the run's settings).
"""

from __future__ import annotations

import logging
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ValidationError

from .spec import description_of

if TYPE_CHECKING:
    from .document_store import StoreSet

__all__ = ["BaseTool", "ToolContext", "ToolResult", "ToolFailure", "confidence_factors"]

log = logging.getLogger(__name__)


@dataclass
class ToolResult:
    """What a tool returns: ``success``, its ``output`` (JSON-able), the
    ``confidence_factors`` computed from its scores, an ``error`` message when it failed,
    and how long it took."""

    success: bool
    output: Any = None
    confidence_factors: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    execution_time_ms: float = 0.0
    tool_name: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class ToolFailure(Exception):
    """Raised inside ``_run`` for an expected failure (unknown id, bad pattern…); the
    message becomes ``ToolResult.error``."""


def confidence_factors(scores: Sequence[float], result_count: int | None = None) -> dict[str, float]:
    """Result count and the distribution of scores: mean, variance, max, min and the
    gap between the two best (how clearly the best one stands out)."""
    n = len(scores)
    factors: dict[str, float] = {"result_count": float(result_count if result_count is not None else n)}
    if n:
        mean = sum(scores) / n
        ordered = sorted(scores, reverse=True)
        factors.update(
            score_mean=mean,
            score_variance=sum((s - mean) ** 2 for s in scores) / n,
            score_max=ordered[0],
            score_min=ordered[-1],
            score_gap=ordered[0] - ordered[1] if n > 1 else ordered[0],
        )
    return {k: (round(v, 6) if isinstance(v, float) and math.isfinite(v) else v) for k, v in factors.items()}


@dataclass(frozen=True)
class ToolContext:
    """What a run gives its tools to be made with (``BaseTool.create``)."""

    stores: StoreSet  # the two documents as the tools see them
    regex_timeout_s: float = 2.0  # how long one regular expression may take to match


class BaseTool(ABC):
    """A tool: ``name``, a description (the class docstring), a ``Params`` model whose every
    field has a description, ``document`` ("A" or "B") when it reads one document its
    arguments do not name, and ``prompt_file`` (``package:path/{lang}.txt``) holding its
    entry in the agent's list of tools (``spec.py`` checks them)."""

    name: ClassVar[str]
    Params: ClassVar[type[BaseModel]]
    document: ClassVar[str | None] = None
    prompt_file: ClassVar[str | None] = None

    @classmethod
    def create(cls, context: ToolContext) -> BaseTool:
        """The tool for a run (how a registry makes it): ``cls(context.stores)`` unless the
        class says otherwise."""
        return cls(context.stores)  # type: ignore[call-arg]

    @property
    def description(self) -> str:
        return description_of(type(self))

    def execute(self, **kwargs: Any) -> ToolResult:
        start = time.perf_counter()
        try:
            params = self.Params(**kwargs)
        except ValidationError as e:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'arguments'}: {err['msg']}" for err in e.errors()
            )
            return self._failed(f"invalid arguments: {problems}", start)
        try:
            output, scores, count = self._run(params)
        except ToolFailure as e:
            return self._failed(str(e), start)
        except Exception as e:  # a tool must never take the agent down
            log.exception("tool %s failed", self.name)
            return self._failed(f"{type(e).__name__}: {e}", start)
        return ToolResult(
            success=True,
            output=output,
            confidence_factors=confidence_factors(scores, count),
            execution_time_ms=(time.perf_counter() - start) * 1000,
            tool_name=self.name,
        )

    def _failed(self, error: str, start: float) -> ToolResult:
        return ToolResult(
            success=False,
            error=error,
            confidence_factors={"result_count": 0.0},
            execution_time_ms=(time.perf_counter() - start) * 1000,
            tool_name=self.name,
        )

    @abstractmethod
    def _run(self, params: Any) -> tuple[Any, Sequence[float], int | None]:
        """Return (output, scores, result_count or None for len(scores))."""
