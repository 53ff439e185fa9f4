"""Review mode through the command line. On a dev pair (tests/data: an ArgRewrite essay and
its revision): a reviewer's decisions change the next run, are keyed by the text (not the
ids), say when they no longer apply. On a pair built with chunks the agent cannot decide
(tests/review/ambiguous.py): --interactive asks on the terminal and records the answers; a run
paused on a question survives a restart of the process."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

from hikaku.cli import main
from hikaku.review import DecisionSet, ReviewerDecision, text_sha256

from .helpers import DATA, ROOT
from .review import ambiguous

PAIR = DATA / "argrewrite_s27_draft1-draft2"
FAST = ("--embedding", "hashing", "--llm", "offline", "-f", "json")


def texts(path):
    return {c["id"]: c["content"] for c in json.loads(path.read_text(encoding="utf-8"))}


A, B = texts(PAIR / "a.json"), texts(PAIR / "b.json")


def compare(capsys, *extra, a=PAIR / "a.json", b=PAIR / "b.json"):
    code = main(["compare", str(a), str(b), *FAST, *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out), err


def rows_with(result, side, chunk_id):
    return [c for c in result["changes"] if chunk_id in c[f"{side}_ids"]]


def decisions_file(tmp_path, *decisions):
    path = tmp_path / "decisions.json"
    DecisionSet(decisions).save(path)
    return path


def decision(a_id, b_id, verdict, a=A, b=B):
    return ReviewerDecision(a_sha256=text_sha256(a[a_id]) if a_id else None,
                            b_sha256=text_sha256(b[b_id]) if b_id else None, verdict=verdict, by="test")


@pytest.fixture(scope="module")
def first(tmp_path_factory):
    """What hikaku decides on its own (no decisions)."""
    out = tmp_path_factory.mktemp("first") / "result.json"
    assert main(["compare", str(PAIR / "a.json"), str(PAIR / "b.json"), *FAST, "-o", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def test_a_no_match_decision_takes_the_pair_apart_and_the_rows_say_reviewer(capsys, tmp_path, first):
    pair = next(c for c in first["changes"] if c["type"] == "modified" and len(c["a_ids"]) == len(c["b_ids"]) == 1)
    a_id, b_id = pair["a_ids"][0], pair["b_ids"][0]
    path = decisions_file(tmp_path, decision(a_id, b_id, "no_match"))
    result, err = compare(capsys, "--decisions", str(path))
    assert not any(a_id in c["a_ids"] and b_id in c["b_ids"] for c in result["changes"])
    touched = rows_with(result, "a", a_id) + rows_with(result, "b", b_id)
    assert any(c["decided_by"] == "reviewer" for c in touched)
    assert all(c["decided_by"] == "reviewer" for c in touched if not (c["a_ids"] and c["b_ids"]))
    assert result["stats"]["decisions_applied"] == 1 and result["notes"] == [] and err == ""


def test_a_match_decision_pairs_a_deleted_chunk_with_an_added_one(capsys, tmp_path, first):
    deleted = next(c["a_ids"][0] for c in first["changes"] if c["type"] == "deleted")
    added = next(c["b_ids"][0] for c in first["changes"] if c["type"] == "added")
    path = decisions_file(tmp_path, decision(deleted, added, "match"))
    result, _ = compare(capsys, "--decisions", str(path))
    row = rows_with(result, "a", deleted)
    assert len(row) == 1 and row[0]["a_ids"] == [deleted] and row[0]["b_ids"] == [added]
    assert row[0]["decided_by"] == "reviewer" and row[0]["confidence"] == 1.0
    assert row[0]["type"] in ("modified", "unchanged")


def test_decisions_keyed_by_text_apply_after_the_ids_change(capsys, tmp_path, first):
    deleted = next(c["a_ids"][0] for c in first["changes"] if c["type"] == "deleted")
    added = next(c["b_ids"][0] for c in first["changes"] if c["type"] == "added")
    path = decisions_file(tmp_path, decision(deleted, added, "match"))
    # the same documents chunked elsewhere: other ids, other metadata
    new_a = [{"id": f"old-{k}", "content": t} for k, t in enumerate(A.values())]
    new_b = [{"id": f"new-{k}", "content": t} for k, t in enumerate(B.values())]
    (tmp_path / "a.json").write_text(json.dumps(new_a, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps(new_b, ensure_ascii=False), encoding="utf-8")
    old_a, old_b = f"old-{list(A).index(deleted)}", f"new-{list(B).index(added)}"
    result, _ = compare(capsys, "--decisions", str(path), a=tmp_path / "a.json", b=tmp_path / "b.json")
    row = rows_with(result, "a", old_a)
    assert row[0]["b_ids"] == [old_b] and row[0]["decided_by"] == "reviewer"


def test_decisions_that_no_longer_apply_are_in_the_notes(capsys, tmp_path):
    b_id = next(iter(B))
    gone = ReviewerDecision(a_sha256=text_sha256("a sentence no draft has"), b_sha256=text_sha256(B[b_id]),
                            verdict="no_match", a_excerpt="a sentence no draft has", b_excerpt="its counterpart")
    path = decisions_file(tmp_path, gone)
    result, err = compare(capsys, "--decisions", str(path), "--lang", "en")
    assert result["notes"] == ['Reviewer decision (not a match) "a sentence no draft has" ↔ "its counterpart" was not '
                               "applied: no chunk of A has this text"]
    assert result["stats"]["decisions_not_applied"] == 1
    assert "hikaku: note: Reviewer decision (not a match)" in err


def test_decisions_about_other_documents_are_not_this_reports_business(capsys, tmp_path):
    """A decisions file kept for many documents: the decisions none of whose texts is in this pair
    are neither applied nor quoted in the report (they would leak the other documents' text)."""
    other = [ReviewerDecision(a_sha256=text_sha256(f"第{k}条（休暇） 採用日から"), b_sha256=text_sha256("第16条（年次有給休暇）"),
                              verdict="no_match", a_excerpt=f"第{k}条（休暇） 採用日から", b_excerpt="第16条（年次有給休暇）")
             for k in (15, 16)]
    other.append(ReviewerDecision(a_sha256=text_sha256("第3条（試用期間）"), b_sha256=None, verdict="no_match",
                                  a_excerpt="第3条（試用期間）"))
    path = decisions_file(tmp_path, *other)
    result, err = compare(capsys, "--decisions", str(path), "--lang", "en")
    assert result["notes"] == [] and "休暇" not in json.dumps(result, ensure_ascii=False) and err == ""
    assert result["stats"]["decisions_applied"] == 0 and result["stats"]["decisions_not_applied"] == 0


def test_a_bad_decisions_file_is_one_line_and_exit_2(capsys, tmp_path):
    path = tmp_path / "d.json"
    path.write_text('{"schema": "hikaku.decisions/v1", "decisions": [{"a_sha256": "x", "verdict": "match"}]}')
    code = main(["compare", str(PAIR / "a.json"), str(PAIR / "b.json"), *FAST, "--decisions", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"hikaku: error: {path}: decision 1: a_sha256:") and err.count("\n") == 1
    code = main(["compare", str(PAIR / "a.json"), str(PAIR / "b.json"), *FAST, "--interactive"])
    assert code == 2 and "give --decisions FILE" in capsys.readouterr().err


def test_interactive_asks_on_the_terminal_and_records_the_answers(capsys, tmp_path, monkeypatch):
    a, b = ambiguous.write(tmp_path / "pair")
    monkeypatch.setenv("HIKAKU_CALIBRATION", ambiguous.calibration(tmp_path / "pair"))
    path = tmp_path / "answers.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("x\n2\nd\n"))  # a bad reply; then the 2nd candidate; then deleted
    result, err = compare(capsys, "--decisions", str(path), "--interactive", "--reviewer", "yamada", "--lang", "en",
                          a=a, b=b)
    assert err.count("Question ") == 2 and "Question 1: A chunk a3 " in err and "Question 2: A chunk a5 " in err
    assert "Type 1-" in err and "d) no counterpart (deleted)" in err
    assert re.search(r"probability of being wrong 0\.(49|5\d)", err)  # two equally probable copies
    first = err.split("Question 1:", 1)[1].split("Question 2:", 1)[0]
    second_candidate = first.split("    2) ", 1)[1].split(" ", 1)[0]
    assert result["stats"]["questions_asked"] == 2
    a3, a5 = rows_with(result, "a", "a3")[0], rows_with(result, "a", "a5")[0]
    assert a3["b_ids"] == [second_candidate] and a3["decided_by"] == "reviewer"
    assert a5["b_ids"] == [] and a5["decided_by"] == "reviewer"
    assert result["review_queue"] == []  # nothing left to doubt
    saved = DecisionSet.load(path)
    x, y = ambiguous.X, ambiguous.Y
    assert [(d.a_sha256, d.b_sha256, d.verdict, d.by) for d in saved] == [
        (text_sha256(x), text_sha256(x), "match", "yamada"), (text_sha256(y), None, "no_match", "yamada")]
    assert "2 decision(s) recorded in" in err
    # the next run applies the answers: a5 is not asked again; a3's answer names a text that B
    # holds twice, so which copy it meant is ambiguous by hash: it is not applied, the notes say
    # so, and the agent asks again
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    again, err = compare(capsys, "--decisions", str(path), "--interactive", "--lang", "en", a=a, b=b)
    assert err.count("Question ") == 1 and "A chunk a3 " in err
    assert rows_with(again, "a", "a5")[0]["decided_by"] == "reviewer"
    assert again["notes"] == [f'Reviewer decision (match) "{x}" ↔ "{x}" was not applied: 2 chunks of B have this '
                              "text; which one is meant is unclear"]


def test_a_run_paused_on_a_question_is_answered_after_a_restart(tmp_path):
    """Answer the first question (recorded in the file at once), stop the process at the second
    (Ctrl-C), start again with --resume: the second question comes back from the checkpoint (the
    first is not asked again: its answer is in the checkpoint, and the file's copy of it is left
    out so that the run resumes with the decisions it started with); the answer finishes the run."""
    import hikaku
    from hikaku.review import Answer

    a, b = ambiguous.write(tmp_path / "pair")
    cal = ambiguous.calibration(tmp_path / "pair")
    checkpoint, path = tmp_path / "runs.sqlite", tmp_path / "answers.json"
    DecisionSet().save(path)
    seen = []

    def answer_one_then_stop(question):
        seen.append(question)
        if len(seen) > 1:
            raise KeyboardInterrupt
        answer = Answer("no_match", by="yamada")
        recorded = DecisionSet.load(path)
        for d in answer.records(question, run="r1"):
            recorded.add(d)
        recorded.save(path)
        return answer

    with pytest.raises(KeyboardInterrupt):
        hikaku.compare(a, b, embedding="hashing", llm="offline", checkpoint=checkpoint, run_id="r1",
                       ask=answer_one_then_stop, decisions=path, calibration=cal)
    first, second = seen
    assert (first.a_ids, second.a_ids) == (("a3",), ("a5",))
    env = {"HIKAKU_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "src"),
           "HIKAKU_DOTENV": "", "HIKAKU_CALIBRATION": cal}
    done = subprocess.run(
        [sys.executable, "-m", "hikaku", "compare", str(a), str(b), *FAST,
         "--checkpoint", str(checkpoint), "--resume", "r1", "--interactive", "--decisions", str(path)],
        input="1\n", capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "質問 2: A の a5「" in done.stderr and "A の a3「" not in done.stderr
    result = json.loads(done.stdout)
    assert rows_with(result, "a", "a3")[0]["b_ids"] == []  # the first answer, from the checkpoint
    row = rows_with(result, "a", "a5")[0]
    assert tuple(row["b_ids"]) == second.candidates[0].b_ids and row["decided_by"] == "reviewer"
    assert result["stats"]["questions_asked"] == 2
    saved = DecisionSet.load(path)
    assert [(d.verdict, d.run) for d in saved] == [("no_match", "r1"), ("match", "r1")]
