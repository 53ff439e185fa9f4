"""The roots of the MCP server: paths are resolved, links followed, and anything outside
is refused."""

import os

import pytest

from hikaku import ConfigurationError, InputError
from hikaku.mcp import PathOutsideRootsError, Roots


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.md").write_text("# a\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# secret\n", encoding="utf-8")
    os.symlink(outside / "secret.md", root / "link.md")  # a link inside the root to a file outside
    os.symlink(outside, root / "dirlink")
    os.symlink(root / "sub" / "a.md", root / "inner.md")  # a link that stays inside
    return root, outside


def test_inside_the_root(tree):
    root, _ = tree
    roots = Roots([root])
    assert roots.resolve("sub/a.md") == (root / "sub" / "a.md").resolve()  # relative to the first root
    assert roots.resolve(str(root / "sub" / "a.md")) == (root / "sub" / "a.md").resolve()
    assert roots.resolve("inner.md") == (root / "sub" / "a.md").resolve()
    assert roots.resolve("sub/../sub/a.md") == (root / "sub" / "a.md").resolve()


@pytest.mark.parametrize("path", ["../outside/secret.md", "link.md", "dirlink/secret.md", "/etc/passwd",
                                  "sub/../../outside/secret.md"])
def test_outside_the_root_is_refused(tree, path):
    root, _ = tree
    with pytest.raises(PathOutsideRootsError, match="outside the directories this server may read"):
        Roots([root]).resolve(path)


def test_several_roots_and_the_default(tree, tmp_path, monkeypatch):
    root, outside = tree
    roots = Roots([root, outside])
    assert roots.resolve(str(outside / "secret.md")) == (outside / "secret.md").resolve()
    assert roots.resolve("link.md") == (outside / "secret.md").resolve()  # now inside a root
    monkeypatch.chdir(root)
    assert Roots().paths == (root.resolve(),)
    with pytest.raises(ConfigurationError, match="no such directory"):
        Roots([tmp_path / "nope"])
    with pytest.raises(InputError, match="give a path"):
        Roots([root]).resolve("  ")


def test_messages_name_the_clients_path_never_the_servers(tree, tmp_path):
    root, outside = tree
    roots = Roots([root, outside])
    for path in ("../../elsewhere.md", "/etc/passwd"):
        with pytest.raises(PathOutsideRootsError) as e:
            roots.resolve(path)
        assert str(e.value).startswith(f"{path}: outside the directories this server may read")
        assert str(root) not in str(e.value) and str(outside) not in str(e.value)  # the roots are not listed
    os.symlink(root / "loop", root / "loop")
    for path, said in (("a" * 5000 + ".md", "file name too long"), ("loop", "loop of symbolic links")):
        with pytest.raises(InputError, match=said) as e:
            roots.resolve(path)
        message = str(e.value)
        assert str(tmp_path) not in message and len(message) < 200 and "\n" not in message, message
    assert roots.relative(roots.resolve("sub/a.md")) == "sub/a.md"
    assert roots.relative(roots.resolve(str(outside / "secret.md"))) == "secret.md"
    assert roots.relative(roots.resolve(str(root))) == "."
    hidden = roots.hide(f"internal error: OSError: [Errno 5] {root / 'sub' / 'a.md'} and {outside}")
    assert hidden == "internal error: OSError: [Errno 5] sub/a.md and ."
