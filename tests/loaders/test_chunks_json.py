import json

import pytest

from hikaku import DuplicateChunkIdError, EmptyDocumentError, InvalidDocumentError, load_document


def _scanned_depth(text, stop):
    from hikaku.loaders import records

    found = records._scanned(text, stop)
    return None if found is None else found[0]


def write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return p


def test_chunk_list(tmp_path):
    p = write(tmp_path, "a.json", [{"id": "A1", "content": "第1条", "metadata": {"path": "chapter1"}},
                                   {"id": 2, "content": "本文"}])
    d = load_document(p)
    assert d.id == "a" and [c.id for c in d.chunks] == ["A1", "2"]
    assert d.chunks[0].metadata == {"path": "chapter1"} and d.chunks[1].metadata == {}
    assert d.source == str(p)


def test_document_object(tmp_path):
    p = write(tmp_path, "doc.json", {"id": "policy-2024", "title": "約款", "chunks": [{"id": "c1", "content": "x"}]})
    d = load_document(p)
    assert (d.id, d.title) == ("policy-2024", "約款")


def test_jsonl_and_bom(tmp_path):
    p = tmp_path / "a.jsonl"
    p.write_bytes("\ufeff".encode() + '{"id":"1","content":"一"}\n\n{"id":"2","content":"二"}\n'.encode())
    assert [c.content for c in load_document(p).chunks] == ["一", "二"]


@pytest.mark.parametrize(
    "data, message",
    [
        ("[{", "invalid JSON at line 1"),
        ({"no": "chunks"}, "expected a JSON list of chunks"),
        ([1, 2], "chunk #1 is a int"),
        ([{"content": "x"}], "chunk #1 has no usable 'id'"),
        ([{"id": "x"}], "has no 'content' string"),
        ([{"id": "x", "content": "y", "metadata": []}], "'metadata' that is not an object"),
    ],
)
def test_invalid(tmp_path, data, message):
    p = write(tmp_path, "bad.json", data)
    with pytest.raises(InvalidDocumentError, match=message) as e:
        load_document(p)
    assert str(p) in str(e.value)


def test_invalid_jsonl_line(tmp_path):
    p = write(tmp_path, "bad.jsonl", '{"id":"1","content":"x"}\nnot json\n')
    with pytest.raises(InvalidDocumentError, match="line 2"):
        load_document(p)


def test_duplicate_ids(tmp_path):
    p = write(tmp_path, "dup.json", [{"id": "a", "content": "1"}, {"id": "a", "content": "2"}])
    with pytest.raises(DuplicateChunkIdError, match="duplicate chunk id.*'a'"):
        load_document(p)


@pytest.mark.parametrize("data", [[], [{"id": "a", "content": "  "}]])
def test_empty(tmp_path, data):
    with pytest.raises(EmptyDocumentError, match="no text"):
        load_document(write(tmp_path, "e.json", data))


def _nested(rng, depth: int):
    r = rng.random()
    if depth > 6 or r < 0.3:
        return "".join(rng.choice('ab"\\[]{}\n第　（）\U0001F600') for _ in range(rng.randint(0, 8)))
    if r < 0.6:
        return [_nested(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {_nested(rng, 7): _nested(rng, depth + 1) for _ in range(rng.randint(0, 4))}


@pytest.mark.parametrize("scan", [2, 17, 1 << 20])
def test_json_depth_scanned_is_the_patterns(monkeypatch, scan):
    """The scan of quotes, backslashes and brackets reads the depth the string pattern reads,
    across scanning blocks and the blocks where a *stop* ends the count; on text that is no JSON
    (a backslash outside a string, a string left open) it leaves the answer to the pattern."""
    import random

    from hikaku.loaders import records

    monkeypatch.setattr(records, "_SCAN", scan)
    rng = random.Random(scan)
    texts = [json.dumps(_nested(rng, 0), ensure_ascii=rng.random() < 0.5) for _ in range(300 if scan > 2 else 20)]
    texts += ['[{"id": "第１２条", "content": "（目的）\\n第一条\\u3000[写A]\\\\"}]', '["a\\\\"]', '["\\\\\\""]', "[[]]]]"]
    for text in texts:
        for stop in (None, 1, 3):
            assert _scanned_depth(text, stop) == records._depth_by_pattern(text, stop), text
    for block in (1, 2, 3):
        monkeypatch.setattr(records, "_BLOCK", block)
        for text in texts[:50]:
            for stop in (None, 0, 1, 2):
                assert _scanned_depth(text, stop) == records._depth_by_pattern(text, stop), text
    alphabet = ['"', "\\", "[", "]", "{", "}", "a", "第", "\U0001F600"]
    for _ in range(1000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))
        scanned = _scanned_depth(text, 2)
        assert scanned is None or scanned == records._depth_by_pattern(text, 2), text
        assert records.json_depth(text, 2) == records._depth_by_pattern(text, 2)
    assert _scanned_depth('["open', None) is None and _scanned_depth('[\\"a"]', None) is None
