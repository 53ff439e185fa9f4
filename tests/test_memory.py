"""Freed heap pages go back to the system between the phases of a run (glibc's malloc_trim); the cyclic
collector pauses for a phase that makes objects that live on."""

import platform

from hikaku.system import memory


def _rss_kb() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def test_freed_heap_pages_are_returned_to_the_system():
    if platform.libc_ver()[0] != "glibc":  # elsewhere give_back does nothing, by design
        assert memory.give_back() is None
        return
    assert memory._malloc_trim() is not None
    keep, scratch = [], []
    for k in range(60_000):  # objects that live on between freed ones: a fragmented heap
        (keep if k % 64 == 0 else scratch).append(bytearray(2000))
    before = _rss_kb()
    del scratch
    freed = _rss_kb()
    memory.give_back()
    after = _rss_kb()
    assert after < freed - 50_000 and after < before  # most of the ~115 MB freed goes back
    assert len(keep) == 938


def _shared_by_threads(phase_of, in_force) -> tuple[bool, bool]:
    """Whether *in_force()* holds after a phase of this thread ends while another thread's goes
    on, and whether it still does once that one has ended too."""
    import threading

    inside, leave = threading.Event(), threading.Event()

    def other() -> None:
        with phase_of():
            inside.set()
            leave.wait(10)

    t = threading.Thread(target=other)
    t.start()
    inside.wait(10)
    with phase_of():
        pass
    during = in_force()
    leave.set()
    t.join(10)
    return during, in_force()


def test_objects_kept_pauses_the_collector_for_the_phase_and_only_then():
    import gc

    assert gc.isenabled()
    with memory.objects_kept():
        assert not gc.isenabled()
        with memory.objects_kept():  # a phase within (or another thread's)
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    try:
        with memory.objects_kept():
            raise ValueError
    except ValueError:
        pass
    assert gc.isenabled()

    # threads share the pause: the collector resumes when the last phase ends
    assert _shared_by_threads(memory.objects_kept, lambda: not gc.isenabled()) == (True, False)

    gc.disable()  # the program's choice is left alone
    try:
        with memory.objects_kept():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_objects_set_aside_leaves_them_out_of_collections_for_the_phase_and_only_then():
    import gc

    assert gc.get_freeze_count() == 0
    with memory.objects_set_aside():
        assert gc.get_freeze_count() > 0
        made = [[] for _ in range(10)]  # what the phase makes is not set aside: the collector frees its cycles
        assert all(gc.is_tracked(x) for x in made)
        cycle: list = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1
        with memory.objects_set_aside():  # a phase within (or another thread's)
            pass
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    try:
        with memory.objects_set_aside():
            raise ValueError
    except ValueError:
        pass
    assert gc.get_freeze_count() == 0

    # threads share it: all is given back when the last phase ends
    assert _shared_by_threads(memory.objects_set_aside, lambda: gc.get_freeze_count() > 0) == (True, False)

    mine = []  # tracked by the collector
    gc.freeze()  # a program that set objects aside itself is left alone
    try:
        assert not any(x is mine for x in gc.get_objects())  # set aside (the generations hold it no more)
        with memory.objects_set_aside():
            pass
        # still set aside (counting them would not do: other threads free objects meanwhile)
        assert gc.get_freeze_count() > 0 and not any(x is mine for x in gc.get_objects())
    finally:
        gc.unfreeze()
    assert any(x is mine for x in gc.get_objects())


def test_a_comparison_gives_back_what_it_set_aside(tmp_path):
    import gc

    import hikaku

    a = tmp_path / "a.md"
    b = tmp_path / "b.md"
    a.write_text("# 第1条\n保険金を支払います。\n\n# 第2条\n免責事由を定めます。\n", encoding="utf-8")
    b.write_text("# 第1条\n保険金を支払います。\n\n# 第2条\n免責事由を改めます。\n", encoding="utf-8")
    hikaku.compare(a, b)
    assert gc.get_freeze_count() == 0 and gc.isenabled()


def test_what_a_kept_phase_makes_within_a_set_aside_is_set_aside_too():
    import gc

    with memory.objects_kept():
        lasting = [[k] for k in range(1000)]
    assert gc.get_freeze_count() == 0  # no run: the collector examines them as it would have
    with memory.objects_set_aside():
        before = gc.get_freeze_count()
        with memory.objects_kept():
            rows = [[k] for k in range(1000)]
        assert gc.get_freeze_count() >= before + 1000 and gc.isenabled()
        scratch = [[k] for k in range(1000)]  # made outside such a phase: not set aside
        assert gc.get_freeze_count() < before + 2000
    assert gc.get_freeze_count() == 0
    assert len(lasting) == len(rows) == len(scratch)


_ARENAS = """
import ctypes, sys, threading
from hikaku.system import memory
done = memory.one_heap() if sys.argv[1] == "one" else False
def work():
    keep = [bytearray(4000) for _ in range(2000)]  # above Python's small-object allocator: malloc's
    del keep
threads = [threading.Thread(target=work) for _ in range(3)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(done, flush=True)
ctypes.CDLL("libc.so.6").malloc_stats()  # one "Arena N:" block per heap, on stderr
"""


def test_the_command_lines_threads_share_one_heap():
    import os
    import subprocess
    import sys

    if platform.libc_ver()[0] != "glibc":
        assert memory.one_heap() is False  # elsewhere nothing is done, by design
        return
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}

    def heaps(mode: str, **extra: str) -> tuple[str, int]:
        p = subprocess.run([sys.executable, "-c", _ARENAS, mode], capture_output=True, text=True, check=True,
                           env={**env, **extra})
        return p.stdout.strip(), p.stderr.count("Arena ")

    assert heaps("one") == ("True", 1)
    done, default = heaps("default")
    assert done == "False" and default > 1  # glibc's default: threads get heaps of their own
    assert heaps("one", MALLOC_ARENA_MAX="4")[0] == "False"  # the user's setting is left alone


def test_the_command_line_asks_for_one_heap(monkeypatch, tmp_path):
    import hikaku.system
    from hikaku.cli import main

    asked = []
    monkeypatch.setattr(hikaku.system, "one_heap", lambda: asked.append(True) or True)
    (tmp_path / "a.md").write_text("# 第1条\n本文。\n", encoding="utf-8")
    assert main(["compare", str(tmp_path / "a.md"), str(tmp_path / "a.md")]) == 0
    assert asked == [True]
