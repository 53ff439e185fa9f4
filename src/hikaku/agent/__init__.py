"""Agent policies that decide a chunk's counterpart with the tools."""

from __future__ import annotations

from .base import AgentPolicy, AgentTask, AgentView, Claim, Decision
from .keywords import extract_keywords
from .offline import OfflinePolicy, PolicyParams, group_text

__all__ = [
    "AgentPolicy",
    "AgentTask",
    "AgentView",
    "Claim",
    "Decision",
    "OfflinePolicy",
    "PolicyParams",
    "extract_keywords",
    "group_text",
]
