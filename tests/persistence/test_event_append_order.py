"""The event log's order on PostgreSQL: a second append draws its ids only once the first
append's transaction has ended, so ids commit in increasing order and a stream that has seen
id N never later finds a smaller id committing (roadsvc.persistence.events)."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import text

from dbsupport import BACKENDS
from roadsvc.persistence.events import NewEvent, append_events, events_after

POSTGRES = [param for param in BACKENDS if param.id == "postgres"]
# The second append's session waiting for an advisory lock. Only its own: other sessions on the same
# database (another xdist worker's tests, another checkout's run) wait for the append lock too.
WAITING_FOR_THE_APPEND_LOCK = text(
    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND pid = :pid"
)


def wait_until(condition, timeout: float = 10.0) -> None:
    """Poll `condition` (a state the other transaction reaches on its own), failing after `timeout`."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never came"
        time.sleep(0.005)


def newest_drawn_id(db) -> int:
    with db.connect() as conn:
        return conn.execute(text("SELECT last_value FROM events_id_seq")).scalar_one()


@pytest.mark.parametrize("database_url", POSTGRES, indirect=True)
@pytest.mark.parametrize("count", [1, 3])
def test_a_second_append_draws_its_ids_only_after_the_first_commits(db, count):
    first = [NewEvent("hand", 1, 1, 1, {"n": index}) for index in range(count)]
    second_ids: list[int] = []
    second_pid: list[int] = []
    with db.write() as session:
        first_ids = append_events(session, first)
        second = threading.Thread(target=lambda: second_ids.extend(_append_in_own_write(db, count, second_pid)))
        second.start()
        with db.connect() as conn:
            wait_until(lambda: bool(second_pid)
                       and conn.execute(WAITING_FOR_THE_APPEND_LOCK, {"pid": second_pid[0]}).scalar_one() == 1)
        assert newest_drawn_id(db) == first_ids[-1], "the waiting append drew an id before taking the lock"
    second.join(timeout=10)
    assert not second.is_alive()
    assert first_ids == sorted(first_ids) and min(second_ids) > max(first_ids)
    with db.read() as session:
        assert [event.id for event in events_after(session, 0, 100)] == [*first_ids, *second_ids]


def _append_in_own_write(db, count: int, pid: list[int]) -> list[int]:
    with db.write() as session:
        pid.append(session.execute(text("SELECT pg_backend_pid()")).scalar_one())
        return append_events(session, [NewEvent("hand", 2, 2, 1, {"n": index}) for index in range(count)])
