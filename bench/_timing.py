"""Timing helpers shared by the in-process benchmarks (seconds unless a name says ms)."""

from __future__ import annotations

import gc
import statistics
import time
from contextlib import contextmanager
from typing import Callable, Iterator


def timed(action: Callable[[], object]) -> float:
    """Seconds one call of `action` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def best_of(action: Callable[[], object], repeats: int = 5) -> float:
    """The fastest of `repeats` calls, in seconds (the run the machine disturbed least)."""
    return min(timed(action) for _ in range(repeats))


def interleaved_medians(actions: dict[str, Callable[[], object]], runs: int,
                        before: dict[str, Callable[[], object]] | None = None) -> dict[str, float]:
    """Median ms of each action, run in turn in every round so machine noise hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(runs):
        for name, action in actions.items():
            if before and name in before:
                before[name]()
            times[name].append(timed(action) * 1000)
    return {name: statistics.median(values) for name, values in times.items()}


@contextmanager
def client_collector_paused() -> Iterator[None]:
    """No garbage collection in the bench's own process while it times a server.

    The client imports roadsvc to build its floor, so its heap holds about 100,000 objects,
    and a full collection stops every posting thread for about 50 ms; a request in flight
    then looks 50 ms slower than the server made it. Collected before, none during (reference
    counting still frees what a phase drops), collected after."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()
