"""The :class:`DocumentIndex` as a LangChain retriever."""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field

__all__ = ["DocumentIndexRetriever"]


class DocumentIndexRetriever(BaseRetriever):
    """``k`` (or ``search_kwargs['top_k']``) documents per query; any other
    ``DocumentIndex.search`` argument (``search_mode``, ``vector_filter`` …) in
    ``search_kwargs`` or as a keyword of ``invoke``."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    index: Any
    search_kwargs: dict[str, Any] = Field(default_factory=dict)
    k: int | None = None

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun,
                                **kwargs: Any) -> list[Document]:
        params = {**self.search_kwargs, **kwargs}
        k = params.pop("k", None) or self.k
        if k is not None:
            params["top_k"] = k
        return self.index.search(query, **params)
