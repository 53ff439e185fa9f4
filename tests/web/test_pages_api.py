"""The page view's API: where a row is in each original (its pages and, for a PDF, its boxes)
and the PDF's pages as images, drawn by PDFium in a child process; a Word pair has page
numbers and no images; a job done before the worker kept the places gets them from its
uploads."""

from __future__ import annotations

import struct
import zlib

import pytest

from tests.loaders.make_files import ARTICLES_V1, make_pdf, v2_articles
from tests.loaders.test_docx_pages import laid_out

from .conftest import serving, upload, wait


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("web-pages")) as c:
        yield c


@pytest.fixture(scope="module")
def pdf_job(client, tmp_path_factory):
    d = tmp_path_factory.mktemp("pdf-pair")
    a, b = make_pdf(d / "old.pdf", ARTICLES_V1), make_pdf(d / "new.pdf", v2_articles())
    import os

    os.environ["HIKAKU_EMBEDDING"] = "hashing"
    try:
        r = upload(client, ("約款（旧）.pdf", a.read_bytes()), ("約款（新）.pdf", b.read_bytes()))
        assert r.status_code == 202, r.text
        job = wait(client, r.json()["id"])
    finally:
        del os.environ["HIKAKU_EMBEDDING"]
    assert job["status"] == "done", job
    rows = client.get(f"/api/comparisons/{job['id']}/report.json").json()["changes"]
    return job, rows


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of a PNG as page_images writes it (8-bit RGB, filter 0)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 2)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * 3 + 1
    assert all(raw[y * stride] == 0 for y in range(height))
    return width, height, b"".join(raw[y * stride + 1:(y + 1) * stride] for y in range(height))


def ink(pixels: bytes, width: int, height: int, box) -> float:
    """The share of dark pixels inside *box* (shares of the page)."""
    _, left, top, right, bottom = box
    x0, x1, y0, y1 = int(left * width), int(right * width) + 1, int(top * height), int(bottom * height) + 1
    dark = total = 0
    for y in range(y0, min(y1, height)):
        row = pixels[y * width * 3:(y + 1) * width * 3]
        for x in range(x0, min(x1, width)):
            total += 1
            dark += sum(row[3 * x:3 * x + 3]) < 3 * 128
    return dark / max(total, 1)


def test_a_rows_pages_and_boxes(client, pdf_job):
    job, rows = pdf_job
    k = next(k for k, r in enumerate(rows) if r["item"].startswith("第4条"))
    got = client.get(f"/api/comparisons/{job['id']}/changes/{k}/pages").json()
    assert got["index"] == k and got["item"] == rows[k]["item"]
    for side in ("a", "b"):
        s = got[side]
        assert s["format"] == "pdf" and s["images"] is True
        assert s["name"] == ("約款（旧）.pdf" if side == "a" else "約款（新）.pdf")
        assert s["pages"] == rows[k][f"{side}_pages"] and s["pages"]
        assert s["boxes"] and {b[0] for b in s["boxes"]} <= set(s["pages"])
    # every row but 一致 has pages on each side it has, and its boxes are on them
    for k, r in enumerate(rows):
        if r["type"] == "unchanged":
            continue
        got = client.get(f"/api/comparisons/{job['id']}/changes/{k}/pages").json()
        for side in ("a", "b"):
            if r[f"{side}_ids"]:
                assert got[side]["pages"] and got[side]["boxes"], (r["item"], side)
                assert {b[0] for b in got[side]["boxes"]} <= set(got[side]["pages"])
            else:
                assert got[side]["pages"] == [] and got[side]["boxes"] == []


def test_the_page_image_has_the_clause_where_its_box_is(client, pdf_job):
    job, rows = pdf_job
    k = next(k for k, r in enumerate(rows) if r["item"].startswith("第4条"))
    where = client.get(f"/api/comparisons/{job['id']}/changes/{k}/pages").json()["b"]
    box = where["boxes"][0]
    r = client.get(f"/api/comparisons/{job['id']}/pages/b/{box[0]}.png?width=800")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    width, height, pixels = decode_png(r.content)
    assert width == 800 and 1.40 < height / width < 1.42  # A4
    assert ink(pixels, width, height, box) > 0.03  # the clause's text is in its box
    blank = [0, box[1], 0.002, box[3], 0.02]  # the top margin, above the running header
    assert ink(pixels, width, height, blank) == 0
    again = client.get(f"/api/comparisons/{job['id']}/pages/b/{box[0]}.png?width=800")
    assert again.content == r.content  # drawn once, then kept


def test_bad_page_requests(client, pdf_job):
    job, rows = pdf_job
    base = f"/api/comparisons/{job['id']}"
    assert client.get(f"{base}/pages/b/99.png").status_code == 404
    assert client.get(f"{base}/pages/b/0.png").status_code == 404
    assert client.get(f"{base}/pages/c/1.png").status_code == 422
    assert client.get(f"{base}/pages/a/1.png?width=333").status_code == 400
    assert client.get(f"{base}/changes/{len(rows)}/pages").status_code == 404
    assert client.get("/api/comparisons/nope/changes/0/pages").status_code == 404
    # the explanations in the language asked for (the page's: Accept-Language), English without one
    n = len(rows)
    ja = {"accept-language": "ja"}
    assert client.get(f"{base}/changes/{n}/pages", headers=ja).json()["detail"] == f"行 {n} はありません（この比較の行は {n} 件です）"
    assert client.get(f"{base}/changes/{n}/pages").json()["detail"] == f"no row {n} (the comparison has {n})"
    assert client.get(f"{base}/pages/a/1.png?width=333", headers=ja).json()["detail"] == \
        "width: 800, 1200, 1600 のいずれかを指定してください"


def test_a_job_without_places_gets_them_from_its_uploads(client, pdf_job, tmp_path):
    job, rows = pdf_job
    state = client.app.state.hikaku
    places = state.store.job_dir(job["id"]) / "places.json"
    k = next(k for k, r in enumerate(rows) if r["type"] == "modified")
    before = client.get(f"/api/comparisons/{job['id']}/changes/{k}/pages").json()
    places.unlink()
    after = client.get(f"/api/comparisons/{job['id']}/changes/{k}/pages").json()
    assert after == before and places.exists()


def test_a_word_pair_has_page_numbers_and_no_images(client, tmp_path, monkeypatch):
    monkeypatch.setenv("HIKAKU_EMBEDDING", "hashing")
    a = laid_out(tmp_path / "規程（旧）.docx")
    import docx

    d = docx.Document(str(a))
    for p in d.paragraphs:
        if p.text.startswith("故意による"):
            p.runs[0].text = "故意または重大な過失による事故については、給付金を支払いません。"
    d.save(str(tmp_path / "new.docx"))
    r = upload(client, ("規程（旧）.docx", a.read_bytes()), ("規程（新）.docx", (tmp_path / "new.docx").read_bytes()))
    job = wait(client, r.json()["id"])
    rows = client.get(f"/api/comparisons/{job['id']}/report.json").json()["changes"]
    k = next(k for k, r in enumerate(rows) if r["type"] == "modified")
    got = client.get(f"/api/comparisons/{job['id']}/changes/{k}/pages").json()
    assert got["a"]["pages"] == [4] and got["b"]["pages"] == [4]
    assert got["a"]["images"] is False and got["a"]["boxes"] == [] and got["a"]["format"] == "docx"
    assert client.get(f"/api/comparisons/{job['id']}/pages/a/4.png").status_code == 404
