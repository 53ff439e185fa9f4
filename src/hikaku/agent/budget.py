"""Run-level limits of the LLM: the token budget and the give-up after repeated failures."""

from __future__ import annotations

import threading

__all__ = ["RunBudget"]


class RunBudget:
    """Tokens spent by the run (restored from the checkpoint on resume) against
    ``max_tokens``, and consecutive chunks the model failed on against ``max_failures``
    (an error after its retries, an answer that stayed invalid or against the evidence,
    a loop, a plain-text reply: every chunk whose LLM turn was not used).
    Once either is reached, or the model is given up at once (:meth:`give_up`: its server
    cannot be reached), the remaining chunks use the offline policy."""

    def __init__(self, max_tokens: int | None, *, used: int = 0, max_failures: int = 3) -> None:
        self.max_tokens = max_tokens
        self.used = used
        self.max_failures = max_failures
        self.failures = 0
        self.asked = 0  # chunks whose LLM turn ended (in this process)
        self.answered = False  # the model answered a request (in this process)
        self.unavailable_reason: str | None = None
        self._lock = threading.Lock()

    @property
    def exhausted(self) -> bool:
        return self.max_tokens is not None and self.used >= self.max_tokens

    def closed_reason(self) -> tuple[str, str] | None:
        """(kind, detail) when the LLM must not be called any more."""
        if self.unavailable_reason is not None:
            return "unavailable", self.unavailable_reason
        if self.exhausted:
            return "budget", f"token budget of {self.max_tokens} reached ({self.used} used)"
        return None

    def spend(self, tokens: int) -> None:
        with self._lock:
            self.used += tokens

    def succeeded(self) -> None:
        with self._lock:
            self.asked += 1
            self.failures = 0

    def failed(self, detail: str, chunk: str = "") -> None:
        """The LLM's turn on *chunk* was not used; *detail*: why (``kind: detail``)."""
        with self._lock:
            self.asked += 1
            self.failures += 1
            if self.failures >= self.max_failures and self.unavailable_reason is None:
                last = f"the last, on chunk {chunk}" if chunk else "the last"
                self.unavailable_reason = f"it failed on {self.failures} chunks in a row; {last}: {detail}"

    def give_up(self, reason: str) -> bool:
        """Give the model up now (*reason*: why, one line); False when it already was."""
        with self._lock:
            if self.unavailable_reason is not None:
                return False
            self.unavailable_reason = reason
            return True
