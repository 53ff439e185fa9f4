"""Which files an MCP client may have hikaku read: those inside the server's roots.

Every path is resolved, symbolic links included, before it is checked, so that neither
``..`` nor a link inside a root reaches a file outside; a relative path is relative to
the first root.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from .._exceptions import ConfigurationError, InputError

__all__ = ["Roots", "PathOutsideRootsError"]


class PathOutsideRootsError(InputError):
    """A path that resolves outside every root of the server."""


class Roots:
    """The directories an MCP client may read from (default: the current directory)."""

    def __init__(self, roots: Iterable[str | os.PathLike[str]] = ()) -> None:
        resolved: list[Path] = []
        for r in list(roots) or [Path.cwd()]:
            p = Path(r).expanduser().resolve()
            if not p.is_dir():
                raise ConfigurationError(f"--root {r}: no such directory")
            if p not in resolved:
                resolved.append(p)
        self.paths = tuple(resolved)

    def __str__(self) -> str:
        return ", ".join(str(p) for p in self.paths)

    def resolve(self, path: str) -> Path:
        """*path* resolved (links followed) if it lies inside a root; else PathOutsideRootsError.
        Messages name the path as the client gave it (cut when long), never a path of the server."""
        if not isinstance(path, str) or not path.strip():
            raise InputError("give a path")
        if "\x00" in path:
            raise InputError("a path cannot hold a NUL character")
        shown = _shown(path)
        p = Path(path.strip()).expanduser()
        if not p.is_absolute():
            p = self.paths[0] / p
        try:
            real = p.resolve()
        except RuntimeError:  # a symlink loop
            raise InputError(f"{shown}: cannot resolve the path: a loop of symbolic links") from None
        except (OSError, ValueError) as e:
            raise InputError(f"{shown}: cannot resolve the path: {_reason(e)}") from None
        if not any(real == root or real.is_relative_to(root) for root in self.paths):
            raise PathOutsideRootsError(
                f"{shown}: outside the directories this server may read (its operator allows another with "
                "hikaku mcp --root DIR)"
            )
        try:
            os.stat(real)
        except FileNotFoundError:
            pass  # the loader names it: no such file
        except (OSError, ValueError) as e:  # a name too long, a directory that may not be read …
            raise InputError(f"{shown}: {_reason(e)}") from None
        return real

    def relative(self, real: Path) -> str:
        """How a client names *real* (a path :meth:`resolve` gave): relative to the root that holds it."""
        for root in self.paths:
            if real == root or real.is_relative_to(root):
                return real.relative_to(root).as_posix() or "."
        raise PathOutsideRootsError(f"{real.name}: outside the directories this server may read")

    def hide(self, message: str) -> str:
        """*message* with every root's path left out (``ROOT/sub/a.md`` → ``sub/a.md``): what a client
        is told never shows where the server keeps its files."""
        for root in sorted(self.paths, key=lambda r: len(str(r)), reverse=True):
            message = message.replace(f"{root}{os.sep}", "").replace(str(root), ".")
        return message


def _shown(path: str, most: int = 120) -> str:
    """A client's path as messages show it: at most *most* characters."""
    path = path.strip()
    return path if len(path) <= most else path[:most - 1] + "…"


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror[0].lower() + e.strerror[1:]
    if isinstance(e, UnicodeError):
        return "not a valid file name (it is not text the system can encode)"
    return str(e).split(":")[0]
