"""Every command of the README runs as printed, in a temporary copy of the examples (they
write files). The commands are taken from the README's code blocks: shell lines, Python
blocks, the configuration file; the sample output must be what the first command prints.
The few that cannot run here are listed below, each with its reason."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import hikaku
from hikaku.llm.providers import SECRET_VARIABLES

from .helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```", README, re.S | re.M)

# Not run here, by design (keep this list short; every other command must run):
SKIPPED = {
    "make demo": "creates .venv and installs hikaku from the package registry (minutes, network); the command it "
                 "then runs (hikaku compare --llm offline on the examples) is the one run below",
    "make test": "runs this very suite (make test → pytest → this test)",
    "make bench": "needs the shared evaluation data (../shared/eval) and takes many minutes",
    ".venv/bin/python -m pytest tests/tools -q": "runs a part of this very suite",
    "export OPENAI_API_KEY=sk-...": "a placeholder key: the commands after it need a network model",
    "make serve": "starts the web app and serves until stopped (tests/web runs `hikaku serve` with a browser)",
    ".venv/bin/pip install -q -e '.[xlsx,docx]'": "installs packages from the registry (make test installs them)",
    ".venv/bin/hikaku batch examples/pairs.csv -o out/ --ray auto": "joins a running Ray cluster (tests/batch runs "
                                                                    "the same batch on a local Ray)",
    ".venv/bin/hikaku mcp --root examples": "an MCP server on stdio, serving until its client leaves (tests/mcp "
                                            "drives it with the SDK's client)",
    ".venv/bin/hikaku mcp --root examples --http --port 8765": "an MCP server on HTTP, serving until stopped "
                                                               "(tests/mcp drives it with the SDK's client)",
}
NETWORK = ("--llm openai:", "--llm azure_openai:", "--llm ollama:")  # a model on a server


def shell_commands() -> list[str]:
    out = []
    for lang, body in BLOCKS:
        if lang == "sh":
            out += [line.strip() for line in body.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return out


def skipped(cmd: str) -> str | None:
    bare = cmd.split("  #")[0].strip()
    if bare in SKIPPED:
        return SKIPPED[bare]
    if any(n in cmd for n in NETWORK):
        return "sends the documents to a model on a server (tests/llm covers it with a local stub server)"
    return None


def test_the_first_two_commands_are_make_demo_and_make_test():
    assert shell_commands()[:2] == ["make demo", "make test"]


def test_the_skip_list_is_short_and_every_entry_is_in_the_readme():
    commands = [c.split("  #")[0].strip() for c in shell_commands()]
    assert all(entry in commands for entry in SKIPPED)
    runnable = [c for c in shell_commands() if not skipped(c)]
    assert len(runnable) >= 12 and len([c for c in shell_commands() if skipped(c)]) <= 15


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A copy of the examples, a `.venv/bin/hikaku` that runs this checkout, a clean $HIKAKU_HOME."""
    d = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", d / "examples")
    (d / ".venv" / "bin").mkdir(parents=True)
    shim = d / ".venv" / "bin" / "hikaku"
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m hikaku \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    return d


def env_for(d: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("HIKAKU_") or k in SECRET_VARIABLES or k in ("OPENAI_BASE_URL", "OLLAMA_HOST"))}
    env.update(HIKAKU_HOME=str(d / "home"), HIKAKU_DOTENV="",
               PYTHONPATH=os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")]))
    return env


@pytest.mark.parametrize("cmd", [c for c in shell_commands() if not skipped(c)])
def test_shell_command_runs_as_printed(workdir, cmd):
    p = subprocess.run(["bash", "-c", f"set -o pipefail; {cmd}"], cwd=workdir, env=env_for(workdir),
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, f"{cmd}\n{p.stderr}"
    assert "error" not in p.stderr and "Traceback" not in p.stderr, p.stderr


@pytest.mark.parametrize("k", [k for k, (lang, _) in enumerate(BLOCKS) if lang == "python"])
def test_python_block_runs_as_printed(workdir, k):
    p = subprocess.run([sys.executable, "-c", BLOCKS[k][1]], cwd=workdir, env=env_for(workdir),
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr


def test_the_command_make_demo_runs(workdir):
    """``make demo`` is skipped above for its installation; the comparison it ends with runs here."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^demo:.*\n\t@?(.+)$", makefile, re.M).group(1).replace("$(BIN)/", ".venv/bin/")
    p = subprocess.run(["bash", "-c", recipe], cwd=workdir, env=env_for(workdir), capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0 and "**集計**" in p.stdout and p.stderr == "", p.stderr


def test_the_configuration_file_is_valid(workdir, monkeypatch):
    toml = next(body for lang, body in BLOCKS if lang == "toml")
    home = workdir / "config-home"
    home.mkdir()
    (home / "config.toml").write_text(toml, encoding="utf-8")
    assert tomllib.loads(toml)["compare"]  # parses (a key given twice would not)
    monkeypatch.setenv("HIKAKU_HOME", str(home))
    opts = hikaku.resolve_options()
    assert opts.max_chunk_chars == 2000 and opts.encoding is None and opts.max_document_chars == 4_000_000


def test_the_sample_output_is_the_default_output_of_the_first_command(workdir):
    """If this fails after a change of the report, paste the new rows of
    `hikaku compare examples/shugyo_kisoku_v1.md examples/shugyo_kisoku_v2.md` into the README."""
    cmd = next(c for c in shell_commands() if not skipped(c))
    assert "--strict" not in cmd
    p = subprocess.run(["bash", "-c", cmd], cwd=workdir, env=env_for(workdir), capture_output=True, text=True,
                       timeout=300)
    sample = next(body for lang, body in BLOCKS if lang == "" and "| 項目 |" in body)
    actual = p.stdout.splitlines()
    for line in sample.splitlines():
        if line.strip():
            assert line in actual, f"the README shows a line the command does not print:\n{line}"
