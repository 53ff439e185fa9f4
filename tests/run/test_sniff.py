"""What an uploaded file is, told by its content (the name's extension only chooses among the
formats the content allows), decoded as ``hikaku compare`` decodes it."""

from __future__ import annotations

import json

import pytest

from hikaku.loaders import LOADERS
from hikaku.run import UnsupportedUpload, content_formats, detect_format

from ..helpers import EXAMPLES

V1 = EXAMPLES / "shugyo_kisoku_v1.md"


def _docx(path):
    import docx

    d = docx.Document()
    d.add_heading("就業規則", level=1)
    d.add_paragraph("第1条 この規則は従業員の労働条件を定める。")
    d.save(str(path))


def test_content_formats(tmp_path):
    cases = {
        "a.json": json.dumps([{"id": "c1", "content": "x"}]).encode(),
        "a.jsonl": b'{"id": "c1", "content": "x"}\n{"id": "c2", "content": "y"}\n',
        "a.html": b"<!DOCTYPE html><html><body><h1>T</h1><p>x</p></body></html>",
        "a.md": V1.read_bytes(),
        "a.txt": "第1条 目的\n".encode(),
        "bom.txt": "\ufeff第1条 目的\n".encode(),
        "sjis.txt": "第1条 目的\n".encode("cp932"),
        "latin1.html": b'<html><head><meta charset="iso-8859-1"></head><body><p>caf\xe9 cr\xe8me \xe0 la</p></body></html>',
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
    _docx(tmp_path / "a.docx")
    import zipfile

    with zipfile.ZipFile(tmp_path / "other.zip", "w") as z:
        z.writestr("hello.txt", "hi")
    assert content_formats(tmp_path / "a.json")[0] == {"json", "markdown", "text"}
    assert content_formats(tmp_path / "a.jsonl")[0] == {"jsonl", "markdown", "text"}
    assert "html" in content_formats(tmp_path / "a.html")[0]
    assert content_formats(tmp_path / "a.docx")[0] == {"docx"}
    assert content_formats(tmp_path / "other.zip")[0] == set()
    assert detect_format(tmp_path / "a.md", "x.md") == "markdown"
    assert detect_format(tmp_path / "a.md", "x") == "markdown"
    assert detect_format(tmp_path / "a.txt", "x") == "text"
    assert detect_format(tmp_path / "bom.txt", "x.txt") == "text"
    assert detect_format(tmp_path / "sjis.txt", "x") == "text"  # decoded as hikaku compare decodes it
    with pytest.raises(UnsupportedUpload, match="cannot be decoded as utf-8"):  # the encoding the server forces
        detect_format(tmp_path / "sjis.txt", "x.txt", encoding="utf-8")
    assert content_formats(tmp_path / "latin1.html") == ({"html"}, "html")  # only the HTML loader reads it: <meta>
    assert detect_format(tmp_path / "latin1.html", "x.html") == "html"
    with pytest.raises(UnsupportedUpload, match="the name says Markdown"):
        detect_format(tmp_path / "latin1.html", "x.md")
    assert detect_format(tmp_path / "a.json", "x.txt") == "text"  # JSON is text too: the name decides
    assert detect_format(tmp_path / "a.json", "x") == "json"
    assert detect_format(tmp_path / "a.jsonl", "x.ndjson") == "jsonl"
    assert detect_format(tmp_path / "a.html", "page") == "html"
    assert detect_format(tmp_path / "a.docx", "contract") == "docx"
    with pytest.raises(UnsupportedUpload, match="a zip archive that is not a Word file"):
        detect_format(tmp_path / "other.zip", "x.docx")
    with pytest.raises(UnsupportedUpload, match="the name says HTML"):
        detect_format(tmp_path / "a.txt", "x.html")
    # every loader format is recognised by its content
    detected = {detect_format(tmp_path / n, "noext") for n in ("a.json", "a.jsonl", "a.html", "a.md", "a.txt", "a.docx")}
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(b"%PDF-1.4\n" + bytes(range(128, 256)))
    detected.add(detect_format(pdf, "noext"))
    assert detected == set(LOADERS)
