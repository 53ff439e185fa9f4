"""Lazy re-exports for a package's ``__init__``: a name is imported from its module on first
use and then kept in the package's namespace (``hikaku --version`` and the packages' light
users import nothing heavy)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

__all__ = ["load"]


def load(package: str, lazy: Mapping[str, str], name: str, namespace: dict[str, Any]) -> Any:
    """The value of *name* for the module-level ``__getattr__`` of *package*: imported from the
    (relative) module *lazy* names for it, then stored in *namespace* (the package's globals)."""
    module = lazy.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, package), name)
    namespace[name] = value
    return value
