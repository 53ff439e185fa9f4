"""Which chat model a run's documents go to, and why: one line when they leave the machine,
one line when the run stays offline although a key or URL was found."""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._exceptions import MissingDependencyError
from ..llm import ModelChoice, choose_model
from ..settings import CompareOptions, file_values, user_dir

__all__ = ["ModelPlan", "embedding_notice", "plan_model"]

_PACKAGES = {"openai": "langchain_openai", "azure_openai": "langchain_openai", "ollama": "langchain_ollama"}
_EXTRAS = {"openai": "openai", "azure_openai": "openai", "ollama": "ollama"}


@dataclass(frozen=True)
class ModelPlan:
    """The chat model a run will use (None: offline), and the lines to say about it:
    *notice* when documents will be sent to a model, *offline* why the run is offline."""

    choice: ModelChoice | None
    notice: str = ""
    offline: str = ""
    implicit: bool = False  # chosen because a key or URL was found, not asked for


def _origin(field: str, value: Any) -> str:
    """Where an option's value came from, in words."""
    if os.environ.get(f"HIKAKU_{field.upper()}", "") == str(value):
        return f"HIKAKU_{field.upper()} is set"
    if file_values(CompareOptions).get(field) == value:
        return f"{field} is set in {user_dir() / 'config.toml'}"
    return f"{field}={value} was given (--{field.replace('_', '-')})"


def _key_origin(variable: str) -> str:
    if os.environ.get(variable):
        return f"{variable} is set in the environment"
    dotenv = os.environ.get("HIKAKU_DOTENV", os.path.join(".", ".env"))
    return f"{variable} was found in {dotenv}"


def _endpoint(provider: str, base_url: str | None, env: Mapping[str, str]) -> str:
    """Where the documents go, as said on stderr: never with the URL's password."""
    return _without_password(_where(provider, base_url, env))


def _without_password(url: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def _where(provider: str, base_url: str | None, env: Mapping[str, str]) -> str:
    if base_url:
        return base_url
    if provider == "openai":
        return env.get("OPENAI_BASE_URL") or env.get("OPENAI_API_BASE") or "https://api.openai.com/v1"
    if provider == "azure_openai":
        return env.get("AZURE_OPENAI_ENDPOINT") or "Azure OpenAI"
    if provider == "ollama":
        return env.get("OLLAMA_HOST") or "http://localhost:11434"
    return f"the {provider} API"


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def plan_model(opts: CompareOptions, env: Mapping[str, str]) -> ModelPlan:
    """Choose the chat model (``llm.choose_model``) and say why. A model chosen only
    because a key or a URL was found, whose client package (extra) is not installed,
    leaves the run offline with one line instead of failing."""
    choice, why = choose_model(opts, env)
    if choice is None:
        return ModelPlan(None, offline=why)
    implicit = opts.llm is None
    if implicit:
        reason = (_origin("llm_base_url", opts.llm_base_url) if opts.llm_base_url and not env.get("OPENAI_API_KEY")
                  else _key_origin("OPENAI_API_KEY"))
    else:
        reason = _origin("llm", opts.llm)
    package = _PACKAGES.get(choice.provider)
    if package is not None and not _importable(package):
        if not implicit:  # said now, before a run is announced
            raise MissingDependencyError(package.replace("_", "-"), _EXTRAS[choice.provider],
                                         f"The {choice.provider} model {choice.model}")
        return ModelPlan(None, implicit=True, offline=(
            f"{reason}, but the '{choice.provider}' extra is not installed: comparing offline "
            f"(pip install 'hikaku[openai]' to use {choice.spec}; --llm offline to say so)"))
    where = _endpoint(choice.provider, choice.base_url, env)
    notice = (f"sending the documents to {choice.spec} at {where} because {reason}; "
              "to keep them local, use --llm offline (HIKAKU_LLM=offline)")
    return ModelPlan(choice, notice=notice, implicit=implicit)


def embedding_notice(opts: CompareOptions, env: Mapping[str, str]) -> str:
    if ":" not in opts.embedding:
        return ""
    provider = opts.embedding.split(":", 1)[0].strip().lower().replace("-", "_")
    where = _endpoint(provider, opts.embedding_base_url, env)
    return (f"sending the documents' text to the embedding model {opts.embedding} at {where} because "
            f"{_origin('embedding', opts.embedding)}; to keep it local, use --embedding use")
