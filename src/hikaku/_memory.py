"""Giving freed memory back to the system between the phases of a large comparison.

The C allocator keeps the memory a phase freed for the next allocations, but only memory at
the top of its heap goes back to the system by itself: after the plan of a 2 × 50,000-chunk
comparison, whose scratch strings, lists and arrays of all sizes were freed in between
objects that live on, the process held 130–220 MB it no longer used, and the next phase grew
on top of it (the run's peak is what a machine must have). glibc's ``malloc_trim`` returns the
free pages inside the heap too. Elsewhere (another C library, macOS, Windows) nothing is done.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys
from functools import lru_cache
from typing import Any

__all__ = ["give_back"]

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def _malloc_trim() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim  # glibc only (musl has none)
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back() -> None:
    """Return the C heap's free pages to the system (glibc; elsewhere nothing)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
        log.debug("freed heap pages returned to the system")
