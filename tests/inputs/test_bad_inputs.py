"""The bad-input corpus (``corpus.py``) through the CLI and through ``hikaku.compare``.

All cases run in one driver process that forks a child per case (``driver.py``), so that
each case's exit status, messages and peak memory are its own. For every case: the exit
status (CLI) or exception type (API); one clear line naming the file and matching the
expected message; no traceback; no report written, not even in part, when the run fails;
the inputs byte-identical afterwards; peak memory under 1.5 GB.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hikaku.llm.providers import SECRET_VARIABLES

from ..helpers import ROOT
from .corpus import API_CASES, CASES, CLI_CASES, Case, prepare

PEAK_MB = 1536


def test_the_corpus_covers_the_classes_of_bad_input():
    """The classes the issue names, each with at least one case through both fronts where both can give it."""
    for needed in ("empty_file", "binary_as_text", "wrong_extension", "invalid_utf8", "undecodable_in_every_encoding",
                   "duplicate_ids", "deep_json", "zip_bomb_docx", "huge_single_line", "truncated_pdf", "truncated_docx",
                   "junk_embedding_cache", "junk_checkpoint_named", "half_overwritten_checkpoint", "output_is_an_input"):
        assert needed in CLI_CASES and needed in API_CASES, needed
    assert set(CLI_CASES) | set(API_CASES) == set(CASES) and len(CASES) >= 40


def _fingerprints(d: Path) -> dict[str, str]:
    """Every file of a case (but its $HIKAKU_HOME and the driver's captures) by content hash."""
    out = {}
    for p in sorted(d.rglob("*")):
        rel = p.relative_to(d)
        if rel.parts[0] == "home" or rel.name.startswith(".") or not p.is_file():
            continue
        h = hashlib.sha256()
        with open(p, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        out[str(rel)] = h.hexdigest()
    return out


def _env(d: Path) -> dict[str, str]:
    return {"HIKAKU_HOME": str(d / "home"), "HIKAKU_DOTENV": ""}


def _cli_argv(c: Case) -> list[str]:
    argv = ["compare", str(c.a), str(c.b), "--no-progress"]
    if "--embedding" not in c.cli_args:
        argv += ["--embedding", "hashing"]
    if c.output is not None:
        argv += ["-o", c.output]
    return argv + list(c.cli_args)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Generate every case, run them all in the driver, return {name: (dir, case, results)}."""
    root = tmp_path_factory.mktemp("corpus")
    cases = {}  # (name, kind): (directory, case); each run has its own copy of the case (its files, its home)
    spec = []
    for kind, names in (("cli", CLI_CASES), ("api", API_CASES)):
        for name in names:
            d, c = prepare(name, root / kind)
            cases[name, kind] = (d, c)
            run: dict = {"name": f"{name}.{kind}", "kind": kind, "cwd": str(d), "env": _env(d)}
            if kind == "cli":
                run.update(argv=_cli_argv(c), stdin=str(d / c.stdin) if c.stdin else None)
            else:
                kwargs = dict(c.api_kwargs)
                kwargs.setdefault("embedding", "hashing")
                run.update(a=c.a, b=c.b, kwargs=kwargs)
            spec.append(run)
    before = {key: _fingerprints(d) for key, (d, _) in cases.items()}
    (root / "spec.json").write_text(json.dumps(spec, ensure_ascii=False), encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith("HIKAKU_") or k in SECRET_VARIABLES or k in ("OPENAI_BASE_URL", "OLLAMA_HOST"))}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH", "")])
    proc = subprocess.run([sys.executable, str(Path(__file__).with_name("driver.py")), str(root / "spec.json"),
                           str(root / "results.json")], env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = {r["name"]: r for r in json.loads((root / "results.json").read_text(encoding="utf-8"))}
    return {key: (d, c, before[key], results) for key, (d, c) in cases.items()}


def _capture(d: Path, run: str, stream: str) -> str:
    return (d / f".{run}.{stream}").read_text(encoding="utf-8", errors="replace")


def _common(d: Path, c: Case, before: dict[str, str], result: dict, stderr: str) -> None:
    assert "Traceback" not in stderr, stderr
    assert result["maxrss_mb"] < PEAK_MB, f"peak memory {result['maxrss_mb']:.0f} MB"
    after = _fingerprints(d)
    changed = sorted(k for k in before if before[k] != after.get(k))
    assert not changed, f"inputs changed: {changed}"
    assert not list(d.glob(".*.tmp")) and not list(d.glob("*/.*.tmp")), "a temporary report was left behind"


@pytest.mark.parametrize("name", CLI_CASES)
def test_cli(corpus, name):
    d, c, before, results = corpus[name, "cli"]
    run = f"{name}.cli"
    result = results[run]
    err = _capture(d, run, "stderr")
    _common(d, c, before, result, err)
    lines = err.splitlines()
    assert result["exit"] == c.exit_code, err
    if c.error is not None or c.exit_code:
        assert len(lines) == 1, err
        assert lines[0].startswith("hikaku: error: "), err
        assert re.search(c.message, lines[0]), lines[0]
        assert c.names in lines[0]
        if c.output and c.output not in (c.a, c.b) and not (d / c.output).is_symlink():
            written = (d / c.output).exists() and (d / c.output).stat().st_ino not in {
                (d / str(x)).stat().st_ino for x in (c.a, c.b) if x != "-" and (d / str(x)).exists()}
            assert not written, "a failed run wrote a report"
        assert _capture(d, run, "stdout") == ""
    else:
        warnings = [ln for ln in lines if not any(re.search(p, ln) for p in c.also)]
        assert len(warnings) == 1, err
        assert re.search(c.message, warnings[0]) and c.names in warnings[0], warnings[0]
        assert (d / (c.output or "")).is_file() and "| 項目 |" in (d / c.output).read_text(encoding="utf-8")
    if c.check is not None:
        c.check(d)


@pytest.mark.parametrize("name", API_CASES)
def test_api(corpus, name):
    d, c, before, results = corpus[name, "api"]
    message = c.api_message or c.message
    run = f"{name}.api"
    result = results[run]
    err = _capture(d, run, "stderr")
    _common(d, c, before, result, err)
    report = json.loads((d / f".{run}.api.json").read_text(encoding="utf-8"))
    if c.error is None:
        assert report["ok"] and result["exit"] == 0, report
        assert len(err.splitlines()) == 1 and re.search(message, err.strip()) and c.names in err, err  # one warning
    else:
        assert not report["ok"] and result["exit"] == 3, report
        assert c.error.__name__ in report["mro"], report
        assert re.search(message, report["message"]) and c.names in report["message"], report["message"]
        assert "\n" not in report["message"]
    if c.check is not None:
        c.check(d)
