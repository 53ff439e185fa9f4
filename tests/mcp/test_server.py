"""The MCP server in process, through the SDK's own client: the tools over a loaded pair
are the comparison's tools (same results as a registry built the same way), every
error is a tool error with a clear message, the last report is a resource."""

import json
import os
import shutil

import pytest
from mcp import Client, MCPError

import hikaku
from hikaku.align import load_calibration
from hikaku.index import DocumentIndex
from hikaku.mcp import REPORT_JSON_URI, REPORT_URI, HikakuService, Roots, build_server
from hikaku.tools import DocumentStore, StoreSet, build_registry

from ..helpers import EXAMPLES


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "root"
    r.mkdir()
    shutil.copy(EXAMPLES / "shugyo_kisoku_v1.md", r / "v1.md")
    shutil.copy(EXAMPLES / "shugyo_kisoku_v2.md", r / "v2.md")
    return r


@pytest.fixture
def service(root, hashing_embedder, bigram):
    return HikakuService(Roots([root]), max_pairs=2, embedder=hashing_embedder, tokenizer=bigram)


def text(result):
    return result.content[0].text


async def test_the_tools_of_a_loaded_pair_are_the_comparisons(service, root, hashing_embedder, bigram):
    # the same sides, built as a comparison builds them (named by their paths relative to the root)
    docs = [hikaku.load_document(root / f, id_prefix=p, name=f) for f, p in (("v1.md", "a"), ("v2.md", "b"))]
    stores = StoreSet(*(DocumentStore(d, side, DocumentIndex(embedder=hashing_embedder, tokenizer=bigram))
                        for d, side in zip(docs, "AB")))
    registry = build_registry(stores)

    def direct(name, **kw):
        data = registry.execute(name, **kw).to_dict()
        data.pop("execution_time_ms")
        return data

    async with Client(build_server(service)) as client:
        loaded = await client.call_tool("load_pair", {"a": "v1.md", "b": "v2.md"})
        assert not loaded.is_error
        info = loaded.structured_content
        pid = info["pair_id"]
        assert info["documents"]["A"]["chunk_count"] == len(docs[0].chunks)
        assert info["documents"]["B"]["title"] == docs[1].title
        calls = [
            ("string_search", {"pattern": "試用期間", "document": "B"},
             "string_search_tool", {"pattern": "試用期間", "document_id": "B"}),
            ("vector_similarity", {"query_text": "年次有給休暇", "document": "B", "threshold": 0.1},
             "vector_similarity_tool", {"query_text": "年次有給休暇", "document_id": "B", "threshold": 0.1}),
            ("get_context", {"chunk_id": "a9", "document": "A", "hierarchy_levels": 2},
             "get_context_tool_a", {"chunk_id": "a9", "hierarchy_levels": 2}),
            ("get_context", {"chunk_id": "b9", "document": "B"}, "get_context_tool_b", {"chunk_id": "b9"}),
            ("get_adjacent_chunks", {"chunk_id": "b9", "document": "B", "direction": "prev", "count": 2},
             "get_adjacent_chunks_tool", {"chunk_id": "b9", "document_id": "B", "direction": "prev", "count": 2}),
        ]
        for tool, args, name, kw in calls:
            got = await client.call_tool(tool, {"pair_id": pid, **args})
            assert not got.is_error, text(got)
            data = dict(got.structured_content)
            data.pop("execution_time_ms")
            assert data == json.loads(json.dumps(direct(name, **kw), ensure_ascii=False)), tool
            assert json.loads(text(got))["output"] == data["output"]
        hits = (await client.call_tool("string_search", {"pair_id": pid, "pattern": "試用期間"})).structured_content
        assert hits["output"] and all("試用期間" in h["content"] for h in hits["output"])
        page = (await client.call_tool("list_chunks", {"pair_id": pid, "document": "A", "offset": 2,
                                                        "limit": 3})).structured_content
        assert [c["id"] for c in page["chunks"]] == [c.id for c in docs[0].chunks[2:5]]
        assert page["total"] == len(docs[0].chunks)


