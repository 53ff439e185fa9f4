import json

import pytest
from pydantic import ValidationError

from hikaku import SCHEMA, Change, Chunk, ComparisonResult, Document, DocumentInfo, Stats


def make_result() -> ComparisonResult:
    return ComparisonResult(
        hikaku_version="1.2.3",
        document_a=DocumentInfo(id="old", title="旧", chunk_count=2),
        document_b=DocumentInfo(id="new", title="新", chunk_count=3),
        changes=[
            Change(type="unchanged", a_ids=["a1"], b_ids=["b1"], item="第1条", confidence=1.0),
            Change(type="modified", a_ids=["a2"], b_ids=["b2", "b3"], item="第2条", summary="20倍 → 25倍",
                   confidence=0.8, similarity=0.91, a_text="x", b_text="y"),
            Change(type="added", b_ids=["b4"], item="第3条"),
        ],
        stats=Stats(counts={"unchanged": 1, "modified": 1, "deleted": 0, "added": 1}, tool_calls={"string_search_tool": 3}),
    )


def test_json_has_schema_key_and_round_trips():
    r = make_result()
    data = json.loads(r.to_json())
    assert data["schema"] == SCHEMA == "hikaku.comparison/v1"
    assert "schema_id" not in data
    back = ComparisonResult.from_json(r.to_json())
    assert back == r
    assert back.changes[1].b_ids == ["b2", "b3"]  # a split is one change with two B ids


def test_change_type_is_validated():
    with pytest.raises(ValidationError):
        Change(type="renamed", a_ids=["a1"])


def test_result_helpers():
    r = make_result()
    assert r.count("modified") == 1
    assert [c.item for c in r.of_type("added", "unchanged")] == ["第1条", "第3条"]


def test_document_lookup():
    d = Document(id="d", chunks=[Chunk(id="x", content="1"), Chunk(id="y", content="2")])
    assert d.position("y") == 1 and d.get("x").content == "1"
    assert d.position("nope") is None and d.get("nope") is None
    assert len(d) == 2


def test_chunk_is_immutable():
    c = Chunk(id="x", content="本文")
    with pytest.raises(ValidationError):
        c.content = "changed"  # type: ignore[misc]


def test_rows_made_with_every_field_share_one_set_of_given_fields():
    """A row's set of given fields (pydantic's, 2.2 KB a row) is shared by the rows made with
    every field, as hikaku makes them; setting a field or copying a row behaves as before."""
    import hikaku
    from tests.helpers import EXAMPLES

    result = hikaku.compare(EXAMPLES / "shugyo_kisoku_v1.md", EXAMPLES / "shugyo_kisoku_v2.md", llm="offline",
                            embedding="hashing")
    first, second = result.changes[0], result.changes[1]
    assert first.__pydantic_fields_set__ is second.__pydantic_fields_set__  # one set for all rows
    assert first.model_fields_set == set(Change.model_fields)
    first.ignored = True
    assert not second.ignored and second.model_fields_set == set(Change.model_fields)
    copy = first.model_copy(update={"summary": "x"})
    assert copy.__pydantic_fields_set__ is not first.__pydantic_fields_set__ and copy.summary == "x"
    few = Change(type="added", b_ids=["b1"])
    assert few.model_fields_set == {"type", "b_ids"}
    assert Change.model_validate_json(first.model_dump_json()) == first
