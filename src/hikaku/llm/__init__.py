"""Chat models (LLMs) that can drive the agent: choosing one from the configuration,
building it through LangChain's ``init_chat_model``, and classifying its errors."""

from __future__ import annotations

from .errors import describe_error, is_retryable, is_timeout, is_unreachable, one_line
from .providers import (
    DEFAULT_MODEL,
    ModelChoice,
    build_chat_model,
    choose_model,
    connection_kwargs,
    dotenv_file,
    llm_environment,
    secrets_of,
)

__all__ = [
    "build_chat_model",
    "choose_model",
    "connection_kwargs",
    "DEFAULT_MODEL",
    "describe_error",
    "dotenv_file",
    "is_retryable",
    "is_timeout",
    "is_unreachable",
    "llm_environment",
    "ModelChoice",
    "one_line",
    "secrets_of",
]
