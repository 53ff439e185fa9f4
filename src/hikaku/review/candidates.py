"""Candidates for a chunk of A, found with the agent's own tools: what the agent weighed
(with its calibrated probability), what ``string_search_tool`` finds (the chunk's label, or
the reviewer's own words) and what ``vector_similarity_tool`` finds (with its cosine score),
each with its context (headings, the chunk before it, who holds it now).

Used when the agent asks the reviewer (``--interactive``) and by the web app's "pair with…"
(:class:`CandidateFinder` indexes a finished comparison's documents). The finder's candidates
always include the best *document-wide* counterpart — in any section, any rider — weighed by
the calibration's pair model as the moves across sections are (``align.moves``): a clause moved
into another rider shows among the candidates of the clause it was, even when the report left
it deleted."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..align import Across, Neighbours, TextSimilarity, load_calibration, weigh
from ..changes import item_label
from ..document import Document
from ..embeddings import Embedder, embedder_for
from ..index import DocumentIndex
from ..settings import CompareOptions
from ..text import match_key
from ..tokenizers import get_tokenizer
from ..tools import (
    DocumentStore,
    StoreSet,
    StringSearchTool,
    ToolRegistry,
    VectorSimilarityTool,
    build_registry,
)
from .decisions import text_sha256

__all__ = ["Candidate", "CandidateFinder", "find_candidates"]

Holders = Callable[[str], tuple[str, ...]]


@dataclass(frozen=True)
class Candidate:
    b_ids: tuple[str, ...]
    b_sha256: tuple[str, ...]
    item: str
    text: str
    path: tuple[str, ...]  # the headings above it
    previous: str | None = None  # the B chunk before it
    probability: float | None = None  # the agent's calibrated probability that it is the counterpart
    vector_score: float | None = None  # vector_similarity_tool's cosine
    string_matches: int = 0  # matches of string_search_tool (label or the reviewer's words)
    similarity: float | None = None  # lexical similarity with the A chunk, when known
    held_by: tuple[str, ...] = ()  # A chunks it is paired with now
    chosen: bool = False  # the agent's (or the row's) counterpart

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        for k in ("b_ids", "b_sha256", "path", "held_by"):
            out[k] = list(out[k])
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Candidate:
        d = dict(data)
        for k in ("b_ids", "b_sha256", "path", "held_by"):
            d[k] = tuple(d.get(k) or ())
        return cls(**d)


def find_candidates(
    registry: ToolRegistry,
    doc_a: Document,
    doc_b: Document,
    a_ids: Sequence[str],
    *,
    known: Sequence[tuple[tuple[str, ...], float]] = (),
    chosen: Sequence[str] = (),
    query: str | None = None,
    limit: int = 8,
    holders: Holders | None = None,
    similarities: Callable[[tuple[str, ...], list[str]], list[float]] | None = None,
    allowed: Callable[[tuple[str, ...]], bool] | None = None,
    kept: Sequence[tuple[tuple[str, ...], float]] = (),
) -> list[Candidate]:
    """Counterparts the A chunks *a_ids* may have: *chosen* (the current one), *known* (the
    agent's candidates with their probabilities), then the tools' hits (the label, *query*,
    vector search); at most *limit*, the chosen and the most probable first. *allowed* says
    whether B chunks may be paired with them (a reviewer may have ruled some out); *kept* are
    candidates (with their probabilities) always among those returned (the document-wide best)."""
    chunks = [c for c in (doc_a.get(i) for i in a_ids) if c is not None]
    text = "\n".join(c.content for c in chunks)
    found: dict[tuple[str, ...], dict[str, Any]] = {}

    def add(b_ids: Sequence[str], **info: Any) -> None:
        key = tuple(b_ids)
        if not key or any(doc_b.get(j) is None for j in key) or (allowed is not None and not allowed(key)):
            return
        entry = found.setdefault(key, {})
        for k, v in info.items():
            if v is not None and (k not in entry or k == "string_matches"):
                entry[k] = entry.get(k, 0) + v if k == "string_matches" else v

    if chosen:
        add(chosen, chosen=True)
    for b_ids, p in (*known, *kept):
        add(b_ids, probability=round(float(p), 4))
    patterns = [p for p in (query, chunks[0].structure.structural_label if chunks and not query else None) if p]
    if StringSearchTool.name in registry:
        for pattern in patterns:
            r = registry.execute(StringSearchTool.name, pattern=pattern, document_id="B")
            if r.success:
                for m in r.output:
                    add((m["id"],), string_matches=int(m.get("match_count", 1)))
    if VectorSimilarityTool.name in registry and (text or query):
        r = registry.execute(VectorSimilarityTool.name, query_text=query or text, document_id="B", threshold=0.0,
                             max_results=limit)
        if r.success:
            for o in r.output:
                add((o["id"],), vector_score=round(float(o["score"]), 4))
    ranked = sorted(found.items(), key=lambda kv: (
        not kv[1].get("chosen", False), -(kv[1].get("probability") or 0.0), -(kv[1].get("string_matches", 0) > 0),
        -(kv[1].get("vector_score") or 0.0), doc_b.position(kv[0][0]) or 0))
    must = {tuple(b) for b, _ in kept if tuple(b) in found}
    shown = ranked[:limit]
    for entry in ranked[limit:]:  # a kept candidate cut by the limit takes the place of the last one not kept
        if entry[0] in must and entry not in shown:
            spare = next((k for k in range(len(shown) - 1, -1, -1) if shown[k][0] not in must
                          and not shown[k][1].get("chosen")), None)
            if spare is not None:
                shown[spare] = entry
    ranked = sorted(shown, key=lambda kv: ranked.index(kv))
    sims = similarities(tuple(a_ids), [k[0] for k, _ in ranked]) if similarities and ranked else None
    out = []
    for n, (b_ids, info) in enumerate(ranked):
        bs = [doc_b.get(j) for j in b_ids]
        pos = doc_b.position(b_ids[0]) or 0
        out.append(Candidate(
            b_ids=b_ids,
            b_sha256=tuple(text_sha256(c.content) for c in bs if c is not None),
            item=item_label([], [c for c in bs if c is not None]),
            text="\n".join(c.content for c in bs if c is not None),
            path=bs[0].structure.section_path if bs[0] is not None else (),
            previous=doc_b.chunks[pos - 1].id if pos > 0 else None,
            probability=info.get("probability"),
            vector_score=info.get("vector_score"),
            string_matches=int(info.get("string_matches", 0)),
            similarity=round(float(sims[n]), 4) if sims is not None else None,
            held_by=holders(b_ids[0]) if holders else (),
            chosen=bool(info.get("chosen", False)),
        ))
    return out


class CandidateFinder:
    """The tools over the two documents of a finished comparison (every chunk searchable),
    for a front that lets a reviewer pair a chunk by hand. Indexes lazily; thread-safe."""

    def __init__(self, doc_a: Document, doc_b: Document, options: CompareOptions,
                 embedder: Embedder | None = None) -> None:
        self.a, self.b = doc_a, doc_b
        settings = options.index_settings()
        embedder = embedder or embedder_for(settings)
        tokenizer = get_tokenizer(settings.tokenizer)
        self._lock = threading.RLock()

        def store(doc: Document, side: str) -> DocumentStore:
            return DocumentStore(doc, side, DocumentIndex(settings, embedder=embedder, tokenizer=tokenizer))

        self.registry = build_registry(StoreSet(store(doc_a, "A"), store(doc_b, "B")), options.enabled_tools,
                                       regex_timeout_s=options.regex_timeout_s, lock=self._lock)
        self._pair = load_calibration(options.calibration).pair
        self._similarity: TextSimilarity | None = None  # A and B whole, made when first asked for
        self._others: tuple[set[int], set[int]] = (set(), set())

    def document_wide(self, a_ids: Sequence[str]) -> list[tuple[tuple[str, ...], float]]:
        """The best counterpart of the A chunks *a_ids* anywhere in B (any section), with the pair
        model's probability (``align.moves.weigh``); empty when none is more similar than the
        chunks around it."""
        ia = [p for p in (self.a.position(i) for i in a_ids) if p is not None]
        if len(ia) != 1 or not self.b.chunks:
            return []
        texts_a, texts_b = [c.content for c in self.a.chunks], [c.content for c in self.b.chunks]
        with self._lock:
            if self._similarity is None:
                self._similarity = TextSimilarity(texts_a, texts_b, focus_a=[], focus_b=list(range(len(texts_b))))
                keys_a, keys_b = [match_key(t) for t in texts_a], [match_key(t) for t in texts_b]
                in_a, in_b = set(keys_a), set(keys_b)  # the same text in both: other clauses (the anchors)
                self._others = ({i for i, k in enumerate(keys_a) if k in in_b}, {j for j, k in enumerate(keys_b) if k in in_a})
            across = Across(self._similarity)
            weighed = weigh(across, Neighbours(across, texts_a, texts_b, others=self._others), self._pair, ia,
                            list(range(len(texts_b))))
        best = max(weighed, key=lambda m: (m.probability, -m.b), default=None)
        return [((self.b.chunks[best.b].id,), best.probability)] if best is not None else []

    def find(self, a_ids: Sequence[str], *, chosen: Sequence[str] = (),
             known: Sequence[tuple[tuple[str, ...], float]] = (), query: str | None = None, limit: int = 8,
             holders: Holders | None = None, allowed: Callable[[tuple[str, ...]], bool] | None = None
             ) -> list[Candidate]:
        kept = [c for c in self.document_wide(a_ids) if allowed is None or allowed(c[0])]
        with self._lock:
            return find_candidates(self.registry, self.a, self.b, a_ids, chosen=chosen, known=known, query=query,
                                   limit=limit, holders=holders, allowed=allowed, kept=kept)
