"""A document as the tools see it: chunks by id and position, the heading hierarchy
with extractive summaries, and the hybrid index used for vector search."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from itertools import chain
from typing import Any

from ..document import Chunk, Document
from ..index import DocumentIndex
from ..text import is_plain, lowered, normalize, shorten, split_sentences
from .heading_summarizer import HeadingSummarizer
from .literal_index import BigramIndex
from .memo import Memo
from .safe_regex import normalize_with_offsets

__all__ = ["DocumentStore", "StoreSet"]

SUMMARY_CHARS = 200
LITERAL_MEMO = 4096  # literal searches remembered (a document's terms recur: the same answer, not the same work)
LISTED_MEMO = 65536  # chunks the remembered literal searches list, at most (~450 bytes each as the tools list them)
TEXT_MEMO = 16384  # chunks' NFKC and lower-cased forms kept: the neighbourhood searches come back to, not every
# chunk a search ever looked into (the sizes weighed: bench/RESULTS.md, "Figures behind the code")


_Key = tuple[str, bool, int | None]  # a literal search: needle, case_sensitive, limit


class DocumentStore:
    """One side (A or B) of a comparison."""

    def __init__(self, document: Document, side: str, index: DocumentIndex, searchable: Iterable[str] | None = None,
                 summarizer: HeadingSummarizer | None = None, keys: Sequence[str] | None = None):
        """*keys*: each chunk's match key (``text.match_key``), when the caller has them:
        the literal-search index is built on them instead of normalising every chunk again."""
        self.document = document
        self.side = side
        self.index = index
        self.index.index_document(document, searchable)
        self._summaries: dict[tuple[str, ...], str] = {}  # written by the summarizer
        self._extractive: dict[tuple[str, ...], str] = {}
        self.summarizer = summarizer
        self._keys = keys
        # each chunk in NFKC form with its offset map (None: same positions), and lower-cased:
        # made for the chunks a search looks into, when it looks; the last TEXT_MEMO of each kept
        self._norm: Memo[int, tuple[str, list[int] | None]] = Memo(lambda: TEXT_MEMO)
        self._low: Memo[int, str] = Memo(lambda: TEXT_MEMO)
        # whether each chunk is plain (is_plain: its match key then answers for it), learnt when a
        # search first asks: 0 not yet, 1 plain, 2 not (a common word's candidates come back search
        # after search)
        self._plain = bytearray(len(document.chunks))
        # literal searches already answered: (needle, case_sensitive, limit) -> their answer as the
        # tools list it (literal_matches)
        self._listed: Memo[_Key, tuple[list[dict[str, Any]], int]] = Memo(
            lambda: LITERAL_MEMO, budget=lambda: LISTED_MEMO, weight=lambda got: len(got[0]))

    @property
    def id(self) -> str:
        return self.document.id

    def chunk(self, chunk_id: str) -> Chunk | None:
        return self.document.get(chunk_id)

    def position(self, chunk_id: str) -> int | None:
        return self.document.position(chunk_id)

    def view(self, chunk: Chunk, *, position: int | None = None, **extra: Any) -> dict[str, Any]:
        """A chunk as tools return it (*position*: its position when the caller knows it)."""
        out = _entry(chunk, self.position(chunk.id) if position is None else position)
        out.update(extra)
        return out

    def _normalized(self, k: int) -> tuple[str, list[int] | None]:
        """Chunk *k* in NFKC form and its offset map (None: same positions; the text
        itself when already NFKC: no copy)."""
        got = self._norm.get(k)
        if got is None:
            got = self._norm.put(k, normalize_with_offsets(self.document.chunks[k].content))
        return got

    def _lower(self, k: int) -> str:
        got = self._low.get(k)
        if got is None:
            got = self._low.put(k, lowered(self._normalized(k)[0]))
        return got

    def index_literals(self) -> None:
        """Build the literal-search index now rather than at the first search (a caller that
        knows when memory is low: its scratch is about 17 bytes a character)."""
        self._bigrams  # noqa: B018 - a cached property, built here

    @cached_property
    def _bigrams(self) -> BigramIndex:
        keys = self._keys if self._keys is not None else [normalize(c.content) for c in self.document.chunks]
        return BigramIndex(k.lower() for k in keys)  # the index is over lower-cased text

    @cached_property
    def lower_preserves_positions(self) -> bool:
        """Whether lower-casing keeps every position of every chunk's NFKC form. Only
        U+0130 (İ) lower-cases to two characters, and an NFKC form holds it only where the
        text has it or a combining dot above (U+0307): only those chunks are looked at."""
        return not any(len(self._lower(k)) != len(self._normalized(k)[0])
                       for k, c in enumerate(self.document.chunks) if "\u0130" in c.content or "\u0307" in c.content)

    def _to_original(self, k: int, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        m = self._normalized(k)[1]
        return spans if m is None else [(m[s], m[e]) for s, e in spans]

    def find_literal(self, needle: str, *, case_sensitive: bool,
                     limit: int | None = None) -> tuple[list[tuple[int, list[tuple[int, int]]]], int]:
        """Chunks containing the (NFKC-normalised) *needle* and the spans in their original
        text, in document order: the first *limit* of them, and how many there are — with a
        *limit*, counted up to ``limit + 1`` (more than *limit*: the search stops there, so
        that a common word costs no more than a rare one in a long document). Uses the
        bigram index to look only where it can occur (the tools list the chunks it finds with
        :meth:`literal_matches`, which remembers its answers)."""
        return self._find_literal(needle, case_sensitive=case_sensitive, limit=limit)

    def literal_matches(self, needle: str, *, case_sensitive: bool,
                        limit: int | None = None) -> tuple[list[dict[str, Any]], int]:
        """:meth:`find_literal`'s chunks as the tools list them — each one's :meth:`view` with
        the *positions* of its matches and their *match_count* — and how many there are. The
        same search again is answered from memory, the list itself (the offline agent searches
        a document's recurring terms for chunk after chunk: listing a hundred chunks again
        each time cost more than finding them); the caller must not change what it gets."""
        key = (needle, case_sensitive, limit)
        got = self._listed.get(key)
        if got is None:
            found, total = self._find_literal(needle, case_sensitive=case_sensitive, limit=limit)
            got = self._listed.put(key, (self.listing(found), total))
        return got

    def listing(self, found: list[tuple[int, list[tuple[int, int]]]]) -> list[dict[str, Any]]:
        """Chunks found by position with the spans of their matches, as the search tool lists
        them: each one's :meth:`view` with the *positions* of its matches and their *match_count*."""
        chunks = self.document.chunks
        out = []
        for k, spans in found:  # view(chunk, position=k, positions=…, match_count=…) without its keywords
            entry = _entry(chunks[k], k)
            entry["positions"] = [[start, end] for start, end in spans]
            entry["match_count"] = len(spans)
            out.append(entry)
        return out

    def _find_literal(self, needle: str, *, case_sensitive: bool,
                      limit: int | None) -> tuple[list[tuple[int, list[tuple[int, int]]]], int]:
        if not case_sensitive and not self.lower_preserves_positions:
            raise ValueError("lower-cased search is not position-preserving for this document")
        text_of = self._lower if not case_sensitive else (lambda k: self._normalized(k)[0])
        lowered = needle.lower()
        if not case_sensitive:
            needle = lowered
        cands = self._bigrams.candidates(lowered)
        positions = range(len(self.document.chunks)) if cands is None else cands.tolist()
        holds = self._holds(needle, case_sensitive, text_of)
        out: list[tuple[int, list[tuple[int, int]]]] = []
        total = 0
        n = len(needle)
        for k in positions:
            if not holds(k):
                continue
            total += 1
            if limit is not None and len(out) >= limit:
                break  # one more than the limit: "more"
            text = text_of(k)
            spans = []
            i = text.find(needle)
            while i >= 0:
                spans.append((i, i + n))
                i = text.find(needle, i + n)
            out.append((k, self._to_original(k, spans)))
        return out, total

    def _holds(self, needle: str, case_sensitive: bool, text_of: Callable[[int], str]) -> Callable[[int], bool]:
        """Whether chunk *k*'s searched text (*text_of*) holds *needle*, learnt without making
        that text where the chunk's match key tells: most of a common word's candidates do not
        hold it, and normalising each again cost more than the search. The key is the chunk's
        NFKC form with its runs of whitespace collapsed: for a plain chunk (``is_plain``: its
        searched text is that NFKC form) and a needle without whitespace, which lies within a
        run of non-whitespace the key keeps as it is, the key holds the needle where the text
        does — lower-cased both, or as they are (lower-casing neither makes nor unmakes
        whitespace, and a needle of characters it keeps and makes from nothing else, such as
        Japanese, is in a lower-cased text where it is in the text)."""
        memo = self._low if not case_sensitive else None
        keys = self._keys
        if keys is None or any(ch.isspace() for ch in needle):
            return lambda k: needle in text_of(k)
        as_is = case_sensitive or all(_kept_by_lowering(ch) for ch in needle)
        chunks = self.document.chunks
        plain = self._plain

        def holds(k: int) -> bool:
            known = plain[k] or _learn(plain, k, chunks[k].content)
            if known == 1 and as_is:
                return needle in keys[k]
            made = memo.get(k) if memo is not None else (got[0] if (got := self._norm.get(k)) else None)
            if made is not None:
                return needle in made
            if known == 1:
                return needle in keys[k].lower()
            return needle in text_of(k)

        return holds

    def search_text(self, find: Callable[[str], list[tuple[int, int]]]) -> list[tuple[int, list[tuple[int, int]]]]:
        """Run ``find(text) -> spans`` over each chunk's normalised text on its own (so that
        a pattern such as ``従業員.*`` finds every chunk, and ``^`` is a chunk's start);
        return (chunk position, spans in that chunk's original text) in document order.
        *find* keeps its own time limit across the calls."""
        out = []
        for k in range(len(self.document.chunks)):
            spans = find(self._normalized(k)[0])
            if spans:
                out.append((k, self._to_original(k, spans)))
        return out

    def release(self) -> None:
        """Drop what the searches made and kept (normalised and lower-cased texts, the literal
        index, the queries' vectors): each is made again if a search comes (a query then
        embedded alone)."""
        self._norm.clear()
        self._low.clear()
        self._listed.clear()
        self._plain = bytearray(len(self.document.chunks))
        self.__dict__.pop("_bigrams", None)
        self.__dict__.pop("_under", None)
        self.index.release_queries()

    @cached_property
    def _paths(self) -> list[tuple[str, ...]]:
        return [c.structure.heading_path for c in self.document.chunks]

    def heading_path(self, chunk: Chunk) -> list[str]:
        pos = self.position(chunk.id)
        return list(self._paths[pos]) if pos is not None else []

    def parents(self, chunk: Chunk, levels: int) -> list[dict[str, Any]]:
        """Up to *levels* ancestors, nearest first: level, heading, summary."""
        path = self._paths[self.position(chunk.id) or 0]
        out = []
        for up in range(1, min(levels, len(path)) + 1):
            prefix = path[: len(path) - up + 1]
            out.append({"level": up, "heading": prefix[-1], "path": list(prefix), "summary": self.summary(prefix)})
        return out

    @cached_property
    def _under(self) -> dict[tuple[str, ...], list[int]]:
        """Each distinct heading path and the positions of its chunks, in document order."""
        out: dict[tuple[str, ...], list[int]] = {}
        for k, path in enumerate(self._paths):
            out.setdefault(path, []).append(k)
        return out

    def _members(self, prefix: tuple[str, ...]) -> list[Chunk]:
        """The chunks whose heading path starts with *prefix*, in document order: one test for each
        distinct path (a few thousand), not for each chunk."""
        n = len(prefix)
        lists = [positions for path, positions in self._under.items() if path[:n] == prefix]
        chunks = self.document.chunks
        return [chunks[k] for k in (lists[0] if len(lists) == 1 else sorted(chain.from_iterable(lists)))]

    def summary(self, prefix: tuple[str, ...]) -> str:
        """Summary of a heading node: written by the summarizer (an LLM) when there is
        one, else extractive: its heading and the leading sentences of the text under it."""
        got = self._summaries.get(prefix)
        if got is not None:
            return got
        # the summarizer may decline (it writes only for the LLM's own calls): its summary is
        # cached when written, the extractive one apart, so that a later call may still get one
        if self.summarizer is None and prefix in self._extractive:
            return self._extractive[prefix]
        members = self._members(prefix)
        if self.summarizer is not None and members:
            written = self.summarizer.summarize(prefix[-1], "\n".join(c.content for c in members))
            if written:
                got = shorten(f"{prefix[-1]}: {written} ({len(members)} chunks)", 2 * SUMMARY_CHARS)
                self._summaries[prefix] = got
                return got
        if prefix in self._extractive:
            return self._extractive[prefix]
        sentences: list[str] = []
        for c in members:
            for s in split_sentences(c.content):
                if s.strip() != prefix[-1].strip():
                    sentences.append(s)
                if len(sentences) >= 3:
                    break
            if len(sentences) >= 3:
                break
        text = f"{prefix[-1]}: " + " ".join(sentences) if sentences else prefix[-1]
        got = shorten(f"{text} ({len(members)} chunks)" if members else text, SUMMARY_CHARS)
        self._extractive[prefix] = got
        return got


