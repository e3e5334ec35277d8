"""Warming a serving worker's write path (roadsvc.services.warm): rehearsed posts that leave
nothing behind, never hold the floor's live posts (PostgreSQL), and a worker that serves even when it
cannot rehearse or is told not to."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import textwrap

from sqlalchemy import func, select, text

from dbsupport import sqlite_with_schema
from roadsvc.config import PROJECT_ROOT
from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence.engine import Database
from roadsvc.persistence.events import APPEND_LOCK
from roadsvc.persistence.models import Base
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes
from roadsvc.services.events import events_after
from roadsvc.services import warm
from roadsvc.services.warm import REHEARSAL_HANDS, REHEARSAL_LOCK, rehearse_posts, warm_write_path

NATURAL = parse_hand({"cards": ["4S", "KD", "3H", "9C"]})


def row_counts(db: Database) -> dict[str, int]:
    with db.read() as session:
        return {name: session.scalar(select(func.count()).select_from(table))
                for name, table in Base.metadata.tables.items()}


def test_the_rehearsal_stores_nothing_and_sends_no_event(db):
    table = tables.create_table(db, "Baccarat 1")
    shoes.open_shoe(db, table.id)
    before = row_counts(db)
    assert warm_write_path(db) is True
    assert row_counts(db) == before
    assert [event.type for event in events_after(db, 0)] == ["table_changed", "shoe_opened"]


def test_the_rehearsal_runs_the_posts_own_code(db, monkeypatch):
    posted = []
    real = hands.count_hand
    monkeypatch.setattr(hands, "count_hand", lambda *args, **kwargs: posted.append(args[2]) or real(*args, **kwargs))
    rehearse_posts(db)
    assert posted == list(range(1, REHEARSAL_HANDS + 1))
    assert row_counts(db)["hands"] == 0


def test_posts_after_the_rehearsal_are_numbered_and_announced_as_ever(db):
    warm_write_path(db)
    table = tables.create_table(db, "Baccarat 1")
    shoe = shoes.open_shoe(db, table.id)
    first = hands.post_hand(db, table.id, NATURAL)
    assert (first.shoe_id, first.number, first.revision) == (shoe.id, 1, shoe.revision + 1)
    assert [event.type for event in events_after(db, 0)] == ["table_changed", "shoe_opened", "hand"]


def test_a_live_post_does_not_wait_for_a_rehearsal_on_postgresql(postgres_schema, monkeypatch):
    """A deploy starts each worker with a rehearsal, whose appends took the event log's lock until its rollback:
    every post of the floor waited for it (longer for a server at a low CPU weight). With the rehearsal's last
    post done and its transaction still open, the log's lock is free, the rehearsal's own is held, and a live
    post at another table commits (on the same thread: it would wait for ever if the rehearsal held the lock)."""
    postgres_schema.empty()
    db = Database(postgres_schema.url)
    seen = {}

    def and_meanwhile(session, table_id, hand, number, *args, **kwargs):
        posted = real(session, table_id, hand, number, *args, **kwargs)
        if number == REHEARSAL_HANDS:  # the rehearsal's transaction is open, every append of it made
            with db.read() as other:
                try_lock = text("SELECT pg_try_advisory_xact_lock(:key)")
                seen["log's lock free"] = other.scalar(try_lock, {"key": APPEND_LOCK})
                seen["rehearsal's held"] = not other.scalar(try_lock, {"key": REHEARSAL_LOCK})
            if seen["log's lock free"]:
                seen["live post"] = hands.post_hand(db, live.id, NATURAL).number
        return posted

    real = warm.post_in
    monkeypatch.setattr(warm, "post_in", and_meanwhile)
    try:
        live = tables.create_table(db, "Baccarat 1")
        shoes.open_shoe(db, live.id)
        rehearse_posts(db)
        assert seen == {"log's lock free": True, "rehearsal's held": True, "live post": 1}
        assert [event.type for event in events_after(db, 0)] == ["table_changed", "shoe_opened", "hand"]
    finally:
        db.dispose()


def test_a_server_told_not_to_warm_serves_without_rehearsing(tmp_path, tmp_path_factory):
    """ROADSVC_WARM_WRITE_PATH=false (a server that takes no posts: on SQLite a rehearsal holds the one write
    lock): wsgi.py builds the app and rehearses nothing; by default it rehearses."""
    env = {**os.environ, "ROADSVC_INSTANCE_PATH": str(tmp_path), "ROADSVC_LOG_FORMAT": "text",
           "ROADSVC_LOG_LEVEL": "INFO", "ROADSVC_DATABASE_URL": sqlite_with_schema(tmp_path_factory, tmp_path / "r.db")}
    script = "import wsgi; print(wsgi.app.config['WARM_WRITE_PATH'])"
    told, default = (subprocess.run([sys.executable, "-c", script], env=env | more, capture_output=True, text=True,
                                    check=True, cwd=PROJECT_ROOT)
                     for more in ({"ROADSVC_WARM_WRITE_PATH": "false"}, {"ROADSVC_WARM_WRITE_PATH": "true"}))
    assert (told.stdout.split(), "write path warmed" in told.stderr) == (["False"], False)
    assert (default.stdout.split(), "write path warmed" in default.stderr) == (["True"], True)


def test_a_worker_that_cannot_rehearse_logs_why_and_serves_anyway(tmp_path, caplog):
    unmigrated = Database(f"sqlite:///{tmp_path / 'empty.db'}")  # no tables: every statement fails
    try:
        with caplog.at_level(logging.WARNING, logger="roadsvc.services.warm"):
            assert warm_write_path(unmigrated) is False
    finally:
        unmigrated.dispose()
    assert "could not be warmed" in caplog.text


def test_a_fresh_process_has_the_monitors_tables_for_every_shoe_size_before_its_first_post(tmp_path):
    """Built at start, not by the first post (inside its transaction): checked in a new interpreter,
    whose caches no other test has filled."""
    script = textwrap.dedent(f"""
        from roadsvc.domain.baccarat.dealing.shoe import MAX_DECKS
        from roadsvc.domain.baccarat.monitoring.probability import banker_share
        from roadsvc.persistence.engine import Database
        from roadsvc.persistence.models import Base
        from roadsvc.services.warm import warm_write_path
        db = Database("sqlite:///{tmp_path / 'fresh.db'}")
        Base.metadata.create_all(db.engine)
        assert banker_share.cache_info().currsize == 0
        assert warm_write_path(db)
        print(banker_share.cache_info().currsize, MAX_DECKS)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    built, sizes = done.stdout.split()
    assert built == sizes
