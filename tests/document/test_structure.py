"""chunk.structure: the one typed view of where a chunk sits, from any chunker's metadata."""

from hikaku import Chunk
from hikaku.loaders import chunk_text


def test_own_loader_metadata():
    chunks = chunk_text("# 規則\n\n第1章　総則\n\n（目的）\n第1条\nこの規則は…\n", source="x.md")
    article = chunks[-1].structure
    assert article.heading_path == ("規則", "第1章　総則")
    assert article.label == "第1条" and article.title == "目的" and article.structural_label == "第1条"
    assert article.kind == "section" and article.section_path == article.heading_path
    chapter = chunks[1].structure
    assert chapter.kind == "heading" and chapter.heading_path == ("規則",)
    assert chapter.section_path == ("規則", "第1章　総則")


def test_other_chunkers_metadata():
    assert Chunk(id="x", content="t", metadata={"path": "第1編 / 第2章"}).structure.heading_path == ("第1編", "第2章")
    assert Chunk(id="x", content="t", metadata={"path": "A > B"}).structure.heading_path == ("A", "B")
    assert Chunk(id="x", content="t", metadata={"section": 3}).structure.heading_path == ("3",)
    assert Chunk(id="x", content="t", metadata={"paragraph": 7}).structure.heading_path == ("¶7",)
    assert Chunk(id="x", content="t", metadata={"heading_path": ["A", " ", "B"]}).structure.heading_path == ("A", "B")
    pages = Chunk(id="x", content="t", metadata={"page_start": 2, "page_end": 3, "level": True}).structure
    assert (pages.page_start, pages.page_end, pages.level) == (2, 3, None)  # a bool is not a level


def test_structural_label_from_metadata_or_text():
    def label(chunk):
        return chunk.structure.structural_label

    assert label(Chunk(id="x", content="（目的）\n第十二条の二　この法律は")) == "第十二条の二"
    assert label(Chunk(id="x", content="本文", metadata={"label": "第５条"})) == "第5条"
    assert label(Chunk(id="x", content="附則\nこの規則は…")) == "附則"
    assert label(Chunk(id="x", content="The first sentence.")) is None


def test_structure_is_read_once_and_cached():
    c = Chunk(id="x", content="t", metadata={"heading_path": ["A"]})
    assert c.structure is c.structure
