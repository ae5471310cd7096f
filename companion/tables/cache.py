"""One per-process, thread-safe least-recently-used map, for every cache the shell and the
pages keep (holders read lately, a game's circle, a circle's results and figures, the live
sheet's drawn fragments). ``cachetools`` does the bookkeeping; this adds the lock and the
one rule they all share: a value larger than the whole cache is simply not kept."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from cachetools import LRUCache

K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """At most ``limit`` items, or, with ``sizeof``, at most ``limit`` of what it measures
    (bytes, say)."""

    def __init__(self, limit: int, sizeof: Callable[[V], float] | None = None) -> None:
        self._items: LRUCache[K, V] = LRUCache(maxsize=limit, getsizeof=sizeof)
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            try:
                self._items[key] = value
            except ValueError:  # larger than the whole cache: not kept
                pass

    def drop(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)

    @property
    def size(self) -> int:
        """What it holds now, in the unit of its limit."""
        return int(self._items.currsize)

    @property
    def limit(self) -> int:
        return int(self._items.maxsize)
