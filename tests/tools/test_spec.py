"""A tool declares itself — name, description, every argument described, its entry in the
agent's list of tools — and one that does not is an error when a registry is built."""

from __future__ import annotations

from importlib.resources import files

import pytest
from pydantic import BaseModel, Field

from hikaku import ConfigurationError
from hikaku.agent.prompts import tool_descriptions
from hikaku.tools import BaseTool, GetContextToolA, GetContextToolB, ToolRegistry, declaration


class Described(BaseModel):
    term: str = Field(description="What to look for.")


def tool(name="probe_tool", doc="Look for a term.", params=Described, **attrs):
    body = {"name": name, "Params": params, "_run": lambda self, p: ([], [], 0), "__doc__": doc, "__module__": __name__,
            **attrs}
    return type("ProbeTool", (BaseTool,), body)


def test_a_described_tool_declares_its_schema():
    spec = declaration(tool())
    assert (spec.name, spec.description, spec.document, spec.prompt_file) == ("probe_tool", "Look for a term.", None,
                                                                              None)
    assert spec.parameters["properties"]["term"]["description"] == "What to look for."
    assert spec.prompt_entry("ja") == "probe_tool\n   - Look for a term."  # no entry of its own: name and words


@pytest.mark.parametrize("attrs, message", [
    ({"doc": None}, "tool probe_tool (tests.tools.test_spec.ProbeTool) has no description: write its docstring"),
    ({"doc": "  \n  "}, "has no description"),
    ({"params": type("Bare", (BaseModel,), {"__annotations__": {"term": str, "n": int},
                                            "n": Field(default=1, description="How many.")})},
     "parameter(s) term of Bare have no description"),
    ({"name": "two words"}, "its name must be a word of letters, digits and _"),
    ({"name": None}, "its name must be a word"),
    ({"params": dict}, "Params must be a pydantic BaseModel"),
    ({"document": "C"}, "document must be 'A', 'B' or None"),
    ({"prompt_file": "hikaku:prompts/agent_tools.txt"}, "prompt_file must be 'package:path/with/{lang}.txt'"),
    ({"prompt_file": "hikaku:prompts/agent_tools.{lang}.txt"},
     "tool probe_tool: no entry under its name in hikaku:prompts/agent_tools.ja.txt"),
    ({"prompt_file": "hikaku:prompts/nothing.{lang}.txt"}, "cannot read hikaku:prompts/nothing.ja.txt"),
])
def test_an_undescribed_tool_is_an_error_when_the_registry_is_built(attrs, message):
    cls = tool(**attrs)
    registry = ToolRegistry()
    with pytest.raises(ConfigurationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        registry.register(cls())
    assert registry.names == []


def test_the_context_tools_are_one_class_per_document():
    a, b = declaration(GetContextToolA), declaration(GetContextToolB)
    assert (a.name, a.document, b.name, b.document) == ("get_context_tool_a", "A", "get_context_tool_b", "B")
    assert a.description.endswith("Works on document A (the old version, 比較元).")
    assert b.description.endswith("Works on document B (the new version, 比較先).")
    assert a.parameters == b.parameters


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_prompts_list_of_tools_is_the_seeds_from_the_declarations(registry, lang):
    """The five built-in tools' entries are the blocks of prompts/agent_tools.{lang}.txt, numbered
    in the order the tools are enabled."""
    text = files("hikaku").joinpath("prompts", f"agent_tools.{lang}.txt").read_text(encoding="utf-8")
    blocks = {b.split("\n", 1)[0]: b.split("\n", 1)[1] for b in text.strip().split("\n\n")}
    listed = tool_descriptions(registry.declarations(), lang)
    assert listed == "\n\n".join(f"{k}. {blocks[n]}" for k, n in enumerate(registry.names, start=1))
    assert listed.startswith("1. 文字列検索ツール (string_search_tool)\n   - 機能:" if lang == "ja" else
                             "1. String search (string_search_tool)\n   - Finds")
