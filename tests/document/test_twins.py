"""Texts stored once: B's twins of A's chunks share A's objects, and nothing a reader sees changes."""

import hikaku
from hikaku.document import Chunk, Document, parse_structure, per_text, share_twins
from hikaku.document.references import own_ref
from hikaku.embeddings import HashingEmbedder


def _copy(text: str) -> str:
    """An equal string that is another object (as a second load of the same text is)."""
    return text.encode().decode()


ARTICLE = "（目的）\n第1条　この規則は、賃金について定める。"
CHAPTER = "第2章　賃金"
NEW = "第3条　新しい条文。"


def _docs() -> tuple[Document, Document]:
    a = Document(id="A", chunks=[
        Chunk(id="a1", content=ARTICLE, metadata={"heading_path": ["規則"], "label": "第1条"}),
        Chunk(id="a2", content=CHAPTER, metadata={"heading_path": ["規則"], "kind": "heading"}),
    ])
    b = Document(id="B", chunks=[
        Chunk(id="b1", content=_copy(ARTICLE), metadata={"heading_path": [_copy("規則")], "label": "第1条"}),
        Chunk(id="b2", content=_copy(CHAPTER), metadata={"heading_path": ["規則", "第1編"], "kind": "heading"}),
        Chunk(id="b3", content=NEW, metadata={}),
    ])
    return a, b


def test_a_twin_shares_the_string_the_metadata_and_the_structure_of_its_a_chunk():
    a, b = _docs()
    assert b.chunks[0].content is not a.chunks[0].content
    assert share_twins(a, b) == 2
    assert b.chunks[0].content is a.chunks[0].content
    assert b.chunks[0].metadata is a.chunks[0].metadata
    assert b.chunks[0].structure is a.chunks[0].structure


def test_a_twin_with_other_metadata_shares_the_string_only_and_parses_its_own_structure():
    a, b = _docs()
    share_twins(a, b)
    assert b.chunks[1].content is a.chunks[1].content
    assert b.chunks[1].metadata is not a.chunks[1].metadata
    assert b.chunks[1].structure is not a.chunks[1].structure
    assert b.chunks[1].structure.heading_path == ("規則", "第1編")
    assert b.chunks[2].content is NEW and "structure" not in b.chunks[2].__dict__  # no twin: untouched


def test_values_ids_and_equality_are_those_without_sharing():
    a, b = _docs()
    plain_a, plain_b = _docs()
    share_twins(a, b)
    assert a == plain_a and b == plain_b
    assert [c.id for c in b.chunks] == ["b1", "b2", "b3"]
    for shared, plain in zip(a.chunks + b.chunks, plain_a.chunks + plain_b.chunks):
        assert shared == plain
        assert shared.model_dump() == plain.model_dump()
        assert shared.structure == parse_structure(plain.content, plain.metadata) == plain.structure
    assert b.model_dump_json() == plain_b.model_dump_json()


def test_a_text_repeated_in_a_is_shared_from_its_first_chunk():
    a = Document(id="A", chunks=[Chunk(id="a1", content=ARTICLE), Chunk(id="a2", content=_copy(ARTICLE))])
    b = Document(id="B", chunks=[Chunk(id="b1", content=_copy(ARTICLE))])
    share_twins(a, b)
    assert b.chunks[0].content is a.chunks[0].content
    assert b.chunks[0].structure is a.chunks[0].structure


def test_per_text_reads_each_distinct_text_once_and_gives_what_reading_each_gives():
    a, b = _docs()
    share_twins(a, b)
    read: list[str] = []

    def own(text: str):
        read.append(text)
        return own_ref(text)

    own_a, own_b = per_text(own, a, b)
    assert sorted(read) == sorted({ARTICLE, CHAPTER, NEW})
    assert own_a == [own_ref(c.content) for c in a.chunks]
    assert own_b == [own_ref(c.content) for c in b.chunks]
    assert own_b[0] is own_a[0]  # the twin's value is its A chunk's


def test_per_text_without_shared_strings_still_reads_once_per_text():
    a = Document(id="A", chunks=[Chunk(id="a1", content=ARTICLE)])
    b = Document(id="B", chunks=[Chunk(id="b1", content=_copy(ARTICLE))])
    calls: list[str] = []
    assert per_text(lambda t: calls.append(t) or len(t), a, b) == [[len(ARTICLE)], [len(ARTICLE)]]
    assert calls == [ARTICLE]


def test_metadata_equal_to_python_but_of_other_types_are_not_shared():
    """1 == 1.0 == True and two key orders are equal to Python, not to what the structure reads
    or to a JSON dump: such a twin keeps its own metadata and structure."""
    a = Document(id="A", chunks=[Chunk(id="a1", content=ARTICLE, metadata={"level": 1, "heading_path": [1]}),
                                 Chunk(id="a2", content=CHAPTER, metadata={"kind": "heading", "level": 2})])
    b = Document(id="B", chunks=[Chunk(id="b1", content=_copy(ARTICLE), metadata={"level": True, "heading_path": [1.0]}),
                                 Chunk(id="b2", content=_copy(CHAPTER), metadata={"level": 2, "kind": "heading"})])
    before = [(c.structure, c.model_dump_json()) for c in b.chunks]
    for c in b.chunks:
        c.__dict__.pop("structure")  # parsed again after the sharing
    share_twins(a, b)
    assert [(c.structure, c.model_dump_json()) for c in b.chunks] == before
    assert all(c.metadata is not t.metadata for c, t in zip(b.chunks, a.chunks))


def test_a_comparison_leaves_the_callers_chunks_alone():
    a, b = _docs()
    hikaku.compare(a, b, llm="offline", embedder=HashingEmbedder())
    assert b.chunks[0].content is not a.chunks[0].content and b.chunks[0].metadata is not a.chunks[0].metadata
    records = [{"id": "b1", "content": _copy(ARTICLE)}]
    hikaku.compare([c.model_dump() for c in a.chunks], records, llm="offline", embedder=HashingEmbedder())
    assert records == [{"id": "b1", "content": ARTICLE}]