async def test_errors_are_tool_errors_and_the_server_goes_on(service, root, tmp_path, monkeypatch):
    (tmp_path / "secret.md").write_text("# secret\n", encoding="utf-8")
    async with Client(build_server(service)) as client:
        pid = (await client.call_tool("load_pair", {"a": "v1.md", "b": "v2.md"})).structured_content["pair_id"]
        cases = [
            ("string_search", {"pair_id": pid, "pattern": "(", "use_regex": True}, "invalid regular expression"),
            ("get_context", {"pair_id": pid, "chunk_id": "zz", "document": "A"}, "zz"),
            ("get_context", {"pair_id": pid, "chunk_id": "a1", "document": "C"}, "document"),  # not A or B
            ("get_adjacent_chunks", {"pair_id": pid, "chunk_id": "a1", "document": "A", "count": 0}, "count"),
            ("string_search", {"pair_id": "pair-99", "pattern": "x"}, "unknown pair id 'pair-99'"),
            ("compare_documents", {"a": str(tmp_path / "secret.md"), "b": "v2.md"}, "outside the directories"),
            ("compare_documents", {"a": "../secret.md", "b": "v2.md"}, "outside the directories"),
            ("compare_documents", {"a": "nope.md", "b": "v2.md"}, "nope.md: no such file"),
            ("compare_documents", {"a": "v1.md", "a_text": "# x", "b": "v2.md"}, "give either a (a path) or a_text"),
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "format": "xlsx"}, "format 'xlsx'"),
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"llm_base_url": "http://evil/v1"}},
             "llm_base_url are set on the server"),
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"embedding": "openai:x"}},
             "embedding are set on the server"),
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"llm_max_model_calls": 100,
                                                                         "max_tokens_total": 10**9, "concurrency": 64}},
             "concurrency, llm_max_model_calls, max_tokens_total are set on the server"),  # the server's bill
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"llm_scope": "all"}},
             "llm_scope are set on the server"),
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"colour": "red"}}, "unknown option"),
            ("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"vector_threshold": 7}},
             "vector_threshold"),
            ("load_pair", {"a_text": "", "b_text": "# b\n本文"}, "no text"),
        ]
        for tool, args, message in cases:
            got = await client.call_tool(tool, args)
            assert got.is_error and message in text(got), (tool, args, text(got))

        def crash(*a, **k):
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(service, "compare", crash)
        got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md"})
        assert got.is_error and "internal error: RuntimeError: disk on fire" in text(got)
        monkeypatch.undo()
        ok = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md"})
        assert not ok.is_error  # still serving


async def test_no_option_of_a_client_reaches_a_file_of_the_server(service, root, tmp_path):
    """calibration names a file: refused from a client whatever the path (nothing tells whether
    it exists, what it holds, or loads it); the input limits and the regex timeout protect the
    server: refused too (they were silently ignored)."""
    cal = tmp_path / "cal.json"
    load_calibration().write(cal)  # a valid calibration outside the roots
    (tmp_path / "dir").mkdir()
    async with Client(build_server(service)) as client:
        said = set()
        for path in ("/etc/shadow", str(tmp_path / "missing.json"), str(tmp_path / "dir"), str(cal), "v1.md"):
            for tool in ("compare_documents", "load_pair"):
                got = await client.call_tool(tool, {"a": "v1.md", "b": "v2.md", "options": {"calibration": path}})
                assert got.is_error, (tool, path)
                said.add(text(got).split(": ", 1)[1])
        assert said == {"option(s) calibration are set on the server (HIKAKU_* or config.toml where hikaku mcp runs), "
                        "not by a client"}
        for option, value in (("max_input_mb", 10_000), ("max_document_chars", 10**9), ("max_json_depth", 9000),
                              ("regex_timeout_s", 1e9)):
            got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {option: value}})
            assert got.is_error and f"option(s) {option} are set on the server" in text(got)


