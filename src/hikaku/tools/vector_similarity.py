"""vector_similarity_tool (ベクトル類似度検索ツール)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .base import BaseTool, ToolFailure
from .document_store import StoreSet

__all__ = ["VectorSimilarityTool", "VectorSimilarityParams"]


class VectorSimilarityParams(BaseModel):
    query_text: str = Field(min_length=1, description="Words or sentences to find similar chunks for.")
    document_id: str = Field(description="Document to search: 'A', 'B' or the document's id.")
    threshold: float = Field(default=0.7, ge=-1.0, le=1.0, description="Minimum cosine similarity.")
    max_results: int = Field(default=5, ge=1, le=100, description="Maximum number of chunks returned.")


class VectorSimilarityTool(BaseTool):
    """Find the chunks of a document whose meaning is closest to a text (embedding cosine
    similarity), best first, with their scores. Use it when the wording changed but the
    meaning did not. Chunks already matched with certainty to the other document
    (identical text, or an unrivalled near-duplicate in place) are not searched."""

    name = "vector_similarity_tool"
    prompt_file = "hikaku:prompts/agent_tools.{lang}.txt"
    Params = VectorSimilarityParams

    def __init__(self, stores: StoreSet) -> None:
        self.stores = stores

    def _run(self, p: VectorSimilarityParams):
        store = self.stores.resolve(p.document_id)
        if store is None:
            raise ToolFailure(f"unknown document_id {p.document_id!r}; use one of {self.stores.names()}")
        hits = store.index.search_hits(p.query_text, mode="vector", top_k=p.max_results, threshold=p.threshold)
        out = []
        for h in hits:
            chunk = store.chunk(h.id)
            if chunk is not None:
                out.append(store.view(chunk, score=round(h.score, 6)))
        return out, [o["score"] for o in out], None
