"""Which cores a bench's processes run on (`--split-cores`): roadsvc's side (its workers, publisher, jobs and
Redis, and the dealers) on the first core, the engine's side (its nodes, its Redis and the displays' clients) on
the others: the engine and the displays on machines of their own, as docs/deployment.md runs them."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

ROADSVC, ENGINE = "roadsvc", "engine"
SIDES = {ROADSVC: {0}, ENGINE: set(range(1, os.cpu_count() or 2))}


@contextmanager
def on(side: str, split: bool) -> Iterator[None]:
    """Processes started inside run on `side`'s cores (the calling thread's affinity, which a child inherits);
    with `split` false, anywhere."""
    if not split:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, SIDES[side])
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)
