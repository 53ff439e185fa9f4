"""The MCP server: hikaku as tools for agents (desktop assistants, IDE agents) over the
Model Context Protocol, on the official MCP Python SDK (the extra ``hikaku[mcp]``).
The command is ``hikaku mcp`` (``hikaku.cli.mcp``); the SDK is imported only when a
server is built."""

from __future__ import annotations

from .paths import PathOutsideRootsError, Roots
from .server import INSTRUCTIONS, REPORT_JSON_URI, REPORT_URI, build_server, serve
from .service import SERVER_ONLY_OPTIONS, TEXT_FORMATS, HikakuService, LoadedPair

__all__ = [
    "INSTRUCTIONS",
    "REPORT_JSON_URI",
    "REPORT_URI",
    "SERVER_ONLY_OPTIONS",
    "TEXT_FORMATS",
    "HikakuService",
    "LoadedPair",
    "PathOutsideRootsError",
    "Roots",
    "build_server",
    "serve",
]
