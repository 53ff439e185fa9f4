"""A real ``hikaku mcp`` process, driven by the MCP SDK's own client: over stdio (the
default) and over streamable HTTP on 127.0.0.1 (``--http``)."""

import json
import os
import shutil
import socket
import subprocess
import sys
import time

import anyio
import pytest
from mcp import Client, StdioServerParameters

import hikaku

from ..helpers import EXAMPLES, ROOT

TOOLS = {"compare_documents", "check_references", "load_pair", "list_chunks", "string_search", "vector_similarity", "get_context",
         "get_adjacent_chunks"}


@pytest.fixture
def root(tmp_path):
    r = tmp_path / "root"
    r.mkdir()
    shutil.copy(EXAMPLES / "shugyo_kisoku_v1.md", r / "v1.md")
    shutil.copy(EXAMPLES / "shugyo_kisoku_v2.md", r / "v2.md")
    (tmp_path / "private.md").write_text("# 秘密\n外に出してはならない。\n", encoding="utf-8")
    os.symlink(tmp_path / "private.md", r / "link.md")
    return r


def child_env(tmp_path) -> dict[str, str]:
    """The server's environment: this checkout's sources first, a private HIKAKU_HOME,
    the hashing embedding (fast, no model), no .env."""
    path = [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    return {"PYTHONPATH": os.pathsep.join(p for p in path if p), "HIKAKU_HOME": str(tmp_path / "home"),
            "HIKAKU_EMBEDDING": "hashing", "HIKAKU_DOTENV": "", "HIKAKU_LLM": "offline"}


async def test_stdio_client_against_a_real_server(root, tmp_path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "hikaku", "mcp", "--root", str(root)],
                                   env=child_env(tmp_path), cwd=str(tmp_path))
    async with Client(params, read_timeout_seconds=120) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools) == TOOLS
        assert "pair_id" in tools["string_search"].input_schema["properties"]

        got = await client.call_tool("compare_documents", {"a": "v1.md", "b": "v2.md"})
        assert not got.is_error, got.content[0].text
        report = got.content[0].text
        lines = report.splitlines()
        assert lines[2] == "### 改定の要旨" and "| 項目 | ドキュメントA | ドキュメントB | 変更タイプ |" in lines
        expected = hikaku.compare(root / "v1.md", root / "v2.md", embedding="hashing", llm="offline")
        assert got.structured_content["schema"] == "hikaku.comparison/v1"
        assert got.structured_content["stats"]["counts"] == expected.stats.counts
        assert [c["type"] for c in got.structured_content["changes"]] == [c.type for c in expected.changes]
        assert "試用期間：3か月間 → 6か月間" in report
        last = await client.read_resource("hikaku://reports/last")
        assert last.contents[0].text == report

        loaded = await client.call_tool("load_pair", {"a": "v1.md", "b": "v2.md"})
        pid = loaded.structured_content["pair_id"]
        found = await client.call_tool("string_search", {"pair_id": pid, "pattern": "ハラスメント", "document": "B"})
        assert not found.is_error
        hits = found.structured_content["output"]
        assert hits and all("ハラスメント" in h["content"] for h in hits)
        assert all(h["id"].startswith("b") for h in hits)
        assert json.loads(found.content[0].text)["success"] is True

        for outside in (str(tmp_path / "private.md"), "../private.md", "link.md"):
            refused = await client.call_tool("compare_documents", {"a": outside, "b": "v2.md"})
            assert refused.is_error
            assert "outside the directories this server may read" in refused.content[0].text
        refused = await client.call_tool("load_pair", {"a": "link.md", "b": "v2.md"})
        assert refused.is_error and "outside" in refused.content[0].text
        assert set(t.name for t in (await client.list_tools()).tools) == TOOLS  # still serving


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"hikaku mcp --http exited: {proc.stderr.read() if proc.stderr else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError("hikaku mcp --http did not start listening")


def test_streamable_http(root, tmp_path):
    port = free_port()
    env = {**os.environ, **child_env(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "hikaku", "mcp", "--http", "--port", str(port), "--root", str(root)],
                            env=env, cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_port(port, proc)

        async def session():
            async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=120) as client:
                assert {t.name for t in (await client.list_tools()).tools} == TOOLS
                got = await client.call_tool("compare_documents", {
                    "a_text": "# 規程\n\n第1条 休暇は10日とする。\n", "b_text": "# 規程\n\n第1条 休暇は12日とする。\n"})
                assert not got.is_error, got.content[0].text
                assert "10日 → 12日" in got.content[0].text
                refused = await client.call_tool("compare_documents", {"a": "/etc/hostname", "b": "v2.md"})
                assert refused.is_error and "outside" in refused.content[0].text

        anyio.run(session)
    finally:
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    assert f"MCP server on http://127.0.0.1:{port}/mcp" in err
