"""Review mode over HTTP, with a real worker process: decisions on rows (recorded in the
project, the comparison run again at once), candidates from the agent's tools, export and
import of the decisions file, and "ask me": a comparison that waits for an answer, across a
restart of the server."""

from __future__ import annotations

import json
import time

import pytest

import hikaku
from hikaku.review import DecisionSet, text_sha256
from tests.helpers import EXAMPLES
from tests.review import ambiguous

from .conftest import V1, serving, upload, wait

# a pair with two chunks the agent cannot decide (tests/review/ambiguous.py)
AMBIGUOUS = (("a.json", json.dumps(ambiguous.records(ambiguous.A, "a"), ensure_ascii=False).encode()),
             ("b.json", json.dumps(ambiguous.records(ambiguous.B, "b"), ensure_ascii=False).encode()))
TEXT_A = {f"a{k + 1}": t for k, t in enumerate(ambiguous.A)}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("review-data")) as c:
        yield c


@pytest.fixture
def similarity_first(monkeypatch, tmp_path):
    """Jobs submitted from now on weigh candidates by similarity (tests/review/ambiguous.py)."""
    monkeypatch.setenv("HIKAKU_CALIBRATION", ambiguous.calibration(tmp_path))


def review(client, job_id):
    r = client.get(f"/api/comparisons/{job_id}/review")
    assert r.status_code == 200, r.text
    return r.json()


def row_of(view, a_id):
    return next(r for r in view["rows"] if a_id in r["a_ids"])


