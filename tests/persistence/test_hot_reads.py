"""The 304 path's one-row reads (Database.fetch_ints) on a kept per-thread connection:
never a stale answer, a broken connection replaced, each thread its own, fork-safe."""

from __future__ import annotations

import secrets
import threading

from forking import answer_from_forked_child
from roadsvc.domain.baccarat.dealing.hands import parse_hand
from roadsvc.persistence import repositories as repo
from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base
from roadsvc.services import tables
from roadsvc.services.baccarat import hands, shoes

# The advisory lock the PostgreSQL readers wait for: this process's own (advisory locks are the whole
# database's, shared with the other xdist worker and any other run on the same server).
HELD = secrets.randbelow(2**31)


def test_every_hot_read_sees_the_newest_commit_of_another_connection(db, database_url):
    table = tables.create_table(db, "Hot 1")
    shoe = shoes.open_shoe(db, table.id)
    writer = Database(database_url)  # another engine: as another worker process would
    try:
        for number in range(1, 6):
            before = repo.current_shoe_revision(db, table.id)
            written = hands.post_hand(writer, table.id, parse_hand({"result": "banker"}))
            assert repo.current_shoe_revision(db, table.id) == (shoe.id, written.revision)
            assert written.revision == before[1] + 1
    finally:
        writer.dispose()


def test_a_failed_hot_read_replaces_its_connection(db):
    table = tables.create_table(db, "Hot 2")
    assert repo.table_exists(db, table.id)
    db._hot._free[-1][0].close()  # the server went away under the kept connection
    try:
        repo.table_exists(db, table.id)
    except Exception:  # the one read that meets the dead connection fails, as with a pool
        pass
    assert repo.table_exists(db, table.id)
    assert len(db._hot._open) == 1


def test_threads_share_the_free_connections_and_dispose_closes_them_all(db):
    """A thread (or a gevent greenlet: one per request) takes a free connection and gives
    it back: 30 readers one after another open one connection, not 30."""
    table = tables.create_table(db, "Hot 3")
    seen = []

    def read() -> None:
        assert repo.table_exists(db, table.id)
        seen.append(db._hot._free[-1][0])

    for _ in range(30):
        thread = threading.Thread(target=read)
        thread.start()
        thread.join()
    assert len({id(connection) for connection in seen}) == 1
    db.dispose()
    assert db._hot._open == []
    assert all(connection.dbapi_connection is None for connection in seen)  # closed


def test_a_forked_child_does_not_read_on_its_parents_hot_connection(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'x.db'}")
    Base.metadata.create_all(database.engine)
    assert not repo.table_exists(database, 1)
    parent = database._hot._free[-1][0]

    def child() -> bytes:
        repo.table_exists(database, 1)
        return b"same" if database._hot._free[-1][0] is parent else b"own"

    answer = answer_from_forked_child(child)
    database.dispose()
    assert answer == b"own"


def test_a_hot_read_recovers_after_the_server_ends_its_connection(db):
    """A database restart, or an administrator ending sessions: the read that meets the
    dead connection fails, the next one opens a new connection and prepares afresh."""
    table = tables.create_table(db, "Hot 4")
    assert repo.table_exists(db, table.id)
    dead = db._hot._free[-1][0]
    if db.is_sqlite:
        dead.close()
    else:
        with db.engine.connect() as admin:
            admin.exec_driver_sql(f"SELECT pg_terminate_backend({dead.dbapi_connection.info.backend_pid})")
    try:
        repo.table_exists(db, table.id)
    except Exception:  # noqa: BLE001 - the one read on the dead connection may fail
        pass
    assert all(kept[0] is not dead for kept in db._hot._free)
    assert repo.current_shoe_revision(db, table.id) is None
    assert repo.table_exists(db, table.id)
    assert not repo.table_exists(db, table.id + 1)


def test_the_lobby_versions_are_every_tables_newest_shoe_and_revisions(db, database_url):
    from roadsvc.services.admin_audit import Actor
    from roadsvc.services.dabang.matches import create_match
    from roadsvc.services.dabang.moves import stop_match

    first, second, empty = (tables.create_table(db, name) for name in ("Hot L1", "Hot L2", "Hot L3"))
    dabang = tables.create_table(db, "Hot L4", game="dabang")
    players = {"1": "Li", "2": "Wang", "3": "Zhao", "4": "Chen"}
    first_match = create_match(db, dabang.id, players, 90)
    stop_match(db, first_match["id"], "a wrong draw", None, Actor("pitboss"))  # one unfinished match a table
    newest_match = create_match(db, dabang.id, players, 90)  # the newest is the table's current match
    shoes.open_shoe(db, first.id)
    newest = shoes.open_shoe(db, first.id)
    other = shoes.open_shoe(db, second.id)
    writer = Database(database_url)
    try:
        posted = hands.post_hand(writer, second.id, parse_hand({"result": "player"}))
        tables.update_table(writer, empty.id, {"name": "Hot L3b"})
    finally:
        writer.dispose()
    assert repo.lobby_versions(db) == (
        (first.id, 1, newest.id, 1, 0, 0),
        (second.id, 1, other.id, posted.revision, 0, 0),
        (empty.id, 2, 0, 0, 0, 0),
        (dabang.id, 1, 0, 0, newest_match["id"], newest_match["revision"]),
    )


