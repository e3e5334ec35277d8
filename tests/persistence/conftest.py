"""Persistence tests run against SQLite and PostgreSQL (fixtures in tests/dbsupport.py); a migration's
test starts from `empty_url`, a database of each kind with no table, which it upgrades as it needs."""

from __future__ import annotations

from typing import Iterator

import pytest

from dbsupport import BACKENDS, PostgresSchema, database_url, db, postgres_schema, postgres_url, require_postgres  # noqa: F401


@pytest.fixture(params=BACKENDS)
def empty_url(request, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'migrated.db'}"
        return
    require_postgres(postgres_url())
    schema = PostgresSchema(postgres_url())
    schema.create(with_tables=False)
    try:
        yield schema.url
    finally:
        schema.drop()
