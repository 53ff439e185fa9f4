"""string_search_tool (文字列検索ツール)."""

from __future__ import annotations

import time
import unicodedata

from pydantic import BaseModel, Field

from .base import BaseTool, ToolContext, ToolFailure
from .document_store import StoreSet
from .safe_regex import PatternError, PatternTimeout, check_pattern, compile_pattern, find_spans

__all__ = ["StringSearchTool", "StringSearchParams"]

MAX_RESULTS = 100


class StringSearchParams(BaseModel):
    pattern: str = Field(min_length=1, description="Text or regular expression to look for.")
    document_id: str = Field(description="Document to search: 'A', 'B' or the document's id.")
    use_regex: bool = Field(default=False, description="Treat the pattern as a regular expression.")
    case_sensitive: bool = Field(default=False, description="Distinguish upper and lower case.")


class StringSearchTool(BaseTool):
    """Find the chunks of a document that contain a word, phrase or regular expression.
    Returns each matching chunk (id, content, metadata) with the character positions of
    its matches, in document order. Matching ignores full-width/half-width differences.
    Use it for key terms, article numbers (第5条) or proper nouns. At most 100 chunks are
    returned; a literal search then reports 101 matching chunks for "more than 100"."""

    name = "string_search_tool"
    prompt_file = "hikaku:prompts/agent_tools.{lang}.txt"
    Params = StringSearchParams

    @classmethod
    def create(cls, context: ToolContext) -> StringSearchTool:
        return cls(context.stores, timeout_s=context.regex_timeout_s)

    def __init__(self, stores: StoreSet, *, timeout_s: float = 2.0, max_results: int = MAX_RESULTS) -> None:
        self.stores = stores
        self.timeout_s = timeout_s
        self.max_results = max_results

    def _run(self, p: StringSearchParams):
        store = self.stores.resolve(p.document_id)
        if store is None:
            raise ToolFailure(f"unknown document_id {p.document_id!r}; use one of {self.stores.names()}")
        # only a regular expression has a time limit: a literal (escaped) pattern matches in
        # linear time, and its result must not depend on the machine's load
        deadline = time.monotonic() + self.timeout_s if p.use_regex else None
        literal = not p.use_regex and (p.case_sensitive or store.lower_preserves_positions)
        try:
            if literal:  # plain text: an index lookup and str.find, no regular expression (remembered)
                check_pattern(p.pattern)
                matches, total = store.literal_matches(unicodedata.normalize("NFKC", p.pattern),
                                                       case_sensitive=p.case_sensitive, limit=self.max_results)
            else:
                compiled = compile_pattern(p.pattern, use_regex=p.use_regex, case_sensitive=p.case_sensitive)
                found = store.search_text(lambda text: find_spans(compiled, text, deadline=deadline))
                total = len(found)
                matches = store.listing(found[: self.max_results])
        except PatternError as e:
            raise ToolFailure(str(e)) from None
        except PatternTimeout:
            raise ToolFailure(f"the pattern took longer than {self.timeout_s:g} s to match; simplify it") from None
        return list(matches), [float(m["match_count"]) for m in matches], total  # a list of its own
