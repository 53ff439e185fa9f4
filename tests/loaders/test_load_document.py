import pytest

from hikaku import (
    Chunk,
    Document,
    DocumentNotFoundError,
    InvalidDocumentError,
    UnsupportedFormatError,
    load_document,
)


def test_missing_file(tmp_path):
    with pytest.raises(DocumentNotFoundError, match="no such file"):
        load_document(tmp_path / "nope.md")


def test_directory_is_not_a_document(tmp_path):
    with pytest.raises(DocumentNotFoundError, match="not a regular file"):
        load_document(tmp_path)


def test_unknown_extension_names_the_override(tmp_path):
    p = tmp_path / "a.docx2"
    p.write_text("x")
    with pytest.raises(UnsupportedFormatError, match="--input-format"):
        load_document(p)


def test_input_format_overrides_extension(tmp_path):
    p = tmp_path / "a.data"
    p.write_text("# 見出し\n本文です。\n", encoding="utf-8")
    d = load_document(p, input_format="markdown")
    assert d.chunks[0].content == "見出し\n本文です。"
    with pytest.raises(UnsupportedFormatError, match="unknown input format"):
        load_document(p, input_format="xml")


def test_shift_jis_is_detected_and_undecodable_bytes_are_named(tmp_path):
    p = tmp_path / "sjis.txt"
    p.write_bytes("第1条 日本語の本文。".encode("shift_jis"))
    assert load_document(p).chunks[0].content == "第1条 日本語の本文。"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x81\x81\xff\xfe\x80\x85\xa0\xfd" * 10)
    with pytest.raises(InvalidDocumentError, match=r"bad\.txt: cannot be decoded as text"):
        load_document(bad)


def test_records_and_documents_pass_through():
    d = load_document([{"id": "x", "content": "本文"}], doc_id="A")
    assert d.id == "A" and d.chunks[0].content == "本文"
    d2 = Document(id="z", chunks=[Chunk(id="1", content="t")])
    assert load_document(d2) is d2
