"""``hikaku mcp``: hikaku as an MCP server for agents, on stdio (default) or streamable
HTTP on 127.0.0.1 (``--http``). A thin layer over :mod:`hikaku.mcp` (extra
``hikaku[mcp]``). Nothing but the protocol goes to stdout; logs go to stderr."""

from __future__ import annotations

import argparse

from .common import say

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser(
        "mcp",
        help="serve hikaku's comparison and tools to agents over the Model Context Protocol",
        description="Run an MCP server: the tool compare_documents, load_pair and the five tools of the agent over "
        "a loaded pair, and the last report as the resource hikaku://reports/last. Clients may read files only "
        "inside the roots (default: the current directory). Options come from HIKAKU_* and config.toml. Needs "
        "hikaku[mcp].",
    )
    c.add_argument("--root", dest="roots", action="append", metavar="DIR", default=[],
                   help="a directory whose files clients may compare (repeatable; default: the current directory)")
    c.add_argument("--http", action="store_true",
                   help="serve streamable HTTP on 127.0.0.1 (http://127.0.0.1:PORT/mcp) instead of stdio")
    c.add_argument("--port", type=int, default=8765, help="the HTTP port (default 8765)")
    c.add_argument("--max-pairs", type=int, default=8, metavar="N",
                   help="loaded pairs kept for the tools (the least recently used is dropped; default 8)")
    c.add_argument("-v", "--verbose", action="count", default=0, help="log to stderr (-vv for debug)")
    c.set_defaults(command_module=__name__)


def run(args: argparse.Namespace) -> int:
    from .._exceptions import ConfigurationError
    from ..mcp import HikakuService, Roots, serve

    if not 0 < args.port < 65536:
        raise ConfigurationError(f"--port {args.port}: not a port number")
    if args.max_pairs < 1:
        raise ConfigurationError("--max-pairs must be at least 1")
    roots = Roots(args.roots)
    service = HikakuService(roots, max_pairs=args.max_pairs)
    level = {0: "WARNING", 1: "INFO"}.get(args.verbose, "DEBUG")
    if args.http:
        say(f"MCP server on http://127.0.0.1:{args.port}/mcp (roots: {roots}); Ctrl-C to stop")
    serve(service, http=args.http, port=args.port, log_level=level)
    return 0
