"""Choosing and building the chat model.

``--llm`` / ``HIKAKU_LLM`` takes a LangChain model string (``provider:model``) for
:func:`langchain.chat_models.init_chat_model`. Without one, hikaku uses
``openai:gpt-4.1-mini`` when ``OPENAI_API_KEY`` is set or a base URL is given, and the
offline policy otherwise. Keys come from the environment or a ``.env`` file in the
working directory; they are handed to the client and never logged or stored.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._exceptions import ConfigurationError, MissingDependencyError
from ..settings import CompareOptions

__all__ = ["DEFAULT_MODEL", "ModelChoice", "choose_model", "build_chat_model", "connection_kwargs", "dotenv_file",
           "llm_environment", "OFFLINE"]

log = logging.getLogger(__name__)

DEFAULT_MODEL = "openai:gpt-4.1-mini"
OFFLINE = ("offline", "none", "off")
_EXTRAS = {"openai": "openai", "azure_openai": "openai", "ollama": "ollama"}
_PACKAGES = {"openai": "langchain-openai", "azure_openai": "langchain-openai", "ollama": "langchain-ollama"}
# environment variables whose values are secrets (never written anywhere)
SECRET_VARIABLES = ("OPENAI_API_KEY", "AZURE_OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY",
                    "MISTRAL_API_KEY", "GROQ_API_KEY", "HIKAKU_LLM_API_KEY")


@dataclass(frozen=True)
class ModelChoice:
    provider: str
    model: str
    base_url: str | None = None

    @property
    def spec(self) -> str:
        return f"{self.provider}:{self.model}"


def dotenv_file(environ: Mapping[str, str] | None = None) -> str:
    """The ``.env`` file :func:`llm_environment` reads: ``$HIKAKU_DOTENV`` if set (empty: none), else
    ``./.env``."""
    env = os.environ if environ is None else environ
    return env.get("HIKAKU_DOTENV", os.path.join(os.getcwd(), ".env"))


def llm_environment(environ: Mapping[str, str] | None = None, dotenv_path: str | None = None) -> dict[str, str]:
    """The process environment over the values of ``.env`` (the environment wins). The
    file is ``./.env``, or ``$HIKAKU_DOTENV`` if set (empty: no file)."""
    values: dict[str, str] = {}
    env = os.environ if environ is None else environ
    path = dotenv_path if dotenv_path is not None else dotenv_file(env)
    if path and os.path.isfile(path):
        from dotenv import dotenv_values

        values.update({k: v for k, v in dotenv_values(path).items() if v is not None})
    values.update(env)
    return values


def secrets_of(env: Mapping[str, str], *urls: str | None) -> list[str]:
    """The values never written anywhere: the API keys of *env*, and the passwords of *urls*
    (``http://user:password@host/v1``)."""
    from urllib.parse import urlsplit

    found = [env[k] for k in SECRET_VARIABLES if env.get(k) and len(env[k]) >= 4]
    for url in urls:
        try:
            password = urlsplit(url).password if url else None
        except ValueError:
            password = None
        if password:
            found.append(password)
    return found


def _split(spec: str) -> tuple[str, str]:
    if ":" not in spec:
        raise ConfigurationError(
            f"--llm {spec!r}: give the model as provider:model, e.g. {DEFAULT_MODEL} or ollama:qwen3:8b"
        )
    provider, model = spec.split(":", 1)
    provider = provider.strip().lower().replace("-", "_")
    if not provider or not model.strip():
        raise ConfigurationError(f"--llm {spec!r}: give the model as provider:model, e.g. {DEFAULT_MODEL}")
    known = known_providers()
    if known and provider not in known:
        others = ", ".join(p for p in known if p not in _EXTRAS)
        raise ConfigurationError(
            f"--llm {spec!r}: unknown provider {provider!r}: give {', '.join(_EXTRAS)} (hikaku's extras) or another "
            f"provider LangChain knows ({others}), e.g. {DEFAULT_MODEL}; or --llm offline"
        )
    return provider, model.strip()


def known_providers() -> tuple[str, ...]:
    """The providers ``init_chat_model`` knows (hikaku's extras first); empty when LangChain
    does not say (then a provider is not checked before the model is built)."""
    try:
        from langchain.chat_models import base

        builtin = tuple(getattr(base, "_BUILTIN_PROVIDERS", {}) or ())
    except ImportError:
        return ()
    return tuple(dict.fromkeys((*_EXTRAS, *sorted(builtin)))) if builtin else ()


def choose_model(options: CompareOptions, env: Mapping[str, str]) -> tuple[ModelChoice | None, str]:
    """The model to use, or ``None`` and one line saying why the run is offline (empty
    when the user asked for offline)."""
    spec = options.llm
    base_url = options.llm_base_url or None
    if spec is not None and spec.strip().lower() in OFFLINE:
        return None, ""
    if spec is None:
        if not env.get("OPENAI_API_KEY") and not base_url:
            return None, "no LLM configured (no OPENAI_API_KEY, no --llm/--llm-base-url): using the offline policy"
        spec = DEFAULT_MODEL
    provider, model = _split(spec)
    if provider == "openai" and not env.get("OPENAI_API_KEY") and not base_url:
        return None, f"{spec}: no OPENAI_API_KEY and no --llm-base-url: using the offline policy"
    if provider == "azure_openai" and not (env.get("AZURE_OPENAI_API_KEY") and (env.get("AZURE_OPENAI_ENDPOINT") or base_url)):
        return None, f"{spec}: AZURE_OPENAI_API_KEY and AZURE_OPENAI_ENDPOINT are not both set: using the offline policy"
    return ModelChoice(provider, model, base_url), ""


def connection_kwargs(provider: str, model: str, base_url: str | None, env: Mapping[str, str], *,
                      key_variables: tuple[str, ...] = ("OPENAI_API_KEY",)) -> dict[str, Any]:
    """Where and with which credentials an OpenAI, Azure OpenAI or Ollama client connects
    (shared by chat models and embeddings); {} for other providers."""
    if provider == "openai":
        key = next((env[v] for v in key_variables if env.get(v)), None)
        if not base_url:
            return {"api_key": key}
        return {"api_key": key or "not-needed", "base_url": base_url}  # local servers often take no key
    if provider == "azure_openai":
        return {"api_key": env.get("AZURE_OPENAI_API_KEY"), "azure_deployment": model,
                "azure_endpoint": base_url or env.get("AZURE_OPENAI_ENDPOINT"),
                "api_version": env.get("OPENAI_API_VERSION") or env.get("AZURE_OPENAI_API_VERSION") or "2024-10-21"}
    if provider == "ollama":
        return {"base_url": base_url or env.get("OLLAMA_HOST") or "http://localhost:11434"}
    return {}


def _kwargs(choice: ModelChoice, options: CompareOptions, env: Mapping[str, str]) -> dict[str, Any]:
    kw: dict[str, Any] = {"temperature": options.llm_temperature}
    kw.update(connection_kwargs(choice.provider, choice.model, choice.base_url, env,
                                key_variables=("OPENAI_API_KEY", "HIKAKU_LLM_API_KEY")))
    if choice.provider in ("openai", "azure_openai"):
        # retries are hikaku's (ModelRetryMiddleware): the client must not retry on its own
        kw.update(timeout=options.llm_timeout_s, max_retries=0)
        if choice.provider == "openai":
            kw["use_responses_api"] = False
    elif choice.provider == "ollama":
        kw["client_kwargs"] = {"timeout": options.llm_timeout_s}
    else:
        if choice.base_url:
            kw["base_url"] = choice.base_url
        kw.update(timeout=options.llm_timeout_s, max_retries=0)
    return kw


def build_chat_model(choice: ModelChoice, options: CompareOptions, env: Mapping[str, str]):
    """A LangChain chat model for *choice*; MissingDependencyError names the extra."""
    from langchain.chat_models import init_chat_model

    try:
        return init_chat_model(choice.model, model_provider=choice.provider, **_kwargs(choice, options, env))
    except ImportError as e:
        package = _PACKAGES.get(choice.provider, getattr(e, "name", None) or f"langchain-{choice.provider}")
        extra = _EXTRAS.get(choice.provider)
        if extra is None:
            raise ConfigurationError(
                f"--llm {choice.spec}: the provider package is not installed ({e}); install {package}"
            ) from None
        raise MissingDependencyError(package, extra, f"The {choice.provider} model {choice.model}") from None
    except ValueError as e:
        raise ConfigurationError(f"--llm {choice.spec}: {str(e).splitlines()[0]}") from None
