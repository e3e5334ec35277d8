"""The engine's promises: SQLite pragmas on every connection, and the migration = the models."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import OperationalError

from dbsupport import PostgresSchema, postgres_url, require_postgres
from forking import answer_from_forked_child
from roadsvc.persistence.engine import Database
from roadsvc.persistence.migrations import upgrade
from roadsvc.persistence.models import Base


def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'x.db'}", busy_timeout_ms=1234)
    with database.connect() as conn:
        pragma = lambda name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert (pragma("journal_mode"), pragma("foreign_keys"), pragma("busy_timeout")) == ("wal", 1, 1234)
    database.dispose()


def test_sqlite_write_transactions_take_the_write_lock_at_begin(tmp_path):
    """BEGIN IMMEDIATE: even a read opening a write transaction holds the write lock, so a
    second writer waits at its BEGIN (here: gives up after its 50 ms timeout)."""
    url = f"sqlite:///{tmp_path / 'x.db'}"
    first, second = Database(url, busy_timeout_ms=50), Database(url, busy_timeout_ms=50)
    Base.metadata.create_all(first.engine)
    with first.write() as session:
        session.execute(text("SELECT 1"))
        with pytest.raises(OperationalError, match="locked"):
            with second.write() as other:
                other.execute(text("SELECT 1"))
        with second.read() as reader:
            assert reader.execute(text("SELECT count(*) FROM tables")).scalar() == 0
    first.dispose()
    second.dispose()


def schema_differences(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    return diff


def table_names(url: str) -> set[str]:
    engine = create_engine(url)
    names = set(inspect(engine).get_table_names())
    engine.dispose()
    return names


def test_migrations_build_the_models_schema_on_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'migrated.db'}"
    upgrade(url)
    assert table_names(url) >= {"tables", "shoes", "hands", "audit_records", "api_keys", "alembic_version"}
    assert schema_differences(url) == []


@pytest.mark.postgres
def test_migrations_build_the_models_schema_on_postgres():
    require_postgres(postgres_url())
    schema = PostgresSchema(postgres_url())
    schema.create(with_tables=False)
    try:
        upgrade(schema.url)
        assert table_names(schema.url) >= {"tables", "shoes", "hands", "audit_records", "api_keys"}
        assert schema_differences(schema.url) == []
    finally:
        schema.drop()


def test_a_forked_child_opens_its_own_connections(tmp_path):
    """gunicorn --preload forks after the app (and its pool) exist: the child must not
    reuse the parent's SQLite/PostgreSQL connections."""
    database = Database(f"sqlite:///{tmp_path / 'x.db'}")
    Base.metadata.create_all(database.engine)
    with database.connect() as conn:
        parent_connection = conn.connection.dbapi_connection

    def child() -> bytes:
        with database.connect() as conn:
            same = conn.connection.dbapi_connection is parent_connection
            conn.exec_driver_sql("SELECT count(*) FROM tables").scalar()
        return b"same" if same else b"own"

    answer = answer_from_forked_child(child)
    database.dispose()
    assert answer == b"own"
