"""``hikaku compare --llm openai:gpt-4.1-mini --llm-base-url …`` end to end: the real
``openai`` / ``langchain-openai`` client against a local scripted server."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.openai_stub import OpenAIStub

ARTICLES = [
    ("第1条（目的）", "この規則は、従業員の就業に関する事項を定める。"),
    ("第2条（勤務時間）", "始業時刻は午前9時、終業時刻は午後6時とする。"),
    ("第3条（休日）", "休日は土曜日、日曜日および国民の祝日とする。"),
    ("第4条（年次有給休暇）", "6か月継続勤務した者には10日の年次有給休暇を与える。"),
    ("第5条（賃金）", "賃金は毎月25日に支払う。"),
    ("第6条（退職）", "従業員は退職の30日前までに届け出なければならない。"),
    ("第7条（懲戒）", "会社は規律に違反した従業員を懲戒することができる。"),
    ("第8条（改廃）", "この規則の改廃は取締役会の決議による。"),
]
REWRITES = {
    2: "始業時刻は午前10時、終業時刻は午後7時とし、フレックスタイム制を適用することができる。",
    4: "入社日から年次有給休暇を付与し、初年度は15日とする。半日単位の取得を認める。",
    6: "従業員は退職の14日前までに書面またはメールで届け出なければならない。",
    7: "会社は、就業規則に違反した従業員に対し、けん責、減給、出勤停止または懲戒解雇の処分を行う。",
    8: "この規則は、労働者代表の意見を聴いたうえで、取締役会の決議により改廃する。",
    5: "賃金は毎月末日に締め切り、翌月20日に銀行振込で支払う。",
}
SECRET = "sk-test-hikaku-0123456789abcdef"


def write_md(path: Path, title: str, articles) -> Path:
    body = "\n\n".join(f"## {h}\n\n{t}" for h, t in articles)
    path.write_text(f"# {title}\n\n{body}\n", encoding="utf-8")
    return path


def pair(tmp_path: Path, changed: list[int]) -> tuple[Path, Path]:
    new = [(h, REWRITES[i + 1] if i + 1 in changed else t) for i, (h, t) in enumerate(ARTICLES)]
    return write_md(tmp_path / "old.md", "就業規則", ARTICLES), write_md(tmp_path / "new.md", "就業規則", new)


def run_cli(args: list[str], home: Path, *, wait: bool = True, **popen):
    env = {**os.environ, "HIKAKU_HOME": str(home), "OPENAI_API_KEY": SECRET, "HIKAKU_DOTENV": "",
           "HIKAKU_LLM_RETRY_INITIAL_DELAY_S": "0.01", "HIKAKU_LLM_RETRY_MAX_DELAY_S": "0.05",
           "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "hikaku", "compare", *args]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)
    if not wait:
        return proc
    out, err = proc.communicate(timeout=240)
    return proc.returncode, out, err


def llm_args(stub: OpenAIStub, *extra: str) -> list[str]:
    """The LLM examines the changed chunks (``--llm-scope changed``: whichever of them the plan settles)."""
    return ["--llm", "openai:gpt-4.1-mini", "--llm-base-url", stub.base_url, "-f", "json", "--no-progress",
            "--llm-scope", "changed", *extra]


def changes_of(report: str) -> list[tuple]:
    data = json.loads(report)
    return [(c["type"], c["a_ids"], c["b_ids"], c["summary"]) for c in data["changes"]]


def test_identical_documents_send_no_request(tmp_path):
    a, _ = pair(tmp_path, [])
    with OpenAIStub() as stub:
        code, out, err = run_cli([str(a), str(a), *llm_args(stub)], tmp_path / "home")
    assert code == 0, err
    assert stub.state.log == []
    assert json.loads(out)["stats"]["counts"]["unchanged"] == len(ARTICLES) + 1


def test_only_the_changed_chunks_are_asked_and_the_key_is_never_written(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6])
    trace = tmp_path / "trace.jsonl"
    with OpenAIStub() as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--trace", str(trace))], tmp_path / "home")
    assert code == 0, err
    assert set(stub.state.requested()) == {"a3", "a5", "a7"}  # 第2条, 第4条, 第6条 (a1 is the title)
    assert stub.state.answered() == {"a3", "a5", "a7"}
    result = json.loads(out)
    assert {c["a_ids"][0]: c["summary"] for c in result["changes"] if c["type"] == "modified"} == {
        "a3": "b3 に改定", "a5": "b5 に改定", "a7": "b7 に改定"}
    assert result["stats"]["policy"] == "llm" and result["stats"]["llm_model"] == "openai:gpt-4.1-mini"
    assert result["stats"]["llm_calls"] == 6 and result["stats"]["llm_input_tokens"] == 720
    assert all(h == f"Bearer {SECRET}" for h in stub.state.authorizations)  # the key was used ...
    for text in (out, err, trace.read_text(encoding="utf-8")):  # ... and written nowhere
        assert SECRET not in text
    events = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    assert [e["tool"] for e in events if e["event"] == "tool_call" and e["by"] == "llm"] == ["vector_similarity_tool"] * 3


def test_server_errors_are_retried(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6])
    with OpenAIStub(fail=2) as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--concurrency", "1")], tmp_path / "home")
    assert code == 0, err
    assert [e.status for e in stub.state.log[:3]] == [500, 500, 200]
    stats = json.loads(out)["stats"]
    assert stats["llm_fallbacks"] == {} and all(c["policy"] == "llm" for c in stats["per_chunk"])
    # every request is counted: the two that failed, the retry that answered, and the rest
    assert stats["llm_requests"] == len(stub.state.log) == 2 + 6 and stats["llm_failed"] == 2
    assert stats["llm_calls"] == 6 and stats["per_chunk"][0]["llm_requests"] == 4


def test_a_server_that_always_fails_leaves_the_run_to_the_offline_policy(tmp_path):
    a, b = pair(tmp_path, [2, 4, 6, 7, 8])
    with OpenAIStub(fail=-1) as stub:
        code, out, err = run_cli([str(a), str(b), *llm_args(stub, "--concurrency", "1")], tmp_path / "home")
        offline = run_cli([str(a), str(b), "-f", "json", "--llm", "offline"], tmp_path / "home")
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert stats["llm_fallbacks"] == {"error": 3, "unavailable": 2}
    assert len(stub.state.log) == 3 * 5  # three chunks, each tried 1 + 4 times, then the model is given up
    assert "note: LLM の呼び出しに失敗した 3 件" in err and "note: LLM の利用を打ち切ったため、残りの 2 件" in err
    assert "it failed on 3 chunks in a row; the last, on chunk a7: error: " in err and "(HTTP 500)" in err
    assert stats["llm_requests"] == stats["llm_failed"] == len(stub.state.log) and stats["llm_calls"] == 0
    assert changes_of(out) == changes_of(offline[1])


def test_a_killed_run_resumes_without_asking_a_settled_chunk_again(tmp_path):
    a, b = pair(tmp_path, [2, 4, 5, 6, 7, 8])
    with OpenAIStub() as stub:
        code, reference, err = run_cli([str(a), str(b), *llm_args(stub, "--concurrency", "1")], tmp_path / "home")
    assert code == 0, err
    asked = stub.state.requested()
    order = list(dict.fromkeys(asked))
    assert len(order) == 6
    victim = order[3]  # the run dies when it asks for its fourth chunk

    db = tmp_path / "runs.sqlite"
    proc_box = {}

    def kill_on(chunk: str):
        if chunk == victim:
            proc_box["proc"].send_signal(signal.SIGKILL)
            return False
        return True

    with OpenAIStub(on_request=kill_on) as stub:
        proc = run_cli([str(a), str(b), *llm_args(stub, "--concurrency", "1", "--checkpoint", str(db))],
                       tmp_path / "home", wait=False)
        proc_box["proc"] = proc
        _, err = proc.communicate(timeout=240)
        assert proc.returncode == -signal.SIGKILL
        run_id = re.search(r"hikaku: run (\S+) ", err).group(1)
        before = stub.state.answered()
        assert before == set(order[:3])
        stub.state.on_request = None
        stub.state.log.clear()
        code, resumed, err = run_cli([str(a), str(b), *llm_args(stub, "--concurrency", "1", "--checkpoint", str(db),
                                                                 "--resume", run_id)], tmp_path / "home")
    assert code == 0, err
    assert changes_of(resumed) == changes_of(reference)
    again = set(stub.state.requested())
    assert again == set(order[3:])  # the settled chunks were not asked again
    assert not again & before
    # the run's costs cover both processes (they are kept in the checkpoint)
    assert json.loads(resumed)["stats"]["llm_calls"] == json.loads(reference)["stats"]["llm_calls"]


def test_resume_refuses_other_documents(tmp_path):
    a, b = pair(tmp_path, [2])
    db = tmp_path / "runs.sqlite"
    code, _, err = run_cli([str(a), str(b), "--llm", "offline", "--checkpoint", str(db), "-f", "json"], tmp_path / "h")
    assert code == 0
    run_id = re.search(r"hikaku: run (\S+) ", err).group(1)
    code, _, err = run_cli([str(a), str(a), "--llm", "offline", "--checkpoint", str(db), "--resume", run_id],
                           tmp_path / "h")
    assert code == 2 and "other documents" in err
    code, _, err = run_cli([str(a), str(b), "--checkpoint", str(db), "--resume", "nope"], tmp_path / "h")
    assert code == 2 and "no run 'nope'" in err


@pytest.mark.parametrize("spec", ["ollama:qwen3:8b"])
def test_a_provider_without_its_extra_names_the_extra(tmp_path, spec):
    a, b = pair(tmp_path, [2])
    code, _, err = run_cli([str(a), str(b), "--llm", spec], tmp_path / "home")
    assert code == 2 and "pip install 'hikaku[ollama]'" in err, err  # a missing extra is a usage error
