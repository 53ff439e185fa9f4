"""``hikaku.compare``: load two documents, run the workflow, return the result."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from typing import Any

from ._config import CompareOptions, resolve_options
from ._models import ComparisonResult, Document
from .embeddings import Embedder, get_embedder
from .loaders import load_document
from .tokenizers import Tokenizer, get_tokenizer
from .workflow import ComparisonRuntime, ComparisonState, ProgressCallback, build_graph
from .workflow.runtime import PolicyFactory

__all__ = ["compare", "run_comparison"]

log = logging.getLogger(__name__)

DocumentSource = str | os.PathLike[str] | Document | Iterable[Any]


def compare(
    a: DocumentSource,
    b: DocumentSource,
    *,
    embedder: Embedder | None = None,
    tokenizer: Tokenizer | None = None,
    policy_factory: PolicyFactory | None = None,
    progress: ProgressCallback | None = None,
    **options: Any,
) -> ComparisonResult:
    """Compare document *a* (old) with document *b* (new).

    *a* and *b* are paths (chunk JSON/JSONL, Markdown, text), :class:`Document` objects or
    lists of ``{"id", "content", "metadata"}`` records. ``options`` are the fields of
    :class:`CompareOptions` (e.g. ``lang="en"``, ``embedding="hashing"``); *embedder*,
    *tokenizer* and *policy_factory* replace the configured components (tests pass
    doubles here). *progress* is called as ``progress(stage, done, total)``.
    """
    result, _ = run_comparison(
        a, b, embedder=embedder, tokenizer=tokenizer, policy_factory=policy_factory, progress=progress, **options
    )
    return result


def run_comparison(
    a: DocumentSource,
    b: DocumentSource,
    *,
    embedder: Embedder | None = None,
    tokenizer: Tokenizer | None = None,
    policy_factory: PolicyFactory | None = None,
    progress: ProgressCallback | None = None,
    **options: Any,
) -> tuple[ComparisonResult, ComparisonState]:
    """Like :func:`compare`, also returning the final graph state (agent thoughts,
    per-group decisions)."""
    opts: CompareOptions = resolve_options(options)
    doc_a = load_document(a, input_format=opts.input_format, id_prefix="a", max_chunk_chars=opts.max_chunk_chars,
                          doc_id=None if not isinstance(a, (list, tuple)) else "A")
    doc_b = load_document(b, input_format=opts.input_format, id_prefix="b", max_chunk_chars=opts.max_chunk_chars,
                          doc_id=None if not isinstance(b, (list, tuple)) else "B")
    rt = ComparisonRuntime(
        document_a=doc_a,
        document_b=doc_b,
        options=opts,
        embedder=embedder or get_embedder(opts.embedding),
        tokenizer=tokenizer or get_tokenizer(opts.tokenizer),
        policy_factory=policy_factory,
        progress=progress,
    )
    graph = build_graph()
    limit = 20 + 3 * (len(doc_a.chunks) + 1)
    state: ComparisonState = graph.invoke({}, context=rt, config={"recursion_limit": limit})  # type: ignore[assignment]
    result = ComparisonResult.model_validate(state["result"])
    log.info("compared %s with %s: %s", doc_a.id, doc_b.id, result.stats.counts)
    return result, state
