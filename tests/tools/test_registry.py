import pytest

from hikaku import ConfigurationError
from hikaku.tools import TOOL_NAMES, build_registry


def test_all_five_tools_by_default(registry):
    assert registry.names == list(TOOL_NAMES) == [
        "string_search_tool", "vector_similarity_tool", "get_context_tool_a", "get_context_tool_b",
        "get_adjacent_chunks_tool",
    ]


def test_enabled_tools_from_config(stores):
    reg = build_registry(stores, ["get_context_tool_a", "string_search_tool"])
    assert reg.names == ["get_context_tool_a", "string_search_tool"]
    r = reg.execute("vector_similarity_tool", query_text="x", document_id="B")
    assert not r.success and "unknown or disabled tool 'vector_similarity_tool'" in r.error
    assert reg.calls["vector_similarity_tool"] == 1


def test_unknown_tool_is_a_failed_result_not_an_exception(registry):
    r = registry.execute("web_search", query="x")
    assert not r.success and r.tool_name == "web_search" and "unknown" in r.error


def test_unknown_name_in_config_is_a_clear_error(stores):
    with pytest.raises(ConfigurationError, match="unknown tool.*rag_search"):
        build_registry(stores, ["rag_search"])


def test_listener_and_counts(stores):
    seen = []
    reg = build_registry(stores, listener=lambda name, args, result: seen.append((name, args, result.success)))
    reg.execute("get_context_tool_a", chunk_id="a1")
    reg.execute("get_context_tool_a", chunk_id="nope")
    assert seen == [("get_context_tool_a", {"chunk_id": "a1"}, True), ("get_context_tool_a", {"chunk_id": "nope"}, False)]
    assert reg.calls["get_context_tool_a"] == 2


def test_langchain_tools(registry):
    tools = {t.name: t for t in registry.as_langchain_tools()}
    assert set(tools) == set(TOOL_NAMES)
    schema = tools["vector_similarity_tool"].args
    assert schema["threshold"]["default"] == 0.7 and schema["max_results"]["default"] == 5
    out = tools["string_search_tool"].invoke({"pattern": "手術", "document_id": "B"})
    assert out["success"] and out["output"][0]["id"] == "b3"
    assert "regular expression" in tools["string_search_tool"].description
    bad = tools["get_adjacent_chunks_tool"].invoke({"chunk_id": "b1", "document_id": "B", "direction": "next", "count": 2})
    assert [o["id"] for o in bad["output"]] == ["b2", "b3"]
