"""The in-process cache the services share: a thread-safe LRU bounded by a budget.

Every entry costs `cost(value)` of the budget: 1 by default (a bound on entries, as
for snapshots), or `len` for a bound on bytes (rendered images, whose sizes differ a
hundredfold). Keys always name an immutable state (a shoe's revision), so nothing
here ever needs invalidating: old entries just age out.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

from roadsvc.services.metrics import cache_lookup

V = TypeVar("V")


def one(_value: object) -> int:
    return 1


class LRU(Generic[V]):
    """Least recently used out first, once the entries' total cost exceeds `budget`.

    A value costing more than the whole budget is not kept (it would evict everything).
    """

    def __init__(self, budget: int, cost: Callable[[V], int] = one, name: str | None = None):
        self.name = name  # named caches count their hits and misses (roadsvc_cache_hits/misses_total)
        self.budget = max(0, budget)
        self.cost = cost
        self.used = 0
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
        if self.name is not None:
            cache_lookup(self.name, value is not None)
        return value

    def __contains__(self, key: Hashable) -> bool:
        """Whether `key` is held, without counting a lookup or refreshing it."""
        with self._lock:
            return key in self._items

    def put(self, key: Hashable, value: V) -> None:
        size = self.cost(value)
        if size > self.budget:
            return
        with self._lock:
            if key in self._items:
                self.used -= self.cost(self._items.pop(key))
            self._items[key] = value
            self.used += size
            while self.used > self.budget:
                _, evicted = self._items.popitem(last=False)
                self.used -= self.cost(evicted)

    def __len__(self) -> int:
        return len(self._items)
