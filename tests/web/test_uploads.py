"""Uploads: the limit is enforced while the body streams in (413, nothing kept), the
file type is checked by content, and stored files get generated names."""

from __future__ import annotations

import asyncio

import pytest

from hikaku.web.uploads import BadUpload, UploadTooLarge, display_name, receive_multipart

from .conftest import V1, V2, serving, upload, wait

BOUNDARY = "hikakuboundary"


def multipart(*parts: tuple[str, str | None, bytes]) -> bytes:
    out = b""
    for name, filename, data in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename is not None else "")
        out += f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + data + b"\r\n"
    return out + f"--{BOUNDARY}--\r\n".encode()


def test_the_limit_is_enforced_while_streaming(tmp_path):
    body = multipart(("lang", None, b"ja"), ("a", "a.md", b"x" * 10_000), ("b", "b.md", b"y" * 10))
    consumed = []

    async def stream():
        for k in range(0, len(body), 500):
            consumed.append(k)
            yield body[k:k + 500]

    headers = {"content-type": f"multipart/form-data; boundary={BOUNDARY}", "content-length": str(len(body))}
    with pytest.raises(UploadTooLarge, match=r"a\.md: the file is larger than the upload limit of 0\.002 MB"):
        asyncio.run(receive_multipart(headers, stream(), tmp_path, max_file_bytes=2000))
    assert len(consumed) <= 6  # stopped at the first chunk over the limit, not after reading 10 kB
    assert (tmp_path / "upload-a.part").stat().st_size <= 2000  # never more than the limit on disk


def test_a_declared_size_over_the_limit_is_refused_before_reading(tmp_path):
    async def stream():
        raise AssertionError("the body must not be read")
        yield b""

    headers = {"content-type": f"multipart/form-data; boundary={BOUNDARY}", "content-length": str(500_000_000)}
    with pytest.raises(UploadTooLarge, match="500 MB"):
        asyncio.run(receive_multipart(headers, stream(), tmp_path, max_file_bytes=50_000_000))


def test_fields_and_files(tmp_path):
    body = multipart(("lang", None, b"en"), ("a", "C:\\Users\\me\\旧規程.md", b"# A"), ("b", "新.md", b"# B"))

    async def stream():
        yield body

    got = asyncio.run(receive_multipart({"content-type": f"multipart/form-data; boundary={BOUNDARY}"}, stream(),
                                        tmp_path, max_file_bytes=1000))
    assert got.fields == {"lang": "en"}
    assert got.files["a"].client_name == "旧規程.md" and got.files["a"].path == tmp_path / "upload-a.part"
    assert got.files["a"].path.read_bytes() == b"# A" and got.files["b"].size == 3
    for bad in (multipart(("a", "a.md", b"x")), multipart(("a", "a.md", b"x"), ("a", "b.md", b"y")),
                multipart(("a", "a.md", b"x"), ("b", "b.md", b"y"), ("c", "c.md", b"z")), b"garbage"):
        async def again(data=bad):
            yield data
        with pytest.raises(BadUpload):
            asyncio.run(receive_multipart({"content-type": f"multipart/form-data; boundary={BOUNDARY}"}, again(),
                                          tmp_path, max_file_bytes=1000))


@pytest.mark.parametrize("raw, shown", [("../../etc/passwd", "passwd"), ("..\\..\\boot.ini", "boot.ini"),
                                        ("/abs/path/規約.pdf", "規約.pdf"), ("a\x00b\x1f.md", "ab.md"),
                                        ("..", ".."), ("", "document"), ("x" * 500, "x" * 200)])
def test_display_names(raw, shown):
    assert display_name(raw) == shown


def test_413_through_the_api(tmp_path, hashing):
    with serving(tmp_path / "data", max_upload_bytes=3000) as client:
        r = upload(client)  # the example files are about 5 kB each
        assert r.status_code == 413
        assert r.json()["detail"] == "shugyo_kisoku_v1.md: the file is larger than the upload limit of 0.003 MB"
        assert list((tmp_path / "data" / "jobs").iterdir()) == []  # nothing kept
        assert client.get("/api/comparisons").json()["comparisons"] == []
        assert client.get("/api/health").json()["status"] == "ok"


