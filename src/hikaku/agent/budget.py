"""Run-level limits of the LLM: the token budget and the give-up after repeated failures."""

from __future__ import annotations

import threading

__all__ = ["RunBudget"]


class RunBudget:
    """Tokens spent by the run (restored from the checkpoint on resume) against
    ``max_tokens``, and consecutive chunks the model failed on against ``max_failures``.
    Once either is reached the remaining chunks use the offline policy."""

    def __init__(self, max_tokens: int | None, *, used: int = 0, max_failures: int = 3) -> None:
        self.max_tokens = max_tokens
        self.used = used
        self.max_failures = max_failures
        self.failures = 0
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
            self.failures = 0

    def failed(self, detail: str) -> None:
        with self._lock:
            self.failures += 1
            if self.failures >= self.max_failures and self.unavailable_reason is None:
                self.unavailable_reason = f"the model failed on {self.failures} chunks in a row (last: {detail})"
