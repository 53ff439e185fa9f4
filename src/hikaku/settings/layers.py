"""Settings resolved from their layers: arguments > environment ``HIKAKU_*`` > the
user's ``config.toml`` > defaults.

The user directory is ``$HIKAKU_HOME`` if set, else ``$XDG_CONFIG_HOME/hikaku`` or
``~/.config/hikaku``; its ``config.toml`` may hold the same keys as the options,
at top level or under ``[compare]``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .._exceptions import ConfigurationError

__all__ = ["user_dir", "config_file", "file_values", "env_values", "validated"]

M = TypeVar("M", bound=BaseModel)


def user_dir() -> Path:
    home = os.environ.get("HIKAKU_HOME")
    if home:
        return Path(home).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "hikaku"


def config_file() -> Path:
    """The user's configuration file, ``config.toml`` in :func:`user_dir` (it may not exist)."""
    return user_dir() / "config.toml"


def file_values(model: type[BaseModel]) -> dict[str, Any]:
    """The fields of *model* set in the user's ``config.toml`` (top level or ``[compare]``)."""
    path = config_file()
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as e:
        raise ConfigurationError(f"{path}: cannot read the configuration: {e}") from None
    table = data.get("compare", data)
    return {k: v for k, v in table.items() if k in model.model_fields}


def env_values(model: type[BaseModel], environ: Mapping[str, str]) -> dict[str, Any]:
    """The fields of *model* set in the environment as ``HIKAKU_<FIELD>`` (empty: unset)."""
    out: dict[str, Any] = {}
    for name in model.model_fields:
        value = environ.get(f"HIKAKU_{name.upper()}")
        if value is not None and value != "":
            out[name] = value
    return out


def validated(model: type[M], values: Mapping[str, Any], what: str) -> M:
    """``model(**values)``, a validation error turned into one ConfigurationError line."""
    try:
        return model(**values)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}" for err in e.errors())
        raise ConfigurationError(f"invalid {what}: {problems}") from None
