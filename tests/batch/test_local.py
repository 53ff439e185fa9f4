"""Worker processes (``--jobs N``) answer to the batch's process alone: they end when it
is killed (no orphans), and Ctrl-C on the terminal — SIGINT to the whole process group —
ends the batch with one line, the workers with it, the summary saying what was not run.
Real processes; a worker loop that never finishes its pair stands for a long pair."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time

from ..helpers import ROOT

WORKERS = """
import os, sys, threading


def busy(slot, tasks, results):  # a worker that takes forever over its pair
    for task in iter(tasks.get, None):
        os.write(1, f"busy {os.getpid()}\\n".encode())  # one write: two workers' lines never interleave
        threading.Event().wait()


if __name__ == "__main__":
    import hikaku.batch.local as local

    if sys.argv[1] == "runner":
        from types import SimpleNamespace

        local.ProcessRunner(2, loop=busy).run([SimpleNamespace(name="p1"), SimpleNamespace(name="p2")], print)
    else:
        local._worker_loop = busy  # the runner the command makes uses it
        from hikaku.cli import main

        sys.exit(main(sys.argv[1:]))
"""


def start(tmp_path, *argv, **kwargs):
    script = tmp_path / "workers.py"
    script.write_text(WORKERS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HIKAKU_HOME": str(tmp_path / "home"),
           "HIKAKU_LLM": "offline"}
    return subprocess.Popen([sys.executable, str(script), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, **kwargs)


def read_until(stream, done, timeout=60.0) -> bytes:
    """What *stream* gives until *done(data)* or its end (every writer gone); fails after *timeout*."""
    data = b""
    deadline = time.monotonic() + timeout
    while not done(data):
        left = deadline - time.monotonic()
        assert left > 0, f"timed out; read so far: {data!r}"
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream.fileno(), 4096)
            if not chunk:
                break
            data += chunk
    return data


def busy_workers(proc) -> list[int]:
    out = read_until(proc.stdout, lambda d: d.count(b"\n") == 2)
    return [int(line.split()[1]) for line in out.decode().splitlines()]


def gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"  # exited, not reaped (PID 1 may not reap)
    except FileNotFoundError:
        return True


def test_workers_exit_when_the_batch_process_is_killed(tmp_path):
    proc = start(tmp_path, "runner")
    pids = busy_workers(proc)
    proc.kill()  # SIGKILL: no finally, no atexit in the parent
    proc.wait(timeout=30)
    # the workers hold the stdout pipe: its end means every one of them has exited
    assert read_until(proc.stdout, lambda d: False, timeout=30) == b""
    assert all(gone(pid) for pid in pids)


def test_ctrl_c_ends_the_batch_with_one_line_and_lists_the_pairs_not_run(manifest, tmp_path):
    out = tmp_path / "out"
    proc = start(tmp_path, "batch", str(manifest), "-o", str(out), "--jobs", "2", "--no-progress",
                 "--embedding", "hashing", start_new_session=True)
    pids = busy_workers(proc)
    os.killpg(proc.pid, signal.SIGINT)  # what the terminal does on Ctrl-C: the whole process group
    assert proc.wait(timeout=60) == 130
    err = proc.stderr.read().decode().splitlines()
    assert err[0].startswith("hikaku: broken: failed:")  # said when it failed, before the run began
    assert err[1:] == ["hikaku: interrupted"]  # and then one line: no traceback from any process
    assert read_until(proc.stdout, lambda d: False, timeout=30) == b""
    assert all(gone(pid) for pid in pids)

    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["interrupted"] is True and summary["finished"] is False
    status = {p["name"]: p["status"] for p in summary["pairs"]}
    assert status == {"example": "not_run", "reverse": "not_run", "amended": "not_run", "約款 A&B": "not_run",
                      "broken": "failed"}
    assert summary["totals"]["pairs"] == 5 and summary["totals"]["not_run"] == 4
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "中断されました" in index and "5 ペア: 完了 0、失敗 1、未実行 4" in index


def test_sigterm_ends_the_batch_as_ctrl_c_does_and_the_summary_says_so(manifest, tmp_path):
    """``timeout`` and service managers stop a process with SIGTERM, to it alone: the batch
    still ends its workers and writes a summary that lists the pairs not run."""
    out = tmp_path / "out"
    proc = start(tmp_path, "batch", str(manifest), "-o", str(out), "--jobs", "2", "--no-progress",
                 "--embedding", "hashing")
    pids = busy_workers(proc)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 143
    err = proc.stderr.read().decode().splitlines()
    assert err[-1] == "hikaku: terminated; run the same command again to resume"
    assert not any("Traceback" in line for line in err)
    assert all(gone(pid) for pid in pids)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["interrupted"] is True and summary["totals"]["not_run"] == 4
