"""Freed heap pages go back to the system between the phases of a run (glibc's malloc_trim)."""

import platform

from hikaku import _memory


def _rss_kb() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def test_freed_heap_pages_are_returned_to_the_system():
    if platform.libc_ver()[0] != "glibc":  # elsewhere give_back does nothing, by design
        assert _memory.give_back() is None
        return
    assert _memory._malloc_trim() is not None
    keep, scratch = [], []
    for k in range(60_000):  # objects that live on between freed ones: a fragmented heap
        (keep if k % 64 == 0 else scratch).append(bytearray(2000))
    before = _rss_kb()
    del scratch
    freed = _rss_kb()
    _memory.give_back()
    after = _rss_kb()
    assert after < freed - 50_000 and after < before  # most of the ~115 MB freed goes back
    assert len(keep) == 938
