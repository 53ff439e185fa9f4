"""A gap too large for the dynamic programme, cut into pieces with work and memory linear in
its size.

Nothing anchors such a gap: a premium table (保険料表) whose every amount changed, a chapter
rewritten, two unrelated documents. Its n × m similarities are never all computed (quadratic
memory and time: bench/RESULTS.md, "Figures behind the code"); the pieces follow the
most plausible order-keeping path through the gap, found from a few candidate pairs a chunk:

- *the band*: each A chunk against the B chunks near its proportional place on the gap's
  diagonal (``BAND`` either side), scored by TF-IDF cosine a block of ``BLOCK`` A chunks at a
  time, a group of blocks per sparse product (bounded scratch);
- *seeds*: the pairs that share a term no more than ``RARE`` chunks of each side hold (the
  terms' postings, sorted: no product): they find a counterpart far from the diagonal, such
  as the rows after a block inserted.

Each A chunk's best candidate and each B chunk's best are the points; the heaviest chain of
points increasing on both sides (weights: their cosines; :func:`heaviest_chain`) is the path,
and the gap is cut at points of it (:func:`piece_bounds`), each piece at most ``max_cells``
cells. A table's rows, all alike, pair best with their own row near the diagonal, so the chain
runs along it; a wrong pair that a rare amount makes look best stands alone, off the chain.

Work: O((n + m)·(BLOCK + 2·BAND)) cosines, the postings once, O(P log m) for the chain of P
points (P ≤ 2·(n + m) + the seeds, at most RARE² a rare term); memory O(n + m + P).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
import scipy.sparse as sp

__all__ = ["BAND", "BLOCK", "RARE", "candidate_points", "cut_large", "diagonal_pieces", "heaviest_chain",
           "piece_bounds"]

BAND = 16  # B chunks either side of an A chunk's proportional place that it is scored against
BLOCK = 16  # A chunks scored together against one window of B
RARE = 2  # a term held by at most this many chunks of each side seeds the pairs that share it
_GROUP_CELLS = 1 << 20  # cells of the band scored in one product (4 MB of float32 scratch)
_GROUP_ENTRIES = 1 << 20  # features of the chunks stacked for one product (~64 bytes of scratch each)
_PAIRS = 1 << 16  # seed pairs scored at once


class _Cosines(Protocol):
    def cosine_blocks(self, blocks: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[np.ndarray]: ...

    def cosine_pairs(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray: ...

    def counts(self, side: str, idx: Sequence[int]) -> sp.csr_matrix: ...

    def sizes(self, side: str, idx: Sequence[int]) -> np.ndarray: ...


def candidate_points(sim: _Cosines, ia: Sequence[int], ib: Sequence[int],
                     allowed: Callable[[int, int], bool] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rows, columns, cosines) of the gap's candidate pairs, positions local to the gap, sorted
    by row then column: each A chunk's best in its band, each B chunk's best among the A chunks
    whose band holds it, and the seeds; only pairs of positive cosine (*allowed*: a reviewer's
    forbidden pairs are left out)."""
    n, m = len(ia), len(ib)
    if not n or not m:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.float32)
    row_best, row_value = _band_best(sim, ia, ib)
    # the diagonal itself: a gap between anchors is most likely aligned along it (a table whose
    # every row changed), and its points make a chain that a few stray pairs do not outweigh
    diag_r = np.arange(n) if n >= m else np.arange(m) * n // m
    diag_c = np.arange(n) * m // n if n >= m else np.arange(m)
    rows = [np.arange(n), row_best[1], diag_r]
    cols = [row_best[0], np.arange(m), diag_c]
    values = [row_value[0], row_value[1], _scored(sim, ia, ib, diag_r, diag_c)]
    seed_r, seed_c = _seeds(sim, ia, ib)
    rows.append(seed_r)
    cols.append(seed_c)
    values.append(_scored(sim, ia, ib, seed_r, seed_c))
    r, c, v = np.concatenate(rows), np.concatenate(cols), np.concatenate(values).astype(np.float32)
    keep = (v > 0) & (r >= 0) & (c >= 0)
    r, c, v = r[keep], c[keep], v[keep]
    key = r.astype(np.int64) * m + c
    key, first = np.unique(key, return_index=True)
    r, c, v = key // m, key % m, v[first]
    if allowed is not None and len(r):
        ok = np.array([allowed(ia[x], ib[y]) for x, y in zip(r.tolist(), c.tolist())], dtype=bool)
        r, c, v = r[ok], c[ok], v[ok]
    return r, c, v


