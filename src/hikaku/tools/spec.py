"""What a tool declares of itself, checked: a tool class is its own schema, as pydantic-ai and
LangChain derive a tool from a function — the name (``name``), the description (the class
docstring: what an LLM reads of the tool), the arguments (``Params``: a Pydantic model, every
field with a description), the one document it reads when its arguments name none
(``document``), and where its entry in the agent's list of tools is written in each language
(``prompt_file``; without one, the list shows its name and description).

A tool that does not describe itself is an error when a registry is built (start-up), never a
tool an LLM is given without words or that a prompt silently leaves out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from pydantic import BaseModel

from .._exceptions import ConfigurationError

__all__ = ["PROMPT_LANGS", "ToolSpec", "declaration", "description_of"]

PROMPT_LANGS = ("ja", "en")  # the languages of hikaku's prompts (prompts/agent_*.{ja,en}.txt)
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")  # what chat APIs take as a function name
_PROMPT_FILE = re.compile(r"^(?P<package>[\w.]+):(?P<path>[^:]*\{lang\}[^:]*)$")


@dataclass(frozen=True)
class ToolSpec:
    """A tool's declaration, checked (:func:`declaration`)."""

    name: str
    description: str  # the class docstring on one line
    params: type[BaseModel]
    document: str | None = None  # "A" or "B": the one document it reads (its arguments name none)
    prompt_file: str | None = None  # "package:path/with/{lang}.txt": its entry in the agent's list of tools

    @property
    def parameters(self) -> dict[str, Any]:
        """The arguments' JSON schema."""
        return self.params.model_json_schema()

    def prompt_entry(self, lang: str) -> str:
        """Its entry in the agent's list of tools in *lang* (``hikaku.agent.prompts``): the
        block under its name in its prompt file, else its name and description."""
        if self.prompt_file is None:
            return f"{self.name}\n   - {self.description}"
        blocks = _prompt_blocks(self.prompt_file, lang)
        entry = blocks.get(self.name)
        if entry is None:
            raise ConfigurationError(f"tool {self.name}: no entry under its name in {_where(self.prompt_file, lang)}")
        return entry


def _where(prompt_file: str, lang: str) -> str:
    return prompt_file.replace("{lang}", lang)


@cache
def _prompt_blocks(prompt_file: str, lang: str) -> dict[str, str]:
    """The blocks of a prompt file (separated by blank lines), each under its first line: the
    tool's name."""
    m = _PROMPT_FILE.match(prompt_file)
    assert m is not None  # checked by declaration()
    try:
        text = files(m["package"]).joinpath(m["path"].replace("{lang}", lang)).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as e:
        raise ConfigurationError(f"cannot read {_where(prompt_file, lang)}: {e}") from None
    blocks: dict[str, str] = {}
    for block in text.strip().split("\n\n"):
        name, _, body = block.strip("\n").partition("\n")
        if name.strip() and body.strip():
            blocks[name.strip()] = body
    return blocks


def description_of(cls: type) -> str:
    """The class's own docstring on one line (a subclass does not inherit its parent's words)."""
    return " ".join((cls.__dict__.get("__doc__") or "").split())


@cache
def declaration(cls: type) -> ToolSpec:
    """The declaration of the tool class *cls* (a ``BaseTool``); ConfigurationError naming what is missing: a
    name, a description, a Pydantic ``Params`` model, a description of each parameter, a prompt
    file with its entry in each language of hikaku's prompts."""
    what = f"tool class {cls.__module__}.{cls.__qualname__}"
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not _NAME.match(name):
        raise ConfigurationError(f"{what}: its name must be a word of letters, digits and _ (at most 64), "
                                 f"such as 'term_count_tool'; got {name!r}")
    what = f"tool {name} ({cls.__module__}.{cls.__qualname__})"
    description = description_of(cls)
    if not description:
        raise ConfigurationError(f"{what} has no description: write its docstring (what an LLM reads of the tool)")
    params = getattr(cls, "Params", None)
    if not (isinstance(params, type) and issubclass(params, BaseModel)):
        raise ConfigurationError(f"{what}: Params must be a pydantic BaseModel of its arguments; got {params!r}")
    undescribed = [f for f, info in params.model_fields.items() if not (info.description or "").strip()]
    if undescribed:
        raise ConfigurationError(f"{what}: parameter(s) {', '.join(undescribed)} of {params.__qualname__} have no "
                                 f"description: Field(description=...) says the LLM what to give")
    document = getattr(cls, "document", None)
    if document not in (None, "A", "B"):
        raise ConfigurationError(f"{what}: document must be 'A', 'B' or None; got {document!r}")
    prompt_file = getattr(cls, "prompt_file", None)
    if prompt_file is not None and not (isinstance(prompt_file, str) and _PROMPT_FILE.match(prompt_file)):
        raise ConfigurationError(f"{what}: prompt_file must be 'package:path/with/{{lang}}.txt'; got {prompt_file!r}")
    spec = ToolSpec(name, description, params, document, prompt_file)
    for lang in PROMPT_LANGS if prompt_file is not None else ():
        spec.prompt_entry(lang)
    return spec