def decide(client, job_id, **body):
    r = client.post(f"/api/comparisons/{job_id}/decisions", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_decide_rerun_candidates_export_and_import(client, hashing, similarity_first):
    job = wait(client, upload(client, project="約款 2026").json()["id"])
    assert job["status"] == "done" and job["project"] == "約款 2026"
    view = review(client, job["id"])
    assert view["project"] == "約款 2026" and len(view["rows"]) == sum(v for k, v in job["counts"].items() if k != "moved")
    renumbered = [r for r in view["rows"] if r["renumbered"]]  # labelled 条番号のみ変更 by the view (review.js)
    assert renumbered and all(r["type"] == "unchanged" for r in renumbered)
    assert not any(r["repealed"] for r in view["rows"])  # the example pair has no 「第N条　削除」
    pair = next(r for r in view["rows"] if r["type"] == "modified" and len(r["a_ids"]) == len(r["b_ids"]) == 1)
    a_id, b_id = pair["a_ids"][0], pair["b_ids"][0]

    # not a match: recorded in the project, and the comparison runs again at once
    out = decide(client, job["id"], verdict="no_match", a_ids=[a_id], b_ids=[b_id], by="yamada")
    assert out["rerun"] is True and out["job"]["status"] == "queued" and out["decisions"] == 1
    assert out["recorded"][0]["by"] == "yamada" and out["recorded"][0]["verdict"] == "no_match"
    job = wait(client, job["id"])
    view = review(client, job["id"])
    assert not any(a_id in r["a_ids"] and b_id in r["b_ids"] for r in view["rows"])
    assert row_of(view, a_id)["decided_by"] in ("reviewer", "agent")
    assert len(view["decisions"]) == 1

    # pair with…: candidates from the tools, with scores and context
    found = client.get(f"/api/comparisons/{job['id']}/candidates", params={"a": a_id}).json()
    assert found["a_ids"] == [a_id] and found["candidates"]
    first = found["candidates"][0]
    assert set(first) >= {"b_ids", "b_sha256", "item", "text", "path", "previous", "vector_score", "held_by"}
    assert any(c["vector_score"] is not None for c in found["candidates"])
    other = next(c for c in found["candidates"] if c["b_ids"] != [b_id] and not c["chosen"])
    searched = client.get(f"/api/comparisons/{job['id']}/candidates", params={"a": a_id, "q": other["text"][:12]})
    assert any(c["b_ids"] == other["b_ids"] and c["string_matches"] for c in searched.json()["candidates"])
    decide(client, job["id"], verdict="match", a_ids=[a_id], b_ids=other["b_ids"])
    job = wait(client, job["id"])
    row = row_of(review(client, job["id"]), a_id)
    assert row["b_ids"] == other["b_ids"] and row["decided_by"] == "reviewer"
    md = client.get(f"/api/comparisons/{job['id']}/report.json").json()
    assert any(c["a_ids"] == [a_id] and c["b_ids"] == other["b_ids"] for c in md["changes"])  # the report too

    # export, then import into a new project: its comparison applies the decisions
    exported = client.get("/api/projects/約款 2026/decisions")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    decisions = DecisionSet.from_json(exported.content)
    assert [d.verdict for d in decisions] == ["no_match", "match"]
    fresh = wait(client, upload(client, project="new").json()["id"])
    assert row_of(review(client, fresh["id"]), a_id)["b_ids"] == [b_id]  # nothing applied yet
    imported = client.post("/api/projects/new/decisions", content=exported.content,
                           headers={"content-type": "application/json"}).json()
    assert imported == {"project": "new", "imported": 2, "replaced": 0, "decisions": 2}
    assert client.post(f"/api/comparisons/{fresh['id']}/rerun").status_code == 202
    fresh = wait(client, fresh["id"])
    assert row_of(review(client, fresh["id"]), a_id)["b_ids"] == other["b_ids"]
    projects = {p["name"]: p for p in client.get("/api/projects").json()["projects"]}
    assert projects["new"]["decisions"] == 2 and projects["約款 2026"]["comparisons"] == 1

    # withdraw a decision; ignore a row
    assert client.delete("/api/projects/new/decisions/0").status_code == 204
    assert len(DecisionSet.from_json(client.get("/api/projects/new/decisions").content)) == 1
    decide(client, fresh["id"], verdict="ignore", a_ids=[a_id], b_ids=other["b_ids"])
    fresh = wait(client, fresh["id"])
    assert row_of(review(client, fresh["id"]), a_id)["ignored"] is True


def test_bad_requests(client, hashing):
    job = wait(client, upload(client).json()["id"])
    assert job["project"] == "default"
    bad = client.post(f"/api/comparisons/{job['id']}/decisions", json={"verdict": "match", "a_ids": ["zz"], "b_ids": ["b1"]})
    assert bad.status_code == 400 and "unknown chunk" in bad.json()["detail"]
    # a request that does not validate: 422 with one line, as every error ({"detail": "…"})
    invalid = [(client.post(f"/api/comparisons/{job['id']}/decisions", json={"verdict": "maybe"}),
                "verdict: Input should be 'match', 'no_match' or 'ignore'"),
               (client.post(f"/api/comparisons/{job['id']}/decisions", json={"verdict": "match", "a_ids": "a1"}),
                "a_ids: Input should be a valid list"),
               (client.post(f"/api/comparisons/{job['id']}/decisions", content=b"not json",
                            headers={"content-type": "application/json"}), "the body is not JSON (Expecting value)"),
               (client.get(f"/api/comparisons/{job['id']}/candidates"), "query parameter a: Field required"),
               (client.post("/api/projects", json={}), "name: Field required")]
    for r, detail in invalid:
        assert r.status_code == 422 and r.json() == {"detail": detail}, r.text
    assert client.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "skip"}).status_code == 409
    assert client.get(f"/api/comparisons/{job['id']}/candidates", params={"a": "nope"}).status_code == 404
    r = client.post("/api/projects/default/decisions", content=b'{"schema": "x"}', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not a decisions file" in r.json()["detail"]
    assert client.post("/api/projects", json={"name": " padded "}).status_code == 400
    assert upload(client, project="x" * 101).status_code == 400
    assert upload(client, project="a/b").status_code == 400
    assert client.get("/api/projects/nobody/decisions").status_code == 404


def test_a_projects_decisions_stay_out_of_the_reports_of_other_documents(client, hashing):
    """A decision on the 就業規則 pair is about that pair: a comparison of other documents in the same
    project neither applies nor quotes it — its download is exactly what hikaku compare writes."""
    job = wait(client, upload(client, project="leaks").json()["id"])
    pair = next(r for r in review(client, job["id"])["rows"] if r["type"] == "modified" and r["a_ids"] and r["b_ids"])
    decide(client, job["id"], verdict="no_match", a_ids=pair["a_ids"][:1], b_ids=pair["b_ids"][:1], rerun=False)
    terms = [(p.name, p.read_bytes()) for p in (EXAMPLES / "terms_v1.md", EXAMPLES / "terms_v2.md")]
    other = wait(client, upload(client, a=terms[0], b=terms[1], project="leaks").json()["id"])
    assert other["status"] == "done"
    reference = hikaku.compare(EXAMPLES / "terms_v1.md", EXAMPLES / "terms_v2.md",
                               options=hikaku.resolve_options({"embedding": "hashing", "llm": "offline"}))
    md = client.get(f"/api/comparisons/{other['id']}/report.md").content
    assert md == hikaku.render(reference, "md").encode("utf-8") and "レビュー判断".encode() not in md
    result = client.get(f"/api/comparisons/{other['id']}/report.json").json()
    assert result["notes"] == [] and result["stats"]["decisions_not_applied"] == 0
    assert review(client, other["id"])["notes"] == []
    # … while the pair it is about applies it
    assert client.post(f"/api/comparisons/{job['id']}/rerun").status_code == 202
    again = client.get(f"/api/comparisons/{wait(client, job['id'])['id']}/report.json").json()
    assert again["stats"]["decisions_applied"] == 1 and again["notes"] == []


def test_a_decision_on_a_comparison_that_is_not_done_is_409(client, hashing):
    failed = wait(client, upload(client, a=("shape.json", b'{"x": 1}')).json()["id"])
    assert failed["status"] == "failed"
    assert client.get(f"/api/comparisons/{failed['id']}/review").json() == {"detail": "the comparison is failed, not done"}
    r = client.post(f"/api/comparisons/{failed['id']}/decisions", json={"verdict": "ignore", "a_ids": ["a1"]})
    assert r.status_code == 409 and r.json() == {"detail": "the comparison is failed, not done"}
    assert client.get("/api/health").json()["status"] == "ok"


def test_ignore_records_every_row_it_names(client, hashing):
    job = wait(client, upload(client, project="scope").json()["id"])
    rows = [r for r in review(client, job["id"])["rows"] if r["a_ids"]]
    first, second = rows[1], rows[-1]
    out = decide(client, job["id"], verdict="ignore", a_ids=[first["a_ids"][0], second["a_ids"][0]])
    assert len(out["recorded"]) == 2 and out["decisions"] == 2
    view = review(client, wait(client, job["id"])["id"])
    assert row_of(view, first["a_ids"][0])["ignored"] and row_of(view, second["a_ids"][0])["ignored"]
    assert sum(r["ignored"] for r in view["rows"]) == 2
    # the chunks of one row are one decision
    both = [r for r in view["rows"] if r["a_ids"] and r["b_ids"] and not r["ignored"]][0]
    out = decide(client, job["id"], verdict="ignore", a_ids=both["a_ids"], b_ids=both["b_ids"], rerun=False)
    assert len(out["recorded"]) == 1 and out["decisions"] == 3


def test_ask_me_waits_for_the_answer_across_a_restart(tmp_path, hashing, similarity_first):
    data = tmp_path / "data"
    with serving(data) as c:
        job = wait(c, upload(c, a=AMBIGUOUS[0], b=AMBIGUOUS[1], project="essays", ask="true").json()["id"],
                   until=("waiting", "done", "failed", "cancelled"))
        assert job["status"] == "waiting" and job["ask"] is True
        question = job["question"]
        assert question["a_ids"] == ["a3"] and question["candidates"] and "close_competitor" in question["reasons"]
        bad = c.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "match", "b_ids": ["b999"]})
        assert bad.status_code == 400 and "not one of the candidates" in bad.json()["detail"]
    with serving(data) as c:  # a new server: the comparison still waits, its question kept
        job = c.get(f"/api/comparisons/{job['id']}").json()
        assert job["status"] == "waiting" and job["question"] == question
        choice = question["candidates"][1]["b_ids"]  # not the agent's choice
        r = c.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "match", "b_ids": choice, "by": "sato"})
        assert r.status_code == 202 and r.json()["status"] == "queued"
        asked = [question["a_ids"]]
        while True:  # answer "skip" to any further question
            job = wait(c, job["id"], until=("waiting", "done", "failed", "cancelled"))
            if job["status"] != "waiting":
                break
            asked.append(job["question"]["a_ids"])
            assert c.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "skip"}).status_code == 202
        assert job["status"] == "done", job
        assert asked == [["a3"], ["a5"]]  # never the same question twice
        row = row_of(review(c, job["id"]), question["a_ids"][0])
        assert row["b_ids"] == choice and row["decided_by"] == "reviewer"
        saved = DecisionSet.from_json(c.get("/api/projects/essays/decisions").content)
        assert [(d.a_sha256, d.verdict, d.by) for d in saved] == [(text_sha256(TEXT_A[question["a_ids"][0]]), "match", "sato")]


