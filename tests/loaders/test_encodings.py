"""Japanese text files as reviewers bring them: Shift_JIS/CP932, EUC-JP, UTF-16 with a
byte order mark. The encoding is detected (or forced with --encoding), -v says which, and
bytes that are text in no encoding give one line naming the file."""

from __future__ import annotations

import pytest

import hikaku
from hikaku import InvalidDocumentError
from hikaku.cli import main
from hikaku.loaders.decode import decode_text

from ..helpers import EXAMPLES

V1, V2 = EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"
ENCODINGS = {"cp932": "cp932", "euc-jp": "euc_jp", "utf-16": "utf-16", "utf-8-bom": "utf-8-sig", "utf-32": "utf-32"}


def rows(result):
    return [(c.type, c.a_ids, c.b_ids, c.item, c.a_text, c.b_text, c.summary, c.moved) for c in result.changes]


def write(tmp_path, src, codec, name=None):
    p = tmp_path / (name or src.name)
    p.write_bytes(src.read_text(encoding="utf-8").encode(codec))
    return p


@pytest.fixture(scope="module")
def utf8_result(use_embedder):
    return rows(hikaku.compare(V1, V2, embedder=use_embedder, include_unchanged=True))


@pytest.mark.parametrize("label", list(ENCODINGS))
def test_each_encoding_gives_exactly_the_utf8_result(tmp_path, use_embedder, utf8_result, label):
    codec = ENCODINGS[label]
    a, b = write(tmp_path, V1, codec), write(tmp_path, V2, codec)
    assert a.read_bytes() != V1.read_bytes()
    assert rows(hikaku.compare(a, b, embedder=use_embedder, include_unchanged=True)) == utf8_result


def test_mixed_encodings_and_the_cli_says_which_with_v(tmp_path, capsys, utf8_result):
    a = write(tmp_path, V1, "cp932", "old.md")
    b = write(tmp_path, V2, "euc_jp", "new.md")
    assert main(["compare", str(a), str(b), "-f", "json", "--include-unchanged", "-o", str(tmp_path / "r.json")]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # nothing said without -v
    result = hikaku.ComparisonResult.from_json((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert rows(result) == utf8_result
    assert main(["compare", str(a), str(b), "-v", "-o", str(tmp_path / "r.md")]) == 0
    err = capsys.readouterr().err
    assert f"{a}: read as cp932 (detected)" in err and f"{b}: read as euc_jp (detected)" in err


def test_encoding_forces_one(tmp_path, capsys, monkeypatch):
    euc = write(tmp_path, V1, "euc_jp", "euc.md")
    text = V1.read_text(encoding="utf-8")
    assert hikaku.load_document(euc, encoding="euc-jp").chunks[0].content in text
    # forced to an encoding that decodes any bytes: the text is what was asked for (mojibake), not detected
    garbled = hikaku.load_document(euc, encoding="latin-1")
    assert "第" not in "".join(c.content for c in garbled.chunks)
    sjis = write(tmp_path, V1, "cp932", "sjis.md")
    code = main(["compare", str(sjis), str(V2), "--encoding", "utf-8"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"hikaku: error: {sjis}: cannot be decoded as utf-8 (byte 0x")
    monkeypatch.setenv("HIKAKU_ENCODING", "shift_jis")  # Shift_JIS files are read as CP932, its superset
    circled = tmp_path / "circled.md"
    circled.write_bytes("第1条 ①の場合は㈱が負担する。".encode("cp932"))
    assert main(["compare", str(circled), str(circled), "-f", "json", "-o", str(tmp_path / "x.json")]) == 0
    monkeypatch.setenv("HIKAKU_ENCODING", "klingon")
    assert main(["compare", str(circled), str(circled)]) == 2
    assert "unknown encoding 'klingon'" in capsys.readouterr().err


@pytest.mark.parametrize("codec", ["rot13", "base64", "zlib"])
def test_a_codec_that_is_not_of_text_is_an_input_error(tmp_path, capsys, codec):
    """rot13 and the like are codecs of Python, but of bytes or of str, not between them."""
    code = main(["compare", str(V1), str(V2), "--encoding", codec])
    err = capsys.readouterr().err
    assert code == 2 and err == f"hikaku: error: invalid option: encoding: Value error, unknown encoding {codec!r} " \
                                 "(a text encoding: utf-8, cp932, shift_jis, euc-jp, utf-16 …)\n"
    with pytest.raises(hikaku.ConfigurationError, match=f"unknown encoding {codec!r}"):
        hikaku.load_document(V1, encoding=codec)


def test_undecodable_bytes_give_one_line_naming_the_file(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x81\x81\xff\xfe\x80\x85\xa0\xfd" * 20)
    with pytest.raises(InvalidDocumentError, match="bad.txt: cannot be decoded as text"):
        hikaku.load_document(bad)
    assert main(["compare", str(bad), str(V2)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"hikaku: error: {bad}: cannot be decoded as text") and "Traceback" not in err


@pytest.mark.parametrize("codec", ["cp932", "euc_jp"])
def test_short_texts_are_detected(codec):
    for text in ("第1条（目的）", "ただし、", "保険料の払込みを免除します。", "ｶﾀｶﾅと漢字"):
        assert decode_text(text.encode(codec), "x") == (text, codec)


def test_html_in_cp932_without_a_meta_charset(tmp_path):
    page = tmp_path / "p.html"
    page.write_bytes("<html><body><h1>就業規則</h1><p>第1条 従業員は規則を守る。</p></body></html>".encode("cp932"))
    doc = hikaku.load_document(page)
    assert doc.title == "就業規則" and "従業員は規則を守る" in doc.chunks[-1].content
