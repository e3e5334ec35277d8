"""Database fixtures for the API and service tests: every test runs on SQLite and PostgreSQL.

PostgreSQL is the server at ROADSVC_TEST_POSTGRES_URL (default: the local `test`
database). Each test session gets its own schema (dropped at the end) and each test
starts from empty tables. If the server does not answer, the PostgreSQL runs are skipped
with the reason shown, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import uuid
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


def with_search_path(url: str, schema: str) -> str:
    """The URL with every connection's search_path set to `schema`."""
    return make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)


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
    """A throw-away schema holding the models' tables, emptied between tests."""

    def __init__(self, server_url: str):
        self.server_url = server_url
        self.name = f"roadsvc_test_{uuid.uuid4().hex[:10]}"
        self.url = with_search_path(server_url, self.name)

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
        engine = create_engine(self.url)
        names = ", ".join(f'"{t.name}"' for t in Base.metadata.sorted_tables)
        with engine.begin() as conn:
            conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        engine.dispose()

    def drop(self) -> None:
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


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path) -> str:
    """An empty database with the schema, on each backend in turn."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'roadsvc.db'}"
        engine = create_engine(url)
        Base.metadata.create_all(engine)
        engine.dispose()
        return url
    schema: PostgresSchema = request.getfixturevalue("postgres_schema")
    schema.empty()
    return schema.url


@pytest.fixture
def db(database_url) -> Iterator[Database]:
    database = Database(database_url)
    yield database
    database.dispose()