async def test_the_encoding_of_a_client_is_honoured_or_refused(service, root):
    for name in ("v1", "v2"):
        (root / f"{name}-sjis.md").write_bytes((root / f"{name}.md").read_text(encoding="utf-8").encode("cp932"))
    async with Client(build_server(service)) as client:
        utf8 = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md", "format": "json"})
        forced = await client.call_tool("compare_documents", {"a": "v1-sjis.md", "b": "v2-sjis.md", "format": "json",
                                                              "options": {"encoding": "cp932"}})
        assert not forced.is_error, text(forced)
        assert forced.structured_content["changes"] == utf8.structured_content["changes"]
        both = await client.call_tool("compare_documents", {"a": "v1-sjis.md", "b": "v2.md", "options": {"encoding": "cp932"}})
        assert both.is_error and "v2.md: cannot be decoded as cp932" in text(both)  # it is the encoding of both files
        (root / "sjis.md").write_bytes((root / "v1-sjis.md").read_bytes())
        got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "sjis.md", "options": {"encoding": "utf-8"}})
        assert got.is_error and "sjis.md: cannot be decoded as utf-8 (byte 0x" in text(got)
        for codec in ("rot13", "klingon"):
            got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md", "options": {"encoding": codec}})
            assert got.is_error and f"unknown encoding {codec!r} (a text encoding" in text(got)
        inline = await client.call_tool("compare_documents", {"a_text": "# 規則\n第1条 本文", "b_text": "# 規則\n第1条 本文2",
                                                              "options": {"encoding": "utf-16"}})
        assert not inline.is_error, text(inline)  # inline text is text already: the encoding is of files


async def test_errors_are_one_line_without_a_path_of_the_server(service, root):
    async with Client(build_server(service)) as client:
        cases = [
            ({"a": "v1.md", "b": "v2.md", "lang": "fr"}, "lang: Input should be 'ja' or 'en'"),
            ({"a": 123, "b": ["x"]}, "a: Input should be a valid string; b: Input should be a valid string"),
            ({"a": "v1.md", "b": "v2.md", "options": "x"}, "options: Input should be a valid dictionary"),
            ({"a_text": "", "b_text": "x"}, "a_text: the document has no text (no chunk with content)"),
            ({"a": "v1.md", "b_text": " \n"}, "b_text: the document has no text (no chunk with content)"),
        ]
        for args, message in cases:
            got = await client.call_tool("compare_documents", args)
            assert got.is_error and text(got) == f"Error executing tool compare_documents: {message}", text(got)


async def test_compare_inline_text_and_the_last_report(service, root, hashing_embedder, bigram):
    a = "第1条（目的）この約款は保険契約の内容を定める。\n\n第2条（保険金）日額の20倍を支払う。\n"
    b = "第1条（目的）この約款は保険契約の内容を定める。\n\n第2条（保険金）日額の25倍を支払う。\n"
    async with Client(build_server(service)) as client:
        with pytest.raises(MCPError, match="no comparison yet"):
            await client.read_resource(REPORT_URI)
        got = await client.call_tool("compare_documents", {"a_text": a, "b_text": b,
                                                           "options": {"input_format": "text", "lang": "en"}})
        assert not got.is_error, text(got)
        result = hikaku.ComparisonResult.model_validate(got.structured_content)
        assert [c.type for c in result.changes if c.type != "unchanged"] == ["modified"]
        assert "20倍 → 25倍" in text(got) and "| Item | Document A | Document B | Change |" in text(got)
        md = await client.read_resource(REPORT_URI)
        assert md.contents[0].text == text(got) and md.contents[0].mime_type == "text/markdown"
        js = await client.read_resource(REPORT_JSON_URI)
        assert json.loads(js.contents[0].text)["changes"] == got.structured_content["changes"]
        listed = {str(r.uri) for r in (await client.list_resources()).resources}
        assert {REPORT_URI, REPORT_JSON_URI} <= listed
        ja = await client.call_tool("compare_documents", {"a_text": a, "b_text": b, "lang": "ja",
                                                          "options": {"input_format": "text", "lang": "en"}})
        assert "| 項目 |" in text(ja)  # the named argument wins over the same option in options
        csv = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md", "format": "csv"})
        assert not csv.is_error and text(csv).splitlines()[0].startswith("change_type,label,item")


