"""The MCP server: hikaku as tools for agents (desktop assistants, IDE agents) over the
Model Context Protocol, on the official MCP Python SDK (the extra ``hikaku[mcp]``).
The command is ``hikaku mcp`` (``hikaku.cli.mcp``); the SDK is imported only when a
server is built."""

from __future__ import annotations

from .paths import PathOutsideRootsError, Roots
from .server import INSTRUCTIONS, REPORT_JSON_URI, REPORT_URI, build_server, serve
from .service import (
    MCP_TOOLS,
    SERVER_ONLY_OPTIONS,
    HikakuService,
    LoadedPair,
    plugin_tools,
    text_formats,
)

__all__ = [
    "INSTRUCTIONS",
    "MCP_TOOLS",
    "REPORT_JSON_URI",
    "REPORT_URI",
    "SERVER_ONLY_OPTIONS",
    "HikakuService",
    "LoadedPair",
    "PathOutsideRootsError",
    "Roots",
    "build_server",
    "plugin_tools",
    "serve",
    "text_formats",
]
