"""Agent policies that decide a chunk's counterpart with the tools: the offline policy, the LLM
policy (imported on first use: LangChain), the answer schema, the run's budget, the recording and
trace of every step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..system import load_lazy as _load_lazy
from .answer import ComparisonAnswer
from .base import AgentPolicy, AgentTask, AgentView, Claim, Decision
from .budget import RunBudget
from .keywords import extract_keywords
from .offline import OfflinePolicy, PolicyParams, group_text
from .recording import ChunkRecorder, TraceWriter, current_recorder, record_tool_call

if TYPE_CHECKING:
    from .llm import LLMPolicy
    from .llm_summaries import LLMSummarizer
    from .revision_writer import Written, write_revision_summary
    from .second_opinion import SecondOpinion

__all__ = [
    "AgentPolicy",
    "AgentTask",
    "AgentView",
    "ChunkRecorder",
    "Claim",
    "ComparisonAnswer",
    "Decision",
    "LLMPolicy",
    "LLMSummarizer",
    "OfflinePolicy",
    "PolicyParams",
    "RunBudget",
    "SecondOpinion",
    "TraceWriter",
    "Written",
    "current_recorder",
    "extract_keywords",
    "group_text",
    "record_tool_call",
    "write_revision_summary",
]

# imported on first use: the LLM policy and its helpers need LangChain's agents
_LAZY = {"LLMPolicy": ".llm", "LLMSummarizer": ".llm_summaries", "SecondOpinion": ".second_opinion",
         "Written": ".revision_writer", "write_revision_summary": ".revision_writer"}


def __getattr__(name: str) -> Any:
    return _load_lazy(__name__, _LAZY, name, globals())


def __dir__() -> list[str]:
    return sorted(__all__)