async def test_loaded_pairs_are_bounded(service):
    async with Client(build_server(service)) as client:
        ids = []
        for _ in range(3):
            got = await client.call_tool("load_pair", {"a": "v1.md", "b": "v2.md"})
            ids.append(got.structured_content["pair_id"])
        assert len(set(ids)) == 3
        oldest = await client.call_tool("string_search", {"pair_id": ids[0], "pattern": "第1条"})
        assert oldest.is_error and "keeps the last 2" in text(oldest)
        newest = await client.call_tool("string_search", {"pair_id": ids[2], "pattern": "第1条"})
        assert not newest.is_error


def test_without_the_sdk_the_error_names_the_extra(service, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_mcp(name, *args, **kwargs):
        if name == "mcp" or name.startswith("mcp."):
            raise ImportError("No module named 'mcp'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_mcp)
    with pytest.raises(hikaku.MissingDependencyError, match=r"pip install 'hikaku\[mcp\]'"):
        build_server(service)


def test_cli_refuses_a_missing_root_and_a_bad_port(tmp_path, capsys):
    from hikaku.cli import main

    assert main(["mcp", "--root", str(tmp_path / "nope")]) == 2
    assert "no such directory" in capsys.readouterr().err
    assert main(["mcp", "--http", "--port", "0"]) == 2
    assert "not a port number" in capsys.readouterr().err


def test_a_loaded_pair_tells_what_its_loader_noted(tmp_path, hashing_embedder, bigram):
    """A PDF page whose reading order is in doubt: load_pair names it, as a comparison's notes do."""
    from tests.loaders.test_load_notes import _two_columns

    root = tmp_path / "pdfs"
    root.mkdir()
    _two_columns(root / "overlap.pdf", crossing=True)
    _two_columns(root / "plain.pdf", crossing=False)
    service = HikakuService(Roots([root]), embedder=hashing_embedder, tokenizer=bigram)
    info = service.load_pair("overlap.pdf", "plain.pdf").describe()["documents"]
    assert len(info["A"]["notes"]) == 1 and "reading order" in info["A"]["notes"][0]
    assert info["B"]["notes"] == []


async def test_a_client_never_sees_a_path_of_the_server(root, tmp_path, hashing_embedder, bigram, monkeypatch, caplog):
    """Paths relative to the root in every message and result; no traceback in the log for a client's
    bad input; a limit is said to be the server's (its operator's), not an option the client could raise."""
    import logging

    (root / "sub").mkdir()
    shutil.copy(root / "v2.md", root / "sub" / "v2.md")
    os.symlink(root / "loop", root / "loop")
    monkeypatch.setenv("HIKAKU_MAX_INPUT_MB", "0.001")  # the server's limit: 1,048 bytes
    (root / "big.md").write_text("# 規則\n\n" + "第1条 本文。\n" * 200, encoding="utf-8")
    service = HikakuService(Roots([root]), embedder=hashing_embedder, tokenizer=bigram)
    caplog.set_level(logging.INFO)
    said = []
    async with Client(build_server(service)) as client:
        cases = [
            ({"a": "nope.md", "b": "v2.md"}, "nope.md: no such file"),
            ({"a": "sub/../missing.md", "b": "v2.md"}, "missing.md: no such file"),
            ({"a": "a" * 5000 + ".md", "b": "v2.md"}, "file name too long"),
            ({"a": "loop", "b": "v2.md"}, "loop: cannot resolve the path: a loop of symbolic links"),
            ({"a": "sub", "b": "v2.md"}, "sub: not a regular file"),
            ({"a": "../secret.md", "b": "v2.md"}, "../secret.md: outside the directories this server may read"),
            ({"a": "big.md", "b": "v2.md"}, "big.md: the file is "),
        ]
        for args, message in cases:
            for tool in ("compare_documents", "load_pair"):
                got = await client.call_tool(tool, args)
                assert got.is_error and message in text(got), (tool, args, text(got))
                said.append(text(got))
        outside = await client.call_tool("compare_documents", {"a": str(tmp_path / "secret.md"), "b": "v2.md"})
        assert text(outside).endswith(f": {tmp_path / 'secret.md'}: outside the directories this server may read "
                                      "(its operator allows another with hikaku mcp --root DIR)")  # the client's own
        limit = said[-1]
        assert "over the limit of 0.001 MB (max_input_mb; a limit of this server, set by its operator" in limit
        assert "--max-input-mb" not in limit

        monkeypatch.delenv("HIKAKU_MAX_INPUT_MB")
        got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "sub/v2.md", "format": "json"})
        assert not got.is_error, text(got)
        result = got.structured_content
        assert (result["document_a"]["source"], result["document_b"]["source"]) == ("v1.md", "sub/v2.md")
        loaded = (await client.call_tool("load_pair", {"a": "v1.md", "b": "sub/v2.md"})).structured_content
        assert [loaded["documents"][s]["source"] for s in "AB"] == ["v1.md", "sub/v2.md"]
        found = await client.call_tool("string_search", {"pair_id": loaded["pair_id"], "pattern": "試用期間"})
        assert {h["metadata"]["source"] for h in found.structured_content["output"]} == {"sub/v2.md"}
        said += [text(got), json.dumps(result, ensure_ascii=False), text(found)]

        def crash(*a, **k):
            raise OSError(5, "Input/output error", str(root / "v1.md"))

        monkeypatch.setattr(service, "compare", crash)
        got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md"})
        assert got.is_error and text(got).endswith(": internal error: OSError: [Errno 5] Input/output error: 'v1.md'")
        said.append(text(got))
    for message in said:
        assert str(tmp_path) not in message, message
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert [r.getMessage() for r in tracebacks] == ["hikaku mcp: unexpected error"]  # only the real crash