def test_an_answer_says_queued_however_soon_a_worker_takes_the_job_up(tmp_path, hashing, similarity_first):
    """The worst timing, made certain: the supervisor (which looks every tick, woken or not)
    claims the job between the answer's commit and the response. The response still says
    what the answer did — queued — and GET then tells the job is running."""
    with serving(tmp_path / "data") as c:
        job = wait(c, upload(c, a=AMBIGUOUS[0], b=AMBIGUOUS[1], ask="true").json()["id"],
                   until=("waiting", "done", "failed", "cancelled"))
        assert job["status"] == "waiting"
        store = c.app.state.hikaku.store
        answer = store.answer

        def answered_then_claimed(job_id, reply):
            out = answer(job_id, reply)
            deadline = time.monotonic() + 60
            while store.get(job_id).status == "queued":  # until the next tick has claimed it
                assert time.monotonic() < deadline, "the supervisor never took the job up"
                time.sleep(0.01)
            return out

        store.answer = answered_then_claimed
        r = c.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "skip"})
        assert r.status_code == 202 and r.json()["status"] == "queued"
        assert c.get(f"/api/comparisons/{job['id']}").json()["status"] != "queued"
        store.answer = answer
        job = wait(c, job["id"], until=("waiting", "done", "failed", "cancelled"))
        while job["status"] == "waiting":
            assert c.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "skip"}).status_code == 202
            job = wait(c, job["id"], until=("waiting", "done", "failed", "cancelled"))
        assert job["status"] == "done"


