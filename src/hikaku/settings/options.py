"""The options of a comparison: one frozen object, resolved once (see ``_layers``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..text import text_codec
from .index_settings import IndexSettings
from .layers import env_values, file_values, validated
from .tool_names import TOOL_NAMES, TOOLS

__all__ = ["CompareOptions", "TOOL_NAMES", "resolve_options", "base_url_problem"]


def base_url_problem(url: str) -> str | None:
    """Why *url* cannot be a server's base URL (``http(s)://host[:port]/path``), or None."""
    import re
    from urllib.parse import urlsplit

    shown = re.sub(r"(//)[^/@]*@", r"\1***@", url)  # never a password in a message
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError as e:
        return f"{shown!r} is not a URL ({str(e).replace(url, shown)}): give http(s)://host[:port]/v1"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"{shown!r} is not a URL: give http(s)://host[:port]/v1"
    return None



class CompareOptions(BaseModel):
    """Everything that changes how two documents are compared and reported."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # input
    input_format: str | None = Field(default=None, description="Force an input format (json, jsonl, markdown, text).")
    max_chunk_chars: int = Field(default=2000, ge=100, description="Cut longer sections of Markdown/text.")
    encoding: str | None = Field(default=None, description="Text encoding of text inputs (utf-8, cp932, euc-jp, "
                                 "utf-16 …); by default detected: BOM, UTF-8, CP932 (Shift_JIS), EUC-JP.")
    # input limits, checked before a file is parsed (a message names the limit that was hit)
    max_input_mb: float = Field(default=100.0, gt=0, description="Largest input file, in MB.")
    max_expanded_mb: float = Field(default=64.0, gt=0, description="Largest uncompressed size of a Word "
                                   "file's parts, in MB (zip bombs).")
    max_compression_ratio: float = Field(default=100.0, gt=1, description="Highest compression ratio of a "
                                         "part of a Word file larger than 1 MB uncompressed (zip bombs).")
    max_json_depth: int = Field(default=64, ge=3, le=10_000, description="Deepest nesting of chunk JSON.")
    max_chunk_length: int = Field(default=100_000, ge=100, description="Longest chunk, in characters (a chunk "
                                  "given in JSON, or a paragraph without line breaks or sentence ends).")
    max_document_chars: int = Field(default=4_000_000, ge=1000, description="Most characters of text in one "
                                    "document (the memory of a comparison grows with it).")
    max_chunks: int = Field(default=50_000, ge=10, description="Most chunks in one document (the memory of a "
                            "comparison grows with them: each is a record, a row and perhaps an agent's "
                            "examination, whatever its length).")
    # agent and tools
    enabled_tools: tuple[str, ...] = Field(default=TOOL_NAMES, description="Tools the agent may use (default: the "
                                           "five built in; a plugin's tool is enabled by naming it).")
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
    llm_max_retries: int = Field(default=4, ge=0, le=20,
                                 description="Retries on 429/5xx (once on a timeout or an unreachable server).")
    llm_retry_initial_delay_s: float = Field(default=1.0, ge=0.0, description="First backoff delay.")
    llm_retry_max_delay_s: float = Field(default=30.0, ge=0.0)
    llm_max_model_calls: int = Field(default=6, ge=1, le=100, description="Model calls per chunk.")
    llm_max_tool_calls: int = Field(default=10, ge=0, le=200, description="Tool calls per chunk.")
    llm_max_failures: int = Field(default=3, ge=1, description="Consecutive failed chunks before the LLM is given up.")
    max_tokens_total: int | None = Field(default=None, ge=1, description="Token budget of the run (input+output).")
    concurrency: int = Field(default=4, ge=1, le=64, description="Chunks examined at the same time by the LLM.")
    llm_summaries: bool = Field(default=True, description="With an LLM, summarise heading nodes for the "
                                "context tools (cached); otherwise the summaries are extractive.")
    llm_revision_summary: bool = Field(default=False, description="With an LLM, have it write the revision "
                                       "summary (改定の要旨) in a few sentences from the facts, in one call; kept only "
                                       "when every number, quoted term and article number in it is in the facts.")
    # alignment
    allow_merges: bool = Field(default=True, description="Detect splits (1:2, 1:3) and merges (2:1, 3:1).")
    calibration: str | None = Field(default=None, description="A calibration file made by bench/calibrate.py "
                                    "(default: the one fitted on the dev pairs, shipped with hikaku).")
    # report
    lang: Literal["ja", "en"] = "ja"
    include_unchanged: bool = False
    strict: bool = Field(default=False, description="Report whitespace/width/list-marker/page-artefact "
                         "differences as changes (by default they are unchanged, marked cosmetic).")
    diff_style: Literal["md", "html", "none"] = Field(
        default="md", description="Inline highlights in Markdown: ~~old~~/**new**, <del>/<ins>, or none.")

    @field_validator("encoding")
    @classmethod
    def _encoding(cls, v: str | None) -> str | None:
        if v is None or not v.strip() or v.strip().lower() == "auto":
            return None
        try:
            return text_codec(v.strip())
        except LookupError:
            raise ValueError(f"unknown encoding {v!r} (a text encoding: utf-8, cp932, shift_jis, euc-jp, utf-16 …)") from None

    @field_validator("llm_base_url", "embedding_base_url")
    @classmethod
    def _url(cls, v: str | None) -> str | None:
        if v is None or not v.strip():
            return None
        problem = base_url_problem(v)
        if problem:
            raise ValueError(problem)
        return v.strip()

    @field_validator("enabled_tools", mode="before")
    @classmethod
    def _split(cls, v: Any) -> Any:
        if isinstance(v, str):
            return tuple(x.strip() for x in v.split(",") if x.strip())
        return v

    @field_validator("enabled_tools")
    @classmethod
    def _known(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [t for t in v if t not in TOOLS]  # a built-in's name is known without reading the plugins
        if unknown:
            raise ValueError(f"unknown tool(s) {', '.join(unknown)}; available: {', '.join(TOOLS)}")
        return v

    def index_settings(self) -> IndexSettings:
        """The settings of the index each side of the comparison gets (in memory)."""
        return IndexSettings.for_embedding(self.embedding, tokenizer=self.tokenizer,
                                           embedding_base_url=self.embedding_base_url,
                                           embedding_cache=self.embedding_cache)


def resolve_options(overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None) -> CompareOptions:
    """Build the options from the layers; raise ConfigurationError on a bad value."""
    values: dict[str, Any] = {}
    values.update(file_values(CompareOptions))
    values.update(env_values(CompareOptions, os.environ if environ is None else environ))
    values.update({k: v for k, v in (overrides or {}).items() if v is not None})
    return validated(CompareOptions, values, "option")
