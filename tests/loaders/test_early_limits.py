"""Limits checked as early as they can be (issue 35): a Word file's text counted while its
document part is streamed, before python-docx builds its tree; the number of chunks
(``max_chunks``) before the chunks are made, in every format."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from hikaku import InvalidDocumentError, load_document
from hikaku.cli import main
from hikaku.loaders.docx import check_text, docx_to_markdown
from hikaku.loaders.registry import InputLimits
from tests.loaders.make_files import ARTICLES_V1, TABLE_V1, make_docx

docx = pytest.importorskip("docx")


def word_file(path: Path, paragraphs: list[str], *, heading_every: int = 0) -> Path:
    """A Word file of these body paragraphs (every *heading_every*-th styled Heading 1), its
    document part written directly (python-docx would take minutes for 100,000 paragraphs)."""
    d = docx.Document()
    d.add_paragraph("x")
    buf = io.BytesIO()
    d.save(buf)
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    xml = src.read("word/document.xml").decode()
    start = xml.index("<w:p>") if "<w:p>" in xml else xml.index("<w:p ")
    end = xml.index("</w:p>", start) + len("</w:p>")
    body = "".join(
        f'<w:p><w:pPr><w:pStyle w:val="{"Heading1" if heading_every and k % heading_every == 0 else "Normal"}"/>'
        f"</w:pPr><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>" for k, text in enumerate(paragraphs))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for item in src.infolist():
            z.writestr(item, xml[:start] + body + xml[end:] if item.filename == "word/document.xml"
                       else src.read(item.filename))
    return path


def test_a_long_word_file_is_refused_while_its_part_is_streamed_before_python_docx_reads_it(tmp_path, monkeypatch):
    paragraphs = [f"第{k}項　保険料の払込について定める。" * 3 for k in range(20_000)]
    path = word_file(tmp_path / "long.docx", paragraphs)

    def no_parse(*args, **kwargs):  # the refusal must come before python-docx parses anything
        raise AssertionError("python-docx was asked to read the file")

    monkeypatch.setattr(docx, "Document", no_parse)
    with pytest.raises(InvalidDocumentError) as err:
        load_document(path, limits=InputLimits(max_document_chars=100_000))
    message = str(err.value)
    assert "over the limit of 100,000 (max_document_chars; raise it with --max-document-chars" in message
    # it stopped at the paragraph where the count (characters but whitespace, and the blank
    # lines between paragraphs) passed the limit, the 1,667th of 20,000
    total, first = -1, 0
    while total <= 100_000:
        total += len("".join(paragraphs[first].split())) + 2
        first += 1
    assert f"{total:,} characters of text in its first {first:,} paragraphs" in message and first < 2_000


def test_the_early_count_is_a_lower_bound_of_the_text_read(tmp_path):
    """No file the full reading accepts is refused early: the count is at most the length of the
    text python-docx gives (headings, tables, runs split, blank paragraphs, leading spaces)."""
    files = [make_docx(tmp_path / "policy.docx", ARTICLES_V1, TABLE_V1),
             word_file(tmp_path / "plain.docx", ["  前文  ", "", "第1条　目的", "　", "本文 の 一行。"] * 40,
                       heading_every=5)]
    big = InputLimits(max_document_chars=10**8)
    for path in files:
        text, _, _ = docx_to_markdown(path, big)
        check_text(path, InputLimits(max_document_chars=len(text)))  # exactly the text's length: accepted
        with pytest.raises(InvalidDocumentError, match="max_document_chars"):  # and it does count
            check_text(path, InputLimits(max_document_chars=len(text) // 3))


def test_paragraph_styles_are_read_as_python_docx_reads_them(tmp_path):
    path = word_file(tmp_path / "styled.docx", ["総則", "この規則は社員に適用する。", "賃金", "毎月末日に支払う。"],
                     heading_every=2)
    doc = load_document(path)
    assert [c.structure.heading for c in doc.chunks] == ["総則", "賃金"]
    assert [c.content for c in doc.chunks] == ["総則\n\nこの規則は社員に適用する。", "賃金\n\n毎月末日に支払う。"]


def test_too_many_chunks_are_refused_before_they_are_made_in_every_format(tmp_path, monkeypatch):
    limits = InputLimits(max_chunks=20)
    records = [{"id": str(k), "content": f"第{k}条　本文"} for k in range(30)]
    (tmp_path / "a.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "a.jsonl").write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records), encoding="utf-8")
    (tmp_path / "a.md").write_text("\n\n".join(f"# 見出し{k}\n\n本文{k}。" for k in range(30)), encoding="utf-8")
    word_file(tmp_path / "a.docx", [f"見出し{k}" for k in range(30)], heading_every=1)
    import hikaku.loaders.records as records_module

    made = []
    real_chunk = records_module.Chunk
    monkeypatch.setattr(records_module, "Chunk", lambda **kw: made.append(1) or real_chunk(**kw))
    expect = {"a.json": "a.json: 30 chunks, over the limit of 20 (max_chunks; raise it with --max-chunks",
              "a.jsonl": "a.jsonl: more than 20 chunks, over the limit of 20 (max_chunks",
              "a.md": "a.md: more than 20 chunks, over the limit of 20 (max_chunks",
              "a.docx": "a.docx: more than 20 chunks, over the limit of 20 (max_chunks"}
    for name, message in expect.items():
        with pytest.raises(InvalidDocumentError) as err:
            load_document(tmp_path / name, limits=limits)
        assert str(err.value).startswith(f"{tmp_path / name}: " + message.split(": ", 1)[1]), str(err.value)
    assert not made  # no chunk record was made from the JSON files
    with pytest.raises(InvalidDocumentError, match="<chunks>: 30 chunks, over the limit of 20"):
        load_document(records, limits=limits)
    assert len(load_document(records[:20], limits=limits).chunks) == 20


def test_the_command_refuses_too_many_chunks_in_one_line_before_any_work(tmp_path, capsys):
    records = [{"id": str(k), "content": "あ"} for k in range(200)]
    a = tmp_path / "a.json"
    a.write_text(json.dumps(records), encoding="utf-8")
    code = main(["compare", str(a), str(a), "--max-chunks", "100", "-o", str(tmp_path / "out.json")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and not (tmp_path / "out.json").exists()
    assert err == (f"hikaku: error: {a}: 200 chunks, over the limit of 100 (max_chunks; raise it with --max-chunks "
                   "or HIKAKU_MAX_CHUNKS)\n")


def test_the_records_of_a_chunk_list_are_counted_before_it_is_parsed(tmp_path, monkeypatch):
    from hikaku.loaders import records as records_module

    chunks = [{"id": str(k), "content": f"本文 {{ [ \"{k}\" ] }}", "metadata": {"page": {"n": k}}} for k in range(30)]
    assert records_module.json_items(json.dumps(chunks, ensure_ascii=False)) == 30  # braces in strings, nested objects
    assert records_module.json_items(json.dumps({"chunks": chunks})) is None  # a document object: counted after parsing
    assert records_module.json_items(json.dumps(["a", {"id": "1"}, 3])) == 1
    (tmp_path / "a.json").write_text(json.dumps(chunks, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setattr(records_module.json, "loads", lambda *a, **k: pytest.fail("parsed before it was counted"))
    with pytest.raises(InvalidDocumentError, match="30 chunks, over the limit of 20"):
        load_document(tmp_path / "a.json", limits=InputLimits(max_chunks=20))
