"""The agent's prompts, read from the template files in ``hikaku/prompts``.

Templates use ``$name`` placeholders (:class:`string.Template`), so that braces in
document text need no escaping.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from string import Template
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..tools import ToolSpec

__all__ = ["load_template", "render", "tool_descriptions"]


@cache
def load_template(name: str, lang: str) -> Template:
    text = files("hikaku").joinpath("prompts", f"{name}.{lang}.txt").read_text(encoding="utf-8")
    return Template(text)


def render(name: str, lang: str, **values: object) -> str:
    return load_template(name, lang).substitute({k: str(v) for k, v in values.items()})


def tool_descriptions(tools: Sequence[ToolSpec], lang: str) -> str:
    """The seeds' numbered list of the enabled tools, each entry as the tool declares it
    (``ToolSpec.prompt_entry``: the five built in have theirs in ``agent_tools.{lang}.txt``)."""
    return "\n\n".join(f"{k}. {spec.prompt_entry(lang)}" for k, spec in enumerate(tools, start=1))
