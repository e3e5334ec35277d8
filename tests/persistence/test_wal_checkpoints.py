"""SQLite WAL checkpoints never run inside a write transaction (a dealer's commit): they run
on the Checkpointer's own connection and thread (roadsvc.persistence.checkpoints)."""

from __future__ import annotations

import gc
import hashlib
import logging
import os
import threading
import time
from pathlib import Path

from sqlalchemy import text

from forking import answer_from_forked_child
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base

WRITES = 1300  # past SQLite's automatic checkpoint at 1000 WAL pages: every commit dirties at least one page


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def migrated(path: Path, **options) -> Database:
    """A database with the schema, its WAL checkpointed once, so the main file holds everything so far."""
    db = Database(f"sqlite:///{path}", synchronous="OFF", **options)  # OFF: fast; checkpoints work alike
    Base.metadata.create_all(db.engine)
    with db.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    return db


def write_many(db: Database, count: int = WRITES, prefix: str = "t") -> None:
    for index in range(count):
        with db.write() as session:
            session.execute(text("INSERT INTO tables (name, rule_set, settings, created_at, updated_at) "
                                 "VALUES (:name, 'classic', '{}', '2026-01-01', '2026-01-01')"), {"name": f"{prefix}{index}"})


def test_commits_never_checkpoint_the_checkpointer_does_it_beside_them(tmp_path):
    path = tmp_path / "floor.db"
    db = migrated(path, checkpoint_interval=3600)  # the thread will not come round during the test
    before = digest(path)
    write_many(db)
    assert digest(path) == before, "a commit copied the WAL into the database file (a checkpoint ran in it)"
    status = db.checkpointer.checkpoint()
    assert status.wal_frames >= WRITES and status.checkpointed_frames == status.wal_frames
    assert digest(path) != before
    with db.read() as session:
        assert session.execute(text("SELECT count(*) FROM tables")).scalar() == WRITES
    db.dispose()


def test_without_the_checkpointer_sqlite_checkpoints_inside_a_commit(tmp_path):
    """The control: interval 0 restores SQLite's automatic checkpoints, and the same writes
    change the database file from inside a commit."""
    path = tmp_path / "auto.db"
    db = migrated(path, checkpoint_interval=0)
    assert db.checkpointer is None and db.wal_status() is None
    before = digest(path)
    write_many(db)
    assert digest(path) != before
    db.dispose()


def test_request_connections_have_automatic_checkpoints_off_and_a_bounded_wal(tmp_path):
    db = migrated(tmp_path / "x.db", wal_limit_bytes=4 * 1024 * 1024)
    with db.write() as session:
        assert session.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 0
        assert session.execute(text("PRAGMA journal_size_limit")).scalar() == 4 * 1024 * 1024
    db.dispose()


def test_the_background_thread_checkpoints_after_the_first_write(tmp_path):
    path = tmp_path / "bg.db"
    db = migrated(path, checkpoint_interval=0.01)
    before = digest(path)
    write_many(db, 20)
    deadline = time.monotonic() + 20
    while db.wal_status().checkpoints == 0 and time.monotonic() < deadline:
        time.sleep(0.01)  # waiting for the thread's first run (bounded), not timing anything
    assert db.wal_status().checkpoints >= 1
    db.dispose()  # stops the thread
    assert digest(path) != before
    with db.read() as session:
        assert session.execute(text("SELECT count(*) FROM tables")).scalar() == 20


def test_a_wal_over_its_limit_is_reported_and_logged(tmp_path, caplog):
    path = tmp_path / "big.db"
    db = migrated(path, checkpoint_interval=3600, wal_limit_bytes=4096)
    reader = db.engine.connect()  # a reader pinning an old snapshot: the checkpoint cannot finish
    reader.exec_driver_sql("SELECT count(*) FROM tables").scalar()  # (the engine began its transaction)
    write_many(db, 50)
    with caplog.at_level(logging.WARNING, logger="roadsvc.persistence.checkpoints"):
        status = db.checkpointer.checkpoint()
    assert status.over_limit and status.wal_bytes > 4096 and status.checkpointed_frames < status.wal_frames
    assert "over its 4096 byte limit" in caplog.text
    reader.close()
    after = db.checkpointer.checkpoint()
    assert after.checkpointed_frames == after.wal_frames  # the reader gone, all of it is copied
    assert not after.over_limit
    write_many(db, 1, prefix="late")  # the next writer starts the WAL over and truncates the file to the limit
    assert db.checkpointer.wal_bytes() <= 4096 + 2 * 4096 + 32  # at most the limit plus the new frame
    db.dispose()


def test_a_forked_worker_runs_its_own_checkpointer(tmp_path):
    """gunicorn --preload: the parent built the Database; the child's first write starts its thread."""
    path = tmp_path / "fork.db"
    db = migrated(path, checkpoint_interval=3600)
    write_many(db, 1)  # the parent's thread is running

    def child() -> bytes:
        write_many(db, 5, prefix="child")
        threads = sum(thread.name == "roadsvc-wal-checkpoint" for thread in threading.enumerate())
        status = db.checkpointer.checkpoint()
        return f"{os.getpid()} {threads} {status.checkpoints} {status.checkpointed_frames}".encode()

    pid, threads, checkpoints, copied = map(int, answer_from_forked_child(child).split())
    assert pid != os.getpid() and threads == 1 and checkpoints == 1 and copied >= 5
    db.dispose()


def test_a_database_dropped_without_dispose_leaves_no_checkpoint_thread(tmp_path):
    db = migrated(tmp_path / "dropped.db", checkpoint_interval=3600)
    write_many(db, 1)
    checkpointer = db.checkpointer
    assert checkpointer.running
    del db
    gc.collect()
    deadline = time.monotonic() + 10
    while checkpointer.running and time.monotonic() < deadline:
        time.sleep(0.01)  # the thread's exit (bounded), not a timing
    assert not checkpointer.running
