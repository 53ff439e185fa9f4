"""Plugins by entry point: the built-ins are declared in pyproject.toml as in the code and
found without reading any metadata; a plugin that cannot be used is one line naming it and
its distribution, and never breaks the built-ins. The distributions here are real ones as
importlib.metadata sees them (a ``.dist-info`` directory on sys.path), written by the test."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap
import tomllib
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest

from hikaku import HikakuError, PluginError, compare, load_document, render
from hikaku.index import DocumentIndex
from hikaku.index.vector_stores import VECTOR_STORE_FACTORIES
from hikaku.loaders import LOADER_NAMES, LOADERS, detect_format
from hikaku.renderers import (
    RENDERER_NAMES,
    RENDERERS,
    RenderOptions,
    check,
    format_for_path,
    output_formats,
    renderer,
)
from hikaku.settings import TOOLS, VECTOR_STORES, resolve_options
from hikaku.system import refresh_plugins
from hikaku.tools import TOOL_CLASSES, DocumentStore, StoreSet, build_registry
from tests.helpers import EXAMPLES, ROOT

V1, V2 = EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"
GROUPS = {"hikaku.loaders": LOADER_NAMES, "hikaku.renderers": RENDERER_NAMES, "hikaku.tools": TOOLS,
          "hikaku.vector_stores": VECTOR_STORES}


class Installer:
    """Writes distributions into a directory put first on sys.path (and PYTHONPATH for the
    processes a test starts); gone again after the test."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self.modules: set[str] = set()

    def __call__(self, name: str, entry_points: dict[str, dict[str, str]], modules: dict[str, str] | None = None,
                 version: str = "0.1") -> None:
        info = self.where / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
        (info / "entry_points.txt").write_text("".join(
            f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()) + "\n"
            for group, entries in entry_points.items()), encoding="utf-8")
        for module, source in (modules or {}).items():
            (self.where / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
            self.modules.add(module)
        refresh_plugins()


@pytest.fixture
def install(tmp_path, monkeypatch):
    where = tmp_path / "site"
    where.mkdir()
    monkeypatch.setenv("PYTHONPATH", str(where))
    sys.path.insert(0, str(where))
    installer = Installer(where)
    yield installer
    sys.path.remove(str(where))
    for m in installer.modules:
        sys.modules.pop(m, None)
    refresh_plugins()


@pytest.fixture
def stores(hashing_embedder, bigram):
    docs = [load_document(p, id_prefix=s) for p, s in ((V1, "a"), (V2, "b"))]
    return StoreSet(*(DocumentStore(d, side, DocumentIndex(embedder=hashing_embedder, tokenizer=bigram))
                      for d, side in zip(docs, "AB")))


def cli(*args: str, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hikaku", *args], capture_output=True, text=True, timeout=240,
                          env={**os.environ, "HIKAKU_HOME": str(home), "HIKAKU_DOTENV": ""})


BROKEN = {  # one plugin of each way to be broken
    "hikaku.renderers": {"broken": "hikaku_missing_module:FORMAT"},
    "hikaku.loaders": {"odd": "hikaku_broken_parts:NOT_A_FORMAT"},
    "hikaku.tools": {"quiet_tool": "hikaku_broken_parts:QuietTool"},
    "hikaku.vector_stores": {"nothing": "hikaku_broken_parts:make_nothing"},
}
BROKEN_PARTS = '''
    from pydantic import BaseModel
    from hikaku.tools import BaseTool

    NOT_A_FORMAT = "a string, not a LoaderInfo"

    class QuietParams(BaseModel):
        n: int

    class QuietTool(BaseTool):
        """Says nothing of its argument."""
        name = "quiet_tool"
        Params = QuietParams

        def _run(self, p):
            return [], [], 0

    def make_nothing(settings, directory):
        return object()
'''


def test_the_built_ins_are_declared_in_pyproject_as_in_the_code():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    for group, names in GROUPS.items():
        assert declared[group] == {e.name: e.value for e in names.builtin_entries()}, group
    try:
        installed = distribution("hikaku").entry_points
    except PackageNotFoundError:  # a source checkout: the code's tables are the built-ins
        return
    for group in GROUPS:  # the installed metadata is pyproject.toml's (else: reinstall, make does it)
        assert {ep.name: ep.value for ep in installed.select(group=group)} == declared[group], group


def test_every_built_in_loads_and_is_what_its_group_takes():
    assert list(LOADERS.builtins()) == list(LOADER_NAMES.builtin) == ["json", "jsonl", "markdown", "text", "pdf",
                                                                      "docx", "html"]
    assert list(RENDERERS.builtins()) == ["md", "json", "csv", "html", "xlsx", "docx"]
    assert list(TOOL_CLASSES.builtins()) == list(TOOLS.builtin)
    assert [c.name for c in TOOL_CLASSES.builtins().values()] == list(TOOLS.builtin)
    assert list(VECTOR_STORE_FACTORIES.builtins()) == ["embedded", "faiss", "qdrant", "chroma"]


def test_a_built_in_name_is_found_without_reading_any_metadata(monkeypatch, stores):
    """Reading every distribution's entry points costs tens of milliseconds: a built-in name
    (every name of a comparison with the defaults) never needs it."""
    import importlib.metadata

    def unread(*args, **kwargs):
        raise AssertionError("the installed distributions were read")

    refresh_plugins()
    monkeypatch.setattr(importlib.metadata, "distributions", unread)
    assert detect_format(Path("a.MD")) == "markdown" and LOADERS["pdf"].extra == "pdf"
    assert format_for_path("r.html") == "html" and check("csv", RenderOptions()).name == "csv"
    assert resolve_options({"enabled_tools": "string_search_tool"}).enabled_tools == ("string_search_tool",)
    assert build_registry(stores).names == list(TOOLS.builtin)
    assert "md" in RENDERER_NAMES and "pdf" in LOADER_NAMES
    with pytest.raises(AssertionError, match="were read"):  # a name no built-in has: only the plugins can tell
        "adoc" in RENDERER_NAMES  # noqa: B015


def test_a_broken_plugin_is_one_line_naming_it_and_its_distribution(install, caplog, stores):
    install("hikaku-broken", BROKEN, {"hikaku_broken_parts": BROKEN_PARTS})
    with caplog.at_level(logging.WARNING, logger="hikaku.system.plugins"):
        assert "broken" not in output_formats() and "odd" not in LOADERS  # left out of the lists …
        assert "broken" not in list(RENDERERS)  # … warned about once
    warned = [r.getMessage() for r in caplog.records]
    assert warned == [
        "plugin 'broken' of hikaku.renderers (distribution hikaku-broken 0.1): cannot be loaded "
        "(hikaku_missing_module:FORMAT): ModuleNotFoundError: No module named 'hikaku_missing_module'; it is left out",
        "plugin 'odd' of hikaku.loaders (distribution hikaku-broken 0.1): names a str, not a "
        "hikaku.loaders.LoaderInfo; it is left out",
    ]
    with pytest.raises(PluginError, match=r"^plugin 'broken' of hikaku.renderers \(distribution hikaku-broken 0.1\)"):
        renderer("broken")  # asked for by name: its error
    with pytest.raises(PluginError, match=r"plugin 'quiet_tool' of hikaku.tools \(distribution hikaku-broken 0.1\): "
                                          r"tool quiet_tool .* parameter\(s\) n of QuietParams have no description"):
        build_registry(stores, ["string_search_tool", "quiet_tool"])
    with pytest.raises(PluginError, match="its factory made a object, not a hikaku.index.VectorStore"):
        DocumentIndex(vector_store_provider="nothing")
    # the built-ins work as ever
    assert build_registry(stores).names == list(TOOLS.builtin)
    assert renderer("md").name == "md" and LOADERS["markdown"].name == "markdown"


def test_the_command_line_says_a_broken_plugin_in_one_line_and_compares_without_it(install, tmp_path):
    install("hikaku-broken", BROKEN, {"hikaku_broken_parts": BROKEN_PARTS})
    done = cli("compare", str(V1), str(V2), "-f", "broken", home=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        "hikaku: error: plugin 'broken' of hikaku.renderers (distribution hikaku-broken 0.1): cannot be loaded "
        "(hikaku_missing_module:FORMAT): ModuleNotFoundError: No module named 'hikaku_missing_module'"]
    done = cli("compare", str(V1), str(V2), "--embedding", "hashing", "--tools", "string_search_tool,quiet_tool",
               home=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("hikaku: error: plugin 'quiet_tool' of hikaku.tools (distribution hikaku-broken 0.1)")
    done = cli("compare", str(V1), str(V2), "--embedding", "hashing", home=tmp_path)  # the built-ins only
    assert done.returncode == 0 and done.stderr == "" and "| 第6条（試用期間） |" in done.stdout


def test_a_plugin_cannot_take_a_built_in_name_and_two_cannot_share_one(install, caplog):
    install("hikaku-taker", {"hikaku.renderers": {"md": "hikaku_taker:FORMAT", "twin": "hikaku_taker:FORMAT"}},
            {"hikaku_taker": "from hikaku.renderers import RendererInfo\n"
                             "FORMAT = RendererInfo('twin', 'hikaku_taker', ('.twin',))\n"})
    install("hikaku-other", {"hikaku.renderers": {"twin": "hikaku_taker:FORMAT"}})
    with caplog.at_level(logging.WARNING, logger="hikaku.system.plugins"):
        names = output_formats()
    assert names == ("md", "json", "csv", "html", "xlsx", "docx")
    assert sorted(r.getMessage() for r in caplog.records) == [
        "hikaku.renderers 'twin' is declared by hikaku-taker 0.1 and hikaku-other 0.1; uninstall one of them",
        "plugin 'md' of hikaku.renderers (distribution hikaku-taker 0.1): takes the name of a built-in of hikaku; "
        "it is left out",
    ]
    assert renderer("md").module == "hikaku.renderers.markdown"
    with pytest.raises(PluginError, match="'twin' is declared by hikaku-taker 0.1 and hikaku-other 0.1"):
        renderer("twin")


def test_a_plugins_failure_in_its_own_code_names_it(install, tmp_path, hashing_embedder):
    install("hikaku-faulty", {"hikaku.loaders": {"faulty": "hikaku_faulty:FORMAT"},
                              "hikaku.renderers": {"faulty": "hikaku_faulty:REPORT"}}, {"hikaku_faulty": '''
        from hikaku import InvalidDocumentError
        from hikaku.loaders import LoaderInfo
        from hikaku.renderers import RendererInfo

        FORMAT = LoaderInfo("faulty", "hikaku_faulty", (".faulty",), text=True)
        REPORT = RendererInfo("faulty", "hikaku_faulty", (".faulty",))

        def load(request):
            if request.path.read_text().strip() == "malformed":
                raise InvalidDocumentError(f"{request.label}: line 1: malformed")  # the plugin's own message
            return {}["chunks"]

        def render(result, options):
            return 1 / 0
    '''})
    bad = tmp_path / "x.faulty"
    bad.write_text("fine", encoding="utf-8")
    with pytest.raises(PluginError, match=r"^plugin 'faulty' of hikaku.loaders \(distribution hikaku-faulty 0.1\): "
                                          r"reading .*x.faulty failed: KeyError: 'chunks'$"):
        load_document(bad)
    bad.write_text("malformed", encoding="utf-8")
    with pytest.raises(HikakuError, match="x.faulty: line 1: malformed") as e:  # the plugin's own message passes
        load_document(bad)
    assert not isinstance(e.value, PluginError)
    result = compare(V1, V2, embedder=hashing_embedder)
    with pytest.raises(PluginError, match=r"plugin 'faulty' of hikaku.renderers .*: rendering failed: "
                                          r"ZeroDivisionError: division by zero"):
        render(result, "faulty")
