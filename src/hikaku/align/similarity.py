"""Lexical similarity between chunks of A and chunks of B.

similarity = ½ · cosine of TF-IDF vectors + ½ · Indel ratio (rapidfuzz), where the
TF-IDF features are character 1–3-grams (no word boundaries needed: Japanese works as
is) plus Latin words (weighted ×2, so that English rewording counts by word too).
Features are hashed into 2²² buckets and extracted for many texts at once with
numpy, so that thousands of chunks cost a fraction of a second. Only the chunks that
need comparing are featurised; the IDF is estimated on them plus an even sample of
the rest. Both read the text as :mod:`.text_forms` makes it: NFKC, lower case, every
number one character told by its value. Within one document too (``within_pairwise``:
how alike its own clauses are, ``Neighbours``' background).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence

import numpy as np
import scipy.sparse as sp
from rapidfuzz import process
from rapidfuzz.distance import Indel

from ..text import nfkc, without_list_marker
from .blocks import block_products
from .features import (
    SimilarityParams,
    bucket_columns,
    count_blocks,
    count_triples,
    distinct,
    distinct_counts,
    even_sample,
)
from .leaders import CosineLeaders
from .row_store import RowStore
from .small_similarity import SMALL, cosines, tf_idf, weighed
from .text_forms import Normalised, as_values, lowered_values, normalize_for_similarity, tokens, words

__all__ = ["SimilarityParams", "TextSimilarity", "as_values", "derivation", "normalize_for_similarity", "tokens",
           "words"]


_DEFAULT = SimilarityParams()
_TOKEN_SETS = 1024  # trigram and word sets kept (TextSimilarity.tokens, .wording): a gap's worth


def derivation(sim: TextSimilarity, side: str, i: int, other: str, j: int) -> float:
    """The share of chunk *i*'s character trigrams (on *side* ``a`` or ``b``) found in chunk
    *j* of the other side: how much of its wording derives from that chunk."""
    x, y = sim.tokens(side, i), sim.tokens(other, j)
    return len(x & y) / len(x) if x else 0.0


class TextSimilarity:
    """Similarity scores between chunk texts of A and B, by chunk index."""

    def __init__(
        self,
        texts_a: Sequence[str],
        texts_b: Sequence[str],
        *,
        focus_a: Sequence[int] | None = None,
        focus_b: Sequence[int] | None = None,
        params: SimilarityParams = _DEFAULT,
        normalized: bool = False,
    ) -> None:
        """*normalized*: the texts are already NFKC with collapsed whitespace."""
        self.p = params
        form = lowered_values if normalized else normalize_for_similarity
        self.norm_a = Normalised(texts_a, form)
        self.norm_b = Normalised(texts_b, form)
        focus_a = list(range(len(texts_a))) if focus_a is None else sorted(set(focus_a))
        focus_b = list(range(len(texts_b))) if focus_b is None else sorted(set(focus_b))
        self._rows: dict[tuple[str, int], int] = {}
        # featurising widens the matrices: one thread at a time (the agents may run in a window)
        self._lock = threading.RLock()
        self._tokens: dict[tuple[str, int], frozenset[str]] = {}
        self._words: dict[tuple[str, int], frozenset[str]] = {}
        # each featurised chunk's counts; weighed (TF-IDF, unit length) when sliced: every row is
        # weighed on its own, so a slice weighed is the weighed matrix sliced, to the last bit,
        # and the weighed copy (as large as the counts) is not kept
        self._counts = RowStore()
        # hashed bucket -> compact column: matrices stay as narrow as the vocabulary
        self._vocab_keys = np.zeros(0, dtype=np.int64)  # sorted buckets
        self._vocab_cols = np.zeros(0, dtype=np.int64)  # their columns
        self._idf = np.zeros(0, dtype=np.float32)
        # IDF from the focus texts plus an even sample of the others
        rest_a = sorted(set(range(len(texts_a))) - set(focus_a))
        rest_b = sorted(set(range(len(texts_b))) - set(focus_b))
        budget = max(0, params.idf_sample - len(focus_a) - len(focus_b))
        sample = even_sample([("a", i) for i in rest_a] + [("b", j) for j in rest_b], budget)
        idf_keys = [("a", i) for i in focus_a] + [("b", j) for j in focus_b] + sample
        self._fit([self._text(k) for k in idf_keys], idf_keys[: len(focus_a) + len(focus_b)])

    def _fit(self, texts: list[str], focus: list[tuple[str, int]]) -> None:
        """The vocabulary and the IDF from *texts*, and the features of the first of them
        (*focus*), counted a block of texts at a time: only the focus rows' triples are kept
        until the vocabulary is known (compact), then made rows block by block. The same
        matrices as from all triples at once: columns in the order of the sorted buckets, a
        row's features in the order they were counted."""
        n_focus = len(focus)
        seen: list[tuple[np.ndarray, np.ndarray]] = []  # each block's distinct buckets, and in how many rows
        kept: list[tuple[int, int, np.ndarray, np.ndarray, np.ndarray]] = []
        for first, n, rows, buckets, vals in count_blocks(texts, self.p):
            seen.append(distinct_counts(buckets))
            if first < n_focus:
                take = rows < n_focus
                kept.append((first, min(n, n_focus - first), (rows[take] - first).astype(np.int32),
                             buckets[take].astype(np.int32), vals[take]))
            del rows, buckets, vals
        keys, df = (distinct_counts(np.concatenate([k for k, _ in seen]), np.concatenate([d for _, d in seen]))
                    if seen else (np.zeros(0, np.int64), np.zeros(0, np.int64)))
        del seen
        self._vocab_keys, self._vocab_cols = keys, np.arange(len(keys), dtype=np.int64)
        self._n_docs = max(1, len(texts))
        self._idf = (np.log((1.0 + self._n_docs) / (1.0 + df.astype(np.float32))) + 1.0).astype(np.float32)
        if not n_focus:
            return
        width = len(keys)
        columns = bucket_columns(keys)
        self._counts.reserve(n_focus, sum(len(k[2]) for k in kept))
        while kept:
            _, n, rows, buckets, vals = kept.pop(0)
            self._counts.append(sp.csr_matrix((vals, (rows, columns[buckets])), shape=(n, width), dtype=np.float32))
        del columns
        self._rows.update((k, n) for n, k in enumerate(focus))

    def release(self) -> None:
        """Drop the chunks' features and texts made so far; the vocabulary and the IDF stay,
        so a chunk asked for again is featurised into the same row as before (the same
        scores to the last bit: every row is weighed on its own)."""
        with self._lock:
            self._rows.clear()
            self._tokens.clear()
            self._words.clear()
            self._counts = RowStore()
            self.norm_a.clear()
            self.norm_b.clear()

    # -- features ------------------------------------------------------------------------
    def tokens(self, side: str, i: int) -> frozenset[str]:
        """A chunk's trigrams (:func:`tokens`), the last thousand kept: they are asked
        for near each other (a gap of the alignment), and a set of trigram strings takes
        ~50 bytes a character — all of them would be most of a large comparison's memory."""
        key = (side, i)
        got = self._tokens.get(key)
        if got is None:
            got = self._tokens[key] = tokens(self._text(key))
            if len(self._tokens) > _TOKEN_SETS:
                self._tokens.pop(next(iter(self._tokens)), None)  # the oldest
        return got

    def length_ratio(self, ia: Sequence[int], ib: Sequence[int]) -> float:
        """|log(length of A's texts / length of B's)|: 0 for equal lengths."""
        la = sum(len(self.norm_a[i]) for i in ia) + 1
        lb = sum(len(self.norm_b[j]) for j in ib) + 1
        return abs(math.log(la / lb))

    def _text(self, key: tuple[str, int]) -> str:
        return self.norm_a[key[1]] if key[0] == "a" else self.norm_b[key[1]]

    def _columns(self, buckets: np.ndarray) -> np.ndarray:
        """Columns of hashed buckets, adding unseen buckets to the vocabulary (an unseen
        term gets the IDF of a term seen nowhere)."""
        pos = np.searchsorted(self._vocab_keys, buckets)
        pos_c = np.minimum(pos, max(0, len(self._vocab_keys) - 1))
        known = (pos < len(self._vocab_keys)) & (self._vocab_keys[pos_c] == buckets) if len(self._vocab_keys) else (
            np.zeros(len(buckets), dtype=bool)
        )
        new = distinct(buckets[~known])
        if len(new):
            start = len(self._vocab_keys)
            keys = np.concatenate([self._vocab_keys, new])
            cols = np.concatenate([self._vocab_cols, np.arange(start, start + len(new))])
            order = np.argsort(keys, kind="stable")
            self._vocab_keys, self._vocab_cols = keys[order], cols[order]
            if len(self._idf):
                unseen = np.log((1.0 + self._n_docs) / 1.0) + 1.0
                self._idf = np.concatenate([self._idf, np.full(len(new), unseen, dtype=np.float32)])
            pos = np.searchsorted(self._vocab_keys, buckets)
        return self._vocab_cols[pos]

    def _weigh(self, counts: sp.csr_matrix) -> sp.csr_matrix:
        w = counts.copy()
        w.data = tf_idf(w.data, self._idf[w.indices])
        filled = np.diff(w.indptr) > 0
        sq = np.zeros(w.shape[0], dtype=w.data.dtype)
        if w.nnz:  # each row's own sum (rows without features: 0; reduceat cannot start past the end)
            sq[filled] = np.add.reduceat(w.data**2, w.indptr[:-1][filled])
        norms = np.sqrt(sq)
        norms[norms == 0] = 1.0
        w.data /= np.repeat(norms, np.diff(w.indptr)).astype(np.float32)
        return w

    def _store(self, keys: list[tuple[str, int]], rows: np.ndarray, cols: np.ndarray, vals: np.ndarray) -> None:
        if not keys:
            return
        base = len(self._counts)
        self._counts.append(sp.csr_matrix((vals, (rows, cols)), shape=(len(keys), len(self._vocab_keys)),
                                          dtype=np.float32))
        for n, k in enumerate(keys):
            self._rows[k] = base + n

    def _rows_for(self, keys: list[tuple[str, int]]) -> list[int]:
        missing = [k for k in dict.fromkeys(keys) if k not in self._rows]
        if missing:
            rows, buckets, vals = count_triples([self._text(k) for k in missing], self.p)
            self._store(missing, rows, self._columns(buckets), vals)
        return [self._rows[k] for k in keys]

    def _ensure(self, ia: Sequence[int], ib: Sequence[int]) -> None:
        """Featurise every chunk a computation needs *before* slicing any row: a chunk
        with unseen terms widens the vocabulary, and all rows must share one width."""
        self._rows_for([("a", i) for i in ia] + [("b", j) for j in ib])

    def _vectors(self, side: str, idx: Sequence[int]) -> sp.csr_matrix:
        rows = self._rows_for([(side, i) for i in idx])
        return self._weigh(self._counts.take(rows, len(self._vocab_keys)))

    def _merged_vectors(self, side: str, groups: Sequence[Sequence[int]]) -> sp.csr_matrix:
        """Vectors of concatenated chunks (counts summed, then weighted)."""
        rows = self._rows_for([(side, i) for g in groups for i in g])
        counts = self._counts.take(rows, len(self._vocab_keys))  # the rows once each in order: picked by position
        indptr = np.cumsum([0] + [len(g) for g in groups])
        pick = sp.csr_matrix(
            (np.ones(len(rows), dtype=np.float32), np.arange(len(rows)), indptr), shape=(len(groups), len(rows))
        )
        return self._weigh(sp.csr_matrix(pick @ counts))

    # -- scores --------------------------------------------------------------------------
    def _combine(self, cos: np.ndarray, texts_a: list[str], texts_b: list[str]) -> np.ndarray:
        ratio = process.cdist(texts_a, texts_b, scorer=Indel.normalized_similarity, dtype=np.float32, workers=1)
        w = self.p.cosine_weight
        return np.clip(w * cos + (1.0 - w) * ratio, 0.0, 1.0)

    def matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """Similarity of every A chunk in *ia* with every B chunk in *ib*."""
        if not len(ia) or not len(ib):
            return np.zeros((len(ia), len(ib)), dtype=np.float32)
        with self._lock:
            self._ensure(ia, ib)
            if len(ia) * len(ib) <= SMALL:  # a few pairs (the agent's questions): without sparse matrices
                rows = self._rows_for([("a", i) for i in ia] + [("b", j) for j in ib])
                weighed_rows = [weighed(*self._counts.row(n), self._idf) for n in rows]
                cos = cosines(weighed_rows[:len(ia)], weighed_rows[len(ia):])
            else:
                va, vb = self._vectors("a", ia), self._vectors("b", ib)
                cos = (va @ vb.T).toarray()
        return self._combine(cos, [self.norm_a[i] for i in ia], [self.norm_b[j] for j in ib])

    def matrices(self, gaps: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[np.ndarray]:
        """``[self.matrix(ia, ib) for ia, ib in gaps]``, the same values to the last bit, from one
        sparse product over all the gaps (:func:`._blocks.block_products`): the chunks are
        featurised gap by gap, as the gaps' own calls would, and every row is weighed on its own."""
        full = [(ia, ib) for ia, ib in gaps if len(ia) and len(ib)]  # matrix() reads nothing for the others
        with self._lock:
            for ia, ib in full:  # the vocabulary grows as it would gap by gap
                self._ensure(ia, ib)
            va = self._vectors("a", [i for ia, _ in full for i in ia])
            vb = self._vectors("b", [j for _, ib in full for j in ib])
        cos = iter(block_products(va, vb, [(len(ia), len(ib)) for ia, ib in full]))
        return [self._combine(next(cos), [self.norm_a[i] for i in ia], [self.norm_b[j] for j in ib])
                if len(ia) and len(ib) else np.zeros((len(ia), len(ib)), dtype=np.float32) for ia, ib in gaps]

    def cosine_matrix(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """TF-IDF cosine only (cheap): used to find secondary anchors in huge gaps."""
        if not len(ia) or not len(ib):
            return np.zeros((len(ia), len(ib)), dtype=np.float32)
        with self._lock:
            self._ensure(ia, ib)
            va, vb = self._vectors("a", ia), self._vectors("b", ib)
        return (va @ vb.T).toarray()

    def cosine_blocks(self, blocks: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[np.ndarray]:
        """``[self.cosine_matrix(ia, ib) for ia, ib in blocks]`` from one sparse product (a large
        gap's band: :mod:`.large_gaps`); a chunk may be in several blocks."""
        full = [(ia, ib) for ia, ib in blocks if len(ia) and len(ib)]
        with self._lock:
            for ia, ib in full:
                self._ensure(ia, ib)
            va = self._vectors("a", [i for ia, _ in full for i in ia])
            vb = self._vectors("b", [j for _, ib in full for j in ib])
        cos = iter(block_products(va, vb, [(len(ia), len(ib)) for ia, ib in full]))
        return [next(cos) if len(ia) and len(ib) else np.zeros((len(ia), len(ib)), dtype=np.float32)
                for ia, ib in blocks]

    def cosine_pairs(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """TF-IDF cosine of A chunk ia[k] with B chunk ib[k], for every k."""
        if not len(ia):
            return np.zeros(0, dtype=np.float32)
        with self._lock:
            self._ensure(ia, ib)
            va, vb = self._vectors("a", ia), self._vectors("b", ib)
        return np.asarray(va.multiply(vb).sum(axis=1), dtype=np.float32).ravel()

    def counts(self, side: str, idx: Sequence[int]) -> sp.csr_matrix:
        """The chunks' feature counts (columns: the vocabulary's terms), one row each."""
        with self._lock:
            rows = self._rows_for([(side, i) for i in idx])
            return self._counts.take(rows, len(self._vocab_keys))

    def wording(self, side: str, i: int) -> frozenset[str]:
        """A chunk's words (:func:`words`) without the list marker it starts with: what it says,
        not its place in a list (``Neighbours``: what told it apart from the chunks around)."""
        key = (side, i)
        got = self._words.get(key)
        if got is None:
            texts = (self.norm_a if side == "a" else self.norm_b).texts
            got = self._words[key] = words(normalize_for_similarity(without_list_marker(nfkc(texts[i]))))
            if len(self._words) > _TOKEN_SETS:  # asked for near each other, as the trigrams are
                self._words.pop(next(iter(self._words)), None)
        return got

    def sizes(self, side: str, idx: Sequence[int]) -> np.ndarray:
        """How many features each chunk has (what a product that stacks its row holds of it)."""
        with self._lock:
            return self._counts.lengths(self._rows_for([(side, i) for i in idx]))

    def cosine_leaders(self, ia: Sequence[int]) -> Callable[[Sequence[int], Sequence[np.ndarray], int],
                                                              list[np.ndarray]]:
        """The A chunks *ia* most similar by TF-IDF cosine to B chunks, the A rows taken once:
        ``f(js, pools, k)[n]`` are the positions (into *ia*) among ``pools[n]`` (ascending) of
        the *k* largest of ``cosine_matrix(ia, [js[n]])[:, 0]``, largest first, ties in order of
        position — the same positions as from those cosines in full (:mod:`.leaders`)."""
        with self._lock:
            self._ensure(ia, [])
            leaders = CosineLeaders(self._vectors("a", ia))

        def find(js: Sequence[int], pools: Sequence[np.ndarray], k: int) -> list[np.ndarray]:
            with self._lock:
                for j in js:  # one at a time: the vocabulary grows as when each is asked for alone
                    self._ensure([], [j])  # may widen the vocabulary (terms no A row holds)
                v = self._vectors("b", js)
            return leaders(v, pools, k)

        return find

    def group_matrix(self, groups_a: Sequence[Sequence[int]], groups_b: Sequence[Sequence[int]]) -> np.ndarray:
        """Similarity between concatenations: each A group against each B group."""
        if not len(groups_a) or not len(groups_b):
            return np.zeros((len(groups_a), len(groups_b)), dtype=np.float32)
        with self._lock:
            self._ensure([i for g in groups_a for i in g], [j for g in groups_b for j in g])
            va, vb = self._merged_vectors("a", groups_a), self._merged_vectors("b", groups_b)
        cos = (va @ vb.T).toarray()
        ta = [" ".join(self.norm_a[i] for i in g) for g in groups_a]
        tb = [" ".join(self.norm_b[j] for j in g) for g in groups_b]
        return self._combine(cos, ta, tb)

    def group_matrices(self, requests: Sequence[tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]]
                       ) -> list[np.ndarray]:
        """``[self.group_matrix(ga, gb) for ga, gb in requests]``, the same values to the last bit,
        from one sparse product (each merged row is summed and weighed on its own)."""
        full = [(ga, gb) for ga, gb in requests if len(ga) and len(gb)]
        with self._lock:
            for ga, gb in full:  # the vocabulary grows as it would request by request
                self._ensure([i for g in ga for i in g], [j for g in gb for j in g])
            va = self._merged_vectors("a", [g for ga, _ in full for g in ga])
            vb = self._merged_vectors("b", [g for _, gb in full for g in gb])
        cos = iter(block_products(va, vb, [(len(ga), len(gb)) for ga, gb in full]))
        return [self._combine(next(cos), [" ".join(self.norm_a[i] for i in g) for g in ga],
                              [" ".join(self.norm_b[j] for j in g) for g in gb])
                if len(ga) and len(gb) else np.zeros((len(ga), len(gb)), dtype=np.float32) for ga, gb in requests]

    def pairwise(self, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """Similarity of A chunk ia[k] with B chunk ib[k], for every k (one batch; a chunk that
        comes back is weighed once: every row is weighed on its own, so the same numbers)."""
        if not len(ia):
            return np.zeros(0, dtype=np.float32)
        with self._lock:
            self._ensure(ia, ib)
            ua, at_a = np.unique(np.asarray(ia, dtype=np.int64), return_inverse=True)
            ub, at_b = np.unique(np.asarray(ib, dtype=np.int64), return_inverse=True)
            va, vb = self._vectors("a", ua.tolist())[at_a], self._vectors("b", ub.tolist())[at_b]
        return self._combine_pairs(va, vb, [self.norm_a[i] for i in ia], [self.norm_b[j] for j in ib])

    def within_pairwise(self, side: str, ia: Sequence[int], ib: Sequence[int]) -> np.ndarray:
        """Similarity of chunk ia[k] with chunk ib[k] of the same document (*side* ``a`` or ``b``),
        for every k: how alike its own clauses are (``Neighbours``' background)."""
        if not len(ia):
            return np.zeros(0, dtype=np.float32)
        with self._lock:
            both = np.asarray(list(ia) + list(ib), dtype=np.int64)
            self._ensure(*((both.tolist(), []) if side == "a" else ([], both.tolist())))
            unique, at = np.unique(both, return_inverse=True)
            v = self._vectors(side, unique.tolist())
            va, vb = v[at[:len(ia)]], v[at[len(ia):]]
        norm = self.norm_a if side == "a" else self.norm_b
        return self._combine_pairs(va, vb, [norm[i] for i in ia], [norm[j] for j in ib])

    def _combine_pairs(self, va: sp.csr_matrix, vb: sp.csr_matrix, texts_a: list[str], texts_b: list[str]
                       ) -> np.ndarray:
        """The similarity of row k of *va* with row k of *vb* (their texts *texts_a*[k], *texts_b*[k])."""
        cos = np.asarray(va.multiply(vb).sum(axis=1)).ravel()
        ratio = process.cpdist(texts_a, texts_b, scorer=Indel.normalized_similarity, dtype=np.float32, workers=1)
        w = self.p.cosine_weight
        return np.clip(w * cos + (1.0 - w) * ratio, 0.0, 1.0).astype(np.float32)

    def within_groups(self, side: str, groups: Sequence[Sequence[int]], others: Sequence[int]) -> np.ndarray:
        """Similarity of each group of chunks (concatenated) with each chunk *others* of the same
        document (*side* ``a`` or ``b``)."""
        if not len(groups) or not len(others):
            return np.zeros((len(groups), len(others)), dtype=np.float32)
        members = [i for g in groups for i in g] + list(others)
        with self._lock:
            self._ensure(*((members, []) if side == "a" else ([], members)))
            vg = self._merged_vectors(side, groups)
            vo = self._vectors(side, others)
        norm = self.norm_a if side == "a" else self.norm_b
        return self._combine((vg @ vo.T).toarray(), [" ".join(norm[i] for i in g) for g in groups],
                             [norm[k] for k in others])

    def pair(self, i: int, j: int) -> float:
        return float(self.matrix([i], [j])[0, 0])

    def group(self, ia: Sequence[int], ib: Sequence[int]) -> float:
        return float(self.group_matrix([ia], [ib])[0, 0])
