"""A plugin installed as its own distribution (tests/plugins/hikaku-sample-plugin: an AsciiDoc
input format, an AsciiDoc report, a tool for the agent, a vector store) is offered by every
front without any edit of hikaku: the command line (--input-format, --format, --tools, and an
LLM run that calls the tool), the web app (its formats and downloads) and the MCP server (its
tool list, its formats)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from mcp import Client

from hikaku.loaders import LOADERS, detect_format, input_formats
from hikaku.mcp import HikakuService, Roots, build_server
from hikaku.renderers import RENDERERS, format_for_path, output_formats
from hikaku.settings import TOOL_NAMES, TOOLS, VECTOR_STORES
from tests.openai_stub import OpenAIStub, _call, _chunk_text, _text
from tests.web.conftest import serving, wait

DATA = Path(__file__).parent / "data"
V1, V2 = DATA / "kitei_v1.adoc", DATA / "kitei_v2.adoc"
ALL_TOOLS = ",".join([*TOOL_NAMES, "term_count_tool"])
EXPECTED = [("modified", "第4条（日当）"), ("modified", "第5条（宿泊料）"), ("modified", "第6条（精算）"),
            ("added", "第3章 海外出張"), ("added", "第7条（海外出張）")]


def cli(*args: str, home: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``hikaku`` in a process of its own, which finds the plugin on PYTHONPATH (the fixture's)."""
    return subprocess.run([sys.executable, "-m", "hikaku", *args], capture_output=True, text=True, timeout=240,
                          env={**os.environ, "HIKAKU_HOME": str(home), "HIKAKU_DOTENV": "", **(env or {})})


def rows(report_json: str) -> list[tuple[str, str]]:
    return [(c["type"], c["item"]) for c in json.loads(report_json)["changes"] if c["type"] != "unchanged"]


def test_the_registries_offer_the_plugin(sample_plugin):
    assert input_formats()[-1] == "asciidoc" and detect_format(Path("x.ADOC")) == "asciidoc"
    assert LOADERS["asciidoc"].extensions == (".adoc", ".asciidoc") and LOADERS["asciidoc"].text
    assert output_formats()[-1] == "adoc" and format_for_path("out/report.adoc") == "adoc"
    assert "term_count_tool" in TOOLS and "term_count_tool" not in TOOL_NAMES  # offered, not enabled by default
    assert "sample_list" in VECTOR_STORES
    assert [p for g in (LOADERS, RENDERERS) for p in g.problems()] == []


def test_the_command_line_reads_and_writes_the_plugins_formats(sample_plugin, tmp_path):
    done = cli("compare", "--help", home=tmp_path)
    assert done.returncode == 0
    help_text = " ".join(done.stdout.split())
    assert "md, json, csv, html, xlsx, docx, adoc" in help_text  # --format
    assert "markdown, text, pdf, docx, html, asciidoc" in help_text  # --input-format
    assert "get_adjacent_chunks_tool, term_count_tool" in help_text  # --tools

    out = tmp_path / "report.adoc"  # the output format from the plugin's extension
    done = cli("compare", str(V1), str(V2), "--embedding", "hashing", "--tools", ALL_TOOLS, "-o", str(out),
               "--exit-code", home=tmp_path)
    assert done.returncode == 1, done.stderr  # they differ
    report = out.read_text(encoding="utf-8")
    assert report.startswith("= 旅費規程 → 旅費規程\n") and report.count("\n|modified\n") == 3
    assert "|第4条（日当）" in report and "出張1日につき2,000円" in report and "出張1日につき3,000円" in report
    assert ":doctype:" not in report and "施行" not in report  # attribute and comment lines are not text

    done = cli("compare", str(V1), str(V2), "--embedding", "hashing", "-f", "json", home=tmp_path)
    assert done.returncode == 0 and rows(done.stdout) == EXPECTED
    # --input-format: the plugin's format whatever the name says
    a, b = shutil.copy(V1, tmp_path / "a.txt"), shutil.copy(V2, tmp_path / "b.txt")
    done = cli("compare", a, b, "--input-format", "asciidoc", "--embedding", "hashing", "-f", "json", home=tmp_path)
    assert done.returncode == 0 and rows(done.stdout) == EXPECTED


def _term_agent(messages):
    """A model that asks the plugin's tool about the chunk's first line, then answers with the
    first chunk of B it named."""
    system = next(_text(m) for m in messages if m.get("role") == "system")
    if messages[-1].get("role") != "tool":
        heading = _chunk_text(system).splitlines()[0]
        return "tool_call", _call("term_count_tool", {"term": heading[:4]}, "call_count")
    found = json.loads(_text(messages[-1]))["output"]["B"]["chunks"]
    args = {"counterpart_ids": found[:1], "change_type": "modified" if found else "deleted",
            "description": "語句の出現で判断", "confidence": 0.8}
    return "answer", _call("ComparisonAnswer", args, "call_answer")


