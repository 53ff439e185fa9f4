"""Options of a comparison, resolved from: arguments > environment ``HIKAKU_*`` >
the user's ``config.toml`` > defaults.

The user directory is ``$HIKAKU_HOME`` if set, else ``$XDG_CONFIG_HOME/hikaku`` or
``~/.config/hikaku``; its ``config.toml`` may hold the same keys as the options,
at top level or under ``[compare]``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ._exceptions import ConfigurationError
from .tools.registry import TOOL_NAMES

__all__ = ["CompareOptions", "resolve_options", "user_dir", "env_values", "validated"]

M = TypeVar("M", bound=BaseModel)


class CompareOptions(BaseModel):
    """Everything that changes how two documents are compared and reported."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # input
    input_format: str | None = Field(default=None, description="Force an input format (json, jsonl, markdown, text).")
    max_chunk_chars: int = Field(default=2000, ge=100, description="Cut longer sections of Markdown/text.")
    # agent and tools
    enabled_tools: tuple[str, ...] = Field(default=TOOL_NAMES, description="Tools the agent may use.")
    embedding: str = Field(default="use", description="Embedding model: use (default), hashing, or "
                           "provider:model (openai:text-embedding-3-large, azure_openai:…, ollama:…, huggingface:…).")
    embedding_base_url: str | None = Field(default=None, description="Base URL of an OpenAI-compatible or Ollama "
                                           "embedding server.")
    embedding_cache: bool = Field(default=True, description="Keep model embeddings in $HIKAKU_HOME/cache/"
                                  "embeddings.sqlite, keyed by model and text.")
    tokenizer: str = Field(default="sudachi", description="Keyword tokenizer: sudachi (default) or bigram.")
    vector_threshold: float = Field(default=0.7, ge=-1.0, le=1.0)
    vector_max_results: int = Field(default=5, ge=1, le=100)
    regex_timeout_s: float = Field(default=2.0, gt=0)
    # LLM (none configured: the offline policy)
    llm: str | None = Field(default=None, description="Chat model as 'provider:model' (init_chat_model), or 'offline'.")
    llm_base_url: str | None = Field(default=None, description="Base URL of an OpenAI-compatible server.")
    llm_scope: Literal["uncertain", "changed", "all"] = Field(
        default="uncertain", description="Chunks the LLM examines: uncertain matches, also changed pairs, or all.")
    llm_temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    llm_timeout_s: float = Field(default=60.0, gt=0, description="Timeout of one model call.")
    llm_max_retries: int = Field(default=4, ge=0, le=20, description="Retries on 429/5xx/timeouts.")
    llm_retry_initial_delay_s: float = Field(default=1.0, ge=0.0, description="First backoff delay.")
    llm_retry_max_delay_s: float = Field(default=30.0, ge=0.0)
    llm_max_model_calls: int = Field(default=6, ge=1, le=100, description="Model calls per chunk.")
    llm_max_tool_calls: int = Field(default=10, ge=0, le=200, description="Tool calls per chunk.")
    llm_max_failures: int = Field(default=3, ge=1, description="Consecutive failed chunks before the LLM is given up.")
    max_tokens_total: int | None = Field(default=None, ge=1, description="Token budget of the run (input+output).")
    concurrency: int = Field(default=4, ge=1, le=64, description="Chunks examined at the same time by the LLM.")
    llm_summaries: bool = Field(default=True, description="With an LLM, summarise heading nodes for the "
                                "context tools (cached); otherwise the summaries are extractive.")
    # alignment
    similarity_threshold: float = Field(default=0.5, ge=0.0, le=1.0, description="Below it two chunks differ.")
    move_threshold: float = Field(default=0.7, ge=0.0, le=1.0, description="Similarity needed for a moved chunk.")
    certain_similarity: float = Field(default=0.8, ge=0.0, le=1.0)
    certain_margin: float = Field(default=0.15, ge=0.0, le=1.0)
    allow_merges: bool = Field(default=True, description="Detect splits (1:2) and merges (2:1).")
    # report
    lang: Literal["ja", "en"] = "ja"
    include_unchanged: bool = False
    strict: bool = Field(default=False, description="Report whitespace/width/list-marker/page-artefact "
                         "differences as changes (by default they are unchanged, marked cosmetic).")
    diff_style: Literal["md", "html", "none"] = Field(
        default="md", description="Inline highlights in Markdown: ~~old~~/**new**, <del>/<ins>, or none.")

    @field_validator("enabled_tools", mode="before")
    @classmethod
    def _split(cls, v: Any) -> Any:
        if isinstance(v, str):
            return tuple(x.strip() for x in v.split(",") if x.strip())
        return v

    @field_validator("enabled_tools")
    @classmethod
    def _known(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [t for t in v if t not in TOOL_NAMES]
        if unknown:
            raise ValueError(f"unknown tool(s) {', '.join(unknown)}; available: {', '.join(TOOL_NAMES)}")
        return v


def user_dir() -> Path:
    home = os.environ.get("HIKAKU_HOME")
    if home:
        return Path(home).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "hikaku"


def _from_file() -> dict[str, Any]:
    path = user_dir() / "config.toml"
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as e:
        raise ConfigurationError(f"{path}: cannot read the configuration: {e}") from None
    table = data.get("compare", data)
    return {k: v for k, v in table.items() if k in CompareOptions.model_fields}


def env_values(model: type[BaseModel], environ: Mapping[str, str]) -> dict[str, Any]:
    """The fields of *model* set in the environment as ``HIKAKU_<FIELD>`` (empty: unset)."""
    out: dict[str, Any] = {}
    for name in model.model_fields:
        value = environ.get(f"HIKAKU_{name.upper()}")
        if value is not None and value != "":
            out[name] = value
    return out


def validated(model: type[M], values: Mapping[str, Any], what: str) -> M:
    """``model(**values)``, a validation error turned into one ConfigurationError line."""
    try:
        return model(**values)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors())
        raise ConfigurationError(f"invalid {what}: {problems}") from None


def resolve_options(overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None) -> CompareOptions:
    """Build the options from the layers; raise ConfigurationError on a bad value."""
    values: dict[str, Any] = {}
    values.update(_from_file())
    values.update(env_values(CompareOptions, os.environ if environ is None else environ))
    values.update({k: v for k, v in (overrides or {}).items() if v is not None})
    return validated(CompareOptions, values, "option")