def _entry(chunk: Chunk, position: int | None) -> dict[str, Any]:
    """The fields every tool's view of a chunk has (:meth:`DocumentStore.view`)."""
    return {"id": chunk.id, "content": chunk.content, "metadata": chunk.metadata, "position": position}


def _learn(plain: bytearray, k: int, content: str) -> int:
    """Whether chunk *k* (of *content*) is plain, written into *plain*: 1 it is, 2 it is not."""
    plain[k] = 1 if is_plain(content) else 2
    return plain[k]


def _kept_by_lowering(ch: str) -> bool:
    """*ch* is its own lower case, and lower-casing makes it from no other character: it makes
    only lower-case letters and U+0307 (the dot of İ)."""
    return ch.lower() == ch and not ch.islower() and ch != "\u0307"


class StoreSet:
    """The documents the tools can address: by their ids or by the aliases A and B."""

    def __init__(self, a: DocumentStore, b: DocumentStore) -> None:
        self.a = a
        self.b = b

    def resolve(self, document_id: str) -> DocumentStore | None:
        key = document_id.strip()
        if key.upper() in ("A", "DOCUMENT_A", "DOC_A"):
            return self.a
        if key.upper() in ("B", "DOCUMENT_B", "DOC_B"):
            return self.b
        if key == self.a.id and key != self.b.id:
            return self.a
        if key == self.b.id and key != self.a.id:
            return self.b
        return None

    def names(self) -> str:
        ids = {"A", "B", self.a.id, self.b.id} if self.a.id != self.b.id else {"A", "B"}
        return ", ".join(sorted(ids))
