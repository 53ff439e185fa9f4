"""A vector store in plain Python: the VectorStore protocol with nothing but lists (exact
cosine of L2-normalised vectors). ``make_store`` is what the entry point names: hikaku calls
it with the index's settings and directory."""

import math

import numpy as np

from hikaku.index import Hit


class ListVectorStore:
    persistent = False  # DocumentIndex saves the vectors itself and adds them back when it reopens

    def __init__(self):
        self._rows = {}  # id -> list of floats, in the order added
        self._dim = None

    def __len__(self):
        return len(self._rows)

    def __contains__(self, item_id):
        return item_id in self._rows

    def add(self, ids, vectors):
        vectors = np.asarray(vectors, dtype=np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(ids):
            raise ValueError("vectors must be an array of shape (len(ids), dim)")
        if len(ids) and self._rows and vectors.shape[1] != self._dim:
            raise ValueError(f"vectors of dimension {vectors.shape[1]}, the store holds {self._dim}")
        if len(set(ids)) != len(ids) or any(i in self._rows for i in ids):
            raise ValueError("an id is already held")
        for i, v in zip(ids, vectors):
            self._rows[i] = [float(x) for x in v]
        if len(ids):
            self._dim = vectors.shape[1]

    def remove(self, ids):
        for i in ids:
            self._rows.pop(i, None)

    def search(self, vector, k, threshold=None):
        if k <= 0:
            return []
        q = [float(x) for x in np.asarray(vector, dtype=np.float32).reshape(-1)]
        scored = [(math.fsum(a * b for a, b in zip(q, row)), n, i) for n, (i, row) in enumerate(self._rows.items())]
        scored.sort(key=lambda s: (-s[0], s[1]))  # best first, ties in the order added
        return [Hit(i, s) for s, _, i in scored[:k] if threshold is None or s >= threshold]

    def vector(self, item_id):
        return np.asarray(self._rows[item_id], dtype=np.float32)

    def item_ids(self):
        return sorted(self._rows)

    def close(self):
        """Nothing to release."""


def make_store(settings, directory):
    return ListVectorStore()
