"""The agent's prompts, read from the template files in ``hikaku/prompts``.

Templates use ``$name`` placeholders (:class:`string.Template`), so that braces in
document text need no escaping.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from string import Template

__all__ = ["load_template", "render", "tool_descriptions"]


@cache
def load_template(name: str, lang: str) -> Template:
    text = files("hikaku").joinpath("prompts", f"{name}.{lang}.txt").read_text(encoding="utf-8")
    return Template(text)


def render(name: str, lang: str, **values: object) -> str:
    return load_template(name, lang).substitute({k: str(v) for k, v in values.items()})


def tool_descriptions(enabled: list[str], lang: str) -> str:
    """The seeds' numbered list of tools, limited to the enabled ones."""
    blocks: dict[str, str] = {}
    for block in load_template("agent_tools", lang).template.strip().split("\n\n"):
        name, _, body = block.partition("\n")
        blocks[name.strip()] = body
    return "\n\n".join(f"{k}. {blocks[n]}" for k, n in enumerate((n for n in enabled if n in blocks), start=1))
