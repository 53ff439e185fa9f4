"""A bounded memo: values by key, the oldest let go first.

The stores remember what searches made (chunks' normalised texts, literal searches'
answers) for the neighbourhood searches come back to, not for every chunk a search ever
looked into. Letting the oldest go costs O(1) (a plain dict whose first key is popped again
and again scans the holes that popping leaves in front of it, quadratic in the evictions).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

__all__ = ["Memo"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """At most *size()* entries and, with *weight*, at most *budget* of their summed weights
    (e.g. the chunks a search's answer lists), the oldest let go first. The bounds are
    callables, read at every insertion (a caller may change a module's constant)."""

    def __init__(self, size: Callable[[], int], *, budget: Callable[[], int] | None = None,
                 weight: Callable[[V], int] | None = None) -> None:
        self._size = size
        self._budget = budget
        self._weight = weight
        self._items: OrderedDict[K, V] = OrderedDict()
        self._weights: dict[K, int] = {}  # with a budget only
        self._held = 0
        # the value under a key, or None: the dict's own method (no Python call in between: the
        # searches ask hundreds of thousands of times); _items is never replaced, only changed
        self.get: Callable[[K], V | None] = self._items.get

    def put(self, key: K, value: V) -> V:
        """Remember *value* under *key*, letting the oldest go as needed; returns *value*."""
        self._forget(key)
        size = max(1, self._size())
        budget = self._budget() if self._budget is not None and self._weight is not None else None
        w = self._weight(value) if budget is not None and self._weight is not None else 0
        while self._items and (len(self._items) >= size or (budget is not None and self._held + w > budget)):
            oldest, _ = self._items.popitem(last=False)
            self._held -= self._weights.pop(oldest, 0)
        self._items[key] = value
        if budget is not None:
            self._weights[key] = w
            self._held += w
        return value

    def _forget(self, key: K) -> None:
        if self._items.pop(key, None) is not None:
            self._held -= self._weights.pop(key, 0)

    def clear(self) -> None:
        self._items.clear()
        self._weights.clear()
        self._held = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        """The keys, oldest first."""
        return iter(self._items)
