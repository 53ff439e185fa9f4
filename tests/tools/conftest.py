import pytest

from hikaku import Chunk, Document
from hikaku.index import DocumentIndex
from hikaku.tools import DocumentStore, StoreSet, build_registry

A = Document(id="policy-2023", title="旧約款", chunks=[
    Chunk(id="a1", content="第1章　総則", metadata={"heading_path": [], "label": "第1章"}),
    Chunk(id="a2", content="第1条（目的）\nこの約款は保険契約の内容を定める。", metadata={"heading_path": ["第1章　総則"]}),
    Chunk(id="a3", content="第2条（保険金）\n当社は手術給付金として日額の20倍を支払う。", metadata={"heading_path": ["第1章　総則"]}),
    Chunk(id="a4", content="第2章　手続", metadata={"heading_path": []}),
    Chunk(id="a5", content="第3条（請求）\n保険金の請求は書面で行う。", metadata={"heading_path": ["第2章　手続"]}),
])
B = Document(id="policy-2024", title="新約款", chunks=[
    Chunk(id="b1", content="第1章　総則", metadata={"heading_path": []}),
    Chunk(id="b2", content="第1条（目的）\nこの約款は保険契約の内容を定める。", metadata={"heading_path": ["第1章　総則"]}),
    Chunk(id="b3", content="第２条（保険金）\n当社は手術給付金として日額の25倍を支払う。", metadata={"heading_path": ["第1章　総則"]}),
    Chunk(id="b4", content="第3条（保険料）\n保険料は毎月払い込む。Premium is paid MONTHLY.", metadata={"heading_path": ["第1章　総則"]}),
    Chunk(id="b5", content="第2章　手続", metadata={"heading_path": []}),
    Chunk(id="b6", content="第4条（請求）\n保険金の請求は書面又は電子的方法で行う。", metadata={"heading_path": ["第2章　手続"]}),
])


@pytest.fixture
def stores(hashing_embedder, bigram):
    return StoreSet(
        DocumentStore(A, "A", DocumentIndex(embedder=hashing_embedder, tokenizer=bigram)),
        DocumentStore(B, "B", DocumentIndex(embedder=hashing_embedder, tokenizer=bigram)),
    )


@pytest.fixture
def registry(stores):
    return build_registry(stores)
