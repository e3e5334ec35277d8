"""Migration 0012: alerts and tallies stored before it are about their shoe ('shoe:<id>', the tally's
table filled in); after it an alert may be about the table (no shoe), still one unresolved per
(table, subject, code); and it goes back down. SQLite and PostgreSQL."""

from __future__ import annotations


import pytest
from alembic import command
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from roadsvc.persistence.migrations import alembic_config, upgrade

TABLE = text("INSERT INTO tables (name, game, rule_set, settings, created_at, updated_at, revision) "
             "VALUES (:name, 'baccarat', 'classic', '{}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1)")
SHOE = text("INSERT INTO shoes (table_id, number, decks, status, revision, opened_at, updated_at) "
            "VALUES (:table_id, 1, 8, 'open', 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
ALERT_COLUMNS = ("code, severity, state, table_id, {shoe}message, details, raised_at, last_seen_at, count, "
                 "updated_at")
ALERT_VALUES = ("VALUES (:code, 'warning', :state, :table_id, {shoe}'m', '{{}}', CURRENT_TIMESTAMP, "
                "CURRENT_TIMESTAMP, 1, CURRENT_TIMESTAMP)")
OLD_ALERT = text(f"INSERT INTO alerts ({ALERT_COLUMNS.format(shoe='shoe_id, ')}) "
                 f"{ALERT_VALUES.format(shoe=':shoe_id, ')}")
TABLE_ALERT = text(f"INSERT INTO alerts ({ALERT_COLUMNS.format(shoe='subject, ')}) "
                   f"{ALERT_VALUES.format(shoe=':subject, ')}")
SHOE_ALERT = text(f"INSERT INTO alerts ({ALERT_COLUMNS.format(shoe='subject, shoe_id, ')}) "
                  f"{ALERT_VALUES.format(shoe=':subject, :shoe_id, ')}")
OLD_TALLY = text("INSERT INTO monitor_tallies (shoe_id, code, count) VALUES (:shoe_id, 'late_slips', 4)")


def run(url: str, *statements, **params) -> list:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            results = [conn.execute(statement, params) for statement in statements]
            return [tuple(row) for result in results if result.returns_rows for row in result]
    finally:
        engine.dispose()


def one_shoe(url: str) -> tuple[int, int]:
    run(url, TABLE, name="Old table")
    run(url, TABLE, name="Another")
    table_id = run(url, text("SELECT max(id) FROM tables"))[0][0]
    run(url, SHOE, table_id=table_id)
    return table_id, run(url, text("SELECT id FROM shoes"))[0][0]


def test_alerts_and_tallies_stored_before_are_about_their_shoe(empty_url):
    upgrade(empty_url, "0011")
    table_id, shoe_id = one_shoe(empty_url)
    run(empty_url, OLD_ALERT, code="stale_table", state="open", table_id=table_id, shoe_id=shoe_id)
    run(empty_url, OLD_TALLY, shoe_id=shoe_id)
    upgrade(empty_url, "0012")
    assert run(empty_url, text("SELECT subject, shoe_id FROM alerts")) == [(f"shoe:{shoe_id}", shoe_id)]
    assert run(empty_url, text("SELECT table_id, subject, shoe_id, count FROM monitor_tallies")) == [
        (table_id, f"shoe:{shoe_id}", shoe_id, 4)]
    with pytest.raises(IntegrityError):  # still one unresolved stale_table about that shoe
        run(empty_url, TABLE_ALERT, code="stale_table", state="open", table_id=table_id, subject=f"shoe:{shoe_id}")


def test_a_table_alert_needs_no_shoe_and_is_unique_per_table_subject_and_code(empty_url):
    upgrade(empty_url, "0012")
    table_id, shoe_id = one_shoe(empty_url)
    run(empty_url, SHOE_ALERT, code="stale_table", state="open", table_id=table_id, shoe_id=shoe_id,
        subject=f"shoe:{shoe_id}")
    run(empty_url, TABLE_ALERT, code="stale_table", state="open", table_id=table_id, subject="table")
    run(empty_url, TABLE_ALERT, code="stale_table", state="resolved", table_id=table_id, subject="table")
    with pytest.raises(IntegrityError):
        run(empty_url, TABLE_ALERT, code="stale_table", state="acknowledged", table_id=table_id, subject="table")
    with pytest.raises(IntegrityError):  # a subject is required
        run(empty_url, TABLE_ALERT, code="late_slips", state="open", table_id=table_id, subject=None)
    rows = run(empty_url, text("SELECT subject, shoe_id, state FROM alerts ORDER BY id"))
    assert rows == [(f"shoe:{shoe_id}", shoe_id, "open"), ("table", None, "open"), ("table", None, "resolved")]


def test_the_migration_goes_back_down_keeping_the_shoes_alerts(empty_url):
    upgrade(empty_url, "0012")
    table_id, shoe_id = one_shoe(empty_url)
    run(empty_url, SHOE_ALERT, code="late_slips", state="open", table_id=table_id, shoe_id=shoe_id,
        subject=f"shoe:{shoe_id}")
    run(empty_url, TABLE_ALERT, code="late_slips", state="open", table_id=table_id, subject="table")
    run(empty_url, text("INSERT INTO monitor_tallies (table_id, subject, code, count) "
                        "VALUES (:table_id, 'table', 'late_slips', 2)"), table_id=table_id)
    command.downgrade(alembic_config(empty_url), "0011")
    assert run(empty_url, text("SELECT shoe_id, code FROM alerts")) == [(shoe_id, "late_slips")]
    assert run(empty_url, text("SELECT count(*) FROM monitor_tallies")) == [(0,)]
    with pytest.raises(IntegrityError):
        run(empty_url, OLD_ALERT, code="late_slips", state="open", table_id=table_id, shoe_id=shoe_id)
