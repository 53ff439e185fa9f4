"""What the MCP server does, without the protocol: compare two documents, load a pair
for an outside agent and run the tools on it (the five of the specification and the
plugins'), keep the last report.

A comparison is a run (:func:`hikaku.run.run`) with resolved options, rendered by
:func:`hikaku.render`. A loaded pair is read and built as a comparison builds its sides: each
document indexed by its own :class:`~hikaku.index.DocumentIndex` (one embedding model
shared), wrapped in a :class:`~hikaku.tools.DocumentStore`, the tools from
:func:`~hikaku.tools.build_registry`. The server keeps the last *max_pairs* pairs; the
oldest is dropped first.

Options come from the server's environment and configuration (``HIKAKU_*``,
``config.toml``); a client may set those that change a comparison or a report, never
those that send documents somewhere (``llm``, ``llm_base_url``, ``embedding_base_url``,
a provider's embedding model): a prompt-injected agent must not be able to ship the
files under the roots to a server of its choosing; nor those that name a file of the
server (``calibration``: its errors would tell whether any path exists, and what it holds),
that protect it (the input limits, ``regex_timeout_s``) or that say how much of the server's
model a run may spend (every ``llm_*`` option, ``max_tokens_total``, ``concurrency``: a
prompt-injected agent must not raise the bill). ``encoding`` applies to the files named by path
(inline text is text already).

A client sees the server's files by their paths relative to the root that holds them, in every
message and result (a document's ``source``); the server's own paths never reach it.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._exceptions import ConfigurationError, InputError
from ..document import Document
from ..embeddings import Embedder
from ..index import DocumentIndex
from ..loaders import LIMITS
from ..renderers import RENDERERS, reference_lines, render
from ..result import ComparisonResult
from ..run import Components, EmbedderCache, RunRequest, Side, load_side, render_options, run
from ..settings import CompareOptions, resolve_options
from ..tokenizers import Tokenizer, get_tokenizer
from ..tools import (
    TOOL_CLASSES,
    TOOL_NAMES,
    DocumentStore,
    StoreSet,
    ToolRegistry,
    ToolResult,
    ToolSpec,
    build_registry,
    declaration,
)
from ..wording import wording
from .paths import Roots

__all__ = ["HikakuService", "LoadedPair", "SERVER_ONLY_OPTIONS", "MCP_TOOLS", "plugin_tools", "text_formats"]

log = logging.getLogger(__name__)

# where documents may go, what files are read, what protects the server, and how much of the server's
# model a run may spend (every llm_* option, the token budget, the concurrency)
SERVER_ONLY_OPTIONS = ("llm", "llm_base_url", "embedding_base_url", "calibration", "regex_timeout_s", *LIMITS,
                       *(k for k in CompareOptions.model_fields if k.startswith("llm_") and k != "llm_base_url"),
                       "max_tokens_total", "concurrency")
_LOCAL_EMBEDDINGS = ("use", "use-multilingual-v3", "hashing")
# the server's own tools over a loaded pair (the five of the specification, by side), then the plugins'
MCP_TOOLS = ("string_search", "vector_similarity", "get_context", "get_adjacent_chunks", "list_chunks")


def text_formats() -> tuple[str, ...]:
    """The report formats that are text (a tool's result is text): the plugins' too."""
    return tuple(name for name, info in RENDERERS.items() if not info.binary)


def plugin_tools() -> list[ToolSpec]:
    """The tools the installed plugins add, as they declare themselves (served by their own name)."""
    return [declaration(TOOL_CLASSES[name]) for name in TOOL_CLASSES if name not in TOOL_NAMES]


@dataclass(frozen=True)
class LoadedPair:
    """Two documents indexed for the tools, under an id a client names them by."""

    id: str
    a: Document
    b: Document
    options: CompareOptions
    registry: ToolRegistry
    indexes: tuple[DocumentIndex, DocumentIndex]

    def describe(self) -> dict[str, Any]:
        added = [n for n in self.registry.names if n not in TOOL_NAMES]  # the plugins' tools, by their own name
        return {"pair_id": self.id, "documents": {side: _doc_info(doc) for side, doc in (("A", self.a), ("B", self.b))},
                "tools": [*MCP_TOOLS, *added]}


def _doc_info(doc: Document) -> dict[str, Any]:
    # notes: what its loader found the reader must know (a PDF page whose reading order is in doubt)
    return {"id": doc.id, "title": doc.title, "chunk_count": len(doc.chunks), "source": doc.source,
            "notes": [n.text for n in doc.notes]}


class HikakuService:
    """See the module docstring. *embedder* / *tokenizer* replace the configured ones
    (tests pass doubles here)."""

    def __init__(self, roots: Roots, *, max_pairs: int = 8, embedder: Embedder | None = None,
                 tokenizer: Tokenizer | None = None, env: Mapping[str, str] | None = None) -> None:
        if max_pairs < 1:
            raise ConfigurationError("max_pairs must be at least 1")
        self.roots = roots
        self.max_pairs = max_pairs
        self._embedders = EmbedderCache(env, fixed=embedder)
        self.env = self._embedders.env
        self._tokenizer = tokenizer
        self._pairs: OrderedDict[str, LoadedPair] = OrderedDict()
        self._ids = itertools.count(1)
        self._last: tuple[ComparisonResult, CompareOptions] | None = None
        self._lock = threading.Lock()  # the pairs and the last report
        self._work = threading.Lock()  # one comparison or load at a time: they are CPU-bound

    # -- options and documents -------------------------------------------------------------
    def options(self, client: Mapping[str, Any] | None = None) -> CompareOptions:
        values = {k: v for k, v in (client or {}).items() if v is not None}
        unknown = sorted(k for k in values if k not in CompareOptions.model_fields)
        if unknown:
            raise ConfigurationError(f"unknown option(s) {', '.join(unknown)}")
        refused = sorted(k for k in values if k in SERVER_ONLY_OPTIONS)
        embedding = values.get("embedding")
        if isinstance(embedding, str) and embedding not in _LOCAL_EMBEDDINGS:
            refused.append("embedding")
        if refused:
            may = f"; a client may choose embedding {' or '.join(_LOCAL_EMBEDDINGS[::2])}" if "embedding" in refused else ""
            raise ConfigurationError(f"option(s) {', '.join(refused)} are set on the server (HIKAKU_* or config.toml "
                                     f"where hikaku mcp runs), not by a client{may}")
        return resolve_options(values)

    def side(self, side: str, path: str | None, text: str | None) -> Side:
        """Side ``A`` or ``B`` from a path inside the roots (named by its path relative to its root),
        or from inline text (read as the input format, Markdown by default, exactly as a file of that
        format)."""
        if (path is None) == (text is None):
            raise InputError(f"give either {side.lower()} (a path) or {side.lower()}_text (the text itself)")
        if path is not None:
            real = self.roots.resolve(path)
            return Side(real, name=self.roots.relative(real))
        return Side(text=text, name=f"{side.lower()}_text", doc_id=side)

    def document(self, side: str, path: str | None, text: str | None, opts: CompareOptions) -> Document:
        return load_side(self.side(side, path, text), side.lower(), opts, served=True)

    # -- comparison --------------------------------------------------------------------------
    def compare(self, a: str | None = None, b: str | None = None, *, a_text: str | None = None,
                b_text: str | None = None, fmt: str = "md",
                options: Mapping[str, Any] | None = None) -> tuple[ComparisonResult, str]:
        """Compare and render; the result becomes the last report."""
        formats = text_formats()
        if fmt not in formats:
            raise ConfigurationError(f"format {fmt!r}: choose one of {', '.join(formats)}")
        opts = self.options(options)
        with self._work:
            sides = self.side("A", a, a_text), self.side("B", b, b_text)
            components = Components(embedder=self._embedders.get(opts.index_settings()), tokenizer=self._tokenizer)
            result = run(RunRequest(*sides, opts, components=components, served=True)).result
        with self._lock:
            self._last = (result, opts)
        report = render(result, fmt, render_options(opts))
        assert isinstance(report, str)
        return result, report

    def check_references(self, a: str | None = None, b: str | None = None, *, a_text: str | None = None,
                         b_text: str | None = None, options: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], str]:
        """Compare and keep only the cross-references of B to check (引用条項の確認): the flags
        with the row each is in, and the section of the report that lists them. The comparison
        becomes the last report."""
        result, _ = self.compare(a, b, a_text=a_text, b_text=b_text, fmt="json", options=options)
        lang = self.options(options).lang
        lines = reference_lines(result, lang)
        w = wording(lang)
        text = "\n".join([w("report.reference.count", n=len(lines)), *(
            f"- {line.item} {w('text.quote_open')}{line.flag.text}{w('text.quote_close')} — {line.kind}: {line.message}"
            for line in lines)]) if lines else w("report.reference.none")
        data = {"document_a": result.document_a.model_dump(), "document_b": result.document_b.model_dump(),
                "references": [{**line.flag.model_dump(), "item": line.item, "message": line.message} for line in lines]}
        return data, text

    def last_report(self, fmt: str) -> str:
        with self._lock:
            last = self._last
        if last is None:
            raise InputError("no comparison yet: call compare_documents first")
        report = render(last[0], fmt, render_options(last[1]))
        assert isinstance(report, str)
        return report

    # -- loaded pairs and their tools ----------------------------------------------------------
    def load_pair(self, a: str | None = None, b: str | None = None, *, a_text: str | None = None,
                  b_text: str | None = None, options: Mapping[str, Any] | None = None) -> LoadedPair:
        opts = self.options(options)
        with self._work:
            doc_a = self.document("A", a, a_text, opts)
            doc_b = self.document("B", b, b_text, opts)
            settings = opts.index_settings()
            embedder = self._embedders.get(settings)
            tokenizer = self._tokenizer or get_tokenizer(settings.tokenizer)
            ix_a = DocumentIndex(settings, embedder=embedder, tokenizer=tokenizer)
            ix_b = DocumentIndex(settings, embedder=embedder, tokenizer=tokenizer)
            stores = StoreSet(DocumentStore(doc_a, "A", ix_a), DocumentStore(doc_b, "B", ix_b))
            tools = [*TOOL_NAMES, *(t.name for t in plugin_tools())]  # every tool, the plugins' too
            registry = build_registry(stores, tools, regex_timeout_s=opts.regex_timeout_s)
        with self._lock:
            pair = LoadedPair(f"pair-{next(self._ids)}", doc_a, doc_b, opts, registry, (ix_a, ix_b))
            self._pairs[pair.id] = pair
            while len(self._pairs) > self.max_pairs:
                _, old = self._pairs.popitem(last=False)
                log.info("dropped %s (keeping the last %d pairs)", old.id, self.max_pairs)
                for ix in old.indexes:
                    ix.close()
        return pair

    def pair(self, pair_id: str) -> LoadedPair:
        with self._lock:
            got = self._pairs.get(pair_id)
            if got is not None:
                self._pairs.move_to_end(pair_id)  # recently used pairs are kept longest
            known = ", ".join(self._pairs) or "none"
        if got is None:
            raise InputError(f"unknown pair id {pair_id!r} (loaded: {known}; the server keeps the last "
                             f"{self.max_pairs}); call load_pair first")
        return got

    def run_tool(self, pair_id: str, tool: str, **arguments: Any) -> ToolResult:
        """Run a tool on a loaded pair (arguments left None take the tool's defaults)."""
        pair = self.pair(pair_id)
        return pair.registry.execute(tool, **{k: v for k, v in arguments.items() if v is not None})

    def list_chunks(self, pair_id: str, document: str, offset: int = 0, limit: int = 50) -> dict[str, Any]:
        pair = self.pair(pair_id)
        side = document.strip().upper()
        if side not in ("A", "B"):
            raise InputError(f"document {document!r}: 'A' or 'B'")
        doc = pair.a if side == "A" else pair.b
        offset, limit = max(0, offset), min(max(1, limit), 500)
        rows = []
        for i, c in enumerate(doc.chunks[offset:offset + limit], start=offset):
            s = c.structure
            preview = " ".join(c.content.split())
            rows.append({"id": c.id, "position": i, "heading_path": list(s.heading_path), "label": s.label,
                         "preview": preview if len(preview) <= 80 else preview[:79] + "…"})
        return {"pair_id": pair.id, "document": side, "total": len(doc.chunks), "offset": offset, "chunks": rows}
