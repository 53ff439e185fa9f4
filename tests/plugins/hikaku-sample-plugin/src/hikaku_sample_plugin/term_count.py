"""A tool for the agent: how often a term occurs in each document, and where."""

from pydantic import BaseModel, Field

from hikaku.tools import BaseTool, ToolFailure


class TermCountParams(BaseModel):
    term: str = Field(min_length=1, description="The word or phrase to count, as written in the documents.")
    max_chunks: int = Field(default=10, ge=1, le=100, description="How many chunk ids to list for each document.")


class TermCountTool(BaseTool):
    """Count how often a term occurs in document A (the old version) and in document B (the
    new version), with the ids of the chunks that hold it, in document order. A term found in
    A but not in B was removed or reworded."""

    name = "term_count_tool"
    Params = TermCountParams
    prompt_file = "hikaku_sample_plugin:prompts/tools.{lang}.txt"

    def __init__(self, stores):
        self.stores = stores

    def _run(self, p: TermCountParams):
        if not p.term.strip():
            raise ToolFailure("the term is blank")
        out = {}
        for store in (self.stores.a, self.stores.b):
            hits = [(c.id, c.content.count(p.term)) for c in store.document.chunks if p.term in c.content]
            out[store.side] = {"count": sum(n for _, n in hits), "chunks": [i for i, _ in hits[: p.max_chunks]]}
        return out, [float(out["A"]["count"]), float(out["B"]["count"])], None
