"""The worker's collector (roadsvc.heap): start-up heap frozen, full passes between requests only."""

from __future__ import annotations

import gc

import pytest

from roadsvc.heap import FullCollections, freeze_startup_heap


@pytest.fixture
def collector():
    """The process's gc state, restored after the test (pytest shares this process)."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def owe_full_passes(count: int) -> None:
    """Generation-1 passes, each of which counts one towards the next full pass."""
    for _ in range(count):
        gc.collect(1)


def full_passes_during(action) -> int:
    passes = []

    def note(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            passes.append(1)

    gc.callbacks.append(note)
    try:
        action()
    finally:
        gc.callbacks.remove(note)
    return len(passes)


def test_freezing_moves_the_live_heap_out_of_every_collection(collector):
    kept = [[index] for index in range(5000)]
    assert freeze_startup_heap() >= len(kept)
    assert gc.get_freeze_count() >= len(kept)
    assert len(gc.get_objects(generation=2)) < gc.get_freeze_count()


def test_no_full_pass_is_due_while_a_request_is_in_flight_one_runs_after_it(collector):
    collections = FullCollections(full_every=10, hard_limit=100)
    collections.install()
    assert gc.get_threshold()[2] == 100  # the automatic full pass is deferred
    collections.request_started()
    owe_full_passes(12)  # what a busy request's allocations trigger: generation-1 passes only
    assert gc.get_count()[2] >= 10
    assert full_passes_during(lambda: None) == 0
    assert full_passes_during(collections.request_finished) == 1  # after the response, the worker idle
    assert gc.get_count()[2] == 0 and collections.passes == 1


def test_with_another_request_in_flight_the_pass_waits_for_the_last_one(collector):
    collections = FullCollections(full_every=10)
    collections.install()
    collections.request_started()
    collections.request_started()  # a second thread (gthread worker)
    owe_full_passes(10)
    assert full_passes_during(collections.request_finished) == 0
    assert full_passes_during(collections.request_finished) == 1


def test_no_pass_between_requests_until_one_is_due(collector):
    collections = FullCollections(full_every=10)
    collections.install()
    gc.collect()
    collections.request_started()
    owe_full_passes(3)
    assert full_passes_during(collections.request_finished) == 0 and collections.passes == 0


def test_the_hooks_do_nothing_until_installed(collector):
    collections = FullCollections()
    threshold = gc.get_threshold()
    collections.request_started()
    owe_full_passes(10)
    assert full_passes_during(collections.request_finished) == 0 and gc.get_threshold() == threshold
