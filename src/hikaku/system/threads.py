"""Thread discipline: how many threads numerical libraries may use, set explicitly.

OpenBLAS starts as many threads as there are cores for every matrix product. A
comparison's products are small (a micro-batch of the embedding model, one query
against a few thousand vectors): split over threads they spend more time waiting for
each other than computing, and on a machine whose cores are busy with other work they
wait for a scheduler slot too (measured: bench/RESULTS.md, "Figures behind the code"). So a comparison runs with one BLAS
thread (:func:`blas_threads`), and parallelism is explicit where it pays: texts embedded
in as many Python threads as there are cores (NumPy releases the GIL in its products),
long PDFs parsed page-parallel in processes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

__all__ = ["available_cores", "blas_threads"]


def available_cores() -> int:
    """The processors this process may run on (a CPU affinity or cgroup cpuset counts)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


@lru_cache(maxsize=1)
def _controller(modules: int) -> Any:
    """The BLAS libraries loaded in this process. *modules*: how many modules are imported;
    a new library (SciPy's own OpenBLAS, say) only comes with a new module, so the libraries
    are looked up again (a few milliseconds) only when that number changed."""
    import numpy  # noqa: F401  (threadpoolctl finds the BLAS numpy has loaded)
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


@contextmanager
def blas_threads(n: int = 1) -> Iterator[None]:
    """Within the block, BLAS (OpenBLAS, MKL …) uses at most *n* threads; the previous
    setting is restored after it."""
    import numpy  # noqa: F401  (loaded before the modules are counted)

    with _controller(len(sys.modules)).limit(limits=n, user_api="blas"):
        yield
