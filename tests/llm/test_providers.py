"""Choosing the chat model from options and environment; building it; errors."""

from __future__ import annotations

import pytest

from hikaku import ConfigurationError, MissingDependencyError, resolve_options
from hikaku.llm import build_chat_model, choose_model, is_retryable, llm_environment
from hikaku.llm.errors import describe_error, is_timeout, is_unreachable, one_line


def choose(env, **opts):
    return choose_model(resolve_options(opts, environ={}), env)


def test_offline_without_key_or_server_says_why():
    choice, why = choose({})
    assert choice is None and "OPENAI_API_KEY" in why and "offline" in why


def test_the_default_model_with_a_key_or_a_server():
    assert choose({"OPENAI_API_KEY": "sk-x"})[0].spec == "openai:gpt-4.1-mini"
    choice, why = choose({}, llm_base_url="http://127.0.0.1:8000/v1")
    assert choice.spec == "openai:gpt-4.1-mini" and choice.base_url == "http://127.0.0.1:8000/v1" and why == ""


def test_explicit_offline_is_silent():
    assert choose({"OPENAI_API_KEY": "sk-x"}, llm="offline") == (None, "")


def test_explicit_models():
    assert choose({}, llm="ollama:qwen3:8b")[0].model == "qwen3:8b"
    choice, why = choose({}, llm="openai:gpt-4.1")
    assert choice is None and "no OPENAI_API_KEY" in why
    choice, why = choose({"AZURE_OPENAI_API_KEY": "k"}, llm="azure_openai:dep")
    assert choice is None and "AZURE_OPENAI_ENDPOINT" in why
    env = {"AZURE_OPENAI_API_KEY": "k", "AZURE_OPENAI_ENDPOINT": "https://x.openai.azure.com"}
    assert choose(env, llm="azure_openai:dep")[0].spec == "azure_openai:dep"
    with pytest.raises(ConfigurationError, match="provider:model"):
        choose({}, llm="gpt-4.1-mini")
    with pytest.raises(ConfigurationError, match=r"unknown provider 'bogus': give openai, azure_openai, ollama"):
        choose({"OPENAI_API_KEY": "sk-x"}, llm="bogus:model")
    assert choose({}, llm="anthropic:claude")[0].provider == "anthropic"  # known to LangChain (its extra may be missing)


@pytest.mark.parametrize("url", ["notaurl", "ftp://host/v1", "http://", "http://host:port/v1"])
def test_a_base_url_that_is_not_one_is_refused(url):
    with pytest.raises(ConfigurationError, match=r"llm_base_url: .* is not a URL"):
        resolve_options({"llm_base_url": url}, environ={})
    assert resolve_options({"llm_base_url": " http://127.0.0.1:8000/v1 "}, environ={}).llm_base_url == \
        "http://127.0.0.1:8000/v1"


def test_build_an_openai_compatible_model_without_a_key():
    opts = resolve_options({"llm_base_url": "http://127.0.0.1:9/v1", "llm_timeout_s": 7}, environ={})
    choice, _ = choose_model(opts, {})
    model = build_chat_model(choice, opts, {})
    assert model.model_name == "gpt-4.1-mini" and model.max_retries == 0 and model.request_timeout == 7
    assert str(model.openai_api_base) == "http://127.0.0.1:9/v1"


def test_a_missing_provider_package_names_the_extra(monkeypatch):
    import langchain.chat_models

    def missing(*args, **kwargs):
        raise ImportError("No module named 'langchain_openai'", name="langchain_openai")

    monkeypatch.setattr(langchain.chat_models, "init_chat_model", missing)
    opts = resolve_options({"llm": "openai:gpt-4.1-mini"}, environ={})
    choice, _ = choose_model(opts, {"OPENAI_API_KEY": "sk-x"})
    with pytest.raises(MissingDependencyError, match=r"pip install 'hikaku\[openai\]'"):
        build_chat_model(choice, opts, {"OPENAI_API_KEY": "sk-x"})


def test_dotenv_is_read_and_the_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text("OPENAI_API_KEY=from-file\nOTHER=1\n", encoding="utf-8")
    values = llm_environment({"OPENAI_API_KEY": "from-env"}, dotenv_path=str(env_file))
    assert values["OPENAI_API_KEY"] == "from-env" and values["OTHER"] == "1"
    assert llm_environment({"HIKAKU_DOTENV": str(env_file)})["OPENAI_API_KEY"] == "from-file"
    assert "OPENAI_API_KEY" not in llm_environment({"HIKAKU_DOTENV": ""})


class _Status(Exception):
    def __init__(self, status):
        super().__init__(f"status {status}")
        self.status_code = status


@pytest.mark.parametrize(("exc", "retry"), [
    (_Status(429), True), (_Status(500), True), (_Status(503), True), (_Status(400), False), (_Status(401), False),
    (TimeoutError(), True), (ConnectionError(), True), (ValueError("bad"), False),
])
def test_what_is_retried(exc, retry):
    assert is_retryable(exc) is retry


def test_real_client_errors_are_classified():
    import httpx
    import openai

    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    err = openai.InternalServerError("boom", response=httpx.Response(500, request=request), body=None)
    assert is_retryable(err) and describe_error(err).startswith("InternalServerError (HTTP 500)")
    assert is_retryable(openai.APITimeoutError(request=request))
    assert is_retryable(openai.APIConnectionError(request=request))
    bad = openai.AuthenticationError("no", response=httpx.Response(401, request=request), body=None)
    assert not is_retryable(bad)


def test_failures_are_told_apart_and_said_in_one_line():
    import httpx
    import openai

    request = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    try:
        try:
            raise ConnectionRefusedError(111, "Connection refused")
        except ConnectionRefusedError:
            raise openai.APIConnectionError(request=request) from httpx.ConnectError("[Errno 111] Connection refused")
    except openai.APIConnectionError as e:
        refused = e
    assert is_unreachable(refused) and not is_timeout(refused) and is_retryable(refused)
    assert describe_error(refused) == "the server cannot be reached ([Errno 111] Connection refused)"
    timeout = openai.APITimeoutError(request=request)
    assert is_timeout(timeout) and not is_unreachable(timeout)
    assert describe_error(timeout) == "the server did not answer in time (APITimeoutError: Request timed out.)"
    dropped = openai.APIConnectionError(request=request)  # the server closed the connection: not unreachable
    assert not is_unreachable(dropped) and not is_timeout(dropped) and is_retryable(dropped)
    empty = IndexError("list index out of range")
    assert describe_error(empty) == "the server's reply is not a usable chat completion (IndexError: list index out of range)"
    assert not is_retryable(empty)
    assert one_line("2 errors\n  change_type\n    bad") == "2 errors change_type bad"
