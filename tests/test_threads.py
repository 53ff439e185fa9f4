import numpy as np
from threadpoolctl import threadpool_info

from hikaku._threads import available_cores, blas_threads


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
