"""The MCP server (``hikaku mcp``), on the official MCP Python SDK 2.x
(``mcp.server.mcpserver.MCPServer``; the extra ``hikaku[mcp]``).

Tools: ``compare_documents`` (the report as text, the ``hikaku.comparison/v1`` result
as structured content), and over a pair loaded by ``load_pair``: the specification's
tools ``string_search``, ``vector_similarity``, ``get_context`` (A or B),
``get_adjacent_chunks``, plus ``list_chunks`` to page through a side, and each tool an
installed plugin adds, by its own name (its arguments and ``pair_id``). A tool's
``ToolResult`` is the structured content (and its JSON the text); a failed one, a bad
argument, a path outside the roots or any other error comes back as an MCP tool error
with one clear line: the server never goes down for a call. Resources: the last report
as ``hikaku://reports/last`` (Markdown) and ``hikaku://reports/last.json``.
"""

# no ``from __future__ import annotations``: the SDK reads the tools' annotations, which name
# types imported inside build_server, when the tools are registered
import inspect
import json
import logging
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from .. import __version__
from .._exceptions import HikakuError, MissingDependencyError
from ..loaders import LOADER_NAMES, LOADERS
from ..tools import (
    GetAdjacentChunksTool,
    GetContextToolA,
    GetContextToolB,
    StringSearchTool,
    ToolResult,
    ToolSpec,
    VectorSimilarityTool,
)
from .service import HikakuService, plugin_tools, text_formats

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = ["build_server", "serve", "INSTRUCTIONS", "REPORT_URI", "REPORT_JSON_URI"]

log = logging.getLogger(__name__)

REPORT_URI = "hikaku://reports/last"
REPORT_JSON_URI = "hikaku://reports/last.json"
INSTRUCTIONS = (
    "hikaku compares two versions of a document (Japanese or English: policies, contracts, regulations, "
    "manuals) and reports what was added, deleted and modified. compare_documents gives the whole report. "
    "To run your own comparison, load_pair(a, b) and use string_search, vector_similarity, get_context and "
    "get_adjacent_chunks on its pair_id (list_chunks pages through a side). Paths must lie inside the "
    "server's roots."
)

Side = Literal["A", "B"]
Pairs = Annotated[str, Field(description="The pair_id that load_pair returned.")]
_INPUTS = "chunk JSON/JSONL, Markdown, text, PDF, Word, HTML"


def _instructions(added: list[ToolSpec]) -> str:
    if not added:
        return INSTRUCTIONS
    return f"{INSTRUCTIONS} Tools added by plugins, also on a pair_id: {', '.join(t.name for t in added)}."


def _inputs() -> str:
    """The input formats in words: the built-ins', then the plugins' (their description and extensions)."""
    added = [info for name, info in LOADERS.items() if name not in LOADER_NAMES.builtin]
    return _INPUTS + "".join(f", {info.description or info.name} ({', '.join(info.extensions)})" for info in added)


def _signature(spec: ToolSpec) -> inspect.Signature:
    """``(pair_id, <the tool's own arguments>)``, each with its type, default and description,
    for the SDK to derive the MCP tool's schema from (as from any function)."""
    params = [inspect.Parameter("pair_id", inspect.Parameter.KEYWORD_ONLY, annotation=Pairs)]
    for name, field in spec.params.model_fields.items():
        default = inspect.Parameter.empty if field.is_required() else field.get_default(call_default_factory=True)
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=Annotated[field.annotation, field]))
    return inspect.Signature(params, return_annotation=inspect.Signature.empty)


def _sdk() -> Any:
    try:
        import mcp.server.mcpserver as mcpserver
    except ImportError:
        raise MissingDependencyError("mcp", "mcp", "The MCP server (hikaku mcp)") from None
    return mcpserver


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data, ensure_ascii=False, default=str))


