"""Retrying a failed model call, with exponential backoff and jitter, by what failed:

- a rate limit or a server error (429, 5xx): up to ``llm_max_retries`` times;
- a server that did not answer within ``llm_timeout_s``, or that cannot be reached (connection
  refused, unknown host) and has answered no request of the run: once — retrying a server that
  is down or hung only multiplies the wait (the LLM policy then gives the model up for the run);
- a server that answered before and cannot be reached now (restarting, a network blip): up to
  ``llm_max_retries`` times, with backoff;
- anything else (a 4xx, a reply that is not a chat completion): not at all.

Once the model has been given up (by another chunk, or the token budget is spent) a call
is not retried. Each retry is logged at WARNING (the command line shows it as a line on
stderr: a slow or failing server is visible while it happens); every answered request marks
the run's budget (:attr:`RunBudget.answered`)."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langgraph.errors import GraphBubbleUp

from ...llm import describe_error, is_retryable, is_timeout, is_unreachable
from ..budget import RunBudget
from ..recording import current_recorder

__all__ = ["RetryMiddleware"]

log = logging.getLogger(__name__)


class RetryMiddleware(AgentMiddleware):
    def __init__(self, budget: RunBudget, *, max_retries: int, initial_delay: float, max_delay: float,
                 backoff_factor: float = 2.0, jitter: bool = True,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__()
        self.budget = budget
        self.max_retries = max_retries
        self.initial_delay = initial_delay
        self.max_delay = max_delay
        self.backoff_factor = backoff_factor
        self.jitter = jitter
        self.sleep = sleep
        self.tools = []

    def retries_for(self, exc: BaseException) -> int:
        """How many times a call that failed with *exc* may be retried."""
        if not is_retryable(exc):
            return 0
        if is_timeout(exc) or (is_unreachable(exc) and not self.budget.answered):
            return min(1, self.max_retries)  # each would wait as long again, or the server is not there
        return self.max_retries  # a server that answered before and refuses now: restarting, with backoff

    def delay(self, retry: int) -> float:
        d = min(self.max_delay, self.initial_delay * self.backoff_factor ** retry)
        return max(0.0, d * random.uniform(0.75, 1.25) if self.jitter else d)  # noqa: S311 - not for secrets

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        retry = 0
        while True:
            try:
                response = handler(request)
            except GraphBubbleUp:
                raise
            except Exception as exc:
                allowed = self.retries_for(exc)
                if retry >= allowed or self.budget.closed_reason() is not None:
                    raise
                wait = self.delay(retry)
                retry += 1
                rec = current_recorder.get()
                chunk = f" on chunk {rec.chunk[0]}" if rec is not None and rec.chunk else ""
                log.warning("the LLM request%s failed: %s; retry %d of %d in %.1f s", chunk, describe_error(exc),
                            retry, allowed, wait)
                if wait > 0:
                    self.sleep(wait)
                continue
            self.budget.answered = True
            return response
