"""Documents never go to a network model silently: one line on stderr says which model,
because of what, and how to stay local. Without the ``openai`` extra, a key found in the
environment or ./.env leaves the run offline with one line instead of failing. The
model is the local OpenAI-compatible stub (tests/openai_stub.py) through the real client."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hikaku.llm.providers import SECRET_VARIABLES
from tests.openai_stub import OpenAIStub

from ..helpers import ROOT

KEY = "sk-test-notice-0123456789"
LOCAL = "to keep them local, use --llm offline (HIKAKU_LLM=offline)"

BLOCK_OPENAI = """
import sys
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("openai", "langchain_openai"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, _Block())
from hikaku.cli import main
sys.exit(main(sys.argv[1:]))
"""


ARTICLES = ["第1条（目的）この規則は就業に関する事項を定める。", "第2条（勤務時間）始業は午前9時とする。",
            "第3条（休日）休日は土曜日および日曜日とする。", "第4条（賃金）賃金は毎月25日に支払う。"]
V1, V2 = "old.md", "new.md"


def pair(d: Path) -> None:
    (d / V1).write_text("\n\n".join(ARTICLES) + "\n", encoding="utf-8")
    # a rewritten article: not a pair the plan settles on its own, so the agent (and its model) looks at it
    new = [ARTICLES[0], "第2条（勤務時間）業務の開始は、各部署の定めるところにより柔軟に決める。", *ARTICLES[2:]]
    (d / V2).write_text("\n\n".join(new) + "\n", encoding="utf-8")


def cli(args, cwd: Path, env_extra: dict[str, str], *, block_openai: bool = False):
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("HIKAKU_") or k in SECRET_VARIABLES or k in ("OPENAI_BASE_URL", "OPENAI_API_BASE"))}
    env.update({"HIKAKU_HOME": str(cwd / "home"), "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
                "HIKAKU_LLM_RETRY_INITIAL_DELAY_S": "0.01", **env_extra})
    pair(cwd)
    cmd = [sys.executable, "-c", BLOCK_OPENAI] if block_openai else [sys.executable, "-m", "hikaku"]
    p = subprocess.run([*cmd, "compare", *args, "--embedding", "hashing", "-f", "json", "--no-checkpoint"],
                       cwd=cwd, env=env, capture_output=True, text=True, timeout=240)
    return p.returncode, p.stdout, p.stderr.splitlines()


def test_a_key_in_the_environment_is_announced(tmp_path):
    with OpenAIStub() as stub:
        code, out, err = cli([V1, V2], tmp_path, {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url})
        assert code == 0, err
        assert err == [f"hikaku: sending the documents to openai:gpt-4.1-mini at {stub.base_url} because "
                       f"OPENAI_API_KEY is set in the environment; {LOCAL}"]
        assert stub.state.log, "the documents did go to the model"
        sent = len(stub.state.log)
        code, out, err = cli([V1, V2, "--llm", "offline"], tmp_path, {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url})
        assert code == 0 and err == [] and len(stub.state.log) == sent  # staying local: nothing sent, nothing said
    assert KEY not in out


def test_a_key_in_dotenv_is_announced(tmp_path):
    (tmp_path / ".env").write_text(f"OPENAI_API_KEY={KEY}\n", encoding="utf-8")
    with OpenAIStub() as stub:
        code, _, err = cli([V1, V2], tmp_path, {"OPENAI_BASE_URL": stub.base_url})
        assert code == 0, err
        assert err == [f"hikaku: sending the documents to openai:gpt-4.1-mini at {stub.base_url} because "
                       f"OPENAI_API_KEY was found in ./.env; {LOCAL}"]
        assert stub.state.authorizations and all(a == f"Bearer {KEY}" for a in stub.state.authorizations)


def test_an_explicit_model_and_server_are_announced_too(tmp_path):
    with OpenAIStub() as stub:
        code, _, err = cli([V1, V2, "--llm", "openai:my-model", "--llm-base-url", stub.base_url], tmp_path, {})
        assert code == 0, err
        assert err == [f"hikaku: sending the documents to openai:my-model at {stub.base_url} because "
                       f"llm=openai:my-model was given (--llm); {LOCAL}"]
        code, _, err = cli([V1, V2], tmp_path, {"HIKAKU_LLM": "openai:my-model", "HIKAKU_LLM_BASE_URL": stub.base_url})
        assert err == [f"hikaku: sending the documents to openai:my-model at {stub.base_url} because "
                       f"HIKAKU_LLM is set; {LOCAL}"]


def test_embeddings_of_a_network_model_are_announced(tmp_path):
    pair(tmp_path)
    with OpenAIStub() as stub:
        p = subprocess.run([sys.executable, "-m", "hikaku", "compare", V1, V2, "-f", "json", "--llm", "offline",
                            "--embedding", "openai:text-embedding-3-small", "--embedding-base-url", stub.base_url],
                           cwd=tmp_path, capture_output=True, text=True, timeout=240,
                           env={**os.environ, "HIKAKU_HOME": str(tmp_path / "h"), "HIKAKU_DOTENV": "",
                                "OPENAI_API_KEY": KEY})
        assert p.returncode == 0, p.stderr
        assert p.stderr.splitlines() == [
            f"hikaku: sending the documents' text to the embedding model openai:text-embedding-3-small at "
            f"{stub.base_url} because embedding=openai:text-embedding-3-small was given (--embedding); "
            "to keep it local, use --embedding use"]
        assert stub.state.embedded


def test_without_the_openai_extra_a_found_key_leaves_the_run_offline(tmp_path):
    code, out, err = cli([V1, V2], tmp_path, {"OPENAI_API_KEY": KEY}, block_openai=True)
    assert code == 0, err
    assert err == ["hikaku: OPENAI_API_KEY is set in the environment, but the 'openai' extra is not installed: "
                   "comparing offline (pip install 'hikaku[openai]' to use openai:gpt-4.1-mini; --llm offline to say so)"]
    assert json.loads(out)["stats"]["llm_calls"] == 0
    # asked for explicitly, the model's missing extra is a usage error (exit 2) naming the extra
    code, _, err = cli([V1, V2, "--llm", "openai:gpt-4.1-mini"], tmp_path, {"OPENAI_API_KEY": KEY}, block_openai=True)
    assert code == 2 and len(err) == 1 and "pip install 'hikaku[openai]'" in err[0], err


def test_a_password_in_the_server_url_is_never_printed_nor_traced(tmp_path):
    """``http://user:password@host/v1`` (a proxy's basic auth): the notice names the server with
    the password masked, and the trace, which records the run's options, holds it nowhere."""
    with OpenAIStub() as stub:
        url = stub.base_url.replace("http://", "http://alice:pw-SECRET-42@")
        trace = tmp_path / "run.trace"
        code, out, err = cli([V1, V2, "--llm", "openai:my-model", "--llm-base-url", url, "--trace", str(trace),
                              "--llm-timeout-s", "30"], tmp_path, {})
        assert code == 0, err
        shown = stub.base_url.replace("http://", "http://alice:***@")
        assert err == [f"hikaku: sending the documents to openai:my-model at {shown} because "
                       f"llm=openai:my-model was given (--llm); {LOCAL}"]
        assert "pw-SECRET-42" not in trace.read_text(encoding="utf-8") + out
        assert json.loads(trace.read_text(encoding="utf-8").splitlines()[0])["options"]["llm_timeout_s"] == 30