def _scored(sim: _Cosines, ia: Sequence[int], ib: Sequence[int], rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """The cosines of the pairs (ia[rows[k]], ib[cols[k]]), a bounded number at a time: at most
    ``_PAIRS`` pairs and ``_GROUP_ENTRIES`` features of the chunks they stack: a chunk is stacked once
    a pair, and along the diagonal of a gap far longer on one side each chunk of the short side is
    in hundreds of pairs (bench/RESULTS.md, Figures behind the code)."""
    if not len(rows):
        return np.zeros(0, dtype=np.float32)
    size_a, size_b = sim.sizes("a", ia), sim.sizes("b", ib)
    held = np.cumsum(size_a[rows] + size_b[cols])
    out = []
    k = 0
    while k < len(rows):
        base = held[k - 1] if k else 0
        end = min(len(rows), k + _PAIRS, max(k + 1, int(np.searchsorted(held, base + _GROUP_ENTRIES, side="right"))))
        out.append(sim.cosine_pairs([ia[r] for r in rows[k:end].tolist()], [ib[c] for c in cols[k:end].tolist()]))
        k = end
    return np.concatenate(out)


def _band_best(sim: _Cosines, ia: Sequence[int], ib: Sequence[int]
               ) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
    """((each A chunk's best B column in its band, each B chunk's best A row), (their cosines));
    -1 and 0 where the band holds nothing of positive cosine."""
    n, m = len(ia), len(ib)
    best_c, value_r = np.full(n, -1, dtype=np.int64), np.zeros(n, dtype=np.float32)
    best_r, value_c = np.full(m, -1, dtype=np.int64), np.zeros(m, dtype=np.float32)
    entries = np.concatenate([np.zeros(1, np.int64), np.cumsum(sim.sizes("a", ia))]), \
        np.concatenate([np.zeros(1, np.int64), np.cumsum(sim.sizes("b", ib))])
    for group in _band_groups(n, m, entries):
        blocks = [(ia[r0:r1], ib[c0:c1]) for (r0, r1, c0, c1), _ in group]
        for ((r0, _, c0, _), spans), whole in zip(group, sim.cosine_blocks(blocks)):
            for s0, s1, t0, t1 in spans:
                cos = whole[s0 - r0:s1 - r0, t0 - c0:t1 - c0]
                if not cos.size:
                    continue
                at = cos.argmax(axis=1)
                got = cos[np.arange(s1 - s0), at]
                better = got > value_r[s0:s1]
                best_c[s0:s1][better], value_r[s0:s1][better] = at[better] + t0, got[better]
                at = cos.argmax(axis=0)
                got = cos[at, np.arange(t1 - t0)]
                better = got > value_c[t0:t1]
                best_r[t0:t1][better], value_c[t0:t1][better] = at[better] + s0, got[better]
    return (best_c, best_r), (value_r, value_c)


_Span = tuple[int, int, int, int]  # rows r0:r1 of the gap against its columns c0:c1


def _band_groups(n: int, m: int, entries: tuple[np.ndarray, np.ndarray]) -> list[list[tuple[_Span, list[_Span]]]]:
    """The band of an n × m gap (``BLOCK`` rows at a time against the columns within ``BAND`` of
    their proportional place), as groups of products: each product the rows of consecutive
    spans against the union of their columns — one product where the spans' columns overlap
    (a gap far longer on one side: every span of rows meets nearly the same few columns, which
    would otherwise be stacked again for each span), as long as the union does at most twice
    the spans' own work —, each group of products at most ``_GROUP_CELLS`` cells and
    ``_GROUP_ENTRIES`` features of the chunks it stacks (*entries*: each side's features
    before each chunk), so that its scratch is bounded whatever the chunks' lengths."""
    spans = []
    for r0 in range(0, n, BLOCK):
        r1 = min(n, r0 + BLOCK)
        spans.append((r0, r1, max(0, r0 * m // n - BAND), min(m, -(-r1 * m // n) + BAND)))
    products: list[tuple[_Span, list[_Span]]] = []
    for span in spans:
        if products:
            (r0, _, c0, c1), inside = products[-1]
            union = (r0, span[1], min(c0, span[2]), max(c1, span[3]))
            work = sum((s1 - s0) * (t1 - t0) for s0, s1, t0, t1 in inside) + (span[1] - span[0]) * (span[3] - span[2])
            if _cells(union) <= 2 * work and _cells(union) <= _GROUP_CELLS:
                products[-1] = (union, [*inside, span])
                continue
        products.append((span, [span]))
    ea, eb = entries
    groups: list[list[tuple[_Span, list[_Span]]]] = []
    cells = held = 0
    for product in products:
        r0, r1, c0, c1 = product[0]
        size = int(ea[r1] - ea[r0] + eb[c1] - eb[c0])
        if groups and (cells + _cells(product[0]) > _GROUP_CELLS or held + size > _GROUP_ENTRIES):
            groups.append([])
            cells = held = 0
        if not groups:
            groups.append([])
        groups[-1].append(product)
        cells, held = cells + _cells(product[0]), held + size
    return groups


def _cells(span: _Span) -> int:
    return (span[1] - span[0]) * (span[3] - span[2])


def _seeds(sim: _Cosines, ia: Sequence[int], ib: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (rows, columns) that share a term held by 1 to RARE chunks of each side."""
    ca, cb = sim.counts("a", ia), sim.counts("b", ib)
    width = max(ca.shape[1], cb.shape[1])
    df_a = np.bincount(ca.indices, minlength=width)
    df_b = np.bincount(cb.indices, minlength=width)
    rare = np.flatnonzero((df_a >= 1) & (df_a <= RARE) & (df_b >= 1) & (df_b <= RARE))
    if not len(rare):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    post_a, post_b = _postings(ca, rare), _postings(cb, rare)
    pairs = [(post_a[:, x], post_b[:, y]) for x in range(RARE) for y in range(RARE)]
    r = np.concatenate([pa[(pa >= 0) & (pb >= 0)] for pa, pb in pairs])
    c = np.concatenate([pb[(pa >= 0) & (pb >= 0)] for pa, pb in pairs])
    key = np.unique(r * len(ib) + c)
    return key // len(ib), key % len(ib)


def _postings(counts: sp.csr_matrix, terms: np.ndarray) -> np.ndarray:
    """For each of *terms* (sorted), the rows that hold it (at most RARE; -1 past its last)."""
    row = np.repeat(np.arange(counts.shape[0], dtype=np.int64), np.diff(counts.indptr))
    term = counts.indices.astype(np.int64)
    where = np.searchsorted(terms, term)
    held = where < len(terms)
    held[held] = terms[where[held]] == term[held]
    where, row = where[held], row[held]
    order = np.lexsort((row, where))
    where, row = where[order], row[order]
    starts = np.searchsorted(where, np.arange(len(terms)))
    rank = np.arange(len(where)) - starts[where]
    out = np.full((len(terms), RARE), -1, dtype=np.int64)
    out[where, rank] = row
    return out


def heaviest_chain(rows: np.ndarray, cols: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The indices of the points, in order, of the chain increasing strictly in both rows and
    columns whose weights add up most (ties: the first found, rows then columns ascending).
    A Fenwick tree of the best chain ending before each column: O(P log m)."""
    if not len(rows):
        return np.zeros(0, dtype=np.int64)
    order = np.lexsort((-cols, rows)).tolist()  # a row's points by descending column: none chains to another
    col, weight = cols.tolist(), weights.astype(np.float64).tolist()
    size = int(cols.max()) + 1
    tree_value, tree_end = [0.0] * (size + 1), [-1] * (size + 1)
    total, before = [0.0] * len(col), [-1] * len(col)
    for k in order:
        best, end = 0.0, -1
        x = col[k]
        while x > 0:  # the best chain ending at a column < col[k]
            if tree_value[x] > best:
                best, end = tree_value[x], tree_end[x]
            x -= x & -x
        t = best + weight[k]
        total[k], before[k] = t, end
        x = col[k] + 1
        while x <= size:
            if tree_value[x] < t:
                tree_value[x], tree_end[x] = t, k
            x += x & -x
    k = max(range(len(total)), key=total.__getitem__)
    chain = []
    while k >= 0:
        chain.append(k)
        k = before[k]
    return np.array(chain[::-1], dtype=np.int64)


def piece_bounds(rows: Sequence[int], cols: Sequence[int], n: int, m: int, max_cells: int) -> list[tuple[int, int]]:
    """The cuts of an n × m gap along a chain of points (increasing), from (0, 0) to (n, m): each
    cut is the farthest point of the chain that keeps the piece before it within *max_cells*
    cells; a stretch between two points of the chain that is larger alone is one piece (the
    caller cuts it along its diagonal). A cut opens the piece after it."""
    bounds = [(0, 0)]
    r0, c0 = 0, 0
    k = 0
    while (n - r0) * (m - c0) > max_cells and k < len(rows):
        j = k
        while j < len(rows) and (rows[j] - r0) * (cols[j] - c0) <= max_cells:
            j += 1
        cut = (int(rows[j - 1]), int(cols[j - 1])) if j > k else (int(rows[k]), int(cols[k]))
        k = max(j, k + 1)
        if cut != (r0, c0):
            bounds.append(cut)
            r0, c0 = cut
    bounds.append((n, m))
    return bounds


def diagonal_pieces(n: int, m: int, cells: int) -> list[tuple[int, int, int, int]]:
    """An n × m stretch cut along its diagonal into pieces (r0, c0, r1, c1) of at most *cells*
    cells (as few as that allows); pieces without a row are left out."""
    if n * m <= cells:
        return [(0, 0, n, m)]
    pieces = math.ceil(math.sqrt(n * m / cells))
    while -(-n // pieces) * -(-m // pieces) > cells:  # none larger than *cells*
        pieces += 1
    out = []
    for k in range(pieces):
        r0, r1, c0, c1 = k * n // pieces, (k + 1) * n // pieces, k * m // pieces, (k + 1) * m // pieces
        if r1 > r0:
            out.append((r0, c0, r1, c1))
    return out


def cut_large(sim: _Cosines, ia: Sequence[int], ib: Sequence[int], cells: int,
              allowed: Callable[[int, int], bool] | None = None) -> list[tuple[int, int, int, int, tuple[int, int]]]:
    """The pieces (r0, c0, r1, c1, (start, end) of the B columns of its stretch) of a gap too large
    for the dynamic programme: cut at points of the heaviest chain of candidates, a stretch still
    larger than *cells* along its diagonal."""
    rows, cols, weights = candidate_points(sim, ia, ib, allowed)
    chain = heaviest_chain(rows, cols, weights)
    bounds = piece_bounds(rows[chain].tolist(), cols[chain].tolist(), len(ia), len(ib), cells)
    out = []
    for (r0, c0), (r1, c1) in zip(bounds, bounds[1:]):
        for x0, y0, x1, y1 in diagonal_pieces(r1 - r0, c1 - c0, cells):
            out.append((r0 + x0, c0 + y0, r0 + x1, c0 + y1, (c0, c1)))
    return out
