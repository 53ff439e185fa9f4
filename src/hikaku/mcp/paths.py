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
        """*path* resolved (links followed) if it lies inside a root; else PathOutsideRootsError."""
        if not isinstance(path, str) or not path.strip():
            raise InputError("give a path")
        if "\x00" in path:
            raise InputError("a path cannot hold a NUL character")
        p = Path(path.strip()).expanduser()
        if not p.is_absolute():
            p = self.paths[0] / p
        try:
            real = p.resolve()
        except (OSError, RuntimeError) as e:  # a symlink loop
            raise InputError(f"{path}: cannot resolve the path: {e}") from None
        if not any(real == root or real.is_relative_to(root) for root in self.paths):
            raise PathOutsideRootsError(
                f"{path}: outside the directories this server may read ({self}); start hikaku mcp with "
                "--root DIR to allow another directory"
            )
        return real
