"""The worker's job runner in this process (no server, no child process): a result file
and the events the server reads, resumption from the checkpoint, cancellation, and
failures reported with the user's file names."""

from __future__ import annotations

import shutil
import threading
from dataclasses import replace

from hikaku import ComparisonResult, resolve_options
from hikaku.renderers import counted
from hikaku.web.worker import CHECKPOINT, RESULT, Task, run_task

from .conftest import V1, V2


class Events(list):
    def put(self, item):
        self.append(item)


def task(tmp_path, *, resume=False, a=V1, b=V2):
    folder = tmp_path / "job"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(a, folder / "input-a.md")
    shutil.copy(b, folder / "input-b.md")
    options = resolve_options({"embedding": "hashing", "llm": "offline"}).model_dump(mode="json")
    return Task("20260101-000000-0123456789ab", str(folder), ("input-a.md", "markdown", a.name),
                ("input-b.md", "markdown", b.name), options, resume)


def test_a_run_writes_its_result_and_reports(tmp_path):
    events = Events()
    t = task(tmp_path)
    run_task(t, 0, events, threading.Event())
    kinds = [e[0] for e in events]
    assert kinds[0] == "progress" and kinds[-1] == "done" and set(kinds) == {"progress", "done"}
    assert all(e[1] == 0 and e[2] == t.job_id for e in events)
    stages = [e[3] for e in events if e[0] == "progress"]
    assert stages[0] == "load" and "plan" in stages and stages[-1] == "report"
    result = ComparisonResult.from_json((tmp_path / "job" / RESULT).read_bytes())
    assert events[-1][3] == counted(result)  # the reports' totals (条番号のみ変更 apart)
    assert result.stats.run_id == t.job_id and (tmp_path / "job" / CHECKPOINT).exists()
    assert result.document_a.id == "shugyo_kisoku_v1" and result.document_a.source == V1.name

    # resumed: the finished run is read from its checkpoint, not computed again
    events2 = Events()
    run_task(task(tmp_path, resume=True), 0, events2, threading.Event())
    assert events2[-1][0] == "done" and events2[-1][3] == events[-1][3]
    assert [e[3] for e in events2 if e[0] == "progress"] == ["load", "load"]  # no plan, no agent: nothing re-run


class StopAfter(Events):
    """Events that ask the run to stop once it has reported *stage* (as a server going
    down does: the worker's cancel event)."""

    def __init__(self, stage):
        super().__init__()
        self.stage, self.stop = stage, False

    def put(self, item):
        super().put(item)
        self.stop = self.stop or (item[0] == "progress" and item[3] == self.stage)

    def is_set(self):  # the cancel event
        return self.stop


def test_an_interrupted_run_resumes_from_its_checkpoint(tmp_path, caplog):
    fresh = Events()
    run_task(task(tmp_path / "fresh"), 0, fresh, threading.Event())
    total = next(e[5] for e in fresh if e[0] == "progress" and e[3] == "agent")
    assert total > 0  # the example leaves groups for the agent

    interrupted = StopAfter("agent")
    run_task(task(tmp_path), 0, interrupted, interrupted)
    assert interrupted[-1][0] == "cancelled" and not (tmp_path / "job" / RESULT).exists()
    resumed = Events()
    run_task(task(tmp_path, resume=True), 0, resumed, threading.Event())
    assert "cannot resume" not in caplog.text
    agent = [e[4:] for e in resumed if e[0] == "progress" and e[3] == "agent"]
    assert agent == [(total, total)]  # the agent's finished step was not done again
    assert resumed[-1] == fresh[-1]
    a = ComparisonResult.from_json((tmp_path / "job" / RESULT).read_bytes())
    b = ComparisonResult.from_json((tmp_path / "fresh" / "job" / RESULT).read_bytes())
    assert a.changes == b.changes


def test_resume_without_a_usable_checkpoint_starts_again(tmp_path):
    t = task(tmp_path, resume=True)
    (tmp_path / "job" / CHECKPOINT).write_bytes(b"")  # a checkpoint file without the run
    events = Events()
    run_task(t, 0, events, threading.Event())
    assert events[-1][0] == "done"


def test_a_cancelled_run(tmp_path):
    cancel = threading.Event()
    cancel.set()
    events = Events()
    run_task(task(tmp_path), 0, events, cancel)
    assert [e[:3] for e in events] == [("cancelled", 0, "20260101-000000-0123456789ab")]
    reason = events[0][3]  # a message, said in the language of whoever reads the job
    assert str(reason) == "cancelled" and reason.text("ja") == "中止されました"


def test_a_failure_names_the_users_file_not_the_servers_path(tmp_path):
    t = task(tmp_path)
    (tmp_path / "job" / "input-b.md").write_text("   \n", encoding="utf-8")  # no text at all
    events = Events()
    run_task(t, 0, events, threading.Event())
    kind, _, _, message = events[-1]
    english, japanese = str(message), message.text("ja")
    assert kind == "failed" and english.startswith(f"{V2.name}: ") and str(tmp_path) not in english
    assert japanese == f"比較できませんでした: {V2.name}: 本文がありません（内容のあるチャンクがありません）"


def test_a_job_is_read_with_the_servers_encoding_and_limits(tmp_path):
    """The worker reads the uploads as hikaku compare reads a file: in the encoding and within the
    limits the server is configured with (they were ignored), its limits said to be the operator's."""
    t = task(tmp_path)
    folder = tmp_path / "job"
    for stored, _, _ in (t.a, t.b):
        # UTF-16 without a byte order mark: read only in the encoding the server forces
        (folder / stored).write_bytes((folder / stored).read_text(encoding="utf-8").encode("utf-16-le"))
    options = resolve_options({"embedding": "hashing", "llm": "offline", "encoding": "utf-16-le"}).model_dump(mode="json")
    events = Events()
    run_task(replace(t, options=options), 0, events, threading.Event())
    assert events[-1][0] == "done", events[-1]
    result = ComparisonResult.from_json((folder / RESULT).read_bytes())
    assert any("3か月間 → 6か月間" in c.summary for c in result.changes)

    small = resolve_options({"embedding": "hashing", "llm": "offline", "max_document_chars": 1000})
    events = Events()
    run_task(replace(task(tmp_path / "small"), options=small.model_dump(mode="json")), 0, events, threading.Event())
    kind, _, _, said = events[-1]
    message = str(said)  # (in English; the page says it in its language)
    assert kind == "failed" and message.startswith(f"{V1.name}: 1,830 characters of text, over the limit of 1,000 "
                                                   "(max_document_chars; a limit of this server"), message
    assert str(tmp_path) not in message and "--max-document-chars" not in message