def test_an_llm_is_given_the_plugins_tool_and_calls_it(sample_plugin, tmp_path):
    trace = tmp_path / "trace.jsonl"
    with OpenAIStub(agent=_term_agent) as stub:
        done = cli("compare", str(V1), str(V2), "--embedding", "hashing", "--tools", ALL_TOOLS, "-f", "json",
                   "--llm", "openai:gpt-4.1-mini", "--llm-base-url", stub.base_url, "--llm-scope", "changed",
                   "--no-checkpoint", "--trace", str(trace), "--no-progress", home=tmp_path,
                   env={"OPENAI_API_KEY": "sk-test-plugin"})
    assert done.returncode == 0, done.stderr
    assert stub.state.bodies, "the LLM was never asked"
    body = stub.state.bodies[0]
    offered = {t["function"]["name"]: t["function"] for t in body["tools"]}
    assert set(offered) == {*TOOL_NAMES, "term_count_tool", "ComparisonAnswer"}
    spec = offered["term_count_tool"]
    assert spec["description"].startswith("Count how often a term occurs in document A")
    assert spec["parameters"]["properties"]["term"]["description"].startswith("The word or phrase")
    system = next(m["content"] for m in body["messages"] if m["role"] == "system")
    assert "6. 語句出現数ツール (term_count_tool)\n   - 機能: 指定された語句がドキュメントAとBに" in system
    assert "5. 前後チャンク取得ツール (get_adjacent_chunks_tool)" in system  # the built-ins' entries as before
    calls = [json.loads(line) for line in trace.read_text(encoding="utf-8").splitlines()]
    counted = [c for c in calls if c["event"] == "tool_call" and c["tool"] == "term_count_tool"]
    assert counted and all(c["by"] == "llm" and c["result"]["success"] for c in counted)
    assert {"A", "B"} <= set(counted[0]["result"]["output"])
    result = json.loads(done.stdout)
    assert result["stats"]["policy"] == "llm" and any(c["summary"] == "語句の出現で判断" for c in result["changes"])


def test_the_web_app_accepts_and_offers_the_plugins_formats(sample_plugin, tmp_path, monkeypatch):
    monkeypatch.setenv("HIKAKU_EMBEDDING", "hashing")
    with serving(tmp_path / "web-data") as client:  # its worker process is spawned with the plugin on sys.path
        config = client.get("/api/config").json()
        assert {"name": "asciidoc", "extensions": [".adoc", ".asciidoc"], "description": "AsciiDoc"} in \
            config["input_formats"]
        assert {"format": "adoc", "extension": "adoc", "description": "AsciiDoc table of the changes"} in \
            config["downloads"]
        r = client.post("/api/comparisons", files={"a": (V1.name, V1.read_bytes()), "b": (V2.name, V2.read_bytes())})
        assert r.status_code == 202, r.text
        job = wait(client, r.json()["id"])
        assert job["status"] == "done", job
        assert job["a"]["format"] == "asciidoc"
        assert job["counts"]["modified"] == 3 and job["counts"]["added"] == 2
        link = next(d for d in job["downloads"] if d["format"] == "adoc")
        got = client.get(link["url"])
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/")
        assert got.text.startswith("= 旅費規程 → 旅費規程") and got.text.count("\n|modified\n") == 3


async def test_the_mcp_server_offers_the_plugins_tool_and_formats(sample_plugin, tmp_path, hashing_embedder, bigram):
    root = tmp_path / "root"
    root.mkdir()
    for f in (V1, V2):
        shutil.copy(f, root / f.name)
    service = HikakuService(Roots([root]), embedder=hashing_embedder, tokenizer=bigram)
    async with Client(build_server(service)) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert "term_count_tool" in tools
        schema = tools["term_count_tool"].input_schema
        assert schema["required"] == ["pair_id", "term"]
        assert schema["properties"]["max_chunks"]["default"] == 10
        assert schema["properties"]["term"]["description"].startswith("The word or phrase")
        assert "adoc" in tools["compare_documents"].input_schema["properties"]["format"]["description"]
        assert "AsciiDoc (.adoc, .asciidoc)" in tools["compare_documents"].description

        got = await client.call_tool("compare_documents", {"a": V1.name, "b": V2.name, "format": "adoc"})
        assert not got.is_error, got.content[0].text
        assert got.content[0].text.count("\n|modified\n") == 3
        inline = await client.call_tool("compare_documents", {"a_text": V1.read_text(encoding="utf-8"),
                                                              "b_text": V2.read_text(encoding="utf-8"),
                                                              "options": {"input_format": "asciidoc"}})
        assert not inline.is_error and "第4条（日当）" in inline.content[0].text
        binary = await client.call_tool("compare_documents", {"a_text": "x", "b_text": "y",
                                                              "options": {"input_format": "pdf"}})
        assert binary.is_error and "JSON/JSONL (or a plugin's text format: asciidoc), not pdf" in \
            binary.content[0].text

        pair = (await client.call_tool("load_pair", {"a": V1.name, "b": V2.name})).structured_content
        assert pair["tools"][-1] == "term_count_tool"
        counted = await client.call_tool("term_count_tool", {"pair_id": pair["pair_id"], "term": "出張"})
        assert not counted.is_error, counted.content[0].text
        out = counted.structured_content["output"]
        # every occurrence of the files' text (no comment or attribute line holds the term)
        assert (out["A"]["count"], out["B"]["count"]) == (V1.read_text("utf-8").count("出張"),
                                                          V2.read_text("utf-8").count("出張")) == (4, 7)
        assert out["B"]["chunks"][-2:] == ["b10", "b11"]  # 第3章 海外出張, 第7条（海外出張）
        bad = await client.call_tool("term_count_tool", {"pair_id": pair["pair_id"], "term": ""})
        assert bad.is_error


def test_without_the_plugin_nothing_of_it_is_offered(tmp_path):
    """The fixture leaves nothing behind: the venv holds no plugin."""
    assert "asciidoc" not in input_formats() and "adoc" not in output_formats()
    assert "term_count_tool" not in TOOLS and "sample_list" not in VECTOR_STORES
    done = cli("compare", str(V1), str(V2), "-f", "json", home=tmp_path, env={"PYTHONPATH": ""})
    assert done.returncode == 2 and "cannot tell the format from the extension '.adoc'" in done.stderr