def test_the_type_is_checked_by_content(tmp_path, hashing):
    pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"
    with serving(tmp_path / "data") as client:
        r = upload(client, ("policy.md", pdf))
        assert r.status_code == 415 and r.json()["detail"] == "policy.md: the name says Markdown, but the content is a PDF"
        r = upload(client, ("policy.pdf", V1.read_bytes()))
        assert r.status_code == 415 and "the name says a PDF, but the content is Markdown" in r.json()["detail"]
        r = upload(client, ("image.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256))))
        assert r.status_code == 415 and r.json()["detail"].startswith("image.png: not a text file (it holds NUL bytes")
        r = upload(client, ("odd.txt", bytes(range(0x80, 0x100)) * 4))
        assert r.status_code == 415 and r.json()["detail"].startswith("odd.txt: cannot be decoded as text")
        # JSON that does not parse: the loader's message, with line and column, as hikaku compare gives it
        r = upload(client, ("chunks.json", b'{"x":'))
        assert r.status_code == 422 and r.json() == {"detail": "chunks.json: invalid JSON at line 1, column 6: "
                                                               "Expecting value"}
        r = upload(client, ("chunks.jsonl", b'{"id": "c1", "content": "x"}\n[1]\n'))
        assert r.status_code == 422 and r.json()["detail"] == "chunks.jsonl: line 2 is a list, expected an object"
        r = upload(client, ("chunks.json", pdf))
        assert r.status_code == 415 and r.json()["detail"] == "chunks.json: the name says chunk JSON, but the content is a PDF"
        # no extension: the content decides, and the stored name has the detected format's extension
        r = upload(client, ("旧版", V1.read_bytes()), ("新版", V2.read_bytes()))
        assert r.status_code == 202, r.text
        job = r.json()
        assert job["a"]["format"] == "markdown"
        stored = sorted(p.name for p in (tmp_path / "data" / "jobs" / job["id"]).glob("input-*"))
        assert stored == ["input-a.md", "input-b.md"]
        assert list((tmp_path / "data" / "jobs").glob("*/upload-*")) == []


@pytest.mark.parametrize("encoding", ["shift_jis", "euc_jp", "utf-16"])
def test_text_in_the_encodings_hikaku_compare_reads(tmp_path, hashing, encoding):
    """A Shift_JIS, EUC-JP or UTF-16 (with its byte order mark) upload is read as the command line
    reads it: the same comparison as of the UTF-8 files."""
    with serving(tmp_path / "data") as client:
        utf8 = wait(client, upload(client).json()["id"])
        r = upload(client, (V1.name, V1.read_text(encoding="utf-8").encode(encoding)))
        assert r.status_code == 202, r.text
        job = wait(client, r.json()["id"])
        assert job["status"] == "done" and job["a"]["format"] == "markdown" and job["counts"] == utf8["counts"]
        same = client.get(f"/api/comparisons/{job['id']}/report.json").json()["changes"]
        assert same == client.get(f"/api/comparisons/{utf8['id']}/report.json").json()["changes"]


def _docx(path):
    import docx

    d = docx.Document()
    d.add_heading("就業規則", level=1)
    d.add_paragraph("第1条 この規則は従業員の労働条件を定める。")
    d.save(str(path))


def test_a_word_file_runs(tmp_path, hashing):
    """Every input format, by content: a .docx compared with Markdown."""
    _docx(tmp_path / "a.docx")
    with serving(tmp_path / "data") as client:
        r = upload(client, ("規則.docx", (tmp_path / "a.docx").read_bytes()),
                   ("規則.md", "# 就業規則\n\n第1条 この規則は従業員の労働条件を定める。\n".encode()))
        assert r.status_code == 202, r.text
        job = wait(client, r.json()["id"])
        assert job["status"] == "done" and job["a"]["format"] == "docx"
        assert job["counts"]["unchanged"] >= 1

