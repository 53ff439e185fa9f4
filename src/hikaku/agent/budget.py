"""Run-level limits of the LLM: the token budget and the give-up after repeated failures."""

from __future__ import annotations

import threading

__all__ = ["RunBudget"]


class RunBudget:
    """Tokens spent by the run (restored from the checkpoint on resume) against
    ``max_tokens``, and consecutive chunks the model failed on against ``max_failures``
    (an error after its retries, an answer that stayed invalid or against the evidence,
    a loop, a plain-text reply: every chunk whose LLM turn was not used).
    Once either is reached the remaining chunks use the offline policy."""

    def __init__(self, max_tokens: int | None, *, used: int = 0, max_failures: int = 3) -> None:
        self.max_tokens = max_tokens
        self.used = used
        self.max_failures = max_failures
        self.failures = 0
        self.asked = 0  # chunks whose LLM turn ended (in this process)
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
                where = f"after chunk {chunk} " if chunk else ""
                self.unavailable_reason = (
                    f"given up {where}(the {_ordinal(self.asked)} chunk it examined): it failed on "
                    f"{self.failures} chunks in a row, the last with {detail}"
                )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
