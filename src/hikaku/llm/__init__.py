"""Chat models (LLMs) that can drive the agent: choosing one from the configuration,
building it through LangChain's ``init_chat_model``, and classifying its errors."""

from __future__ import annotations

from .errors import is_retryable
from .providers import DEFAULT_MODEL, ModelChoice, build_chat_model, choose_model, llm_environment

__all__ = ["DEFAULT_MODEL", "ModelChoice", "build_chat_model", "choose_model", "is_retryable", "llm_environment"]