def one_line(errors: list[Any], shown: int = 3) -> str:
    """Pydantic's errors on a tool's arguments as one line: ``lang: Input should be 'ja' or 'en'``."""
    parts = [f"{'.'.join(str(p) for p in err.get('loc', ())) or 'arguments'}: {' '.join(str(err.get('msg')).split())}"
             for err in errors[:shown]]
    more = len(errors) - shown
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def build_server(service: HikakuService, *, log_level: str = "WARNING") -> "MCPServer":
    """An ``MCPServer`` exposing *service*."""
    mcpserver = _sdk()
    from mcp.server.mcpserver.exceptions import ResourceError, ToolError, UnexpectedToolError
    from mcp.types import CallToolResult, TextContent, ToolAnnotations
    from pydantic import ValidationError

    class Server(mcpserver.MCPServer):  # type: ignore[name-defined]
        """Arguments that do not fit a tool's schema are one line too (the SDK gives pydantic's
        multi-line text with a link)."""

        async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as e:
                if isinstance(e, UnexpectedToolError) or not isinstance(e.__cause__, ValidationError):
                    raise
                raise ToolError(f"Error executing tool {name}: {one_line(e.__cause__.errors())}") from e.__cause__

    added = plugin_tools()  # served by their own name, over a loaded pair like the five
    server = Server("hikaku", title="hikaku (比較): document comparison", version=__version__,
                    instructions=_instructions(added), log_level=log_level)
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)

    hide = service.roots.hide  # what a client is told never shows where the server keeps its files

    def fail(e: Exception) -> Exception:
        if isinstance(e, HikakuError):  # a client's bad input, said in one line: no traceback in the log
            return ToolError(hide(str(e)))
        log.exception("hikaku mcp: unexpected error")
        return ToolError(hide(f"internal error: {type(e).__name__}: {e}"))

    def tool_result(result: ToolResult) -> CallToolResult:
        if not result.success:
            raise ToolError(hide(result.error or f"{result.tool_name} failed"))
        data = _json(result.to_dict())
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, ensure_ascii=False, indent=1))],
                              structured_content=data)

    def structured(data: dict[str, Any]) -> CallToolResult:
        data = _json(data)
        return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, ensure_ascii=False, indent=1))],
                              structured_content=data)

    def run_tool(pair_id: str, tool: str, **arguments: Any) -> CallToolResult:
        try:
            result = service.run_tool(pair_id, tool, **arguments)
        except Exception as e:
            raise fail(e) from None
        return tool_result(result)

    @server.tool(annotations=read_only, description=(
        "Compare document A (old) with document B (new): what was added, deleted and modified, clause by clause. "
        "Returns the report (a Markdown table by default) and the hikaku.comparison/v1 result as structured "
        f"content. Inputs: {_inputs()}."))
    def compare_documents(
        a: Annotated[str | None, Field(description="Path of document A (the old version), inside a root.")] = None,
        b: Annotated[str | None, Field(description="Path of document B (the new version), inside a root.")] = None,
        a_text: Annotated[str | None, Field(description="Document A as text (Markdown by default), instead of a.")] = None,
        b_text: Annotated[str | None, Field(description="Document B as text, instead of b.")] = None,
        format: Annotated[str, Field(description=f"Report format: {', '.join(text_formats())} (default md).")] = "md",
        lang: Annotated[Literal["ja", "en"] | None, Field(description="Report language (default ja).")] = None,
        include_unchanged: Annotated[bool | None, Field(description="List unchanged chunks (一致) too.")] = None,
        strict: Annotated[bool | None, Field(description="Report spacing/width differences as changes.")] = None,
        options: Annotated[dict[str, Any] | None, Field(description="Other options of hikaku compare by name, "
                                                        "e.g. {\"input_format\": \"text\", \"allow_merges\": false}.")] = None,
    ) -> CallToolResult:
        named = {"lang": lang, "include_unchanged": include_unchanged, "strict": strict}
        merged = {**(options or {}), **{k: v for k, v in named.items() if v is not None}}
        try:
            result, report = service.compare(a, b, a_text=a_text, b_text=b_text, fmt=format, options=merged)
        except Exception as e:
            raise fail(e) from None
        return CallToolResult(content=[TextContent(type="text", text=report)], structured_content=result.to_dict())

    @server.tool(annotations=read_only)
    def check_references(
        a: Annotated[str | None, Field(description="Path of document A (the old version), inside a root.")] = None,
        b: Annotated[str | None, Field(description="Path of document B (the new version), inside a root.")] = None,
        a_text: Annotated[str | None, Field(description="Document A as text (Markdown by default), instead of a.")] = None,
        b_text: Annotated[str | None, Field(description="Document B as text, instead of b.")] = None,
        lang: Annotated[Literal["ja", "en"] | None, Field(description="Language of the messages (default ja).")] = None,
        options: Annotated[dict[str, Any] | None, Field(description="Other options of hikaku compare by name.")] = None,
    ) -> CallToolResult:
        """Compare document A (old) with document B (new) and check every cross-reference of B after the
        revision (引用ずれ: 「第15条の規定により」, 「前条第二項」, "Section 4.2"): a number not updated although
        the provision it meant was renumbered (stale, with the suggested number), a reference to a deleted
        provision (deleted_target), to a number B does not have (missing_target), a relative reference
        (前条, 前項) whose target moved (relative_shift). Returns the list as text and as structured content
        (each with its row, the reference as written and where, what it pointed at in A and in B, the
        suggestion)."""
        merged = {**(options or {}), **({"lang": lang} if lang is not None else {})}
        try:
            data, text = service.check_references(a, b, a_text=a_text, b_text=b_text, options=merged)
        except Exception as e:
            raise fail(e) from None
        data = _json(data)
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)

    @server.tool(annotations=read_only)
    def load_pair(
        a: Annotated[str | None, Field(description="Path of document A, inside a root.")] = None,
        b: Annotated[str | None, Field(description="Path of document B, inside a root.")] = None,
        a_text: Annotated[str | None, Field(description="Document A as text, instead of a.")] = None,
        b_text: Annotated[str | None, Field(description="Document B as text, instead of b.")] = None,
        options: Annotated[dict[str, Any] | None, Field(description="Options by name (input_format, "
                                                        "max_chunk_chars, embedding, tokenizer …).")] = None,
    ) -> CallToolResult:
        """Load and index two documents for the tools; returns a pair_id and both documents' ids, titles,
        chunk counts and notes (what the loader found the reader must know, e.g. a PDF page whose reading order
        is in doubt). Then call string_search, vector_similarity, get_context, get_adjacent_chunks and
        list_chunks with that pair_id. The server keeps the most recently used pairs."""
        try:
            pair = service.load_pair(a, b, a_text=a_text, b_text=b_text, options=options)
        except Exception as e:
            raise fail(e) from None
        return structured(pair.describe())

    @server.tool(annotations=read_only)
    def list_chunks(pair_id: Pairs, document: Annotated[Side, Field(description="'A' or 'B'.")],
                    offset: Annotated[int, Field(ge=0, description="First chunk (0-based).")] = 0,
                    limit: Annotated[int, Field(ge=1, le=500, description="How many chunks.")] = 50) -> CallToolResult:
        """The chunks of one side of a loaded pair in document order: id, position, heading path, label and
        the opening of the text."""
        try:
            return structured(service.list_chunks(pair_id, document, offset, limit))
        except Exception as e:
            raise fail(e) from None

    @server.tool(annotations=read_only)
    def string_search(
        pair_id: Pairs,
        pattern: Annotated[str, Field(description="Text or regular expression to look for (e.g. 第48条の2).")],
        document: Annotated[Side, Field(description="Document to search: 'A' or 'B'.")] = "B",
        use_regex: Annotated[bool, Field(description="Treat the pattern as a regular expression.")] = False,
        case_sensitive: Annotated[bool, Field(description="Distinguish upper and lower case.")] = False,
    ) -> CallToolResult:
        """Find the chunks of a loaded pair's document that contain a text (width-insensitive) or match a
        regular expression, in document order, with the positions of the matches."""
        return run_tool(pair_id, StringSearchTool.name, pattern=pattern, document_id=document, use_regex=use_regex,
                        case_sensitive=case_sensitive)

    @server.tool(annotations=read_only)
    def vector_similarity(
        pair_id: Pairs,
        query_text: Annotated[str, Field(description="Words or sentences to find similar chunks for.")],
        document: Annotated[Side, Field(description="Document to search: 'A' or 'B'.")] = "B",
        threshold: Annotated[float | None, Field(description="Minimum cosine similarity (default 0.7).")] = None,
        max_results: Annotated[int | None, Field(description="Maximum number of chunks (default 5).")] = None,
    ) -> CallToolResult:
        """Find the chunks of a loaded pair's document closest in meaning to a text (cosine similarity of
        embeddings), best first."""
        return run_tool(pair_id, VectorSimilarityTool.name, query_text=query_text, document_id=document,
                        threshold=threshold, max_results=max_results)

    @server.tool(annotations=read_only)
    def get_context(
        pair_id: Pairs,
        chunk_id: Annotated[str, Field(description="Id of the chunk.")],
        document: Annotated[Side, Field(description="The side the chunk belongs to: 'A' or 'B'.")] = "A",
        include_hierarchy: Annotated[bool, Field(description="Add summaries of the headings above it.")] = True,
        hierarchy_levels: Annotated[int, Field(ge=0, le=20, description="Heading levels to walk up.")] = 1,
    ) -> CallToolResult:
        """A chunk of a loaded pair with its heading path and a summary of each heading above it, nearest
        first."""
        tool = GetContextToolA.name if document == "A" else GetContextToolB.name
        return run_tool(pair_id, tool, chunk_id=chunk_id, include_hierarchy=include_hierarchy,
                        hierarchy_levels=hierarchy_levels)

    @server.tool(annotations=read_only)
    def get_adjacent_chunks(
        pair_id: Pairs,
        chunk_id: Annotated[str, Field(description="Id of the chunk to start from.")],
        document: Annotated[Side, Field(description="The side the chunk belongs to: 'A' or 'B'.")],
        direction: Annotated[Literal["prev", "next"], Field(description="'prev' or 'next'.")] = "next",
        count: Annotated[int, Field(ge=1, le=200, description="How many chunks.")] = 1,
    ) -> CallToolResult:
        """The chunks before or after a chunk of a loaded pair, in document order."""
        return run_tool(pair_id, GetAdjacentChunksTool.name, chunk_id=chunk_id, document_id=document,
                        direction=direction, count=count)

    def plugin_tool(spec: ToolSpec) -> None:
        def call(pair_id: str, **arguments: Any) -> CallToolResult:
            return run_tool(pair_id, spec.name, **arguments)

        call.__signature__ = _signature(spec)  # type: ignore[attr-defined]
        server.add_tool(call, name=spec.name, description=f"{spec.description} (On a pair loaded by load_pair.)",
                        annotations=read_only)

    for spec in added:
        plugin_tool(spec)

    def report(fmt: str) -> str:
        try:
            return service.last_report(fmt)
        except HikakuError as e:
            raise ResourceError(hide(str(e))) from None

    @server.resource(REPORT_URI, name="last-report", title="The last comparison (Markdown)",
                     mime_type="text/markdown")
    def last_report_markdown() -> str:
        """The report of the last compare_documents call, as a Markdown table."""
        return report("md")

    @server.resource(REPORT_JSON_URI, name="last-report-json", title="The last comparison (JSON)",
                     mime_type="application/json")
    def last_report_json() -> str:
        """The result of the last compare_documents call (hikaku.comparison/v1)."""
        return report("json")

    return server


def serve(service: HikakuService, *, http: bool = False, host: str = "127.0.0.1", port: int = 8765,
          log_level: str = "WARNING") -> None:
    """Run the server on stdio, or on streamable HTTP at ``http://HOST:PORT/mcp``, until
    the client goes away (stdio) or the process is interrupted (HTTP)."""
    server = build_server(service, log_level=log_level)
    if http:
        server.run("streamable-http", host=host, port=port)
    else:
        server.run("stdio")
