"""The USE embedding table read row by row (embeddings/use/table.py)."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from hikaku.embeddings.use.table import RowTable


@pytest.fixture
def matrix(tmp_path):
    rows = np.random.default_rng(7).integers(0, 256, size=(5000, 512), dtype=np.uint8)
    path = tmp_path / "table.u8"
    rows.tofile(path)
    return rows, path


def test_rows_are_those_of_the_file_read_once_each(matrix):
    rows, path = matrix
    table = RowTable(path, rows.shape)
    ids = np.array([4999, 0, 17, 17, 4999, 2500])
    assert np.array_equal(table[ids], rows[ids])
    assert table.rows_read == 4
    more = np.array([17, 1, 2, 3, 0])
    assert np.array_equal(table[more], rows[more])
    assert table.rows_read == 7
    everything = np.arange(len(rows))[::-1]  # the table grows past its first size
    assert np.array_equal(table[everything], rows[everything])
    assert table.rows_read == len(rows) == len(table)


def test_threads_reading_at_once_get_their_rows(matrix):
    rows, path = matrix
    table = RowTable(path, rows.shape)
    rng = np.random.default_rng(3)
    asks = [rng.integers(0, len(rows), size=400) for _ in range(64)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(table.__getitem__, asks))
    assert all(np.array_equal(g, rows[a]) for g, a in zip(got, asks))
    assert table.rows_read == len(np.unique(np.concatenate(asks)))


def test_a_file_of_another_size_is_refused(matrix):
    rows, path = matrix
    with pytest.raises(ValueError, match="not a 5001×512 table"):
        RowTable(path, (5001, 512))
    path.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(ValueError):
        RowTable(path, rows.shape)
