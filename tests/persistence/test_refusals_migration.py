"""Migration 0018: a refused 打棒 play is recorded once, as its table's dealer incident. The `dabang_refusals`
rows no incident records (written before the dealers existed) move into `dealer_incidents` with the dealer then
at the table; the table goes; the chain binds the move, so `records verify` stays clean. SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Iterator

import pytest
from alembic import command
from sqlalchemy import inspect, select, text

from roadsvc.domain.games import DABANG
from roadsvc.domain.records import INSERT, canonical_row
from roadsvc.persistence.dealers import registry as dealers_repo
from roadsvc.persistence.records import binding
from roadsvc.persistence.engine import Database
from roadsvc.persistence.migrations import alembic_config, upgrade
from roadsvc.persistence.models import DabangMatch, Dealer, DealerChange, DealerIncident, Table
from roadsvc.persistence.models.dealers import REFUSAL
from roadsvc.services.records import audit as records_audit

T0 = datetime(2026, 11, 20, 6, 0, tzinfo=timezone.utc)
REFUSAL_SQL = text("INSERT INTO dabang_refusals (match_id, table_id, seat, deal_number, code, at) "
                   "VALUES (:match, :table, :seat, 1, :code, :at) RETURNING id")


def _refusal(db: Database, table_id: int, match_id: int, code: str, at: datetime) -> None:
    """A refusal row as 0015-0017 wrote it, bound into the chain as the service bound it."""
    with db.write() as session:
        key = session.execute(REFUSAL_SQL, {"match": match_id, "table": table_id, "seat": 2, "code": code,
                                            "at": at}).scalar_one()
        row = {"id": key, "match_id": match_id, "table_id": table_id, "seat": 2, "deal_number": 1, "code": code,
               "at": at}
        binding.lock_appends(session)
        binding.append_changes(session, [("dabang_refusals", str(key), INSERT, canonical_row(row))])


@pytest.fixture
def before(empty_url) -> Iterator[tuple[Database, int, int]]:
    """At 0017: a 打棒 table whose dealer D-1 came at T0; a refusal from before the dealers (no incident), and
    one written with its incident (as 0016-0017 wrote both)."""
    upgrade(empty_url, "0017")
    db = Database(empty_url)
    with db.write() as session:
        table = Table(name="Dabang 1", game=DABANG, rule_set="dabang")
        dealer = Dealer(badge="D-1", name="Chan")
        session.add_all([table, dealer])
        session.flush()
        session.add(DealerChange(table_id=table.id, dealer_id=dealer.id, changed_at=T0, actor="test"))
        match = DabangMatch(table_id=table.id, players={str(s): f"P{s}" for s in range(1, 5)}, time_limit_minutes=60)
        session.add(match)
        session.flush()
        ids = table.id, match.id, dealer.id
    _refusal(db, ids[0], ids[1], "not_your_turn", T0 + timedelta(minutes=5))
    with db.write() as session:
        dealers_repo.record_incident(session, ids[0], DABANG, REFUSAL, "must_follow", T0 + timedelta(minutes=9))
    _refusal(db, ids[0], ids[1], "must_follow", T0 + timedelta(minutes=9))
    yield db, ids[0], ids[2]
    db.dispose()


def test_the_refusals_move_into_the_incidents_once_and_the_chain_stays_whole(before, empty_url):
    db, table_id, dealer_id = before
    upgrade(empty_url, "0018")
    assert "dabang_refusals" not in inspect(db.engine).get_table_names()
    with db.read() as session:
        found = [(i.table_id, i.dealer_id, i.game, i.kind, i.code, i.at)
                 for i in session.scalars(select(DealerIncident).order_by(DealerIncident.at))]
    assert found == [(table_id, dealer_id, DABANG, REFUSAL, "not_your_turn", T0 + timedelta(minutes=5)),
                     (table_id, dealer_id, DABANG, REFUSAL, "must_follow", T0 + timedelta(minutes=9))]
    verified = records_audit.verify(db)
    assert verified.ok, verified.lines()
    assert verified.ops["delete"] == 2 and verified.records["dealer_incidents"] == 2


def test_the_migration_goes_back_down_to_an_empty_table(before, empty_url):
    db, _, _ = before
    upgrade(empty_url, "0018")
    command.downgrade(alembic_config(empty_url), "0017")
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM dabang_refusals")).scalar() == 0
        assert conn.execute(text("SELECT count(*) FROM dealer_incidents")).scalar() == 2
