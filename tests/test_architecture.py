"""The structure of the package: no import cycles between modules, and the rooms of
docs/architecture.md layered (imports only go down; the contract is in pyproject.toml
and `lint-imports` checks it too)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        component.append(m)
                        if m == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return out


def test_no_import_cycles():
    graph = grimp.build_graph("hikaku", cache_dir=None)
    assert len(graph.modules) > 50  # the whole package was read
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle(tmp_path, monkeypatch):
    pkg = tmp_path / "loopy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")  # a function-level import counts too
    (pkg / "c.py").write_text("from . import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _cycles(grimp.build_graph("loopy", cache_dir=None)) == [["loopy.a", "loopy.b"]]


def test_rooms_are_layered():
    done = subprocess.run([str(Path(sys.executable).parent / "lint-imports")], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


TOP_LEVEL = {"__init__.py", "__main__.py", "_version.py", "_exceptions.py"}


def _room(module: str) -> str:
    return module.split(".")[1] if module.count(".") else ""


def reaching_inside(graph: grimp.ImportGraph, package: str) -> list[tuple[str, str]]:
    """Imports of one room's module by another room (``from ..align.planner import …``) —
    other rooms import a room through its package (``from ..align import …``), its
    ``__init__``'s ``__all__``; the top level's two private modules excepted."""
    out = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            if not imported.startswith(package + ".") or imported.count(".") < 2:
                continue
            if _room(importer) != _room(imported):
                out.append((importer, imported))
    return out


def test_the_top_level_holds_only_the_package_files():
    top = {p.name for p in (ROOT / "src" / "hikaku").glob("*.py")}
    assert top == TOP_LEVEL


def test_modules_in_rooms_follow_one_naming_convention():
    """Inside a room no module is marked private by a leading underscore: what the room offers
    the others is what its package exports, whatever the module it lives in."""
    marked = [str(p.relative_to(ROOT)) for p in (ROOT / "src" / "hikaku").glob("*/**/_*.py")
              if p.name not in ("__init__.py", "__main__.py")]
    assert marked == []


def test_other_rooms_import_a_room_through_its_package():
    assert reaching_inside(grimp.build_graph("hikaku", cache_dir=None), "hikaku") == []


def test_reaching_inside_finds_an_import_of_another_rooms_module(tmp_path, monkeypatch):
    pkg = tmp_path / "house"
    for room in ("low", "high"):
        (pkg / room).mkdir(parents=True)
        (pkg / room / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "low" / "__init__.py").write_text("from .inner import X\n")
    (pkg / "low" / "inner.py").write_text("X = 1\n")
    (pkg / "low" / "sibling.py").write_text("from .inner import X\n")  # inside its own room: fine
    (pkg / "high" / "ok.py").write_text("from ..low import X\n")  # the room's package: fine
    (pkg / "high" / "bad.py").write_text("from ..low.inner import X\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert reaching_inside(grimp.build_graph("house", cache_dir=None), "house") == [("house.high.bad", "house.low.inner")]
