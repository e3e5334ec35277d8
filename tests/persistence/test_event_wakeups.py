"""The event log's wake-ups (roadsvc.persistence.wakeups, notify): a reader of the log is woken
by each commit that appended events, from this process or another, and by nothing else."""

from __future__ import annotations

import os

import pytest

from dbsupport import BACKENDS
from forking import answer_from_forked_child
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import append_event
from roadsvc.persistence.wakeups import WakeListener, wake_readers

SQLITE = [param for param in BACKENDS if param.id == "sqlite"]
WOKEN_WITHIN = 30.0  # seconds: a missing wake-up fails the test instead of hanging it


def append_one(db: Database, number: int = 1) -> None:
    with db.write() as session:
        append_event(session, "hand", table_id=1, data={"number": number})


@pytest.fixture
def listener(db):
    listener = db.event_listener()
    listener.open()
    yield listener
    listener.close()


def test_a_commit_that_appended_an_event_wakes_the_listener(db, listener):
    append_one(db)
    assert listener.wait(WOKEN_WITHIN)


@pytest.mark.parametrize("database_url", SQLITE, indirect=True)
def test_on_sqlite_only_a_commit_that_appended_events_wakes(db, listener):
    with db.write():
        pass  # a write with no event
    with pytest.raises(RuntimeError), db.write() as session:
        append_event(session, "hand", table_id=1)
        raise RuntimeError("rolled back")
    assert not listener.wait(0)  # the datagram is queued before the commit returns: nothing is queued
    append_one(db)
    append_one(db, 2)
    assert listener.wait(0)
    assert not listener.wait(0)  # the wake-ups queued together counted once


@pytest.mark.parametrize("database_url", SQLITE, indirect=True)
def test_on_sqlite_a_commit_in_another_process_wakes_this_one(database_url, listener):
    def child() -> bytes:
        other = Database(database_url)  # a process of its own, as another gunicorn worker or roadsvc jobs
        append_one(other)
        other.dispose()
        return b"appended"

    assert answer_from_forked_child(child) == b"appended"
    assert listener.wait(WOKEN_WITHIN)


@pytest.mark.parametrize("database_url", SQLITE, indirect=True)
def test_on_sqlite_every_reader_of_the_file_is_woken_and_a_dead_ones_socket_removed(db, listener):
    second = db.event_listener()
    second.open()

    def child() -> bytes:  # a reader that is killed: its socket file stays behind
        dead = db.event_listener()
        dead.open()
        return dead.path.name.encode()

    dead_name = answer_from_forked_child(child).decode()
    assert (db.wake_folder / dead_name).exists()
    append_one(db)
    assert listener.wait(WOKEN_WITHIN) and second.wait(WOKEN_WITHIN)
    assert not (db.wake_folder / dead_name).exists()
    assert wake_readers(db.wake_folder) == 2
    second.close()


def test_the_readers_of_two_sqlite_files_do_not_hear_each_other(tmp_path):
    one, two = Database(f"sqlite:///{tmp_path / 'one.db'}"), Database(f"sqlite:///{tmp_path / 'two.db'}")
    assert one.wake_folder != two.wake_folder
    listener = WakeListener(two.wake_folder)
    listener.open()
    assert oct(os.stat(two.wake_folder).st_mode & 0o777) == "0o700"
    assert wake_readers(one.wake_folder) == 0
    assert not listener.wait(0)
    listener.close()
    assert not two.wake_folder.exists()  # the last reader removed the folder
    one.dispose()
    two.dispose()
