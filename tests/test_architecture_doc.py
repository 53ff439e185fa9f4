"""docs/architecture.md names what exists: every module path (`align/planner.py`, `loaders/pdf/`,
`agent/base.py:AgentPolicy`), dotted name (`hikaku.workflow.build_graph`, `changes.build_change`,
`DocumentIndex.index_document`) and file of the repository (`tests/fakes.py`) it mentions in code spans
is found in the code — a newcomer follows the map, so a room or name that moved must not stay on it."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "hikaku"
DOC = ROOT / "docs" / "architecture.md"
_TOP_DIRS = ("src/", "tests/", "bench/", "docs/", "scripts/", "examples/", ".ci/")
_SPAN = re.compile(r"`([^`\n]+)`")
_PATHLIKE = re.compile(r"^[\w.{},*|/-]+(?::\w+)?$")
_DOTTED = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\(\))?$")


@functools.cache
def _rooms() -> frozenset[str]:
    return frozenset(p.name for p in SRC.iterdir() if (p / "__init__.py").is_file())


@functools.cache
def _definitions(path: Path) -> frozenset[str]:
    """Names a module defines or imports at its top level, and the names of its classes' members."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            names.update(t.attr for t in node.targets if isinstance(t, ast.Attribute))
        elif isinstance(node, ast.AnnAssign):
            if isinstance(node.target, ast.Name):
                names.add(node.target.id)
            elif isinstance(node.target, ast.Attribute):
                names.add(node.target.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    for node in tree.body:  # a package's names imported on first use: __all__
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            names.update(e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return frozenset(names)


@functools.cache
def _classes() -> dict[str, frozenset[str]]:
    """Every class of the package, with the names its body defines (methods, fields, attributes)."""
    out: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                members = out.setdefault(node.name, set())
                for item in ast.walk(node):
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        members.add(item.name)
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        members.add(item.target.id)
                    elif isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Store):
                        members.add(item.attr)
                    elif isinstance(item, ast.Assign):
                        members.update(t.id for t in item.targets if isinstance(t, ast.Name))
    return {k: frozenset(v) for k, v in out.items()}


def _expand(path: str) -> list[str]:
    """``prompts/agent_system.{ja,en}.txt`` → both files; ``a|b|c`` after a directory → each."""
    m = re.search(r"\{([^{}]+)\}", path)
    if m:
        return [x for alt in m.group(1).split(",") for x in _expand(path[:m.start()] + alt + path[m.end():])]
    if "|" in path:
        head, _, rest = path.rpartition("/")
        return [f"{head}/{alt}" if head else alt for alt in rest.split("|")]
    return [path]


def _module_file(dotted: str) -> Path | None:
    """The file of module ``hikaku.a.b`` (a package's ``__init__.py``), or None."""
    parts = dotted.split(".")[1:]
    base = SRC.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _has_name(module: Path, name: str) -> bool:
    if name in _definitions(module):
        return True
    submodule = module.parent / name
    return module.name == "__init__.py" and (submodule.with_suffix(".py").is_file() or (submodule / "__init__.py").is_file())


def problem(span: str) -> str | None:
    """Why *span* names nothing in the repository, or None (found, or not a name of the repository)."""
    text = span.strip().removesuffix("()")
    if " " in text or text.startswith(("http", "-", ".")) or text.endswith((".toml", ".json", ".sqlite", ".md")) and "/" not in text:
        return None
    if "/" in text or text.endswith(".py"):
        if not _PATHLIKE.match(text) or text.startswith(("hikaku.comparison/", "hikaku.decisions/")):
            return None
        path, _, name = text.partition(":")
        for one in _expand(path):
            found = _find_path(one)
            if found is None:
                return f"no file or folder {one}"
            if name and (found.is_dir() or not _has_name(found, name)):
                return f"{one} defines no {name}"
        return None
    if _DOTTED.match(text):
        return _dotted_problem(text)
    return None


def _find_path(path: str) -> Path | None:
    """*path* as written: from the repository's top for ``tests/…``, ``bench/…``; in the package
    otherwise (``align/planner.py``, ``loaders/pdf/``, ``room/name`` for a room's name); a bare file
    name anywhere in the package."""
    if "*" in path:
        base = ROOT if path.startswith(_TOP_DIRS) else SRC
        return next(iter(base.glob(path)), None)
    if path.startswith(_TOP_DIRS):
        p = ROOT / path
        return p if p.exists() else None
    p = SRC / path.rstrip("/")
    if p.exists():
        return p
    # a path the text gives from its room (`static/` of web/, `use/windows.py` of embeddings/), a
    # prompt by its name (`prompts/agent_loop`: agent_loop.ja.txt, agent_loop.en.txt)
    found = next(iter(SRC.rglob(path.rstrip("/"))), None) or next(iter(SRC.glob(path + ".*")), None)
    if found is not None or "/" not in path:
        return found
    head, _, tail = path.rstrip("/").rpartition("/")  # embeddings/get_embedder: a room's name
    module = _module_file("hikaku." + head.replace("/", "."))
    return module if module is not None and _has_name(module, tail) else None


def _dotted_problem(text: str) -> str | None:
    parts = text.split(".")
    if parts[0] == "hikaku":
        for k in range(len(parts), 0, -1):
            module = _module_file(".".join(parts[:k]))
            if module is not None:
                rest = parts[k:]
                if not rest or _has_name(module, rest[0]):
                    return None
                return f"{'.'.join(parts[:k])} has no {rest[0]}"
        return f"no module {text}"
    if parts[0] in _rooms():
        for k in range(len(parts), 0, -1):
            module = _module_file("hikaku." + ".".join(parts[:k]))
            if module is not None:
                rest = parts[k:]
                if not rest or _has_name(module, rest[0]):
                    return None
                return f"{'.'.join(parts[:k])} has no {rest[0]}"
    if parts[0][:1].isupper() and parts[0] in _classes():
        return None if parts[1] in _classes()[parts[0]] else f"class {parts[0]} has no {parts[1]}"
    if parts[0][:1].isupper() and re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]*)+", parts[0]):
        return f"no class {parts[0]}"  # CamelCase, as hikaku's classes are named
    return None


def test_every_module_path_and_name_the_architecture_mentions_exists():
    spans = _SPAN.findall(DOC.read_text(encoding="utf-8"))
    assert len(spans) > 100  # the whole document was read
    missing = {s: p for s in dict.fromkeys(spans) if (p := problem(s))}
    assert missing == {}


def test_the_check_finds_what_moved():
    assert problem("align/planner.py") is None and problem("loaders/pdf/") is None
    assert problem("agent/base.py:AgentPolicy") is None and problem("hikaku.workflow.build_graph") is None
    assert problem("changes.build_change") is None and problem("tests/fakes.py") is None
    assert problem("_compare.py") == "no file or folder _compare.py"
    assert problem("align/_rows.py") == "no file or folder align/_rows.py"
    assert problem("agent/base.py:NoSuchPolicy") == "agent/base.py defines no NoSuchPolicy"
    assert problem("hikaku.workflow.no_such_name") == "hikaku.workflow has no no_such_name"
    assert problem("DocumentIndex.no_such_method") == "class DocumentIndex has no no_such_method"
    assert problem("gc.freeze") is None and problem("config.toml") is None  # not the repository's names
