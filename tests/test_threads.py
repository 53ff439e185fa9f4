import numpy as np
from threadpoolctl import threadpool_info

from hikaku.system.threads import available_cores, blas_threads


def _blas_threads() -> list[int]:
    return [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]


def test_blas_threads_are_limited_inside_the_block_and_restored_after():
    np.ones((4, 4)) @ np.ones((4, 4))  # BLAS loaded
    before = _blas_threads()
    assert before, "numpy's BLAS is visible to threadpoolctl"
    with blas_threads(1):
        assert set(_blas_threads()) == {1}
    assert _blas_threads() == before


def test_available_cores():
    assert 1 <= available_cores() <= (__import__("os").cpu_count() or 1)


def test_a_blas_loaded_later_is_limited_too():
    import subprocess
    import sys

    # a fresh process: numpy's BLAS first, SciPy's own OpenBLAS loaded after the first limit
    script = """
import numpy as np
from threadpoolctl import threadpool_info
from hikaku.system.threads import blas_threads
with blas_threads(1):
    pass
import scipy.linalg  # noqa: F401
libs = [p for p in threadpool_info() if p["user_api"] == "blas"]
with blas_threads(1):
    inside = {p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"}
print(len(libs), sorted(inside))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) >= 1 and out[1:] == ["[1]"]  # every BLAS loaded (two here: numpy's and SciPy's), one thread
