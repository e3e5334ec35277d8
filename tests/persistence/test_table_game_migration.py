"""Migration 0008: every table stored before it is a baccarat table; a table inserted without a
game (an older writer) is one too; and the migration goes back down. SQLite and PostgreSQL."""

from __future__ import annotations


import pytest
from alembic import command
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from roadsvc.persistence.migrations import alembic_config, upgrade

INSERT = text("INSERT INTO tables (name, rule_set, settings, created_at, updated_at, revision) "
              "VALUES (:name, 'classic', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)")


def run(url: str, *statements, **params) -> list:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            results = [conn.execute(statement, params) for statement in statements]
            return [row for result in results if result.returns_rows for row in result]
    finally:
        engine.dispose()


def test_tables_stored_before_the_game_existed_are_baccarat_tables(empty_url):
    upgrade(empty_url, "0007")
    run(empty_url, INSERT, name="Old table")
    upgrade(empty_url, "0008")
    run(empty_url, INSERT, name="Written by an older worker")
    rows = run(empty_url, text("SELECT name, game FROM tables ORDER BY id"))
    assert [tuple(row) for row in rows] == [("Old table", "baccarat"), ("Written by an older worker", "baccarat")]


def test_the_game_column_refuses_null_and_goes_back_down(empty_url):
    upgrade(empty_url, "0008")
    with pytest.raises(IntegrityError):
        run(empty_url, text("INSERT INTO tables (name, game, rule_set, settings, created_at, updated_at, revision) "
                            "VALUES ('x', NULL, 'classic', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)"))
    command.downgrade(alembic_config(empty_url), "0007")
    run(empty_url, INSERT, name="After the downgrade")
    assert [row[0] for row in run(empty_url, text("SELECT name FROM tables"))] == ["After the downgrade"]
