"""LangChain's own standard tests for retrievers, run on DocumentIndex.as_retriever()."""

from __future__ import annotations

from langchain_core.documents import Document as LCDocument
from langchain_tests.integration_tests import RetrieversIntegrationTests

from hikaku.embeddings import HashingEmbedder
from hikaku.index import DocumentIndex
from hikaku.index.retriever import DocumentIndexRetriever
from hikaku.tokenizers import BigramTokenizer


def _index() -> DocumentIndex:
    ix = DocumentIndex(embedder=HashingEmbedder(), tokenizer=BigramTokenizer())
    ix.add_document([LCDocument(page_content=f"# 約款{i}\n\n第{i}条 保険金の支払について定める条項{i}。", id=f"doc{i}")
                     for i in range(1, 8)])
    return ix


class TestDocumentIndexRetriever(RetrieversIntegrationTests):
    @property
    def retriever_constructor(self) -> type[DocumentIndexRetriever]:
        return DocumentIndexRetriever

    @property
    def retriever_constructor_params(self) -> dict:
        return {"index": _index(), "search_kwargs": {"search_mode": "hybrid"}}

    @property
    def retriever_query_example(self) -> str:
        return "保険金の支払"
