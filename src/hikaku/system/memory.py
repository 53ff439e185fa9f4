"""Giving freed memory back to the system between the phases of a large comparison.

The C allocator keeps the memory a phase freed for the next allocations, but only memory at
the top of its heap goes back to the system by itself: after the plan of a large
comparison, whose scratch strings, lists and arrays of all sizes were freed in between
objects that live on, the process held a good part of its peak unused (bench/RESULTS.md, "Figures behind the code"), and the next
phase grew on top of it (the run's peak is what a machine must have). glibc's ``malloc_trim`` returns the
free pages inside the heap too, and one heap serves every thread of the command line
(:func:`one_heap`). Elsewhere (another C library, macOS, Windows) nothing is done.

And sparing the cyclic collector a phase that makes many objects that live on
(:func:`objects_kept`), and the objects built to last while a run goes on (:func:`objects_set_aside`).
"""

from __future__ import annotations

import ctypes
import gc
import logging
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

__all__ = ["give_back", "objects_kept", "objects_set_aside", "one_heap"]

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def _glibc() -> Any:
    """The C library when it is glibc (Linux; musl has neither function used here), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)  # the C library this process runs on (find_library would start ldconfig)
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.malloc_trim.restype = ctypes.c_int
        libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        libc.mallopt.restype = ctypes.c_int
    except (OSError, AttributeError):
        return None
    return libc


def _malloc_trim() -> Any:
    libc = _glibc()
    return None if libc is None else libc.malloc_trim


_M_ARENA_MAX = -8  # glibc's mallopt parameter


def one_heap() -> bool:
    """Let every thread of this process allocate from one C heap (glibc's ``M_ARENA_MAX`` 1),
    for the command line to call at its start. glibc gives a thread that allocates its own
    heap ("arena"), and what one heap frees the others do not reuse: a comparison's threads —
    the embedding's workers, the stage that prepares the search, the queries embedded ahead —
    held a share of the peak in such memory (bench/RESULTS.md, "Figures behind the code"; no slower:
    the large arrays are mapped on their own and Python's small objects have their own
    allocator). Left as it is when ``MALLOC_ARENA_MAX`` is set (the user's choice), and
    elsewhere than glibc; a program that uses hikaku as a library decides for itself (the
    same variable). True when done."""
    libc = _glibc()
    if libc is None or "MALLOC_ARENA_MAX" in os.environ:
        return False
    return bool(libc.mallopt(_M_ARENA_MAX, 1))


def give_back() -> None:
    """Return the C heap's free pages to the system (glibc; elsewhere nothing)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
        log.debug("freed heap pages returned to the system")


_pausing = threading.Lock()
_paused = 0  # phases under way in objects_kept (threads of a server: the first pauses, the last resumes)


@contextmanager
def objects_kept() -> Iterator[None]:
    """A phase that makes many objects that live on (the rows of a comparison: 57,000 with
    their lists), and no garbage in cycles, among the millions a large comparison holds.
    CPython's cyclic collector examines every object that exists each time the objects that
    survived grow by a quarter, which such a phase makes happen, and finds nothing to free among the documents, the index and the decisions.
    The collector is paused for the phase (objects are still freed as their last reference
    goes) and resumes after it, where its next collections examine what the phase made, as
    they would have — or, within :func:`objects_set_aside` (a run), what the phase made is set
    aside with the rest (its first young collection alone would examine them all). Nothing is done when the collector
    was off (the program's choice).
    Threads (a server's comparisons) share the pause: the first to enter pauses, the last
    to leave resumes — so comparisons that overlap without end (a busy server running them in
    threads) keep the collector paused while any of them is in such a phase, and a program that
    turns the collector off *during* a pause finds it on again after it."""
    global _paused
    with _pausing:
        mine = _paused > 0 or gc.isenabled()
        if mine:
            if _paused == 0:
                gc.disable()
            _paused += 1
    try:
        yield
    finally:
        if mine:
            with _pausing:
                _paused -= 1
                if _paused == 0:
                    with _setting_aside:  # (not between another run's last check and its unfreeze)
                        if _aside:  # a run sets aside what lasts: what the phase made joins it, unexamined
                            gc.freeze()
                    gc.enable()


_setting_aside = threading.Lock()
_aside = 0  # runs under way in objects_set_aside (a server's threads: the last to leave gives all back)


@contextmanager
def objects_set_aside() -> Iterator[None]:
    """The objects that exist now, and those the phases within it that keep objects
    (:func:`objects_kept`) make, are left out of the cyclic collector's examinations until
    it ends (``gc.freeze``): the documents, the plan, the indexes and the rows of a run,
    built to last until its end. The collector still runs over what is made outside those
    phases (the agent's work: an LLM client's garbage is freed as before), but its full
    collections no longer walk those millions of objects, which freed nothing (bench/RESULTS.md, "Figures behind the code"). At the end they go back to the oldest generation
    (``gc.unfreeze``), where the next full collection examines them as it would have.
    Threads share it: each entry sets aside what exists then, the last to leave gives all
    back — so, as with :func:`objects_kept`, runs that overlap without end (a busy server)
    keep set aside what existed when each began, garbage in cycles included, until none is
    under way. A program that set objects aside itself (``gc.freeze`` before forking
    workers) is left alone: nothing is done while it has — but what it sets aside *during* a
    run is given back with the rest when the run ends."""
    global _aside
    with _setting_aside:
        mine = _aside > 0 or gc.get_freeze_count() == 0
        if mine:
            _aside += 1
            gc.freeze()
    try:
        yield
    finally:
        if mine:
            with _setting_aside:
                _aside -= 1
                if _aside == 0:
                    gc.unfreeze()
