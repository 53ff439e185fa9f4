"""The JSON report written a few rows at a time is the JSON report: the same bytes as the result's
own serialisation, for a comparison with every kind of row (splits, moves, renumbering,
repealed clauses, notes), for one without rows, and through the command line's -o."""

from __future__ import annotations

import json

import hikaku
from hikaku.cli import main
from hikaku.renderers import RenderOptions, render_bytes, render_parts
from hikaku.renderers import json as json_renderer
from tests.helpers import EXAMPLES


def test_the_parts_are_the_whole_report(policy, monkeypatch):
    whole = policy.to_json_bytes() + b"\n"
    parts = list(render_parts(policy, "json"))
    assert len(parts) == -(-len(policy.changes) // json_renderer.BATCH) + 2  # the head, a part a batch, the tail
    assert b"".join(parts) == whole == render_bytes(policy, "json")
    assert json.loads(whole)["changes"] == [json.loads(c.model_dump_json()) for c in policy.changes]
    for batch in (1, 2, 7, len(policy.changes), len(policy.changes) + 1):  # batches of any size, the last one short
        monkeypatch.setattr(json_renderer, "BATCH", batch)
        parts = list(render_parts(policy, "json"))
        assert len(parts) == -(-len(policy.changes) // batch) + 2 and b"".join(parts) == whole


def test_a_result_without_rows_and_the_other_formats_come_in_one_part(policy):
    empty = policy.model_copy(update={"changes": []})
    assert b"".join(render_parts(empty, "json")) == empty.to_json_bytes() + b"\n"
    (md,) = render_parts(policy, "md", RenderOptions(lang="ja"))
    assert md == render_bytes(policy, "md", RenderOptions(lang="ja"))


def test_the_command_writes_the_report_a_row_at_a_time(tmp_path):
    out = tmp_path / "r.json"
    assert main(["compare", str(EXAMPLES / "shugyo_kisoku_v1.md"), str(EXAMPLES / "shugyo_kisoku_v2.md"),
                            "--format", "json", "-o", str(out), "--embedding", "hashing"]) == 0
    written = hikaku.ComparisonResult.from_json(out.read_bytes())
    assert out.read_bytes() == written.to_json_bytes() + b"\n"
    assert any(c.type == "added" for c in written.changes)
