"""A worker's heap and its garbage collector: no full collection inside a request.

After `create_app()` a worker tracks about 100,000 objects (Flask, SQLAlchemy, marshmallow,
the OpenAPI spec...), and CPython's full (generation 2) collection walks all of them: 70-90 ms,
twice a floor run, in whatever request allocated the object that tipped the count, and on
SQLite inside the write transaction that holds every other dealer at the lock.

  * `freeze_startup_heap()` collects once and moves every object alive after start-up into
    the permanent generation (`gc.freeze()`), which no collection walks again (and whose
    pages a forked worker no longer dirties).
  * `FullCollections` takes the full passes out of the requests: automatic ones wait for
    far more generation-1 passes than CPython's 10, and the worker runs one itself between
    requests (gunicorn's post_request hook: the response is already sent) once 10 are due,
    when no other request is in flight on its threads. What is left to walk is what the
    worker allocated since start (its caches): a pass costs little.

A worker that is never idle (every thread always busy) still gets its automatic full pass
after `hard_limit` generation-1 passes, inside some request: memory stays bounded.
"""

from __future__ import annotations

import gc
import threading

FULL_EVERY = 10  # generation-1 passes between full ones, as CPython's default threshold
HARD_LIMIT = 100  # the automatic full pass, for a worker that is never idle


def freeze_startup_heap() -> int:
    """Collect, then freeze every surviving object; the number frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


class FullCollections:
    """Full collections between requests (see the module docstring); one per worker process."""

    def __init__(self, full_every: int = FULL_EVERY, hard_limit: int = HARD_LIMIT):
        self.full_every, self.hard_limit = full_every, hard_limit
        self.enabled = False
        self.in_flight = 0
        self.passes = 0  # full passes run between requests
        self._lock = threading.Lock()

    def install(self) -> None:
        """Defer the automatic full pass to `hard_limit`; from now on the hooks below run them."""
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, self.hard_limit)
        self.enabled = True

    def request_started(self) -> None:
        if self.enabled:
            with self._lock:
                self.in_flight += 1

    def request_finished(self) -> bool:
        """After a response is sent: a full pass if one is due and no request is in flight."""
        if not self.enabled:
            return False
        with self._lock:
            self.in_flight = max(0, self.in_flight - 1)
            if self.in_flight or gc.get_count()[2] < self.full_every:
                return False
            gc.collect()
            self.passes += 1
            return True
