"""get_context_tool_a / get_context_tool_b (比較元/比較先チャンクの文脈取得ツール)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .base import BaseTool, ToolContext, ToolFailure
from .document_store import DocumentStore

__all__ = ["GetContextTool", "GetContextToolA", "GetContextToolB", "GetContextParams"]


class GetContextParams(BaseModel):
    chunk_id: str = Field(description="Id of the chunk.")
    include_hierarchy: bool = Field(default=True, description="Add summaries of the headings above the chunk.")
    hierarchy_levels: int = Field(default=1, ge=0, le=20, description="How many heading levels to walk up.")


class GetContextTool(BaseTool):
    """A chunk of one document with its context (the tools of A and B below)."""

    Params = GetContextParams
    prompt_file = "hikaku:prompts/agent_tools.{lang}.txt"

    def __init__(self, store: DocumentStore) -> None:
        self.store = store

    def _run(self, p: GetContextParams):
        chunk = self.store.chunk(p.chunk_id)
        if chunk is None:
            raise ToolFailure(f"unknown chunk_id {p.chunk_id!r} in document {self.store.side}")
        hierarchy = self.store.parents(chunk, p.hierarchy_levels) if p.include_hierarchy else []
        output = {
            "chunk": self.store.view(chunk),
            "heading_path": self.store.heading_path(chunk),
            "hierarchy": hierarchy,
        }
        return output, [], 1


class GetContextToolA(GetContextTool):
    """Get a chunk with its context: id, content, metadata, position, and summaries of the
    headings it sits under (nearest first, up to hierarchy_levels). Works on document A (the
    old version, 比較元)."""

    name = "get_context_tool_a"
    document = "A"

    @classmethod
    def create(cls, context: ToolContext) -> GetContextToolA:
        return cls(context.stores.a)


class GetContextToolB(GetContextTool):
    """Get a chunk with its context: id, content, metadata, position, and summaries of the
    headings it sits under (nearest first, up to hierarchy_levels). Works on document B (the
    new version, 比較先)."""

    name = "get_context_tool_b"
    document = "B"

    @classmethod
    def create(cls, context: ToolContext) -> GetContextToolB:
        return cls(context.stores.b)
