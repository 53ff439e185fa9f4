"""Unix conventions: ``-`` reads a document from standard input (its format from
--input-format or sniffed), and --exit-code says whether the documents differ."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from hikaku.cli import main
from hikaku.loaders import sniff_format

from ..helpers import EXAMPLES

V1, V2 = EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md"


def rows(report: str):
    return [(c["type"], c["a_ids"], c["b_ids"], c["summary"]) for c in json.loads(report)["changes"]]


def feed(monkeypatch, data: bytes):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def run(capsys, *argv):
    code = main(["compare", *argv, "--embedding", "hashing", "-f", "json"])
    out, err = capsys.readouterr()
    return code, out, err


def test_stdin_for_b_and_for_a_gives_the_result_of_the_files(capsys, monkeypatch):
    _, files, _ = run(capsys, str(V1), str(V2))
    feed(monkeypatch, V2.read_bytes())
    code, piped, err = run(capsys, str(V1), "-")
    assert code == 0 and err == "" and rows(piped) == rows(files)
    assert json.loads(piped)["document_b"]["id"] == "stdin"
    feed(monkeypatch, V1.read_bytes())
    code, piped, _ = run(capsys, "-", str(V2))
    assert code == 0 and rows(piped) == rows(files)


def test_stdin_format_is_sniffed_or_given(capsys, monkeypatch, tmp_path):
    chunks = [{"id": "x1", "content": "第1条 保険料は30日以内に払い込む。"}, {"id": "x2", "content": "第2条 20倍を支払う。"}]
    other = tmp_path / "b.json"
    other.write_text(json.dumps([{"id": "y1", "content": "第1条 保険料は30日以内に払い込む。"},
                                 {"id": "y2", "content": "第2条 25倍を支払う。"}], ensure_ascii=False), encoding="utf-8")
    feed(monkeypatch, json.dumps(chunks, ensure_ascii=False).encode())
    code, out, _ = run(capsys, "-", str(other))
    assert code == 0 and [r[:3] for r in rows(out)] == [("unchanged", ["x1"], ["y1"]), ("modified", ["x2"], ["y2"])]
    jsonl = "\n".join(json.dumps(c, ensure_ascii=False) for c in chunks).encode()
    feed(monkeypatch, jsonl)
    code, out, _ = run(capsys, "-", str(other), "--input-format", "jsonl")  # also applies to b.json: as JSON Lines
    assert code == 2  # a JSON list is not JSON Lines: the option names the format of both inputs
    feed(monkeypatch, jsonl)
    code, out, _ = run(capsys, "-", str(other))  # sniffed: JSON Lines
    assert code == 0 and [r[:3] for r in rows(out)][1] == ("modified", ["x2"], ["y2"])
    feed(monkeypatch, V2.read_text(encoding="utf-8").encode("cp932"))  # the encoding is detected on stdin too
    _, files, _ = run(capsys, str(V1), str(V2))
    code, out, _ = run(capsys, str(V1), "-")
    assert code == 0 and rows(out) == rows(files)


@pytest.mark.parametrize("head, fmt", [
    (b"%PDF-1.7\n", "pdf"), (b"PK\x03\x04...", "docx"), (b'  [{"id": "1"}]', "json"), (b'{"id": "d", "chunks": []}', "json"),
    (b'{"id": "1"}\n{"id": "2"}\n', "jsonl"), (b"<!DOCTYPE html><html>", "html"), (b"# Title\n\ntext", "markdown"),
    ("第1条 本文".encode(), "text"), (b"\xef\xbb\xbf[]", "json"),
])
def test_sniffing(head, fmt):
    assert sniff_format(head) == fmt


def test_stdin_through_a_real_pipe():
    p = subprocess.run([sys.executable, "-m", "hikaku", "compare", str(V1), "-", "--embedding", "hashing",
                        "--exit-code"], input=V2.read_bytes(), capture_output=True, timeout=120)
    assert p.returncode == 1 and "| 項目 |" in p.stdout.decode() and p.stderr == b""


def test_exit_code(capsys, tmp_path):
    code, _, _ = run(capsys, str(V1), str(V2))
    assert code == 0  # without --exit-code: success whatever the differences
    code, _, _ = run(capsys, str(V1), str(V2), "--exit-code")
    assert code == 1
    code, _, _ = run(capsys, str(V1), str(V1), "--exit-code")
    assert code == 0
    a = tmp_path / "a.json"
    b = tmp_path / "b.json"
    a.write_text(json.dumps([{"id": "1", "content": "第1条 保険料は30日以内に払い込む。"}], ensure_ascii=False), encoding="utf-8")
    b.write_text(json.dumps([{"id": "1", "content": "第1条 保険料は３０日以内に払い込む。"}], ensure_ascii=False), encoding="utf-8")
    assert run(capsys, str(a), str(b), "--exit-code")[0] == 0  # a width difference is not a change by default
    assert run(capsys, str(a), str(b), "--exit-code", "--strict")[0] == 1  # ... and is with --strict
    moved_a = tmp_path / "m1.json"
    moved_b = tmp_path / "m2.json"
    texts = [f"第{i}条 この条は第{i}の規定であり、変わらない内容を定める。" for i in range(1, 9)]
    moved_a.write_text(json.dumps([{"id": f"a{i}", "content": t} for i, t in enumerate(texts)], ensure_ascii=False),
                       encoding="utf-8")
    order = [0, 1, 2, 3, 4, 5, 7, 6]
    moved_b.write_text(json.dumps([{"id": f"b{i}", "content": texts[k]} for i, k in enumerate(order)],
                                  ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(capsys, str(moved_a), str(moved_b), "--exit-code")
    assert any(c["moved"] for c in json.loads(out)["changes"]) and code == 1  # a moved clause is a difference
    assert run(capsys, str(moved_a), "missing.json", "--exit-code")[0] == 2  # errors stay 2
