"""A server that is down, hung or broken costs little and says so: the real ``openai`` client
against the local stub (tests/openai_stub.py), or against a port nobody listens on. A server
that cannot be reached, or that does not answer the first request in time, is retried once and
then given up for the run; every retry is a line on stderr while it happens; every note is one
line a person can read. Arguments that cannot work are refused before the run starts."""

from __future__ import annotations

import json
import socket

import pytest

from hikaku.cli import main
from tests.llm.test_openai_compatible_server import llm_args, pair, run_cli
from tests.openai_stub import OpenAIStub


def closed_port() -> int:
    """A port on 127.0.0.1 nobody listens on (connections are refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Down:
    base_url = f"http://127.0.0.1:{closed_port()}/v1"


def given_up(err: str) -> str:
    return next(line for line in err.splitlines() if "打ち切った" in line)


def notes(out: str) -> list[str]:
    return json.loads(out)["notes"]


def test_a_server_that_is_down_is_given_up_after_the_first_chunk(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6, 7, 8])
    code, out, err = run_cli([str(a), str(b), *llm_args(Down, "--embedding", "hashing", "--concurrency", "1")], tmp_path / "home")
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert stats["llm_fallbacks"] == {"error": 1, "unavailable": 4}
    assert stats["llm_requests"] == stats["llm_failed"] == 2  # the first chunk, retried once; no other chunk
    retried = [line for line in err.splitlines() if "retry 1 of 1" in line]
    assert len(retried) == 1 and "the server cannot be reached" in retried[0] and "Connection refused" in retried[0]
    assert "given up at chunk a3: the server cannot be reached" in given_up(err)
    assert all("\n" not in n for n in notes(out))


def test_a_hung_server_is_given_up_after_one_retry(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6])
    with OpenAIStub(delay_s=3) as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--embedding", "hashing", "--concurrency", "1", "--llm-timeout-s", "0.3")],
                                 tmp_path / "home")
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert stats["llm_fallbacks"] == {"error": 1, "unavailable": 2}
    assert stats["llm_requests"] == 2
    assert sum("the server did not answer in time" in line and "retry 1 of 1" in line for line in err.splitlines()) == 1
    note = given_up(err)
    assert "given up at chunk a3" in note and "answered no request yet" in note and "--llm-timeout-s 0.3" in note


def test_a_server_that_answered_before_is_not_given_up_for_one_timeout(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6])
    answered: list[str] = []

    def slow_after_the_first_chunk(chunk: str) -> bool:
        answered.append(chunk)
        if chunk != "a3":
            stub.state.delay_s = 3
        return True

    with OpenAIStub(on_request=slow_after_the_first_chunk) as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--embedding", "hashing", "--concurrency", "1", "--llm-timeout-s", "0.5")],
                                 tmp_path / "home")
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert stats["llm_fallbacks"] == {"error": 2}  # the other chunks were asked (each retried once)
    assert [c["policy"] for c in stats["per_chunk"]] == ["llm", "offline", "offline"]


def test_a_reply_without_choices_is_said_in_words(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6])
    with OpenAIStub(broken="empty_choices") as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--embedding", "hashing", "--concurrency", "1")], tmp_path / "home")
    assert code == 0, err
    (note,) = [n for n in notes(out) if "呼び出しに失敗" in n]
    assert "the server's reply is not a usable chat completion (IndexError" in note
    assert len(stub.state.log) == 3  # not retried: the same reply would come again


def test_an_answer_outside_the_schema_is_one_line(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6, 7])
    with OpenAIStub(broken="bad_answer") as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--embedding", "hashing", "--concurrency", "1")], tmp_path / "home")
    assert code == 0, err
    for note in notes(out):
        assert "\n" not in note and "pydantic.dev" not in note
    invalid = next(n for n in notes(out) if "回答が使えなかった" in n)
    assert "change_type: Input should be 'unchanged', 'modified' or 'deleted' (got 'exploded')" in invalid
    assert "confidence: Input should be less than or equal to 1 (got 7)" in invalid
    assert "it failed on 3 chunks in a row; the last, on chunk a7: invalid: the answer does not fit" in given_up(err)
    assert len([line for line in err.splitlines() if line.startswith("hikaku: note:")]) == len(notes(out))


def test_arguments_that_cannot_work_are_refused_before_the_run(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path / "home"))
    a, b = pair(tmp_path, [2])
    with pytest.raises(SystemExit) as exit_:
        main(["compare", str(a), str(b), "--llm", "openai:gpt-4.1-mini", "--llm-base-url", "notaurl"])
    out, err = capsys.readouterr()
    assert exit_.value.code == 2 and out == ""
    assert err.splitlines() == ["hikaku: error: argument --llm-base-url: 'notaurl' is not a URL: give "
                                "http(s)://host[:port]/v1 (see: hikaku compare --help)"]
    assert main(["compare", str(a), str(b), "--llm", "bogus:model"]) == 2
    out, err = capsys.readouterr()
    (line,) = err.splitlines()  # no "run … --resume" line before it
    assert out == "" and line.startswith(
        "hikaku: error: --llm 'bogus:model': unknown provider 'bogus': give openai, azure_openai, ollama (hikaku's "
        "extras) or another provider LangChain knows (")
    assert "anthropic" in line
    monkeypatch.setenv("HIKAKU_LLM_BASE_URL", "ftp://host")  # from the environment: refused as well
    assert main(["compare", str(a), str(b), "--llm", "openai:gpt-4.1-mini"]) == 2
    assert "llm_base_url: Value error, 'ftp://host' is not a URL" in capsys.readouterr().err


def test_a_refused_base_url_never_shows_its_password_and_an_empty_one_clears_the_setting(tmp_path, capsys,
                                                                                       monkeypatch):
    monkeypatch.setenv("HIKAKU_HOME", str(tmp_path / "home"))
    a, b = pair(tmp_path, [2])
    for url in ("http://user:s3cret@host:80x/v1", "ftp://user:s3cret@host/v1"):
        with pytest.raises(SystemExit):
            main(["compare", str(a), str(b), "--llm", "openai:gpt-4.1-mini", "--llm-base-url", url])
        err = capsys.readouterr().err
        assert "s3cret" not in err and "***@host" in err
    monkeypatch.setenv("HIKAKU_LLM_BASE_URL", "ftp://user:s3cret@host")
    assert main(["compare", str(a), str(b), "--llm", "openai:gpt-4.1-mini"]) == 2
    assert "s3cret" not in capsys.readouterr().err
    # an empty value clears the environment's: the run goes on offline
    assert main(["compare", str(a), str(b), "--llm", "offline", "--llm-base-url", "", "--embedding", "hashing"]) == 0
