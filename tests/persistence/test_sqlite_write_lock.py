"""SQLite writes: queued at BEGIN IMMEDIATE by short polls (engine._begin_immediate), synced by default."""

from __future__ import annotations

import threading

from sqlalchemy import text

from roadsvc.persistence.engine import Database, open_database
from roadsvc.persistence.models import Base


def test_a_queued_writer_takes_the_lock_once_the_holder_commits_and_keeps_its_busy_timeout(tmp_path):
    url = f"sqlite:///{tmp_path / 'x.db'}"
    holder, waiter = Database(url, busy_timeout_ms=10_000), Database(url, busy_timeout_ms=10_000)
    Base.metadata.create_all(holder.engine)
    waiting, outcome = threading.Event(), {}

    def write_after_the_holder() -> None:
        waiting.set()
        with waiter.write() as session:
            outcome["seen"] = session.execute(text("SELECT count(*) FROM tables")).scalar()
            session.execute(text("INSERT INTO tables (name, rule_set, settings, created_at, updated_at) "
                                 "VALUES ('second', 'classic', '{}', '2026-01-01', '2026-01-01')"))
            outcome["busy_timeout"] = session.execute(text("PRAGMA busy_timeout")).scalar()

    with holder.write() as session:
        session.execute(text("INSERT INTO tables (name, rule_set, settings, created_at, updated_at) "
                             "VALUES ('first', 'classic', '{}', '2026-01-01', '2026-01-01')"))
        thread = threading.Thread(target=write_after_the_holder)
        thread.start()
        waiting.wait()
        thread.join(timeout=0.2)
        assert thread.is_alive(), "the second writer did not wait for the first"
    thread.join(timeout=10)
    assert outcome == {"seen": 1, "busy_timeout": 10_000}  # it began after the first commit
    with waiter.read() as session:
        assert session.execute(text("SELECT name FROM tables ORDER BY id")).scalars().all() == ["first", "second"]
    holder.dispose()
    waiter.dispose()


def test_sqlite_commits_are_synced_to_disk_by_default(tmp_path, monkeypatch):
    """FULL (2): an acknowledged hand survives a power cut, not only a killed process."""
    monkeypatch.delenv("ROADSVC_SQLITE_SYNCHRONOUS", raising=False)
    database = open_database({"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": None})
    with database.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    database.dispose()