def test_concurrent_readers_share_at_most_limit_connections_and_every_one_gets_its_answer(database_url):
    """A burst of readers (a floor's displays reconnecting at once): never more connections than the
    limit (past it, a reader waits for one to come back), and every reader answered."""
    from sqlalchemy import event

    db = Database(database_url, pool_size=3)
    Base.metadata.create_all(db.engine)
    table = tables.create_table(db, "Hot 4")
    gate, inside, lock = threading.Event(), [], threading.Condition()
    sql = "SELECT id FROM tables WHERE id = ? AND held_reader() = 1" if db.is_sqlite else None

    if db.is_sqlite:
        @event.listens_for(db.engine, "connect")
        def _held_reader(dbapi_connection, _record) -> None:  # a read that waits until the test lets it go
            def held() -> int:
                with lock:
                    inside.append(1)
                    lock.notify_all()
                gate.wait(10)
                return 1
            dbapi_connection.create_function("held_reader", 0, held)
        db.engine.dispose()  # the pooled connections, opened before, had no such function
    else:  # PostgreSQL: each read waits for the test's advisory lock
        sql = f"SELECT id FROM tables WHERE id = ? AND pg_advisory_lock_shared({HELD}) IS NOT NULL " \
              f"AND pg_advisory_unlock_shared({HELD})"
    answers = []
    try:
        holder = None
        if not db.is_sqlite:
            holder = db.engine.raw_connection()
            holder.cursor().execute(f"SELECT pg_advisory_lock({HELD})")

        def read() -> None:
            answers.append(db.fetch_ints(sql, table.id))

        readers = [threading.Thread(target=read) for _ in range(12)]
        for reader in readers:
            reader.start()
        if db.is_sqlite:
            with lock:
                assert lock.wait_for(lambda: len(inside) == 3, 10)  # three reads in flight, nine waiting
        else:
            wait_for_locks_waiting(holder, 3)
        assert len(db._hot._open) == 3 and not answers
        if db.is_sqlite:
            gate.set()
        else:
            holder.cursor().execute(f"SELECT pg_advisory_unlock({HELD})")
        for reader in readers:
            reader.join(10)
        assert answers == [(table.id,)] * 12
        assert len(db._hot._open) == 3
    finally:
        gate.set()
        if holder is not None:
            holder.close()
        db.dispose()


def wait_for_locks_waiting(connection, count: int) -> None:
    """Until `count` sessions wait for advisory lock HELD (PostgreSQL's pg_locks, not a sleep of a guessed length)."""
    cursor = connection.cursor()
    for _ in range(10_000):
        cursor.execute(f"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = {HELD} "
                       "AND NOT granted")
        if cursor.fetchone()[0] >= count:
            return
    raise AssertionError(f"{count} readers never waited for the lock")


def test_a_connection_that_cannot_be_opened_gives_its_place_back(tmp_path):
    """A reader that fails to connect (or whose greenlet is killed while connecting) leaves no place taken:
    with a limit of one, the next reader tries again rather than waiting for ever."""
    import pytest
    from sqlalchemy import create_engine

    from roadsvc.persistence.hot_reads import HotConnections

    hot = HotConnections(create_engine(f"sqlite:///{tmp_path / 'missing' / 'roadsvc.db'}"), limit=1)
    with pytest.raises(Exception, match="unable to open database file"):
        hot.fetch_ints("SELECT 1", ())
    failures = []

    def read_again() -> None:
        try:
            hot.fetch_ints("SELECT 1", ())
        except Exception as error:  # noqa: BLE001 - what the test looks at
            failures.append(str(error))

    again = threading.Thread(target=read_again, daemon=True)
    again.start()
    again.join(10)  # a reader left waiting for the lost place would still be here
    assert not again.is_alive() and "unable to open database file" in failures[0]
    assert hot._open == [] and hot._free == []