async def test_check_references_lists_the_references_to_check(service, root):
    from tests.crossrefs.test_check import RULES_A, RULES_B

    (root / "rules_a.md").write_text(RULES_A, encoding="utf-8")
    (root / "rules_b.md").write_text(RULES_B, encoding="utf-8")
    async with Client(build_server(service)) as client:
        listed = {t.name for t in (await client.list_tools()).tools}
        assert "check_references" in listed
        got = await client.call_tool("check_references", {"a": "rules_a.md", "b": "rules_b.md"})
        assert not got.is_error, text(got)
        flags = got.structured_content["references"]
        assert [(f["kind"], f["text"], f["suggestion"], f["item"]) for f in flags] == [
            ("stale", "第9条", "第10条", "第7条（試用期間）"), ("stale", "第9条第1項第2号", "第10条第1項第2号", "第11条（服務）")]
        assert text(got).splitlines()[0] == "引用条項の確認（2件）" and "「第10条」の誤りの可能性があります" in text(got)
        # the comparison is the last report, and a revision with nothing to check says so
        assert "引用条項の確認（2件）" in (await client.read_resource(REPORT_URI)).contents[0].text
        none = await client.call_tool("check_references", {"a": "v1.md", "b": "v2.md", "lang": "en"})
        assert not none.is_error and none.structured_content["references"] == []
        assert text(none) == "Cross-references to check: none."
