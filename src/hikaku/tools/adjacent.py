"""get_adjacent_chunks_tool (前後チャンク取得ツール)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .base import BaseTool, ToolFailure
from .document_store import StoreSet

__all__ = ["GetAdjacentChunksTool", "GetAdjacentChunksParams"]


class GetAdjacentChunksParams(BaseModel):
    chunk_id: str = Field(description="Id of the chunk to start from.")
    document_id: str = Field(description="Document of the chunk: 'A', 'B' or the document's id.")
    direction: Literal["prev", "next"] = Field(description="'prev' for the chunks before, 'next' for those after.")
    count: int = Field(default=1, ge=1, le=200, description="How many chunks to return.")


class GetAdjacentChunksTool(BaseTool):
    """Get the chunks just before ('prev') or just after ('next') a chunk, in document
    order, each with id, content, metadata and its offset from the starting chunk. Fewer
    are returned at the start or end of the document."""

    name = "get_adjacent_chunks_tool"
    prompt_file = "hikaku:prompts/agent_tools.{lang}.txt"
    Params = GetAdjacentChunksParams

    def __init__(self, stores: StoreSet) -> None:
        self.stores = stores

    def _run(self, p: GetAdjacentChunksParams):
        store = self.stores.resolve(p.document_id)
        if store is None:
            raise ToolFailure(f"unknown document_id {p.document_id!r}; use one of {self.stores.names()}")
        pos = store.position(p.chunk_id)
        if pos is None:
            raise ToolFailure(f"unknown chunk_id {p.chunk_id!r} in document {store.side}")
        chunks = store.document.chunks
        if p.direction == "prev":
            rng = range(max(0, pos - p.count), pos)
        else:
            rng = range(pos + 1, min(len(chunks), pos + 1 + p.count))
        out = [store.view(chunks[i], position=i, offset=i - pos) for i in rng]
        return out, [], len(out)
