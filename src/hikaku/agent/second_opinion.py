"""The offline policy's second opinion on an LLM's decisions.

A reviewer needs to know where the LLM and hikaku's own (offline, calibrated) judgement part:
after the LLM decides a chunk, the offline policy examines it too, with the same tools and
the same view, and the decision keeps the offline policy's choice, its probability and the
candidates it weighed (``Decision.offline_choice``, ``offline_probability``, ``candidates``).
The LLM's decision stands; the review queue and the "cannot decide" test read the rest
(``hikaku.review``). No model call; the offline policy's tool calls run on a registry of their
own, so the run's tool statistics stay those of the deciding policy.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

from .base import AgentPolicy, AgentTask, AgentView, Decision

__all__ = ["SecondOpinion"]


class SecondOpinion:
    def __init__(self, policy: AgentPolicy, offline: AgentPolicy, lock: threading.RLock) -> None:
        self.policy = policy
        self.offline = offline
        self.lock = lock
        self.name = policy.name
        self.concurrency = policy.concurrency

    def __getattr__(self, name: str) -> Any:  # the wrapped policy's other attributes
        return getattr(self.__dict__["policy"], name)

    def decide(self, task: AgentTask, view: AgentView) -> Decision:
        d = self.policy.decide(task, view)
        if d.policy != "llm":  # the offline policy decided (a fall-back): nothing to compare
            return d
        with self.lock:
            o = self.offline.decide(task, view)
        return replace(d, candidates=o.candidates, offline_choice=o.b_ids, offline_probability=o.score)