def test_a_waiting_comparison_can_be_cancelled(client, hashing, similarity_first):
    job = wait(client, upload(client, a=AMBIGUOUS[0], b=AMBIGUOUS[1], ask="true").json()["id"],
               until=("waiting", "done", "failed", "cancelled"))
    assert job["status"] == "waiting"
    r = client.post(f"/api/comparisons/{job['id']}/cancel")
    assert r.status_code == 202 and r.json()["status"] == "cancelled"


def test_the_example_upload_still_has_a_project(client, hashing):
    r = upload(client, a=(V1.name, V1.read_bytes()))
    assert r.status_code == 202 and r.json()["project"] == "default" and r.json()["ask"] is False


def test_the_review_view_has_the_queue_and_pair_with_shows_the_agents_competitors(client, hashing, similarity_first):
    job = wait(client, upload(client, a=AMBIGUOUS[0], b=AMBIGUOUS[1], project="essays-2").json()["id"])
    view = review(client, job["id"])
    assert [q["a_ids"] for q in view["queue"]] == [[x] for x in ambiguous.UNDECIDED]
    doubts = [q["doubt"] for q in view["queue"]]
    assert doubts == sorted(doubts, reverse=True)
    first = view["queue"][0]
    row = view["rows"][first["change"]]
    assert row["doubt"] == first["doubt"] and row["reasons"] == first["reasons"]
    found = client.get(f"/api/comparisons/{job['id']}/candidates", params={"a": first["a_ids"][0]}).json()
    weighed = {tuple(c["b_ids"]): c["probability"] for c in found["candidates"] if c["probability"] is not None}
    assert weighed == {tuple(c["b_ids"]): c["probability"] for c in first["competitors"]}


def test_the_review_view_lists_the_references_to_check_and_the_report_marks_them(client, hashing):
    from tests.crossrefs.test_check import RULES_A, RULES_B

    job = wait(client, upload(client, ("a.md", RULES_A.encode()), ("b.md", RULES_B.encode())).json()["id"])
    assert job["status"] == "done"
    view = review(client, job["id"])
    assert [(f["kind"], f["text"], f["suggestion"]) for f in view["references"]] == [
        ("stale", "第9条", "第10条"), ("stale", "第9条第1項第2号", "第10条第1項第2号")]
    rows = {f["change"]: view["rows"][f["change"]] for f in view["references"]}
    assert [r["references"] for r in rows.values()] == [[{"kind": "stale", "text": "第9条", "suggestion": "第10条"}],
                                                        [{"kind": "stale", "text": "第9条第1項第2号",
                                                          "suggestion": "第10条第1項第2号"}]]
    report = client.get(job["view"]).text  # the report the page shows: the reference marked in its row
    assert report.count('<mark class="ref stale"') == 2 and "引用条項の確認（2件）" in report
