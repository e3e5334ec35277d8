"""Database fixtures for the API and service tests: every test runs on SQLite and PostgreSQL.

SQLite: each test has a new file in its tmp_path, a copy of one made with the schema once per
worker (creating the tables costs ~0.1 s of CPU and several fsyncs; a copy, a millisecond). The
apps' tests (tests/api, web, stream: `app_database_url`, their `database_url`) have the worker's
one file instead, emptied before each test as the PostgreSQL schema is: one URL for the worker's
tests, so their apps keep its engine and the statements it compiled (tests/appsupport.py).
PostgreSQL is the server at ROADSVC_TEST_POSTGRES_URL (default: the local `test`
database). Each test session gets its own schema (dropped at the end) and each test
starts from empty tables. If the server does not answer, the PostgreSQL runs are skipped
with the reason shown, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path
from typing import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from roadsvc.persistence.engine import Database
from roadsvc.persistence.models import Base

DEFAULT_POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
BACKENDS = [pytest.param("sqlite", id="sqlite"), pytest.param("postgres", id="postgres", marks=pytest.mark.postgres)]


def postgres_url() -> str:
    return os.environ.get("ROADSVC_TEST_POSTGRES_URL", DEFAULT_POSTGRES_URL)


def with_search_path(url: str, schema: str, *options: str) -> str:
    """The URL with every connection's search_path set to `schema` (and these other options)."""
    return make_url(url).update_query_dict({"options": " ".join([f"-csearch_path={schema}", *options])}).render_as_string(
        hide_password=False)


def postgres_unavailable(url: str) -> str | None:
    """None if the server answers, else why not."""
    engine = create_engine(url, connect_args={"connect_timeout": 3})
    try:
        with engine.connect() as conn:
            conn.execute(text("select 1"))
        return None
    except Exception as error:  # any failure to connect means "not available"
        return f"PostgreSQL at {make_url(url).render_as_string()} did not answer: {type(error).__name__}: {error}".splitlines()[0]
    finally:
        engine.dispose()


def require_postgres(url: str) -> None:
    reason = postgres_unavailable(url)
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: PostgreSQL tests must run)")
    pytest.skip(reason)


class PostgresSchema:
    """A throw-away schema holding the models' tables, emptied between tests. Its connections
    commit without waiting for the WAL flush (synchronous_commit off: what a commit shows is the
    same; only a crash of the server itself could lose one, and no test crashes it)."""

    def __init__(self, server_url: str):
        self.server_url = server_url
        self.name = f"roadsvc_test_{uuid.uuid4().hex[:10]}"
        self.url = with_search_path(server_url, self.name, "-csynchronous_commit=off")
        self._emptying: str | None = None
        self._engine = None

    def create(self, with_tables: bool = True) -> None:
        engine = create_engine(self.server_url)
        with engine.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{self.name}"'))
        engine.dispose()
        if with_tables:
            engine = create_engine(self.url)
            Base.metadata.create_all(engine)
            engine.dispose()

    def empty(self) -> None:
        """Every table emptied and every sequence restarted (TRUNCATE ... RESTART IDENTITY does the
        same, at 0.5-1.3 s a test on a busy server: it makes every table's files anew; DELETE on
        a test's few rows, one statement, takes milliseconds)."""
        if self._engine is None:
            self._engine = create_engine(self.url, pool_size=1)
        with self._engine.begin() as conn:
            if self._emptying is None:
                sequences = conn.execute(text("SELECT sequence_name FROM information_schema.sequences "
                                              "WHERE sequence_schema = current_schema()")).scalars()
                self._emptying = "; ".join([f'DELETE FROM "{t.name}"' for t in reversed(Base.metadata.sorted_tables)]
                                           + [f'ALTER SEQUENCE "{name}" RESTART' for name in sequences])
            conn.exec_driver_sql(self._emptying)

    def drop(self) -> None:
        if self._engine is not None:
            self._engine.dispose()
        engine = create_engine(self.server_url)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{self.name}" CASCADE'))
        engine.dispose()


@pytest.fixture(scope="session")
def postgres_schema() -> Iterator[PostgresSchema]:
    require_postgres(postgres_url())
    schema = PostgresSchema(postgres_url())
    schema.create()
    yield schema
    schema.drop()


_sqlite_templates: dict[Path, Path] = {}


def sqlite_with_schema(tmp_path_factory, path: Path) -> str:
    """A new SQLite file at `path` holding the models' empty tables, byte for byte the file
    `create_all` makes (copied from the worker's one such file)."""
    base = tmp_path_factory.getbasetemp()
    if base not in _sqlite_templates:
        template = tmp_path_factory.mktemp("schema") / "roadsvc.db"
        engine = create_engine(f"sqlite:///{template}")
        Base.metadata.create_all(engine)
        engine.dispose()
        _sqlite_templates[base] = template
    shutil.copyfile(_sqlite_templates[base], path)
    return f"sqlite:///{path}"


class SqliteFile:
    """The worker's SQLite file with the models' tables, emptied between tests (DELETE, children first, and
    AUTOINCREMENT's counters: ids start at 1 again, as in a new file)."""

    def __init__(self, path: Path):
        self.url = f"sqlite:///{path}"
        engine = create_engine(self.url)
        Base.metadata.create_all(engine)
        engine.dispose()
        self._engine = create_engine(self.url, connect_args={"timeout": 30})
        self._emptying = [f'DELETE FROM "{table.name}"' for table in reversed(Base.metadata.sorted_tables)]

    def empty(self) -> None:
        with self._engine.begin() as conn:
            for statement in self._emptying:
                conn.exec_driver_sql(statement)
            if conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").first():
                conn.exec_driver_sql("DELETE FROM sqlite_sequence")

    def close(self) -> None:
        self._engine.dispose()


@pytest.fixture(scope="session")
def sqlite_file(tmp_path_factory) -> Iterator[SqliteFile]:
    file = SqliteFile(tmp_path_factory.mktemp("worker") / "roadsvc.db")
    yield file
    file.close()


@pytest.fixture(name="database_url", params=BACKENDS)
def app_database_url(request) -> str:
    """`database_url` of the apps' tests: the worker's SQLite file or PostgreSQL schema, emptied."""
    database = request.getfixturevalue("sqlite_file" if request.param == "sqlite" else "postgres_schema")
    database.empty()
    return database.url


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path, tmp_path_factory) -> str:
    """An empty database with the schema, on each backend in turn."""
    if request.param == "sqlite":
        return sqlite_with_schema(tmp_path_factory, tmp_path / "roadsvc.db")
    schema: PostgresSchema = request.getfixturevalue("postgres_schema")
    schema.empty()
    return schema.url


@pytest.fixture
def db(database_url) -> Iterator[Database]:
    database = Database(database_url, synchronous="OFF")  # as the tests' apps (tests/appsupport.py)
    yield database
    database.dispose()
